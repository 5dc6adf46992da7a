package export

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// fuzzTree builds a solution tree from fuzz bytes: each byte picks a legal
// move, a branch, a mark or a comment, so every tree is legal play.
func fuzzTree(pos draughts.Position, data []byte) []*problems.Node {
	var build func(pos draughts.Position, depth int) []*problems.Node
	build = func(pos draughts.Position, depth int) []*problems.Node {
		ms := pos.Moves()
		if len(data) == 0 || len(ms) == 0 || depth > 12 {
			return nil
		}
		b := data[0]
		data = data[1:]
		var alts []*problems.Node
		seen := map[string]bool{}
		for k := 0; k <= int(b>>6) && k < len(ms); k++ { // up to four alternatives
			m := ms[(int(b)+k*7)%len(ms)]
			text := pos.Rules.FormatMove(m, true)
			if seen[text] {
				continue
			}
			seen[text] = true
			n := &problems.Node{Move: text, White: pos.Turn == draughts.White}
			switch b % 5 {
			case 1:
				n.Mark = "gagne"
			case 2:
				n.Comment = "comment " + text
			case 3:
				n.Mark, n.Comment = "!", "ou non" // a comment that looks like a mark
			case 4:
				n.Mark = "coup de repos" // a mark readers do not know
			}
			n.Children = build(pos.Play(m), depth+1)
			alts = append(alts, n)
		}
		return alts
	}
	return build(pos, 0)
}

// Any legal tree with marks, comments and variations comes back from
// WritePDN through the importer's PDN reader with the same moves and
// branching, marks and comments as PDN keeps them.
func FuzzPDNRoundTrip(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add([]byte{200, 70, 130, 3, 3, 255, 9, 1, 2, 64})
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, fen := range []string{vanTenacIFEN, vanTenacIIFEN} {
			pos := mustFEN(t, draughts.International, fen)
			p := &problems.Problem{Source: "fuzz", Number: 1, Rules: draughts.International, Position: problems.MustPosition(draughts.International, fen), Stipulation: problems.StipWin,
				Solution: &problems.Tree{Children: fuzzTree(pos, data)}}
			var out strings.Builder
			if err := WritePDN(&out, []Item{{Problem: p}}); err != nil {
				t.Fatal(err)
			}
			back := readBack(t, out.String())
			if len(back) != 1 {
				t.Fatalf("%d games read back", len(back))
			}
			if err := sameTree("", children(p.Solution), children(back[0].Solution)); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
		}
	})
}

// Stored evidence of any shape — paths outside the tree, moves that are
// no moves, lines that stop anywhere — never makes the documents fail or
// panic: what cannot be placed is left out with a note.
func FuzzEvidence(f *testing.F) {
	f.Add([]byte(`{"goal":"win","omitted":[{"path":"1","defence":"18-22"}],"cooks":[{"move":"31-27","plies":7}]}`))
	f.Add([]byte(`{"duals":[{"path":"1.1","stated":"38-33","alternative":"x"}],"refutation":{"line":["42-38","6 à 11"],"note":"this defence escapes: 6-11"}}`))
	f.Add([]byte(`{"misprints":[{"path":"9.9","text":"43 à 39","reason":"r"}],"unproven":[{"line":["1-2"],"reason":"budget exhausted"}],"proven_leaves":["1.1",""]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ev := &verdict.Report{}
		if err := json.Unmarshal(data, ev); err != nil {
			return
		}
		it := Item{Problem: smallProblem(), Verdict: "cooked", Evidence: ev}
		for _, w := range []func() error{
			func() error { return WriteBook(io.Discard, []Item{it}) },
			func() error { return WritePDN(io.Discard, []Item{it}) },
			func() error { return WriteJSON(io.Discard, []Item{it}) },
			func() error { return WriteHTML(io.Discard, []Item{it}, HTMLOptions{}) },
		} {
			if err := w(); err != nil {
				t.Fatalf("%s: %v", data, err)
			}
		}
	})
}

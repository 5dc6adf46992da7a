package export

import (
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
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
			p := &problems.Problem{Source: "fuzz", Number: 1, Rules: "international", FEN: fen, Stipulation: "win",
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

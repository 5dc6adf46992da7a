package importer

import (
	"bytes"
	"encoding/json"
	"metz/draughts"
	"strings"
	"testing"

	"metz/pdn"
	"metz/problems"
	"metz/problems/pdngame"
)

// sealedGame writes p as metz export does: its moves the tree verified (the
// stated line and a line the solver added, commented "metz: …"), sealed
// with p.
func sealedGame(t *testing.T, p *problems.Problem, verified *problems.Tree) string {
	t.Helper()
	g := pdngame.GameWith(p, verified)
	if err := pdngame.Seal(g, p); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := pdn.Write(&b, []*pdn.Game{g}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// An exported game read back unedited is its record; with its moves
// edited, the record with the moves read from the game, the solver's line
// left out; with a tag edited, that field only.
func TestExportedGameReadBack(t *testing.T) {
	fen := "W:W38,33:B29,28"
	p := &problems.Problem{Source: "club", Number: 4, Label: "Finale", Rules: draughts.International, Position: problems.MustPosition(draughts.International, fen),
		Stipulation: problems.StipWin, Location: "club.pdn:40", Result: "2-0",
		Warnings: []problems.Warning{{File: "club.pdn", Line: 41, Text: "kept"}},
		Solution: &problems.Tree{Start: problems.MustPosition(draughts.International, fen), Children: []*problems.Node{{Text: "33 à 22", Move: "33x22", White: true, Line: 42}}}}
	verified := &problems.Tree{Start: problems.MustPosition(draughts.International, fen), Children: []*problems.Node{
		{Move: "33x22", White: true},
		{Move: "33x24", White: true, Origin: problems.Solver, Comment: "metz: a cook: another first move wins too"},
	}}
	text := sealedGame(t, p, verified)
	read := func(text string) Record {
		s := pdnBytes("copy.pdn", []byte(text), Options{})
		r, err := s.Next()
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		return r
	}
	r := read(text)
	if !r.Copy || r.Format != FormatPDN || jsonOf(r.Problem) != jsonOf(p) {
		t.Errorf("unedited: copy %v\n%s\nwant\n%s", r.Copy, jsonOf(r.Problem), jsonOf(p))
	}
	if !strings.Contains(text, "1. 33x22 (1. 33x24 {metz: a cook") {
		t.Fatalf("the solver's line is not written as a commented variation:\n%s", text)
	}
	edited := read(strings.Replace(text, "1. 33x22 (", "1. 33x24 (", 1))
	sol := edited.Solution
	if sol == nil || len(sol.Children) != 1 || sol.Children[0].Move != "33x24" || edited.FEN() != p.FEN() ||
		edited.Location != p.Location || edited.Result != "2-0" {
		t.Errorf("moves edited: %s", jsonOf(edited.Problem))
	}
	tagged := read(strings.Replace(text, `[Stipulation "win"]`, `[Stipulation "draw"]`, 1))
	want := *p
	want.Stipulation = problems.StipDraw
	if jsonOf(tagged.Problem) != jsonOf(&want) {
		t.Errorf("stipulation edited:\n%s\nwant\n%s", jsonOf(tagged.Problem), jsonOf(&want))
	}
}

func jsonOf(v any) string {
	b, _ := json.MarshalIndent(v, "", " ")
	return string(b)
}

package solver

import (
	"testing"

	"metz/draughts"
	"metz/importer"
	"metz/problems"
	"metz/verdict"
)

func bundledProblem(t *testing.T, source, label string) *problems.Problem {
	t.Helper()
	batches, err := importer.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range batches {
		for _, p := range b.Problems {
			if p.Source == source && p.Label == label {
				return p
			}
		}
	}
	t.Fatalf("%s %s not in the bundled sources", source, label)
	return nil
}

// Van Tenac VI plays "43 à 39" at ply 5 with no white piece on 43. Of all
// the diagrams with one piece drawn on another empty square, exactly two let
// every printed ply be played: the white man of 45, or the one of 47,
// standing on 43 instead (neither square is used by the printed line).
func TestDiagramRepairVanTenacVI(t *testing.T) {
	p := bundledProblem(t, "vantenac", "Problème VI")
	pos, err := draughts.ParseFEN(draughts.International, p.FEN())
	if err != nil {
		t.Fatal(err)
	}
	if replay(pos, p.Solution, &verdict.Report{}) {
		t.Fatal("the printed diagram replays; the misprint test means nothing")
	}
	rs := relocations(pos, p.Solution)
	if len(rs) != 2 || rs[0].From != 44 || rs[0].To != 42 || rs[1].From != 46 || rs[1].To != 42 {
		var got []string
		for _, r := range rs {
			got = append(got, r.describe(pos.Rules, pos.Board[r.From]))
		}
		t.Fatalf("diagram repairs: %v, want 45 → 43 and 47 → 43", got)
	}
	if d := rs[0].describe(pos.Rules, pos.Board[44]); d != "diagram: the White man on 43, not 45" {
		t.Errorf("description %q", d)
	}
}

// A diagram that replays needs no repair, and a tree no diagram can save
// (a move by a piece of the wrong colour at the root) yields none.
func TestDiagramRepairNone(t *testing.T) {
	pos, err := draughts.ParseFEN(draughts.International, "W:W32:B19")
	if err != nil {
		t.Fatal(err)
	}
	wrongSide := &problems.Tree{Children: []*problems.Node{{Text: "19 à 23", White: false}}}
	if rs := relocations(pos, wrongSide); len(rs) != 0 {
		t.Fatalf("a Black move printed for White cannot be mended by the diagram: %d repairs", len(rs))
	}
}

// Verify lists the diagram repairs beside the move repairs, each verified.
func TestVerifyReportsDiagramRepairs(t *testing.T) {
	p := bundledProblem(t, "vantenac", "Problème VI")
	rep := verifyT(p, Options{Budget: verdict.Budget{Nodes: 50_000, MemoryMB: 16}})
	if rep.Verdict != verdict.Misprint {
		t.Fatalf("verdict %s, want misprint", rep.Verdict)
	}
	found := map[string]verdict.Verdict{}
	for _, r := range rep.Repairs {
		found[r.Repair] = r.Verdict
	}
	for _, want := range []string{"diagram: the White man on 43, not 45", "diagram: the White man on 43, not 47"} {
		v, ok := found[want]
		if !ok {
			t.Errorf("no repair %q in %+v", want, rep.Repairs)
			continue
		}
		if v == "" {
			t.Errorf("%s: no verdict", want)
		}
	}
}

package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"metz/db"
	"metz/problems"
	"metz/solver"
)

// Detection covers the lines the solver added, not only the stated ones. The
// record states 25-20 on Van Tenac II's diagram; the stored verdict says the
// problem is cooked by 24-19, whose proof (24-19 10x8 13x2) holds a rafle and
// a crowning the stated line never shows.
func TestDetectIncludesSolverLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "metz.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	const fen = "W:W12,13,24,25,31:B3,5,6,K10,11"
	p := &problems.Problem{Number: 1, Rules: "international", FEN: fen, Stipulation: "win",
		Solution: &problems.Tree{Children: []*problems.Node{{Text: "25 à 20", Move: "25-20", White: true}}}}
	if _, err := d.ImportBatch(problems.Source{Key: "test"}, []*problems.Problem{p}, nil); err != nil {
		t.Fatal(err)
	}
	id, err := d.Resolve("test:1")
	if err != nil {
		t.Fatal(err)
	}
	before, err := d.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	if err := withSolverLines(d, before); err != nil || len(before.Witnesses) != 0 {
		t.Fatalf("no verdict yet: want no witness, got %d (%v)", len(before.Witnesses), err)
	}
	proof := &problems.Tree{Start: fen, Children: []*problems.Node{{Move: "24-19", White: true, Origin: problems.Solver,
		Children: []*problems.Node{{Move: "10x37x26x8", Origin: problems.Solver,
			Children: []*problems.Node{{Move: "13x2", White: true, Origin: problems.Solver}}}}}}}
	ev, err := json.Marshal(&solver.Report{Verdict: "cooked", Key: "25-20", Cooks: []solver.Cook{{Move: "24-19", Plies: 3, Proof: proof}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddVerdict(id, db.Verdict{Verdict: "cooked", Evidence: ev, Rules: "international", SolverVersion: "test"}); err != nil {
		t.Fatal(err)
	}
	after, err := d.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	if err := withSolverLines(d, after); err != nil {
		t.Fatal(err)
	}
	if len(after.Witnesses) != 1 || after.Witnesses[0].Name != "verified" || !after.Witnesses[0].Tree.HasOrigin(problems.Solver) {
		t.Fatalf("want the verified tree as a witness, got %+v", after.Witnesses)
	}
	d.Close()

	by := detectJSON(t, path, "--all")
	found := map[string]int{}
	for _, th := range by["test:1"].Themes {
		found[th.Name] = th.Ply
	}
	if found["rafle"] != 2 || found["coup-de-dame"] != 3 {
		t.Fatalf("the cook's line was not analysed: %+v", by["test:1"])
	}
}

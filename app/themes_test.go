package app

import (
	"encoding/json"
	"metz/draughts"
	"testing"

	"metz/db"
	"metz/internal/pgtest"
	"metz/problems"
	"metz/verdict"
)

// Detection covers the lines the solver added, not only the stated ones. The
// record states 25-20 on Van Tenac II's diagram; the stored verdict says the
// problem is cooked by 24-19, whose proof (24-19 10x8 13x2) holds a rafle and
// a crowning the stated line never shows.
func TestDetectIncludesSolverLines(t *testing.T) {
	d, id := oneProblemDB(t, "W:W12,13,24,25,31:B3,5,6,K10,11", "25 à 20", "25-20")
	_, before := DetectThemes(d, id)
	if before.Error != "" || hasTheme(before.Themes, "rafle") {
		t.Fatalf("no verdict yet: the stated line holds no rafle: %+v", before)
	}
	proof := &problems.Tree{Start: problems.MustPosition(draughts.International, "W:W12,13,24,25,31:B3,5,6,K10,11"), Children: []*problems.Node{{Move: "24-19", White: true, Origin: problems.Solver,
		Children: []*problems.Node{{Move: "10x37x26x8", Origin: problems.Solver,
			Children: []*problems.Node{{Move: "13x2", White: true, Origin: problems.Solver}}}}}}}
	ev, err := json.Marshal(&verdict.Report{Verdict: "cooked", Key: "25-20", Cooks: []verdict.Cook{{Move: "24-19", Plies: 3, Proof: proof}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddVerdict(id, db.Verdict{Verdict: "cooked", Evidence: ev, Rules: "international", SolverVersion: "test"}); err != nil {
		t.Fatal(err)
	}
	_, after := DetectThemes(d, id)
	found := map[string]int{}
	for _, th := range after.Themes {
		found[th.Name] = th.Ply
	}
	if found["rafle"] != 2 || found["coup-de-dame"] != 3 {
		t.Fatalf("the cook's line was not analysed: %+v", after)
	}
	stored, err := d.ThemesOf(id, problems.OriginDetected)
	if err != nil || !hasTheme(stored, "rafle") {
		t.Fatalf("the detected themes were not stored: %v %+v", err, stored)
	}
	p, err := d.Get(id)
	if err != nil || len(p.Witnesses) != 0 {
		t.Fatalf("the stored record was changed: %v %+v", err, p.Witnesses)
	}
}

// oneProblemDB is a fresh database holding one problem, test:1, stating
// one move.
func oneProblemDB(t *testing.T, fen, text, move string) (*db.DB, int64) {
	t.Helper()
	d, err := db.Open(pgtest.DB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	p := &problems.Problem{Number: 1, Rules: draughts.International, Position: problems.MustPosition(draughts.International, fen), Stipulation: problems.StipWin,
		Solution: &problems.Tree{Children: []*problems.Node{{Text: text, Move: move, White: true}}}}
	if _, err := d.ImportBatch(problems.Source{Key: "test"}, []*problems.Problem{p}, nil); err != nil {
		t.Fatal(err)
	}
	s, err := Resolve(d, "test:1")
	if err != nil {
		t.Fatal(err)
	}
	return d, s.ID
}

func hasTheme(ts []problems.Theme, name string) bool {
	for _, t := range ts {
		if t.Name == name {
			return true
		}
	}
	return false
}

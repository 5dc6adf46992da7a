package app

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"metz/db"
	"metz/problems"
	"metz/solver"
)

// tinyDB holds n one-move problems (a man takes a man and the game is won)
// of source "tiny", numbered 1 to n, and one record without a diagram.
func tinyDB(t *testing.T, n int) *db.DB {
	t.Helper()
	d, err := db.Open(filepath.Join(t.TempDir(), "metz.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	var ps []*problems.Problem
	for i := 1; i <= n; i++ {
		ps = append(ps, &problems.Problem{Number: i, Rules: "international", FEN: "W:W28:B23", Stipulation: "win",
			Solution: &problems.Tree{Children: []*problems.Node{{Text: "28x19", Move: "28x19", White: true}}}})
	}
	ps = append(ps, &problems.Problem{Number: n + 1, Label: "no diagram"})
	if _, err := d.ImportBatch(problems.Source{Key: "tiny"}, ps, nil); err != nil {
		t.Fatal(err)
	}
	return d
}

func tinyOptions(t *testing.T) VerifyOptions {
	b, err := solver.ParseBudget("2s")
	if err != nil {
		t.Fatal(err)
	}
	return VerifyOptions{Solver: solver.Options{Budget: b, NoTables: true}, Jobs: 1, Store: true}
}

// A run cancelled after its second problem returns at once with what was
// finished, those verdicts stored whole (evidence readable, themes
// detected), and nothing stored for the others.
func TestVerifyManyCancelledKeepsWhatFinished(t *testing.T) {
	d := tinyDB(t, 8)
	sel, err := Select(d, Selection{Query: db.Query{Sources: []string{"tiny"}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(sel.Problems) != 8 || sel.LeftOut != 1 {
		t.Fatalf("selected %d, left out %d: want 8 and the record without a diagram", len(sel.Problems), sel.LeftOut)
	}
	probs, err := Load(d, sel.IDs())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt := tinyOptions(t)
	opt.Progress = func(done, _ int) {
		if done == 2 {
			cancel()
		}
	}
	got, err := VerifyMany(ctx, d, probs, opt)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if len(got) < 2 || len(got) >= len(probs) {
		t.Fatalf("%d finished, want at least the 2 before the cancel and fewer than all %d", len(got), len(probs))
	}
	finished := map[int64]string{}
	for _, v := range got {
		finished[v.Problem.ID] = v.Report.Verdict
	}
	for _, p := range probs {
		l, err := LatestVerdict(d, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		want, done := finished[p.ID]
		switch {
		case !done && l.Verdict != nil:
			t.Errorf("%s: stored %q though it was not reported finished", ProblemName(p), l.Verdict.Verdict)
		case done && (l.Verdict == nil || l.Report == nil || l.Err != nil):
			t.Errorf("%s: reported %q but stored %+v", ProblemName(p), want, l)
		case done && (l.Verdict.Verdict != want || l.Report.Verdict != want):
			t.Errorf("%s: reported %q, stored %q / evidence %q", ProblemName(p), want, l.Verdict.Verdict, l.Report.Verdict)
		}
	}
}

// Without a cancel every problem is verified, in order, and stored with
// its detected themes.
func TestVerifyManyStoresVerdictsAndThemes(t *testing.T) {
	d := tinyDB(t, 3)
	sel, err := Select(d, Selection{All: true, WithEmpty: true})
	if err != nil {
		t.Fatal(err)
	}
	probs, err := Load(d, sel.IDs())
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	opt := tinyOptions(t)
	opt.Jobs = 2
	opt.Progress = func(done, total int) { calls++ }
	got, err := VerifyMany(context.Background(), d, probs, opt)
	if err != nil || len(got) != 4 || calls != 4 {
		t.Fatalf("err %v, %d results, %d progress calls: want 4 each", err, len(got), calls)
	}
	for i, v := range got[:3] {
		if v.Problem.Number != i+1 || v.Report.Verdict != solver.Sound {
			t.Errorf("result %d: %s %s, want tiny:%d sound", i, ProblemName(v.Problem), v.Report.Verdict, i+1)
		}
	}
	if got[3].Report.Verdict != solver.NoPosition || got[3].Themes.Skipped == "" {
		t.Errorf("the record without a diagram: %s, themes %+v", got[3].Report.Verdict, got[3].Themes)
	}
}

// Themes follow verification: verifying Van Tenac VII stores the lunette
// its stated line shows (the king on 34 between 29 and 40, taken at ply 3)
// as a detected theme, and the report lists it.
func TestVerifyStoresDetectedThemes(t *testing.T) {
	d, err := db.Open(filepath.Join(t.TempDir(), "metz.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	line := []string{"24-19", "14x35", "29x40", "35x44", "49x40"}
	p := &problems.Problem{Number: 77, Label: "Problème VII", Rules: "international", FEN: "W:W24,29,33,40,49:B10,K14,K34", Stipulation: "win"}
	p.Solution = &problems.Tree{}
	ns, white := &p.Solution.Children, true
	for _, m := range line {
		n := &problems.Node{Text: m, Move: m, White: white}
		*ns = append(*ns, n)
		ns, white = &n.Children, !white
	}
	if _, err := d.ImportBatch(problems.Source{Key: "vantenac"}, []*problems.Problem{p}, nil); err != nil {
		t.Fatal(err)
	}
	s, err := Resolve(d, "vantenac:77")
	if err != nil {
		t.Fatal(err)
	}
	probs, err := Load(d, []int64{s.ID})
	if err != nil {
		t.Fatal(err)
	}
	opt := tinyOptions(t)
	opt.Solver.NoTables = false
	got, err := VerifyMany(context.Background(), d, probs, opt)
	if err != nil || len(got) != 1 {
		t.Fatalf("%v, %d results", err, len(got))
	}
	stored, err := d.ThemesOf(s.ID, problems.OriginDetected)
	if err != nil || !hasTheme(stored, "lunette") || !hasTheme(got[0].Themes.Themes, "lunette") {
		t.Fatalf("no lunette stored after verify (%s): %v %+v", got[0].Report.Verdict, err, stored)
	}
	rep, err := Report(d, []string{"vantenac"})
	if err != nil || len(rep) != 1 || len(rep[0].Positions) != 1 {
		t.Fatalf("report: %v %+v", err, rep)
	}
	if pv := rep[0].Positions[0]; pv.Name != "vantenac:77" || !slices.Contains(pv.Detected, "lunette") || pv.Verdict != got[0].Report.Verdict {
		t.Errorf("report line %+v", pv)
	}
}

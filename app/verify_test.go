package app

import (
	"context"
	"encoding/json"
	"errors"
	"metz/draughts"
	"slices"
	"strings"
	"testing"

	"metz/db"
	"metz/internal/pgtest"
	"metz/problems"
	"metz/verdict"
)

// tinyDB holds n one-move problems (a man takes a man and the game is won)
// of source "tiny", numbered 1 to n, and one record without a diagram.
func tinyDB(t *testing.T, n int) *db.DB {
	t.Helper()
	d, err := db.Open(pgtest.DB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	var ps []*problems.Problem
	for i := 1; i <= n; i++ {
		ps = append(ps, &problems.Problem{Number: i, Rules: draughts.International, Position: problems.MustPosition(draughts.International, "W:W28:B23"), Stipulation: problems.StipWin,
			Solution: &problems.Tree{Children: []*problems.Node{{Text: "28x19", Move: "28x19", White: true}}}})
	}
	ps = append(ps, &problems.Problem{Number: n + 1, Label: "no diagram"})
	if _, err := d.ImportBatch(problems.Source{Key: "tiny"}, ps, nil); err != nil {
		t.Fatal(err)
	}
	return d
}

func tinyOptions(t *testing.T) VerifyOptions {
	b, err := verdict.ParseBudget("2s")
	if err != nil {
		t.Fatal(err)
	}
	return VerifyOptions{Budget: b, Jobs: 1}
}

// memTables is a handle on tables built in memory, saved
// nowhere (OpenTables("")), as a program opens its one handle.
func memTables(t *testing.T) *Tables {
	t.Helper()
	tb, err := OpenTables("", 0)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// noTablesApp is an App over d that searches without endgame tables.
func noTablesApp(d *db.DB) *App { return &App{db: d} }

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
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt := tinyOptions(t)
	opt.Progress = func(p VerifyProgress) {
		if p.Done == 2 {
			cancel()
		}
	}
	plan, err := noTablesApp(d).PlanVerify(Selection{Query: db.Query{Sources: []string{"tiny"}}}, opt)
	if err != nil {
		t.Fatal(err)
	}
	probs := plan.Problems()
	got, err := plan.Run(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if len(got) < 2 || len(got) >= len(probs) {
		t.Fatalf("%d finished, want at least the 2 before the cancel and fewer than all %d", len(got), len(probs))
	}
	finished := map[int64]verdict.Verdict{}
	for _, v := range got {
		finished[v.Problem.ID] = v.Report.Verdict
	}
	for _, p := range probs {
		l, err := CurrentVerdict(d, p.ID)
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
	calls := 0
	opt := tinyOptions(t)
	opt.Jobs = 2
	opt.Progress = func(VerifyProgress) { calls++ }
	got, err := noTablesApp(d).Verify(context.Background(), Selection{All: true, WithEmpty: true}, opt)
	if err != nil || len(got) != 4 || calls != 4 {
		t.Fatalf("err %v, %d results, %d progress calls: want 4 each", err, len(got), calls)
	}
	for i, v := range got[:3] {
		if v.Problem.Number != i+1 || v.Report.Verdict != verdict.Sound {
			t.Errorf("result %d: %s %s, want tiny:%d sound", i, ProblemName(v.Problem), v.Report.Verdict, i+1)
		}
	}
	if got[3].Report.Verdict != verdict.NoPosition || got[3].Themes.Skipped == "" {
		t.Errorf("the record without a diagram: %s, themes %+v", got[3].Report.Verdict, got[3].Themes)
	}
}

// A record without a diagram is verified no-position every run, but its
// history says so once for its version: verify --all does not add a row
// per record and run.
func TestNoPositionStoredOnce(t *testing.T) {
	d := tinyDB(t, 1)
	a := noTablesApp(d)
	for run := 0; run < 3; run++ {
		got, err := a.Verify(context.Background(), Selection{Refs: []string{"tiny:2"}}, tinyOptions(t))
		if err != nil || len(got) != 1 || got[0].Report.Verdict != verdict.NoPosition || got[0].Themes.Skipped == "" {
			t.Fatalf("run %d: %v %+v", run, err, got)
		}
	}
	s, err := Resolve(d, "tiny:2")
	if err != nil {
		t.Fatal(err)
	}
	hist, err := d.VerdictHistory(s.ID)
	if err != nil || len(hist) != 1 || hist[0].Verdict != verdict.NoPosition {
		t.Fatalf("history after three runs: %v %+v, want one no-position verdict", err, hist)
	}
}

// Themes follow verification: verifying Van Tenac VII stores the lunette
// its stated line shows (the king on 34 between 29 and 40, taken at ply 3)
// as a detected theme, and the report lists it.
func TestVerifyStoresDetectedThemes(t *testing.T) {
	d := vanTenacVII(t)
	s, err := Resolve(d, "vantenac:77")
	if err != nil {
		t.Fatal(err)
	}
	got, err := New(d, memTables(t)).Verify(context.Background(), Selection{Refs: []string{"vantenac:77"}}, tinyOptions(t))
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

// vanTenacVII is a database holding Van Tenac's Problème VII as
// vantenac:77 (the lunette: a king between 29 and 40, taken at ply 3).
func vanTenacVII(t *testing.T) *db.DB {
	t.Helper()
	d, err := db.Open(pgtest.DB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	line := []string{"24-19", "14x35", "29x40", "35x44", "49x40"}
	p := &problems.Problem{Number: 77, Label: "Problème VII", Rules: draughts.International, Position: problems.MustPosition(draughts.International, "W:W24,29,33,40,49:B10,K14,K34"), Stipulation: problems.StipWin}
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
	return d
}

// A proof is never downgraded: run again on a budget too small to prove
// anything, the problem keeps its proof as its verdict (search, the
// report, the verified tree), the history holds both runs, and the run
// says the proof stands, as the record's history does.
func TestProofStandsAfterATinyBudget(t *testing.T) {
	d := vanTenacVII(t)
	a := New(d, memTables(t))
	sel := Selection{Refs: []string{"vantenac:77"}}
	var err error
	proving := tinyOptions(t)
	if proving.Budget, err = verdict.ParseBudget("2M-nodes,10m"); err != nil { // a count, not the clock: the machine may be busy
		t.Fatal(err)
	}
	first, err := a.Verify(context.Background(), sel, proving)
	if err != nil || len(first) != 1 || !first[0].Report.Verdict.Proven() || first[0].Standing != "" {
		t.Fatalf("first run: %v %+v", err, first[0].Report)
	}
	proof := first[0].Report.Verdict
	tiny := tinyOptions(t)
	if tiny.Budget, err = verdict.ParseBudget("1-nodes"); err != nil {
		t.Fatal(err)
	}
	again, err := a.Verify(context.Background(), sel, tiny)
	if err != nil || len(again) != 1 || again[0].Report.Verdict != verdict.Unproven {
		t.Fatalf("second run: %v %+v", err, again)
	}
	if s := again[0].Standing; !strings.HasPrefix(s, "not proven again within 10s,1-nodes; the proof of ") || !strings.HasSuffix(s, "("+string(proof)+") stands") {
		t.Errorf("the run says %q", s)
	}
	if j, _ := json.Marshal(again[0].JSON()); !strings.Contains(string(j), `"standing":"not proven again`) {
		t.Errorf("verify --json: %s", j)
	}
	sum, err := a.Resolve("vantenac:77")
	if err != nil || sum.Verdict != proof {
		t.Errorf("search: %q (%v), want %s", sum.Verdict, err, proof)
	}
	rep, err := Report(d, []string{"vantenac"})
	if err != nil || rep[0].Positions[0].Verdict != proof || rep[0].Positions[0].Report.Verdict != proof {
		t.Errorf("report: %v %+v", err, rep)
	}
	rec, err := a.Record(sum.ID)
	if err != nil || len(rec.Verdicts) != 2 {
		t.Fatalf("history: %v %+v", err, rec.Verdicts)
	}
	if !rec.Verdicts[0].Current || rec.Verdicts[1].Current || rec.Standing[rec.Verdicts[1].ID] != again[0].Standing {
		t.Errorf("history %+v, standing %v", rec.Verdicts, rec.Standing)
	}
	if tree := BuildVerifiedTree(rec.Problem, rec.Current()); tree.Verdict != proof {
		t.Errorf("verified tree on %q", tree.Verdict)
	}
	if themes, err := d.ThemesOf(sum.ID, problems.OriginDetected); err != nil || !hasTheme(themes, "lunette") {
		t.Errorf("the proof's themes went: %+v %v", themes, err)
	}
}

// The unit of work stores once per run however often it runs, and
// refuses a task whose record changed since it was made.
func TestVerifyProblemOncePerRun(t *testing.T) {
	d := tinyDB(t, 1)
	a := noTablesApp(d)
	s, err := a.Resolve("tiny:1")
	if err != nil {
		t.Fatal(err)
	}
	p, err := a.Problem(s.ID)
	if err != nil {
		t.Fatal(err)
	}
	task := VerifyTask{ProblemID: s.ID, Key: db.VerifyKey(p)}
	opt := tinyOptions(t)
	opt.Run = "job-1"
	for range 2 {
		v, err := a.VerifyProblem(context.Background(), task, opt)
		if err != nil || v.Report.Verdict != verdict.Sound {
			t.Fatalf("%v %+v", err, v)
		}
	}
	if vs, err := d.Verdicts(s.ID); err != nil || len(vs) != 1 || vs[0].Run != "job-1" {
		t.Errorf("a task run twice stored %+v (%v)", vs, err)
	}
	task.Key = "another version"
	if _, err := a.VerifyProblem(context.Background(), task, opt); !errors.Is(err, ErrChanged) {
		t.Errorf("a changed record: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	task.Key, opt.Run = "", "job-2"
	if _, err := a.VerifyProblem(ctx, task, opt); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if vs, _ := d.Verdicts(s.ID); len(vs) != 1 {
		t.Errorf("a cancelled task stored its verdict: %+v", vs)
	}
}

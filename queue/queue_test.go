package queue

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"metz/app"
	"metz/db"
	"metz/draughts"
	"metz/internal/problemgen"
	"metz/problems"
	"metz/verdict"
)

// testBudget is a node count alone: the verdicts are the same whatever
// the machine's load, so a queued run and a run in one process compare.
const testBudget = "20k-nodes"

// generated makes n problems of international draughts with few pieces,
// each with a line of up to six plies played at random as its stated
// solution, in source "gen", and one record without a diagram.
func generated(n int, seed uint64) []*problems.Problem {
	gen := problemgen.New(seed)
	r := draughts.International
	var out []*problems.Problem
	for i := range n {
		pos := gen.Position(r, 3, 7)
		tree := &problems.Tree{}
		at := &tree.Children
		for k, m := range gen.Line(pos, 6) {
			node := &problems.Node{Move: r.FormatMove(m, true), White: (k%2 == 0) == (pos.Turn == draughts.White)}
			*at = append(*at, node)
			at = &node.Children
		}
		out = append(out, &problems.Problem{Number: i + 1, Rules: r.Name, FEN: pos.FEN(), Stipulation: "win", Solution: tree})
	}
	return append(out, &problems.Problem{Number: n + 1, Label: "no diagram"})
}

// genDB is a database file holding generated(n) as source "gen".
func genDB(t testing.TB, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "metz.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.ImportBatch(problems.Source{Key: "gen"}, generated(n, 41), nil); err != nil {
		t.Fatal(err)
	}
	return path
}

func openApp(t testing.TB, path string) *app.App {
	t.Helper()
	a, err := app.Open(app.Config{DB: path, Tables: "none"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

func budget(t testing.TB) verdict.Budget {
	b, err := app.ParseBudget(testBudget)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// verdicts are the verdicts one process gives the database's problems,
// by name, stored nowhere.
func inProcess(t testing.TB, a *app.App) map[string]string {
	t.Helper()
	vs, err := a.Verify(context.Background(), app.Selection{All: true, WithEmpty: true}, app.VerifyOptions{Budget: budget(t), NoStore: true})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, v := range vs {
		out[app.ProblemName(v.Problem)] = fmt.Sprintf("%s dual=%v nodes=%d", v.Report.Verdict, v.Report.Dual, v.Report.ProofNodes)
	}
	return out
}

// A run enqueued and worked in this process stores one verdict per
// problem, each the one a run in one process gives.
func TestQueueInProcess(t *testing.T) {
	path := genDB(t, 30)
	a := openApp(t, path)
	want := inProcess(t, a)
	ctx := context.Background()
	q, err := Open(ctx, a, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	enq, err := q.Enqueue(ctx, app.Selection{All: true, WithEmpty: true}, app.VerifyOptions{Budget: budget(t)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if enq.Jobs != 31 {
		t.Fatalf("enqueued %+v, want 31 jobs", enq)
	}
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	st, err := q.Wait(wctx, enq.Run, 100*time.Millisecond, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if st.Completed != 31 || st.Total != 31 {
		t.Fatalf("status %+v", st)
	}
	outs, err := q.Outcomes(ctx, enq.Run, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, o := range outs {
		if o.Found == nil {
			t.Fatalf("%s: no outcome (%s %s)", o.Ref, o.State, o.Error)
		}
		got[o.Ref] = fmt.Sprintf("%s dual=%v nodes=%d", o.Found.Verdict, o.Found.Dual, o.Found.ProofNodes)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("queued:\n%v\nin one process:\n%v", got, want)
	}
}

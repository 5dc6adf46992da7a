package queue

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"metz/app"
	"metz/db"
	"metz/draughts"
	"metz/internal/pgtest"
	"metz/internal/problemgen"
	"metz/problems"
	"metz/verdict"
)

// testBudget stops each search on its node count (its clock, which a node
// count alone would set to DefaultTime, is three times that; not more,
// since a job's timeout grows with it): the verdicts are the same
// whatever the machine's load, so a queued run and a run in one process
// compare.
const testBudget = "20k-nodes,30s"

// generated makes n problems of international draughts with few pieces,
// each with a line of up to six plies played at random as its stated
// solution, and one record without a diagram.
func generated(n int, seed uint64) []*problems.Problem {
	gen := problemgen.New(seed)
	var out []*problems.Problem
	for i := range n {
		out = append(out, gen.Problem(draughts.International, 3, 7, 6, i+1))
	}
	return append(out, &problems.Problem{Number: n + 1, Label: "no diagram"})
}

// genDB is a database file holding generated(n) as source "gen".
func genDB(t testing.TB, n int) string {
	t.Helper()
	path := pgtest.DB(t)
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

// TestMain runs the tests on SQLite, or on PostgreSQL with
// METZ_TEST_DB=postgres (pgtest starts and stops the server).
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

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
	defer q.Close()
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
	if st.Completed != 31 || st.Total != 31 {
		t.Fatalf("status %+v", st)
	}
	if q.mostWorking != 2 {
		t.Errorf("at most %d jobs at once, want 2 (the workers)", q.mostWorking)
	}
	// A finished job run again (as a job retried after its worker died)
	// stores nothing new.
	if _, err := q.client.JobRetry(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if st, err = q.Wait(wctx, enq.Run, 100*time.Millisecond, nil); err != nil || st.Completed != 31 {
		t.Fatalf("after the retry: %+v %v", st, err)
	}
	if err := q.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	var rows, problems int
	if err := q.h.QueryRow(`SELECT count(*), count(DISTINCT problem_id) FROM verdicts WHERE run = $1`, enq.Run).Scan(&rows, &problems); err != nil {
		t.Fatal(err)
	}
	if rows != 31 || problems != 31 {
		t.Errorf("%d verdicts of the run for %d problems, want one each of 31", rows, problems)
	}
	if j, err := q.client.JobGet(ctx, 1); err != nil || j.Attempt != 2 {
		t.Errorf("job 1 after its retry: %+v %v", j, err)
	}
	outs, err := q.Outcomes(ctx, enq.Run)
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

// A job whose record changed after it was queued is cancelled, saying
// so, and stores nothing; enqueued twice in one run, a job is queued once.
func TestQueueChangedRecord(t *testing.T) {
	path := genDB(t, 2)
	a := openApp(t, path)
	ctx := context.Background()
	q, err := Open(ctx, a, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	plan, err := a.PlanVerify(app.Selection{Refs: []string{"gen:1"}}, app.VerifyOptions{Budget: budget(t)})
	if err != nil {
		t.Fatal(err)
	}
	enq, err := q.EnqueuePlan(ctx, plan, "")
	if err != nil || enq.Jobs != 1 {
		t.Fatalf("%+v %v", enq, err)
	}
	if again, err := q.EnqueuePlan(ctx, plan, enq.Run); err != nil || again.Jobs != 0 || again.Duplicates != 1 {
		t.Fatalf("enqueued again: %+v %v", again, err)
	}
	if _, err := q.h.Exec(`UPDATE problems SET stipulation = 'draw' WHERE number = 1`); err != nil {
		t.Fatal(err)
	}
	p := plan.Problems()[0]
	p.Stipulation = problems.StipDraw
	if _, err := q.h.Exec(`UPDATE problems SET verify_key = $1 WHERE id = $2`, db.VerifyKey(p), p.ID); err != nil {
		t.Fatal(err)
	}
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer q.Stop(ctx)
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	st, err := q.Wait(wctx, enq.Run, 50*time.Millisecond, nil)
	if err != nil || st.States["cancelled"] != 1 {
		t.Fatalf("%+v %v", st, err)
	}
	outs, err := q.Outcomes(ctx, enq.Run)
	if err != nil || len(outs) != 1 || !strings.Contains(outs[0].Error, "changed since the task was made") {
		t.Fatalf("%+v %v", outs, err)
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"metz/app"
	"metz/db"
	"metz/draughts"
	"metz/internal/pgtest"
	"metz/internal/problemgen"
	"metz/problems"
	"metz/queue"
)

// queueBudget stops each search on its node count, so that a queued run
// and a run in one process give the same verdicts whatever the machine's
// load. A node count alone still gets a clock (at least DefaultTime: see
// verdict.Budget.WithDefaults), and a search that builds small tables on
// a loaded machine could meet it first (one of 1,422 problems stopped at
// 8,086 nodes at a load of 10): the clock here is three times that. Not
// more, since a job's timeout, after which a killed worker's job is
// rescued, grows with the clock (queue's verifyWorker.Timeout: 55 s).
const queueBudget = "20k-nodes,30s"

// archiveDB fills the database at path (a file or a URL) with the
// bundled books and n generated problems (source "gen": international, 3
// to 9 pieces, a random line of up to eight plies stated as the solution).
func archiveDB(t testing.TB, path string, n int) {
	t.Helper()
	var out, errs bytes.Buffer
	if code := run(context.Background(), []string{"import", "--db", path}, &out, &errs); code != 0 {
		t.Fatalf("import: %s", errs.String())
	}
	fillGenerated(t, path, n)
}

// asMetz is a command running the test binary as metz with args.
func asMetz(args ...string) *exec.Cmd {
	c := exec.Command(os.Args[0], args...)
	c.Env = append(os.Environ(), "METZ_TEST_AS_METZ=1")
	return c
}

// worker starts a metz worker process on path.
func worker(t *testing.T, path string, log *lockedBuffer) *exec.Cmd {
	t.Helper()
	c := asMetz("worker", "--db", path, "--tables", "none", "--jobs", "1", "--rescue-after", "1s")
	c.Stderr = log
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Process.Kill(); _ = c.Wait() })
	return c
}

// outcome is a verdict as compared between doors.
func outcome(v string, dual bool, nodes int64) string {
	return fmt.Sprintf("%s dual=%v nodes=%d", v, dual, nodes)
}

// singleProcess is what one process gives every problem of path, by id,
// stored nowhere.
func singleProcess(t *testing.T, path string) map[int64]string {
	t.Helper()
	a, err := app.Open(app.Config{DB: path, Tables: "none"})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, _ := app.ParseBudget(queueBudget)
	vs, err := a.Verify(context.Background(), app.Selection{All: true, WithEmpty: true}, app.VerifyOptions{Budget: b, NoStore: true})
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]string{}
	for _, v := range vs {
		out[v.Problem.ID] = outcome(string(v.Report.Verdict), v.Report.Dual, v.Report.ProofNodes)
	}
	return out
}

// runStored are the verdicts run stored, by problem: each problem's
// rows (there must be one), and which problems have a current verdict.
func runStored(t *testing.T, path, run string) (rows map[int64][]string, current map[int64]bool) {
	t.Helper()
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	res, err := d.SQL().Query(`SELECT problem_id, verdict, dual, proof_nodes FROM verdicts WHERE run = ?`, run)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	rows = map[int64][]string{}
	for res.Next() {
		var id, nodes int64
		var v string
		var dual bool
		if err := res.Scan(&id, &v, &dual, &nodes); err != nil {
			t.Fatal(err)
		}
		rows[id] = append(rows[id], outcome(v, dual, nodes))
	}
	current = map[int64]bool{}
	for id := range rows {
		cur, err := d.CurrentVerdict(id)
		if err != nil {
			t.Fatal(err)
		}
		current[id] = cur != nil
	}
	return rows, current
}

// queueOf opens path's job queue to watch it, and names its problems by
// id.
func queueOf(t *testing.T, path string) (*queue.Queue, map[int64]string) {
	t.Helper()
	a, err := app.Open(app.Config{DB: path, Tables: "none"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	q, err := queue.Open(context.Background(), a, queue.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(q.Close)
	sel, err := a.Select(app.Selection{All: true, WithEmpty: true})
	if err != nil {
		t.Fatal(err)
	}
	names := map[int64]string{}
	for _, s := range sel.Problems {
		names[s.ID] = app.Name(s.Source, s.Number) + " " + s.Label
	}
	return q, names
}

// byName keys a single process's outcomes by the problems' names.
func byName(t *testing.T, path string, byID map[int64]string) map[string]string {
	t.Helper()
	_, names := queueOf(t, path)
	out := map[string]string{}
	for id, o := range byID {
		out[names[id]] = o
	}
	return out
}

// A queued run on SQLite, worked by two worker processes of which one is
// killed (SIGKILL) in the middle of a job and a third started: when the
// queue is empty every problem has exactly one verdict of the run, each
// the one a single process gives on the same node budget, and the job the
// killed worker held was taken over and stored once.
func TestQueueWorkersKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("worker processes and a rescue: a minute or two")
	}
	path := filepath.Join(t.TempDir(), "metz.db")
	testWorkersKilled(t, path, path, problemCount(150))
}

// The same on PostgreSQL, with a thousand generated problems besides the
// books: the verdicts equal those of a single process on SQLite.
func TestQueueWorkersKilledPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("worker processes and a rescue on PostgreSQL: a few minutes")
	}
	url := pgtest.URL(t)
	testWorkersKilled(t, url, filepath.Join(t.TempDir(), "reference.db"), problemCount(1000))
}

// problemCount is $METZ_QUEUE_PROBLEMS, else n.
func problemCount(n int) int {
	if v, err := strconv.Atoi(os.Getenv("METZ_QUEUE_PROBLEMS")); err == nil {
		return v
	}
	return n
}

// testWorkersKilled runs the queue on path and compares its verdicts with
// a single process's on ref (path itself, or another database made
// alike).
func testWorkersKilled(t *testing.T, path, ref string, n int) {
	archiveDB(t, path, n)
	if ref != path {
		archiveDB(t, ref, n)
	}
	want := byName(t, ref, singleProcess(t, ref))

	out, errs, code := runStatus(t, context.Background(), "verify", "--all", "--queue", "--json", "--db", path, "--budget", queueBudget)
	if code != 0 {
		t.Fatalf("verify --queue: %s", errs)
	}
	var enq queue.Enqueued
	if err := json.Unmarshal([]byte(out), &enq); err != nil || enq.Jobs != len(want) {
		t.Fatalf("verify --queue: %s (%v), want %d jobs", out, err, len(want))
	}
	q, names := queueOf(t, path)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()

	var logA, logB, logC lockedBuffer
	a := worker(t, path, &logA)
	b := worker(t, path, &logB)
	// Kill a while it holds a job (the queue says so), a third of the
	// way in.
	idA := regexp.MustCompile(`metz worker (\S+):`)
	for {
		st, err := q.Status(ctx, enq.Run)
		if err != nil {
			t.Fatal(err)
		}
		if st.Finished() {
			t.Fatalf("the run finished before a worker could be killed: %+v", st)
		}
		if m := idA.FindStringSubmatch(logA.String()); m != nil && st.Completed >= st.Total/3 {
			if n, err := q.RunningOn(ctx, m[1]); err != nil {
				t.Fatal(err)
			} else if n > 0 {
				break
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	if err := a.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = a.Wait()
	c := worker(t, path, &logC)
	st, err := q.Wait(ctx, enq.Run, 200*time.Millisecond, nil)
	if err != nil {
		t.Fatalf("%v: %+v\nworker b: %s\nworker c: %s", err, st, logB.String(), logC.String())
	}
	for _, w := range []*exec.Cmd{b, c} {
		_ = w.Process.Signal(syscall.SIGTERM)
		if err := w.Wait(); err != nil {
			t.Errorf("worker stopped by SIGTERM: %v\n%s%s", err, logB.String(), logC.String())
		}
	}
	if st.Completed != len(want) {
		t.Fatalf("run: %+v, want %d completed", st, len(want))
	}
	rows, current := runStored(t, path, enq.Run)
	for id, got := range rows {
		name := names[id]
		switch w, ok := want[name]; {
		case !ok:
			t.Errorf("%s: not verified by the single process", name)
		case len(got) != 1:
			t.Errorf("%s: %d verdicts of the run, want 1: %v", name, len(got), got)
		case got[0] != w:
			t.Errorf("%s: queued %s, one process %s", name, got[0], w)
		case !current[id]:
			t.Errorf("%s: no current verdict", name)
		}
	}
	if len(rows) != len(want) {
		t.Errorf("%d problems with a verdict of the run, want %d", len(rows), len(want))
	}
	// The killed worker's job was rescued: one job ran twice.
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var rescued int
	if err := d.SQL().QueryRow(`SELECT count(*) FROM river_job WHERE attempt > 1`).Scan(&rescued); err != nil {
		t.Fatal(err)
	}
	if rescued == 0 {
		t.Errorf("no job was taken over from the killed worker")
	}
	t.Logf("%s: %d problems (%d generated), %d rescued", d.Engine(), len(want), n, rescued)
}

// The queue's throughput with one worker process and with two (each
// verifying one problem at a time), and one process verifying two at
// once, on the same generated problems and node budget: problems a
// second, wall clock. METZ_QUEUE_BENCH=N sets the number of generated
// problems (docs/deploy.md quotes the figures); unset, the test is
// skipped. METZ_TEST_DB=postgres runs it on PostgreSQL.
func TestQueueThroughput(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("METZ_QUEUE_BENCH"))
	if err != nil {
		t.Skip("METZ_QUEUE_BENCH=N (generated problems) runs the throughput benchmark")
	}
	budget := os.Getenv("METZ_QUEUE_BENCH_BUDGET")
	if budget == "" {
		budget = "300k-nodes"
	}
	path := generatedDB(t, n)
	q, _ := queueOf(t, path)
	for _, setup := range []struct {
		name        string
		procs, jobs int
	}{{"1 worker, --jobs 1", 1, 1}, {"2 workers, --jobs 1 each", 2, 1}, {"1 worker, --jobs 2", 1, 2}} {
		out, errs, code := runStatus(t, context.Background(), "verify", "--all", "--queue", "--json", "--db", path, "--budget", budget)
		if code != 0 {
			t.Fatalf("verify --queue: %s", errs)
		}
		var enq queue.Enqueued
		if err := json.Unmarshal([]byte(out), &enq); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		var ws []*exec.Cmd
		for range setup.procs {
			c := asMetz("worker", "--db", path, "--tables", "none", "--jobs", strconv.Itoa(setup.jobs), "--quiet")
			if err := c.Start(); err != nil {
				t.Fatal(err)
			}
			ws = append(ws, c)
		}
		st, err := q.Wait(context.Background(), enq.Run, 100*time.Millisecond, nil)
		took := time.Since(start)
		var cpu time.Duration
		for _, c := range ws {
			_ = c.Process.Signal(syscall.SIGTERM)
			_ = c.Wait()
			cpu += c.ProcessState.UserTime() + c.ProcessState.SystemTime()
		}
		if err != nil || st.Completed != enq.Jobs {
			t.Fatalf("%s: %+v %v", setup.name, st, err)
		}
		load, _ := os.ReadFile("/proc/loadavg")
		t.Logf("%s: %d problems in %.1f s: %.2f problems/s; worker CPU %.1f s; load %s", setup.name, enq.Jobs,
			took.Seconds(), float64(enq.Jobs)/took.Seconds(), cpu.Seconds(), strings.Fields(string(load))[0])
	}
}

// generatedDB is a database of n generated problems alone, on the
// engine the tests run on (pgtest.DB: METZ_TEST_DB=postgres).
func generatedDB(t testing.TB, n int) string {
	t.Helper()
	path := pgtest.DB(t)
	fillGenerated(t, path, n)
	return path
}

// fillGenerated fills the database at path with n generated problems
// (source "gen").
func fillGenerated(t testing.TB, path string, n int) {
	t.Helper()
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	gen := problemgen.New(41)
	ps := make([]*problems.Problem, n)
	for i := range ps {
		ps[i] = gen.Problem(draughts.International, 3, 9, 8, i+1)
	}
	if _, err := d.ImportBatch(problems.Source{Key: "gen", Title: "generated"}, ps, nil); err != nil {
		t.Fatal(err)
	}
}

// METZ_GENERATED_DB=PATH (a file or a URL) with METZ_GENERATED_N=N makes
// a database of N generated problems at PATH and keeps it, for the
// benchmarks of scripts/queue-bench.sh.
func TestGeneratedDB(t *testing.T) {
	path := os.Getenv("METZ_GENERATED_DB")
	n, err := strconv.Atoi(os.Getenv("METZ_GENERATED_N"))
	if path == "" || err != nil {
		t.Skip("METZ_GENERATED_DB=PATH METZ_GENERATED_N=N makes a database of generated problems")
	}
	fillGenerated(t, path, n)
}

// verify --queue, jobs and jobs cancel through the command line: what
// they print, and their errors.
func TestJobsCommands(t *testing.T) {
	path := seedDB(t)
	ctx := context.Background()
	out, errs, code := runStatus(t, ctx, "verify", "--source", "vantenac", "--queue", "--db", path)
	if code != 0 || !regexp.MustCompile(`^queued 4 problems as run (run-\d{8}-\d{6}-[0-9a-f]{6})\n`).MatchString(out) {
		t.Fatalf("verify --queue: %d %q %s", code, out, errs)
	}
	run := regexp.MustCompile(`run-\S+`).FindString(out)
	out, _, code = runStatus(t, ctx, "jobs", "--db", path)
	if code != 0 || !strings.Contains(out, run) || !strings.Contains(out, "0/4") || !strings.Contains(out, "4 available") {
		t.Errorf("jobs: %d\n%s", code, out)
	}
	out, _, code = runStatus(t, ctx, "jobs", "cancel", run, "--db", path)
	if code != 0 || out != "cancelled 4 jobs of run "+run+" (the verdicts stored stay)\n" {
		t.Errorf("jobs cancel: %d %q", code, out)
	}
	out, _, code = runStatus(t, ctx, "jobs", run, "--json", "--db", path)
	var st struct {
		queue.RunStatus
		Outcomes []queue.Outcome `json:"outcomes"`
	}
	if err := json.Unmarshal([]byte(out), &st); code != 0 || err != nil || st.States["cancelled"] != 4 || len(st.Outcomes) != 4 {
		t.Errorf("jobs RUN --json: %d %v %s", code, err, out)
	}
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"jobs", "nosuch"}, `"nosuch": no such run or job in the queue`},
		{[]string{"jobs", "--follow"}, "--follow: name the run to follow"},
		{[]string{"jobs", "cancel", "12345"}, "job 12345: no such run or job"},
		{[]string{"worker", "--jobs", "0"}, "--jobs 0: expected 1 or more"},
		{[]string{"verify", "--all", "--queue", "--no-store"}, "--queue with --no-store"},
		{[]string{"verify", "--fen", "W:W28:B23", "--queue"}, "--queue with --fen"},
		{[]string{"verify", "vantenac:99", "--queue"}, "no problem vantenac:99"},
	} {
		_, errs, code := runStatus(t, ctx, append(c.args, "--db", path)...)
		if code != 1 || !strings.Contains(errs, c.err) {
			t.Errorf("%v: %d %q, want %q", c.args, code, errs, c.err)
		}
	}
}

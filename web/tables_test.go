package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"testing"

	"metz/app"
	"metz/draughts"
	"metz/solver"
	"metz/verdict"
)

// inMemoryTables is a handle on tables built in memory, saved nowhere
// (app.OpenTables with no directory).
func inMemoryTables(t testing.TB) *app.Tables {
	t.Helper()
	tb, err := app.OpenTables("", 0)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// metz serve --tables DIR: the workbench's verifications read DIR's
// tables. Three kings against a man, won in 17 plies, needs four-piece
// tables: with them saved in DIR, its verification through the API reads
// them and builds none, and spends the nodes the command line's
// verification spends with the same tables; on tables built in memory,
// the same verification builds them first. (Van Tenac III and IV with the
// whole 4-piece set, the example, would build 47 MB of tables
// here, about a minute of two loaded cores: this ending needs the few of
// them a search from it meets.)
func TestVerifyReadsTheServersTables(t *testing.T) {
	if testing.Short() {
		t.Skip("builds four-piece tables")
	}
	const fen = "W:WK8,K20,K37:B43"
	dir := t.TempDir()
	prep, err := app.OpenTables(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	p, err := app.ProbedPosition(draughts.International, fen)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := app.EnsureTables(context.Background(), prep, p, nil); err != nil {
		t.Fatal(err)
	}
	probed, err := app.Probe(prep, p, fen)
	if err != nil || probed.Result != "win" || probed.Plies == nil || *probed.Plies != 17 || !probed.Moves[0].Best {
		t.Fatalf("%s in the tables: %+v, %v", fen, probed, err)
	}
	key := probed.Moves[0].Move

	saved, err := app.OpenTables(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	fromDir := verifyThrough(t, saved, fen, key)
	if fromDir.Verdict != verdict.Sound || fromDir.TableHits == 0 || len(fromDir.TableLeaves) == 0 || fromDir.TablesBuilt != 0 {
		t.Errorf("with the tables of %s: %s, %d table hits, table leaves %v, %d positions built; want sound from the saved tables, none built",
			dir, fromDir.Verdict, fromDir.TableHits, fromDir.TableLeaves, fromDir.TablesBuilt)
	}
	inMemory := verifyThrough(t, inMemoryTables(t), fen, key)
	if inMemory.Verdict != verdict.Sound || inMemory.TablesBuilt == 0 {
		t.Errorf("tables in memory: %s, %d positions built; want sound, the tables built first", inMemory.Verdict, inMemory.TablesBuilt)
	}

	t.Logf("tables of %s: %s in %d nodes, %d table hits, %d built; in memory: %s in %d nodes, %d hits, %d built",
		dir, fromDir.Verdict, fromDir.ProofNodes, fromDir.TableHits, fromDir.TablesBuilt,
		inMemory.Verdict, inMemory.ProofNodes, inMemory.TableHits, inMemory.TablesBuilt)

	// The command line's door (metz verify --fen … --tables DIR) on the
	// same tables, opened afresh.
	again, err := app.OpenTables(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := verdict.ParseBudget("10s")
	if err != nil {
		t.Fatal(err)
	}
	adHoc, err := app.AdHocProblem(p, "win", key)
	if err != nil {
		t.Fatal(err)
	}
	cli := solver.Verify(adHoc, solver.Options{Budget: b, Tables: again, Cores: solver.NewCores(runtime.NumCPU())})
	if cli.Verdict != fromDir.Verdict || cli.ProofNodes != fromDir.ProofNodes || cli.TableHits != fromDir.TableHits {
		t.Errorf("command line: %s in %d nodes, %d table hits; workbench: %s in %d nodes, %d hits",
			cli.Verdict, cli.ProofNodes, cli.TableHits, fromDir.Verdict, fromDir.ProofNodes, fromDir.TableHits)
	}
}

// verifyThrough saves fen with the stated key as a draft through the API
// of a server on the tables tb, verifies it there and returns the job's
// report.
func verifyThrough(t *testing.T, tb *app.Tables, fen, key string) *verdict.Report {
	t.Helper()
	_, ts := newTestServerWith(t, tb, Options{})
	draft := fmt.Sprintf(`{"source":"web","number":1,"rules":"international","fen":%q,"stipulation":"win","solution":%q}`, fen, key)
	st, body := call(t, ts, "POST", "/api/drafts", draft)
	want(t, "draft", st, body, 200, `"name":"web:1"`)
	st, body = call(t, ts, "POST", "/api/verify", `{"refs":["web:1"],"budget":"10s"}`)
	want(t, "start", st, body, 202, `"state":"running"`)
	var j jobStatus
	if err := json.Unmarshal([]byte(body), &j); err != nil {
		t.Fatal(err)
	}
	res, err := ts.Client().Get(ts.URL + "/api/jobs/" + j.ID + "/events")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.ReadAll(res.Body) // the stream ends with the job
	res.Body.Close()
	st, body = call(t, ts, "GET", "/api/jobs/"+j.ID, "")
	want(t, "done", st, body, 200, `"state":"done"`)
	if err := json.Unmarshal([]byte(body), &j); err != nil || len(j.Results) != 1 || j.Results[0].Report == nil {
		t.Fatalf("job: %v %s", err, body)
	}
	return j.Results[0].Report
}

package main

import (
	"cmp"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"metz/app"
	"metz/db"
	"metz/importer"
	"metz/verdict"
	"metz/web"
)

// doorsProblems are the problems TestSameVerdictThroughEveryDoor asks
// about: Van Tenac III and IV, the example (doorsWant), and VII
// (sound in a few thousand nodes, whatever the tables).
var doorsProblems = []string{"vantenac:73", "vantenac:74", "vantenac:77"}

// doorsDB is a database holding the doorsProblems alone, imported from
// the bundled Traité, so that verify --all asks about them and nothing
// else; names are their names by id.
func doorsDB(t *testing.T) (path string, names map[int64]string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "doors.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	batches, err := importer.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range batches {
		if b.Source.Key != "vantenac" {
			continue
		}
		keep := b.Problems[:0:0]
		for _, p := range b.Problems {
			if slices.Contains(doorsProblems, app.Name(b.Source.Key, p.Number)) {
				keep = append(keep, p)
			}
		}
		if _, err := d.ImportBatch(b.Source, keep, nil); err != nil {
			t.Fatal(err)
		}
	}
	names = map[int64]string{}
	for _, ref := range doorsProblems {
		id, err := d.Resolve(ref)
		if err != nil {
			t.Fatal(err)
		}
		names[id] = ref
	}
	return path, names
}

// doorRun is what one door answered for one problem: its verdict, the
// nodes it spent, the budget it ran on and the table positions it built.
type doorRun struct {
	Verdict verdict.Verdict
	Nodes   int64
	Budget  verdict.Budget
	Built   int64
}

// doorsWant are the verdicts of Van Tenac III and IV with the 4-piece
// tables and 15 M nodes, the figures (sound-incomplete in 9.0 M
// nodes, sound in 8.0 M), and VII's.
var doorsWant = map[string]verdict.Verdict{"vantenac:73": verdict.SoundIncomplete, "vantenac:74": verdict.Sound, "vantenac:77": verdict.Sound}

// doorsBudget is the budget every door is given: a node limit, with time
// to spare (10 minutes, the most the workbench accepts), so that the
// counts do not depend on the machine's load.
const doorsBudget = "15M-nodes,10m"

// The same problem verified through every door — metz verify naming it,
// metz verify --all, and the workbench's API over the App metz serve
// opens — gets the same verdict in the same number of nodes, given the
// same tables and budget; each door stores its run. The tables are the
// whole international set of up to 4 pieces, built first into a fresh
// directory by metz endgame build (45 MB; 10 s of CPU), so that no door
// builds a table a search meets (one that builds a table as it meets it
// spends other nodes than one that reads it: "the same tables" means the
// same files). $METZ_DOORS_TABLES names a directory of such tables to use
// instead, $METZ_DOORS_BUDGET another budget (the verdicts are then
// compared between the doors only).
func TestSameVerdictThroughEveryDoor(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 4-piece tables and verifies three problems three times")
	}
	tablesDir := os.Getenv("METZ_DOORS_TABLES")
	if tablesDir == "" {
		tablesDir = t.TempDir()
		start := time.Now()
		if _, errs, code := runStatus(t, context.Background(), "endgame", "build", "--pieces", "4", "--tables", tablesDir, "--json"); code != 0 {
			t.Fatalf("metz endgame build --pieces 4: %d %s", code, errs)
		}
		t.Logf("the 4-piece tables built in %v", time.Since(start).Round(time.Millisecond))
	}
	budget := cmp.Or(os.Getenv("METZ_DOORS_BUDGET"), doorsBudget)
	path, names := doorsDB(t)
	cli := func(args ...string) map[string]doorRun {
		t.Helper()
		args = append(args, "--db", path, "--tables", tablesDir, "--budget", budget, "--json")
		out, errs, code := runStatus(t, context.Background(), args...)
		if code != 0 {
			t.Fatalf("metz %s: %d %s", strings.Join(args, " "), code, errs)
		}
		var reports []*verdict.Report
		if err := json.Unmarshal([]byte(out), &reports); err != nil {
			t.Fatalf("metz %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return runsOf(reports, names)
	}
	doors := map[string]map[string]doorRun{
		"metz verify REFS":    cli(append([]string{"verify"}, doorsProblems...)...),
		"metz verify --all":   cli("verify", "--all"),
		"the workbench's API": workbenchRuns(t, path, tablesDir, budget),
	}
	want := doors["metz verify REFS"]
	if len(want) != len(doorsProblems) {
		t.Fatalf("the command line verified %v", want)
	}
	for _, ref := range doorsProblems {
		if w := want[ref]; w.Built != 0 || (budget == doorsBudget && w.Verdict != doorsWant[ref]) {
			t.Errorf("%s: %s with %d table positions built, want %s reading the tables alone", ref, w.Verdict, w.Built, doorsWant[ref])
		}
	}
	for door, got := range doors {
		for _, ref := range doorsProblems {
			if got[ref] != want[ref] {
				t.Errorf("%s: %s %+v, the command line %+v", door, ref, got[ref], want[ref])
			}
		}
		t.Logf("%s: %+v", door, got)
	}
	d, err := db.OpenExisting(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for id, ref := range names {
		vs, err := d.Verdicts(id)
		if err != nil || len(vs) != len(doors) {
			t.Errorf("%s: %d runs stored (%v), want one a door", ref, len(vs), err)
		}
	}
}

// runsOf are reports by problem name (names: ids to names).
func runsOf(reports []*verdict.Report, names map[int64]string) map[string]doorRun {
	out := map[string]doorRun{}
	for _, r := range reports {
		out[names[r.ProblemID]] = doorRun{Verdict: r.Verdict, Nodes: r.ProofNodes, Budget: r.Budget, Built: r.TablesBuilt}
	}
	return out
}

// workbenchRuns asks the workbench to verify the doorsProblems, over the
// App metz serve opens, and waits for the job's end.
func workbenchRuns(t *testing.T, path, tablesDir, budget string) map[string]doorRun {
	t.Helper()
	a, err := app.Open(app.Config{DB: path, Tables: tablesDir})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	s := web.New(a, web.Options{})
	defer s.Close()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	body, _ := json.Marshal(map[string]any{"refs": doorsProblems, "budget": budget})
	var job struct {
		ID      string `json:"id"`
		State   string `json:"state"`
		Error   string `json:"error"`
		Results []struct {
			Ref    string          `json:"ref"`
			Report *verdict.Report `json:"report"`
		} `json:"results"`
	}
	post(t, ts.URL+"/api/verify", string(body), &job)
	for deadline := time.Now().Add(30 * time.Minute); job.State == "running"; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the workbench's job did not end: %+v", job)
		}
		get(t, ts.URL+"/api/jobs/"+job.ID, &job)
	}
	if job.State != "done" {
		t.Fatalf("the workbench's job: %s %s", job.State, job.Error)
	}
	out := map[string]doorRun{}
	for _, r := range job.Results {
		out[r.Ref] = doorRun{Verdict: r.Report.Verdict, Nodes: r.Report.ProofNodes, Budget: r.Report.Budget, Built: r.Report.TablesBuilt}
	}
	return out
}

func post(t *testing.T, url, body string, into any) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("POST %s: %s", url, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
		t.Fatal(err)
	}
}

func get(t *testing.T, url string, into any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
		t.Fatal(err)
	}
}

// A proof is never downgraded, whichever door reads it: Van Tenac VII,
// proven, verified again on a budget too small to prove anything, keeps
// its proof as its verdict in show, search --verdict and report; show's
// history has both runs, and verify and show say the proof stands.
func TestProofStandsThroughTheCommandLine(t *testing.T) {
	path, _ := doorsDB(t)
	metz := func(args ...string) string { // the output, its lines joined (tables wrap)
		t.Helper()
		out, errs, code := runStatus(t, context.Background(), append(args, "--db", path)...)
		if code != 0 {
			t.Fatalf("metz %s: %d %s", strings.Join(args, " "), code, errs)
		}
		return strings.Join(strings.Fields(out), " ")
	}
	if out := metz("verify", "vantenac:77", "--tables", "none", "--budget", "2M-nodes,10m"); !strings.Contains(out, "sound") {
		t.Fatalf("first run:\n%s", out)
	}
	out := metz("verify", "vantenac:77", "--tables", "none", "--budget", "1-nodes")
	if !strings.Contains(out, "unproven") || !strings.Contains(out, "vantenac:77: not proven again within 1-nodes; the proof of ") ||
		!strings.Contains(out, "(sound) stands.") {
		t.Errorf("the weaker run does not say the proof stands:\n%s", out)
	}
	var again []app.VerifiedReport
	if err := json.Unmarshal([]byte(metz("verify", "vantenac:77", "--tables", "none", "--budget", "1-nodes", "--json")), &again); err != nil ||
		len(again) != 1 || again[0].Verdict != verdict.Unproven || !strings.Contains(again[0].Standing, "(sound) stands") {
		t.Errorf("verify --json: %v %+v", err, again)
	}
	show := metz("show", "vantenac:77")
	if strings.Count(show, " unproven rules") != 2 || strings.Count(show, " sound rules") != 1 || !strings.Contains(show, "(current)") ||
		strings.Count(show, "(sound) stands") != 2 {
		t.Errorf("show's history:\n%s", show)
	}
	if out := metz("search", "--verdict", "sound"); !strings.Contains(out, "vantenac:77") {
		t.Errorf("search --verdict sound:\n%s", out)
	}
	if out := metz("search", "--verdict", "unproven"); strings.Contains(out, "vantenac:77") {
		t.Errorf("search --verdict unproven:\n%s", out)
	}
	var rep []app.SourceReport
	if err := json.Unmarshal([]byte(metz("report", "--json")), &rep); err != nil || len(rep) != 1 || rep[0].Verdicts["sound"] != 1 {
		t.Errorf("report: %v %+v", err, rep)
	}
}

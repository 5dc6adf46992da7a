package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"metz/app"
	"metz/db"
	"metz/solver"
)

// TestReportSummarisesVerdicts stores a misprint verdict with its evidence for
// Van Tenac's Problem II and checks the report's counts and evidence text.
func TestReportSummarisesVerdicts(t *testing.T) {
	path := seedDB(t)
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	id, err := d.Resolve("vantenac:2")
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := json.Marshal(&solver.Report{Verdict: "misprint", Misprints: []solver.MisprintPlace{
		{Path: "1.1.1", Ply: 5, Text: "43 à 39", Reason: "no piece on 43"}}})
	if _, err := d.AddVerdict(id, db.Verdict{Verdict: "misprint", Evidence: ev, Rules: "international", SolverVersion: "test"}); err != nil {
		t.Fatal(err)
	}
	d.Close()

	out, err := runMetz(t, "--db", path, "report")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"vantenac", `one misprint: "43 à 39"`, "not verified",
		"metz: no record has a position yet (1 records)"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}

	out, err = runMetz(t, "--db", path, "report", "--json", "--source", "vantenac")
	if err != nil {
		t.Fatal(err)
	}
	var reps []app.SourceReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(reps) != 1 || reps[0].Problems != 4 || reps[0].WithPosition != 4 ||
		reps[0].Verdicts["misprint"] != 1 || reps[0].Verdicts["none"] != 3 {
		t.Fatalf("unexpected JSON report: %+v", reps)
	}
}

func TestReportWithoutDatabase(t *testing.T) {
	_, err := runMetz(t, "--db", t.TempDir()+"/none.db", "report")
	if err == nil || !strings.Contains(err.Error(), "run metz import first") {
		t.Fatalf("want a clear error, got %v", err)
	}
}

// The hint after unproven verdicts names the limit they ran into and a
// budget four times as large on both limits, which takes the search
// further whichever stopped it (issue 32: "a larger one may settle them"
// once named a budget no larger than the one that ran out).
func TestUnprovenHintNamesALargerBudget(t *testing.T) {
	b := solver.Budget{Nodes: 5_000_000, Time: 10 * time.Second, MemoryMB: 64}
	reports := []*solver.Report{{Verdict: solver.Sound, Budget: b},
		{Verdict: solver.Unproven, Rules: "russian", Budget: b, ProofNodes: 5_000_000, Seconds: 3},
		{Verdict: solver.Unproven, Budget: b, ProofNodes: 1_000_000, Seconds: 10}}
	h := unprovenHint(reports, false)
	for _, want := range []string{"2 unproven", "10s,5M-nodes,64MB", "1 at the node limit, 1 at the time limit", "--budget 40s,20M-nodes,64MB"} {
		if !strings.Contains(h, want) {
			t.Errorf("hint %q lacks %q", h, want)
		}
	}
	// A time given alone: the hint goes on from the nodes it allowed.
	alone := solver.Budget{Time: 30 * time.Second}.WithDefaults()
	h = unprovenHint([]*solver.Report{{Verdict: solver.Unproven, Budget: alone, ProofNodes: 9_000_000, Seconds: 30.2}}, true)
	if !strings.Contains(h, "1 at the time limit") || !strings.Contains(h, "--budget 2m0s,480M-nodes,64MB") {
		t.Errorf("30s alone: hint %q", h)
	}
	if h := unprovenHint(reports[:1], false); h != "" {
		t.Errorf("hint without unproven verdicts: %q", h)
	}
	// The 5-piece tables are suggested for international problems only,
	// and only when they are not there; the Russian ones, for the Russian
	// problem.
	reports[2].Rules = "international"
	if h := unprovenHint(reports, false); !strings.Contains(h, "--pieces 5") {
		t.Errorf("no 5-piece tables, international unproven: hint %q", h)
	}
	if h := unprovenHint(reports, true); strings.Contains(h, "metz endgame build --pieces 5") {
		t.Errorf("5-piece tables there: hint %q", h)
	}
	if h := unprovenHint(reports[:2], false); strings.Contains(h, "metz endgame build --pieces 5") ||
		!strings.Contains(h, "metz endgame build --rules russian --pieces 5") {
		t.Errorf("russian only: hint %q", h)
	}
}

// A bare number is no budget: verify and solve refuse it, naming the
// units, where it once meant ten nodes.
func TestBudgetWithoutUnitRefused(t *testing.T) {
	for _, args := range [][]string{{"verify", "--fen", "W:W28:B23", "--budget", "10"}, {"solve", "W:W28:B23", "--budget", "10"}} {
		_, err := runMetz(t, args...)
		if err == nil || !strings.Contains(err.Error(), "10s (seconds), 10-nodes") {
			t.Errorf("%v: %v", args, err)
		}
	}
}

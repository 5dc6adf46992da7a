package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

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

// The hint after unproven verdicts quotes make report's budget: the two
// must not drift apart.
func TestUnprovenHintQuotesMakeReportBudget(t *testing.T) {
	mk, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mk), "REPORT_BUDGET ?= "+reportBudget+"\n") {
		t.Errorf("the Makefile's REPORT_BUDGET is not %q", reportBudget)
	}
	reports := []*solver.Report{{Verdict: solver.Sound}, {Verdict: solver.Unproven, Rules: "russian"}, {Verdict: solver.Unproven}}
	if h := unprovenHint(reports, false); !strings.HasPrefix(h, "2 unproven") || !strings.Contains(h, reportBudget) {
		t.Errorf("hint %q", h)
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

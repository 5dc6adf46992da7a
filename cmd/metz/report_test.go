package main

import (
	"encoding/json"
	"strings"
	"testing"

	"metz/app"
	"metz/db"
	"metz/verdict"
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
	ev, _ := json.Marshal(&verdict.Report{Verdict: "misprint", Misprints: []verdict.MisprintPlace{
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

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"metz/app"
	"metz/db"
	"metz/verdict"
)

// runStatus runs the command line as main does, with a context, and
// returns stdout, stderr and the exit status.
func runStatus(t *testing.T, ctx context.Context, args ...string) (string, string, int) {
	t.Helper()
	var out, errw bytes.Buffer
	code := run(ctx, args, &out, &errw)
	return out.String(), errw.String(), code
}

// verdictCount is how many verdicts the database holds for each problem.
func verdictCount(t *testing.T, path string) map[int64]int {
	t.Helper()
	d, err := db.OpenExisting(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	sums, err := d.Search(db.Query{})
	if err != nil {
		t.Fatal(err)
	}
	n := map[int64]int{}
	for _, s := range sums {
		vs, err := d.Verdicts(s.ID)
		if err != nil {
			t.Fatal(err)
		}
		n[s.ID] = len(vs)
	}
	return n
}

// Ctrl-C during verify --all: the command stops with a clear message and
// the exit status 1, the verdicts stored before stay as they were, and
// nothing half-done is added. (app's tests cancel in the middle of a run.)
func TestVerifyInterrupted(t *testing.T) {
	path := seedDB(t)
	if _, errs, code := runStatus(t, context.Background(), "verify", "--all", "--db", path, "--budget", "2s"); code != 0 {
		t.Fatalf("verify --all: %d %s", code, errs)
	}
	before := verdictCount(t, path)
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as signal.NotifyContext does on Ctrl-C
	_, errs, code := runStatus(t, ctx, "verify", "--all", "--db", path, "--budget", "2s")
	if code != 1 || !regexp.MustCompile(`^metz: interrupted: \d of 5 problems verified \(their verdicts are stored\); the \d others were not`).MatchString(errs) {
		t.Fatalf("status %d, stderr %q", code, errs)
	}
	after := verdictCount(t, path)
	for id, n := range before {
		if after[id] < n || after[id] > n+1 {
			t.Errorf("problem %d: %d verdicts before, %d after an interrupted run", id, n, after[id])
		}
	}
	// What is stored is whole: the report reads every latest verdict.
	if out, errs, code := runStatus(t, context.Background(), "report", "--db", path); code != 0 || strings.Contains(out, "not verified") {
		t.Errorf("report after the interruption: %d %s\n%s", code, errs, out)
	}
}

// --version names the module version and the commit, "unknown" where the
// binary does not record them (go test, -buildvcs=false).
func TestVersion(t *testing.T) {
	out, errs, code := runStatus(t, context.Background(), "--version")
	if code != 0 || !regexp.MustCompile(`^metz \S+, commit ([0-9a-f]{40}|unknown)( \(modified\))?, go\S+\n$`).MatchString(out) {
		t.Errorf("--version: %d %q %q", code, out, errs)
	}
	out, _, code = runStatus(t, context.Background(), "--version", "--json")
	var v app.BuildVersion
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || v.Version == "" || v.Commit == "" || v.Go == "" {
		t.Errorf("--version --json: %d %v %q", code, err, out)
	}
}

// One JSON convention: under --json every command prints one JSON
// document (a second value after it would fail to decode), and an error is
// one JSON object on stderr with nothing on stdout.
func TestOneJSONDocument(t *testing.T) {
	path := seedDB(t)
	commands := [][]string{
		{"list"}, {"search", "--source", "vantenac"}, {"report"}, {"show", "vantenac:1"}, {"show", "vantenac:1", "--tree"},
		{"verify", "vantenac:1", "vantenac:2", "--no-store", "--budget", "2s"}, {"moves", "start"}, {"perft", "start", "3", "--divide"},
		{"themes", "list"}, {"themes", "detect", "--all"}, {"themes", "compare"}, {"tag", "vantenac:1", "fav"},
		{"note", "vantenac:1", "a", "note"}, {"rules", "--source", "vantenac"}, {"solve", "W:W28:B23"}, {"--version"},
	}
	for _, c := range commands {
		out, errs, code := runStatus(t, context.Background(), append(c, "--json", "--db", path)...)
		var v any
		dec := json.NewDecoder(strings.NewReader(out))
		if err := dec.Decode(&v); code != 0 || err != nil || dec.More() {
			t.Errorf("%v: status %d, not one JSON document (%v):\n%s\n%s", c, code, err, out, errs)
		}
	}
	for _, c := range [][]string{{"show", "vantenac:9"}, {"list", "--frobnicate"}, {"verify"}, {"search", "--number", "x"}} {
		out, errs, code := runStatus(t, context.Background(), append(c, "--json", "--db", path)...)
		var e jsonError
		if err := json.Unmarshal([]byte(errs), &e); code != 1 || out != "" || err != nil || e.Error == "" || !strings.HasPrefix(e.Command, "metz") {
			t.Errorf("%v: status %d, stdout %q, stderr not one JSON error (%v): %q", c, code, out, err, errs)
		}
	}
	if _, errs, code := runStatus(t, context.Background(), "show", "vantenac:9", "--db", path); code != 1 || !strings.HasPrefix(errs, "metz: problem \"vantenac:9\"") {
		t.Errorf("a text error: %d %q", code, errs)
	}
}

// The tables fit 80 columns when the output is not a terminal: report,
// list and verify, with a long evidence and a long title; the evidence
// is whole in show.
func TestTablesFit80Columns(t *testing.T) {
	t.Setenv("COLUMNS", "")
	path := seedDB(t)
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("the printed move cannot be played here because no piece stands on that square ", 3)
	s, err := app.Resolve(d, "vantenac:2")
	if err != nil {
		t.Fatal(err)
	}
	r := &verdict.Report{ProblemID: s.ID, Verdict: verdict.Misprint, Rules: "international", Key: "31-27",
		Misprints: []verdict.MisprintPlace{{Path: "1.1.1", Ply: 3, Text: "43 à 39", Reason: long}}}
	if err := app.StoreVerdict(d, r); err != nil {
		t.Fatal(err)
	}
	d.Close()
	for _, c := range [][]string{{"report"}, {"list", "--with-empty"}, {"search", "--source", "vantenac"},
		{"verify", "vantenac:1", "vantenac:3", "--no-store", "--budget", "1s,100k-nodes"}, {"themes", "detect", "--all"}} {
		out, errs, code := runStatus(t, context.Background(), append(c, "--db", path)...)
		if code != 0 {
			t.Fatalf("%v: %d %s", c, code, errs)
		}
		for _, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("%v: a line of %d columns:\n%s", c, n, out)
				break
			}
		}
	}
	out, _, _ := runStatus(t, context.Background(), "report", "--db", path)
	if !strings.Contains(out, "vantenac:2") || !strings.Contains(out, "misprint") || strings.Contains(out, long) {
		t.Errorf("report: the misprint's evidence is not cut:\n%s", out)
	}
	out, _, _ = runStatus(t, context.Background(), "show", "vantenac:2", "--db", path)
	if !strings.Contains(strings.Join(strings.Fields(out), " "), strings.TrimSpace(long)) {
		t.Errorf("show does not give the evidence whole:\n%s", out)
	}
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"metz/app"
	"metz/sources"
)

// metz trictrac claims reads the bundled treatise with no argument: at
// least 40 claims read, each with its count, the disagreements first.
func TestTrictracClaims(t *testing.T) {
	out, err := runMetz(t, "trictrac", "claims", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep app.TrictracReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	s := rep.Summary
	if s.Read < 40 || s.Disagree < 4 || s.Read+s.Unread != s.Claims || len(rep.Claims) != s.Claims || len(rep.Rules) == 0 {
		t.Fatalf("summary %+v, %d claims, %d rules", s, len(rep.Claims), len(rep.Rules))
	}
	for i, c := range rep.Claims {
		if (i < s.Disagree) != (c.Status() == "disagree") {
			t.Fatalf("claim %d is %s: the disagreements do not come first", i, c.Status())
		}
		if c.Chapter == "" || c.Line == 0 || c.Text == "" || c.Game == "" || c.Status() != "unread" && c.Computed == nil {
			t.Errorf("claim %d lacks a field: %+v", i, c)
		}
	}
	// The same from a copy of the file given by name.
	file := filepath.Join(t.TempDir(), "guiton.md")
	data, _ := sources.Read(sources.Trictrac)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out2, err := runMetz(t, "trictrac", "claims", file, "--json")
	if err != nil || !strings.Contains(out2, `"read": `+jsonInt(s.Read)) && !strings.Contains(out2, `"read":`+jsonInt(s.Read)) {
		t.Errorf("claims FILE: %v", err)
	}
}

func jsonInt(n int) string { b, _ := json.Marshal(n); return string(b) }

// The text output: the summary, the disagreements with their throws, the
// claims, the unread and the rules of thumb, within 80 columns.
func TestTrictracClaimsText(t *testing.T) {
	t.Setenv("COLUMNS", "")
	out, err := runMetz(t, "trictrac", "claims")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Disagreements", "vingt-cinq chances", "Claims read", "Unread", "lost to the scan",
		"Rules of thumb", "second-method-three", "3-3 2-2"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("a line of %d columns: %s", n, line)
		}
	}
}

// A file that is not the treatise is an error naming it.
func TestTrictracClaimsBadFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "other.txt")
	if err := os.WriteFile(file, []byte("Le jeu de dames.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := runMetz(t, "trictrac", "claims", file); err == nil || !strings.Contains(err.Error(), "other.txt") {
		t.Errorf("error %v", err)
	}
	if _, err := runMetz(t, "trictrac", "claims", filepath.Join(t.TempDir(), "none.md")); err == nil {
		t.Errorf("a missing file is not an error")
	}
	if out, err := runMetz(t, "trictrac", "claims", "--help"); err != nil || !strings.Contains(out, "metz trictrac claims --json") {
		t.Errorf("help: %v\n%s", err, out)
	}
}

// The claims are stored at import, appear in the report as the truth of
// the books and close the exports; a JSON export reads back without them.
func TestTrictracStoredReportedExported(t *testing.T) {
	path := filepath.Join(t.TempDir(), "metz.db")
	rows, err := importJSON(t, "--db", path)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range rows {
		found = found || r.Source == "trictrac" && r.Problems == 0
	}
	if !found {
		t.Fatalf("import: no trictrac source: %+v", rows)
	}
	out, err := runMetz(t, "report", "--json", "--db", path, "--source", "trictrac")
	if err != nil {
		t.Fatal(err)
	}
	var reps []app.SourceReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil || len(reps) != 1 || reps[0].Truth == nil {
		t.Fatalf("report: %v %s", err, out[:min(len(out), 300)])
	}
	tr := reps[0].Truth
	if tr.Read < 40 || tr.Disagree < 4 || len(tr.List) != tr.Claims || tr.List[0].Verdict != "disagree" {
		t.Errorf("truth %+v", tr)
	}
	text, _, code := runStatus(t, context.Background(), "report", "--db", path)
	if code != 0 || !strings.Contains(text, "Truth of the books") || !strings.Contains(text, "huit chances") {
		t.Errorf("report text:\n%s", text)
	}
	dir := t.TempDir()
	for _, f := range []string{"t.txt", "t.json", "t.html", "t.pdf"} {
		if _, err := runMetz(t, "export", "--db", path, "--source", "trictrac", "-o", filepath.Join(dir, f)); err != nil {
			t.Fatalf("export %s: %v", f, err)
		}
	}
	book, _ := os.ReadFile(filepath.Join(dir, "t.txt"))
	page, _ := os.ReadFile(filepath.Join(dir, "t.html"))
	js, _ := os.ReadFile(filepath.Join(dir, "t.json"))
	if !strings.Contains(string(book), "# Vérité des livres") || !strings.Contains(string(page), "Vérité des livres") ||
		!strings.Contains(string(js), `"truth_of_the_books"`) {
		t.Errorf("exports lack the truth of the books")
	}
	// A JSON export with the truth of the books reads back as the same
	// export without it: the problems, and no warning more.
	var got [2]importRow
	for i, sources := range [][]string{{"--source", "vantenac"}, {"--source", "vantenac", "--source", "trictrac"}} {
		file := filepath.Join(dir, fmt.Sprintf("e%d.json", i))
		if _, err := runMetz(t, append([]string{"export", "--db", path, "-o", file}, sources...)...); err != nil {
			t.Fatal(err)
		}
		back, err := importJSON(t, "--db", filepath.Join(dir, fmt.Sprintf("back%d.db", i)), file)
		if err != nil || len(back) != 1 {
			t.Fatalf("import of the export: %v %+v", err, back)
		}
		got[i] = back[0]
	}
	if got[0].Problems != 7 || got[1].Problems != got[0].Problems || got[1].Warnings != got[0].Warnings {
		t.Errorf("import of the exports: %+v", got)
	}
}

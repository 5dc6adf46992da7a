package main

import (
	"bytes"
	"context"
	"encoding/json"
	"metz/draughts"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"metz/db"
	"metz/problems"
)

// treeTestDB stores W:W16,31,42:B6,18 stated as 42 à 38, 18 à 23, with a
// verdict an earlier metz verify gave it (export/testdata/verified-small.json:
// sound-incomplete, the defences 6-11 and 18-22 omitted; a fixture for the
// writers), and a second problem with a verdict whose evidence is not a
// solver report.
func treeTestDB(t *testing.T) string {
	t.Helper()
	ev, err := os.ReadFile("../../export/testdata/verified-small.json")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "metz.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	stated := func() *problems.Tree {
		return &problems.Tree{Children: []*problems.Node{{Text: "42 à 38", Move: "42-38", White: true,
			Children: []*problems.Node{{Text: "18 à 23", Move: "18-23"}}}}}
	}
	ps := []*problems.Problem{
		{Source: "t", Number: 1, Rules: draughts.International, Position: problems.MustPosition(draughts.International, "W:W16,31,42:B6,18"), Stipulation: problems.StipWin, Solution: stated()},
		{Source: "t", Number: 2, Rules: draughts.International, Position: problems.MustPosition(draughts.International, "W:W16,31,42:B6,18"), Stipulation: problems.StipWin, Solution: stated()},
		{Source: "t", Number: 3, Rules: draughts.International, Stipulation: problems.StipWin},
	}
	if _, err := d.ImportBatch(problems.Source{Key: "t", Title: "test"}, ps, nil); err != nil {
		t.Fatal(err)
	}
	for ref, evidence := range map[string]json.RawMessage{"t:1": ev, "t:2": json.RawMessage(`["not a report"]`)} {
		id, err := d.Resolve(ref)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.AddVerdict(id, db.Verdict{Verdict: "sound-incomplete", Evidence: evidence, Rules: "international", SolverVersion: "metz-solver/1"}); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// runSplit runs metz with standard output and error apart.
func runSplit(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errw bytes.Buffer
	_, _, err := execute(context.Background(), args, &out, &errw)
	return out.String(), errw.String(), err
}

func TestShowTreeBook(t *testing.T) {
	path := treeTestDB(t)
	out, errs, err := runSplit(t, "show", "t:1", "--tree", "--db", path)
	if err != nil {
		t.Fatal(err)
	}
	want := "BLANCS.         NOIRS.\n42 à 38\n                si 18 à 23\n" +
		"                si 6 à 11 * {metz : défense que la source omet ; elle perd aussi}\n16 à 7 *\n"
	if !strings.HasPrefix(out, want) || !strings.HasSuffix(out, "\n* coup ajouté par metz (solveur) : absent de la source.\n") ||
		!strings.Contains(out, "                si 18 à 22 * {metz : défense que la source omet ; elle perd aussi}\n38 à 32 *\n") {
		t.Errorf("got\n%s\nwant it to start\n%s", out, want)
	}
	if errs != "" {
		t.Errorf("notes on a report that fits: %s", errs)
	}
}

func TestShowTreeModernAndPDN(t *testing.T) {
	path := treeTestDB(t)
	out, _, err := runSplit(t, "show", "t:1", "--tree", "--notation", "modern", "--db", path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if !strings.HasPrefix(out, "1. 42-38 18-23 (1... 6-11* {metz: defence the source omits; it loses too} 2.") ||
		lines[len(lines)-1] != "* added by metz (solver): not in the source." {
		t.Errorf("modern:\n%s", out)
	}
	for _, l := range lines {
		if len([]rune(l)) > 78 {
			t.Errorf("line longer than 78: %q", l)
		}
	}
	out, _, err = runSplit(t, "show", "t:1", "--tree", "--notation", "pdn", "--db", path)
	if err != nil || !strings.Contains(out, `[FEN "W:W16,31,42:B6,18"]`) || !strings.Contains(out, `[MetzVerdict "sound-incomplete"]`) ||
		!strings.Contains(strings.Join(strings.Fields(out), " "), "1. 42-38 18-23 (1... 6-11 {metz: defence the source omits; it loses too} 2. 16x7") {
		t.Errorf("pdn: %v\n%s", err, out)
	}
}

func TestShowTreeJSON(t *testing.T) {
	path := treeTestDB(t)
	out, _, err := runSplit(t, "show", "t:1", "--tree", "--json", "--db", path)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Source  string         `json:"source"`
		Number  int            `json:"number"`
		Verdict string         `json:"verdict"`
		Detail  string         `json:"detail"`
		Tree    *problems.Tree `json:"tree"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	origins := map[string]int{}
	got.Tree.Walk(func(n *problems.Node, _ int) { origins[n.Origin]++ })
	if got.Source != "t" || got.Number != 1 || got.Verdict != "sound-incomplete" || origins["printed"] != 2 || origins["solver"] == 0 || origins[""] != 0 ||
		!strings.Contains(got.Detail, "two omitted defences, each answered: 6-11 at ply 2") {
		t.Errorf("got %+v, origins %v\n%s", got, origins, out)
	}
}

// A verdict that carries no solver report, no verdict at all, no tree, a
// bad notation: the stated lines with a note, or a clear error.
func TestShowTreeWithoutEvidenceAndErrors(t *testing.T) {
	path := treeTestDB(t)
	out, errs, err := runSplit(t, "show", "t:2", "--tree", "--db", path)
	if err != nil || strings.Contains(out, "*") || !strings.Contains(errs, "not a solver report") {
		t.Errorf("foreign evidence: %v\n%s\n%s", err, out, errs)
	}
	_, _, err = runSplit(t, "show", "t:3", "--tree", "--db", path)
	if err == nil || !strings.Contains(err.Error(), "t:3 has no solution tree") {
		t.Errorf("no tree: %v", err)
	}
	_, _, err = runSplit(t, "show", "t:1", "--tree", "--notation", "tex", "--db", path)
	if err == nil || !strings.Contains(err.Error(), `--notation "tex": expected one of book, modern, pdn`) {
		t.Errorf("bad notation: %v", err)
	}
}

// The book export prints the same verified tree, and the verdict's
// evidence in words, in French.
func TestExportUsesVerifiedTree(t *testing.T) {
	path := treeTestDB(t)
	out, _, err := runSplit(t, "export", "t:1", "--format", "book", "--db", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"si 6 à 11 * {metz : défense que la source omet ; elle perd aussi}",
		"* coup ajouté par metz (solveur)", "Verdict : juste, solution incomplète — 2 défenses omises par la source"} {
		if !strings.Contains(out, want) {
			t.Errorf("export lacks %q:\n%s", want, out)
		}
	}
}

// Without a verdict the stated lines are printed and the note names the
// command that makes one, with the problem's name.
func TestShowTreeNoVerdict(t *testing.T) {
	path := seedDB(t)
	out, errs, err := runSplit(t, "show", "vantenac:1", "--tree", "--notation", "modern", "--db", path)
	if err != nil || strings.Contains(out, "*") {
		t.Fatalf("%v\n%s", err, out)
	}
	if want := "metz: no verdict yet: the stated lines only (metz verify vantenac:1)\n"; errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}
}

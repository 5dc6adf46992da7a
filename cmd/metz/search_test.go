package main

import (
	"bytes"
	"context"
	"encoding/json"
	"metz/draughts"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"metz/db"
	"metz/problems"
)

// runMetz runs the command line in-process and returns stdout and the error.
func runMetz(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	_, _, err := execute(context.Background(), args, &out, &out)
	return out.String(), err
}

// seedDB imports Van Tenac's problems I-IV as the book states their
// positions (§71-74) into a fresh database and returns its path.
func seedDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "metz.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	tree := &problems.Tree{Children: []*problems.Node{{Text: "28 à 23", Move: "28-23", White: true,
		Children: []*problems.Node{{Text: "prennent de 19 à 39", Move: "19x28x39",
			Children: []*problems.Node{{Text: "30 à 10", Move: "30x19x10", White: true,
				Children: []*problems.Node{{Text: "4 à 15", Move: "4x15"}, {Text: "5 à 14", Issue: "no piece on 5", Line: 449}}}}}}}}}
	ps := []*problems.Problem{
		{Number: 1, Label: "Problème I", Position: problems.MustPosition(draughts.International, "W:W25,28,30,33,35,37,38,40:B4,7,8,12,14,17,18,19,24,26,29"),
			Stipulation: problems.StipWin, SolutionText: "Blancs jouent de.... 28 à 23", Solution: tree, Location: "van-tenac.md:440"},
		{Number: 2, Label: "Problème II", Position: problems.MustPosition(draughts.International, "W:W12,13,24,25,31:B3,5,6,K10,11"), Stipulation: problems.StipWin},
		{Number: 3, Label: "Problème III", Position: problems.MustPosition(draughts.International, "W:W9,22,27,32,35,38:B12,15,26,K50"), Stipulation: problems.StipWin,
			Commentary: "c'est un coup de repos", Themes: []problems.Theme{{Name: "coup-de-repos", Origin: "book", Ply: 1}}},
		{Number: 4, Label: "Problème IV", Position: problems.MustPosition(draughts.International, "W:W14,16,23,28,32,33,34:BK4,6,17,22,35"), Stipulation: problems.StipWin,
			Themes: []problems.Theme{{Name: "lunette", Origin: "book"}}},
	}
	src := problems.Source{Key: "vantenac", Title: "Traité du jeu de dames", Author: "Van Tenac", Year: 1868}
	if _, err := d.ImportBatch(src, ps, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ImportBatch(problems.Source{Key: "metz"}, []*problems.Problem{{Number: 125, Class: "dames-et-pions"}}, nil); err != nil {
		t.Fatal(err)
	}
	return path
}

type searchRow struct {
	ID      int64    `json:"id"`
	Source  string   `json:"source"`
	Number  int      `json:"number"`
	FEN     string   `json:"fen"`
	Themes  []string `json:"themes"`
	Verdict string   `json:"verdict"`
}

func searchJSON(t *testing.T, path string, args ...string) []searchRow {
	t.Helper()
	out, err := runMetz(t, append([]string{"search", "--db", path, "--json", "--with-empty"}, args...)...)
	if err != nil {
		t.Fatalf("search %v: %v", args, err)
	}
	var rows []searchRow
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("search %v: output is not one JSON array: %v\n%s", args, err, out)
	}
	return rows
}

func rowNumbers(rows []searchRow) []int {
	out := []int{}
	for _, r := range rows {
		out = append(out, r.Number)
	}
	return out
}

func TestSearchCommand(t *testing.T) {
	path := seedDB(t)
	cases := []struct {
		args []string
		want []int
	}{
		{[]string{"--source", "vantenac"}, []int{1, 2, 3, 4}},
		{[]string{"--source", "metz,vantenac", "--number", "2-125"}, []int{125, 2, 3, 4}},
		{[]string{"--black-kings", "1", "--white-pieces", "6-"}, []int{3, 4}}, // six and seven white men
		{[]string{"--theme", "lunette OR coup-de-repos"}, []int{3, 4}},
		{[]string{"--theme", "NOT lunette", "--source", "vantenac"}, []int{1, 2, 3}},
		{[]string{"--pattern", "W:W28,33:B19"}, []int{1}},
		{[]string{"--side", "white", "--class", "dames-et-pions"}, []int{}},
		{[]string{"--no-position"}, []int{125}},
		{[]string{"--text", "repos"}, []int{3}},
		{[]string{"--verdict", "none", "--limit", "1"}, []int{125}},
	}
	for _, c := range cases {
		if got := rowNumbers(searchJSON(t, path, c.args...)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("search %v: got %v, want %v", c.args, got, c.want)
		}
	}
	rows := searchJSON(t, path, "--number", "4")
	if len(rows) != 1 || rows[0].Source != "vantenac" || rows[0].FEN != "W:W14,16,23,28,32,33,34:BK4,6,17,22,35" ||
		!reflect.DeepEqual(rows[0].Themes, []string{"lunette"}) || rows[0].ID == 0 {
		t.Errorf("JSON row %+v", rows)
	}
	// An empty result is still one JSON array.
	if out, _ := runMetz(t, "search", "--db", path, "--json", "--number", "999"); strings.TrimSpace(out) != "[]" {
		t.Errorf("empty result printed %q", out)
	}
}

func TestListTable(t *testing.T) {
	path := seedDB(t)
	out, err := runMetz(t, "list", "--db", path, "--with-empty")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"vantenac:1", "Problème IV", "metz:125", "(no position)", "lunette", "5 problems"} {
		if !strings.Contains(out, want) {
			t.Errorf("list table lacks %q:\n%s", want, out)
		}
	}
	if out, _ := runMetz(t, "list", "--db", path, "--source", "metz", "--with-empty"); !strings.HasSuffix(out, "\n1 problem\n") {
		t.Errorf("one problem counted as:\n%s", out)
	}
	// Without --with-empty, the record without a diagram is left out and
	// counted in one line, by list and search alike.
	for _, cmd := range []string{"list", "search"} {
		out, err := runMetz(t, cmd, "--db", path)
		if err != nil || strings.Contains(out, "metz:125") || !strings.HasSuffix(out, "\n4 problems\n1 record without a diagram left out (--with-empty shows them)\n") {
			t.Errorf("%s: %v\n%s", cmd, err, out)
		}
	}
}

func TestSearchErrors(t *testing.T) {
	path := seedDB(t)
	cases := map[string][]string{
		"no database at":                 {"list", "--db", filepath.Join(t.TempDir(), "none.db")},
		"--white-pieces":                 {"search", "--db", path, "--white-pieces", "x"},
		"--number":                       {"search", "--db", path, "--number", "5-3"},
		`theme expression "lunette AND"`: {"search", "--db", path, "--theme", "lunette AND"},
		`pattern "W:W51"`:                {"search", "--db", path, "--pattern", "W:W51"},
		`verdict "great"`:                {"search", "--db", path, "--verdict", "great"},
		"unknown rule system":            {"search", "--db", path, "--rules", "chess"},
		"exclude each other":             {"search", "--db", path, "--position", "--no-position"},
	}
	for want, args := range cases {
		_, err := runMetz(t, args...)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: err %v, want %q", args, err, want)
		}
	}
}

// A misspelt theme is an error naming the nearest theme, not an empty
// result.
func TestSearchUnknownTheme(t *testing.T) {
	path := seedDB(t)
	_, err := runMetz(t, "search", "--db", path, "--theme", "lunete")
	if err == nil || !strings.Contains(err.Error(), "did you mean lunette?") || !strings.Contains(err.Error(), "known themes:") {
		t.Errorf("lunete: %v", err)
	}
}

// search --json says on the error stream what it left out, the JSON on the
// output stream staying one array of what it found.
func TestSearchJSONSaysWhatItLeftOut(t *testing.T) {
	path := seedDB(t)
	for _, c := range []struct {
		args    []string
		rows    int
		leftOut string
	}{
		{nil, 4, "metz: 1 record without a diagram left out (--with-empty shows them)\n"},
		{[]string{"--with-empty"}, 5, ""},
		{[]string{"--source", "vantenac"}, 4, ""},
	} {
		var out, errs bytes.Buffer
		args := append([]string{"search", "--db", path, "--json"}, c.args...)
		if _, _, err := execute(context.Background(), args, &out, &errs); err != nil {
			t.Fatal(err)
		}
		var rows []searchRow
		if err := json.Unmarshal(out.Bytes(), &rows); err != nil || len(rows) != c.rows || errs.String() != c.leftOut {
			t.Errorf("search --json %v: %d rows (%v), stderr %q; want %d rows and %q", c.args, len(rows), err, errs.String(), c.rows, c.leftOut)
		}
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"metz/db"
	"metz/draughts"
	"metz/problems"
)

// exportTestDB stores Van Tenac's Problem II (position and solution as
// printed: 24 à 19, the black king 10 takes three and stops on 8, "prend 3
// pions", 13 takes it and is crowned on 2) with a verdict and a note.
func exportTestDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "metz.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	const fen = "W:W12,13,24,25,31:B3,5,6,K10,11"
	pos, err := draughts.ParseFEN(draughts.International, fen)
	if err != nil {
		t.Fatal(err)
	}
	var first, prev *problems.Node
	for _, mv := range []string{"24-19", "10x8", "13x2"} {
		m, err := draughts.ParseMove(pos, mv)
		if err != nil {
			t.Fatal(err)
		}
		n := &problems.Node{Move: draughts.International.FormatMove(m, true), White: pos.Turn == draughts.White}
		if first == nil {
			first = n
		} else {
			prev.Children = []*problems.Node{n}
		}
		prev, pos = n, pos.Play(m)
	}
	prev.Mark = "gagne"
	first.Children[0].Comment = "prend 3 pions"
	p := &problems.Problem{Source: "vantenac", Number: 72, Label: "Problème II", Rules: draughts.International, Position: problems.MustPosition(draughts.International, fen),
		Stipulation: problems.StipWin, Solution: &problems.Tree{Start: problems.MustPosition(draughts.International, fen), Children: []*problems.Node{first}},
		Themes: []problems.Theme{{Name: "rafle", Origin: problems.OriginBook}}}
	if _, err := d.ImportBatch(problems.Source{Key: "vantenac", Title: "Traité"}, []*problems.Problem{p}, nil); err != nil {
		t.Fatal(err)
	}
	id, err := d.Resolve("vantenac:72")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddVerdict(id, db.Verdict{Verdict: "sound", Rules: "international", SolverVersion: "test"}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddNote(id, "la dame prend trois pions"); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestExportCommandFormats(t *testing.T) {
	dbPath := exportTestDB(t)
	book, err := runMetz(t, "--db", dbPath, "export", "vantenac:72", "--format", "book")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Problème II", "24 à 19         10 à 8 {prend 3 pions}", "13 à 2 gagne", "Verdict : juste", "Note : la dame prend trois pions"} {
		if !strings.Contains(book, want) {
			t.Errorf("book export lacks %q:\n%s", want, book)
		}
	}
	// --plain: the same moves and marks, no comment.
	plain, err := runMetz(t, "--db", dbPath, "export", "vantenac:72", "--format", "book", "--plain")
	if err != nil || strings.Contains(plain, "{") ||
		!strings.Contains(plain, "24 à 19         10 à 8\n13 à 2 gagne.") {
		t.Errorf("--plain (%v):\n%s", err, plain)
	}
	js, err := runMetz(t, "--db", dbPath, "export", "--source", "vantenac", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var arr []map[string]any
	if err := json.Unmarshal([]byte(js), &arr); err != nil || len(arr) != 1 || arr[0]["verdict"] != "sound" {
		t.Errorf("json export by --source: %v\n%s", err, js)
	}
	dir := t.TempDir()
	for _, name := range []string{"out.pdn", "out.html", "out.pdf"} {
		file := filepath.Join(dir, name)
		if _, err := runMetz(t, "--db", dbPath, "export", "--theme", "rafle", "-o", file); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := os.ReadFile(file)
		if err != nil || len(b) == 0 {
			t.Errorf("%s not written (%v)", name, err)
		}
	}
	pdnText, _ := os.ReadFile(filepath.Join(dir, "out.pdn"))
	if !strings.Contains(string(pdnText), `[FEN "W:W12,13,24,25,31:B3,5,6,K10,11"]`) || !strings.Contains(string(pdnText), "1. 24-19 10x8") {
		t.Errorf("PDN chosen by the file's extension:\n%s", pdnText)
	}
}

func TestExportCommandErrors(t *testing.T) {
	dbPath := exportTestDB(t)
	cases := map[string][]string{
		"binary file":          {"export", "--format", "pdf"},
		"expected one of book": {"export", "--format", "docx"},
		"expected 1 to 4":      {"export", "--per-page", "7"},
		`extension ".xyz"`:     {"export", "-o", filepath.Join(t.TempDir(), "x.xyz")},
		`extension ""`:         {"export", "-o", filepath.Join(t.TempDir(), "noext")},
		"--number":             {"export", "--number", "x-y"},
		"vantenac:999":         {"export", "vantenac:999"},
		"no problem matches":   {"export", "--number", "900-999", "--source", "vantenac", "-o", filepath.Join(t.TempDir(), "none.pdn")},
	}
	for want, args := range cases {
		_, err := runMetz(t, append([]string{"--db", dbPath}, args...)...)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("metz %v: error %v, want one mentioning %q", args, err, want)
		}
		if out := args[len(args)-1]; strings.HasSuffix(out, "none.pdn") {
			if _, err := os.Stat(out); err == nil {
				t.Errorf("an export of nothing wrote %s", out)
			}
		}
	}
}

// Records without a diagram are left out of an export chosen by filters,
// counted in one line; --with-empty and naming them keep them.
func TestExportLeavesOutRecordsWithoutDiagram(t *testing.T) {
	dbPath := exportTestDB(t)
	d, err := db.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	empty := []*problems.Problem{
		{Source: "vantenac", Number: 6, Label: "coup 6", Rules: draughts.International, Stipulation: problems.StipWin},
		{Source: "vantenac", Number: 7, Label: "coup 7", Rules: draughts.International, Stipulation: problems.StipWin},
	}
	if _, err := d.ImportBatch(problems.Source{Key: "vantenac", Title: "Traité"}, empty, nil); err != nil {
		t.Fatal(err)
	}
	// verify --all gives each record without a diagram its verdict, with
	// evidence no tree can hold: an export says nothing of it.
	for _, ref := range []string{"vantenac:6", "vantenac:7"} {
		id, err := d.Resolve(ref)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.AddVerdict(id, db.Verdict{Verdict: "no-position", Evidence: []byte(`{"verdict":"no-position"}`)}); err != nil {
			t.Fatal(err)
		}
	}
	d.Close()
	out, err := runMetz(t, "--db", dbPath, "export", "--source", "vantenac", "--format", "book")
	if err != nil || strings.Contains(out, "position inconnue") || !strings.Contains(out, "Problème II") ||
		strings.Count(out, "without a diagram") != 1 || !strings.Contains(out, "2 records without a diagram left out (--with-empty keeps them)") {
		t.Errorf("default export (%v):\n%s", err, out)
	}
	for _, format := range []string{"book", "pdn", "json"} {
		out, err = runMetz(t, "--db", dbPath, "export", "--source", "vantenac", "--format", format, "--with-empty")
		if err != nil || strings.Contains(out, "left out") || strings.Contains(out, "solver evidence left out") {
			t.Errorf("--with-empty --format %s (%v):\n%s", format, err, out)
		}
		if format == "book" && strings.Count(out, "position inconnue") != 2 {
			t.Errorf("--with-empty: the records without a diagram are not there:\n%s", out)
		}
	}
	out, err = runMetz(t, "--db", dbPath, "export", "vantenac:6", "--format", "book")
	if err != nil || !strings.Contains(out, "position inconnue") {
		t.Errorf("a record named as an argument (%v):\n%s", err, out)
	}
}

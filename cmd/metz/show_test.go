package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

func TestShowText(t *testing.T) {
	path := seedDB(t)
	out, err := runMetz(t, "show", "vantenac:1", "--db", path, "--ascii")
	if err != nil {
		t.Fatal(err)
	}
	// White at the bottom. Numbering runs left to right from Black's side:
	// rank 4 holds 31-35 on b d f h j, rank 3 holds 36-40 on a c e g i.
	// Problem I has white men on 33, 35 and 37, 38, 40.
	ranks := map[string]string{}
	for _, l := range strings.Split(out, "\n") {
		if len(l) > 3 {
			ranks[l[:3]] = strings.TrimRight(l, " ")
		}
	}
	if got := ranks[" 4 "]; got != " 4   .   .   w   .   w" {
		t.Errorf("rank 4 is %q", got)
	}
	if got := ranks[" 3 "]; got != " 3 .   w   w   .   w" {
		t.Errorf("rank 3 is %q", got)
	}
	for _, want := range []string{
		"vantenac:1  Problème I",
		"FEN: W:W25,28,30,33,35,37,38,40:B4,7,8,12,14,17,18,19,24,26,29",
		"Blancs jouent de.... 28 à 23",
		// The tree in modern notation: the book's "si" branch in
		// parentheses after the move it replaces, the misprint unplayed.
		"\nSolution tree:\n  1. 28-23 19x39 2. 30x10 4x15 (2... [5 à 14?])\n" +
			"  not resolved at ply 4, \"5 à 14\": no piece on 5 (line 449)\n",
		"none yet",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q:\n%s", want, out)
		}
	}
}

func TestShowNumbersAndNoPosition(t *testing.T) {
	path := seedDB(t)
	out, err := runMetz(t, "show", "vantenac:2", "--db", path, "--numbers", "--ascii")
	if err != nil {
		t.Fatal(err)
	}
	// Square 46 (a1) is empty in Problem II: with --numbers it is written.
	if !strings.Contains(out, " 1 46") {
		t.Errorf("no square number 46 on rank 1:\n%s", out)
	}
	out, err = runMetz(t, "show", "metz:125", "--db", path)
	if err != nil || !strings.Contains(out, "No position") {
		t.Errorf("metz:125: %v\n%s", err, out)
	}
}

func TestTagNoteShowJSON(t *testing.T) {
	path := seedDB(t)
	out, err := runMetz(t, "tag", "vantenac:2", "dame-prise", "--db", path, "--json")
	if err != nil || !strings.Contains(out, `"added":true`) {
		t.Fatalf("tag: %v %s", err, out)
	}
	out, _ = runMetz(t, "tag", "vantenac:2", "dame-prise", "--db", path)
	if !strings.Contains(out, "already tagged") {
		t.Errorf("second tag: %s", out)
	}
	out, err = runMetz(t, "note", "vantenac:2", "the", "king", "is", "taken", "--db", path, "--json")
	if err != nil || !strings.Contains(out, `"text":"the king is taken"`) {
		t.Fatalf("note: %v %s", err, out)
	}
	out, err = runMetz(t, "show", "vantenac:2", "--db", path, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		ID     int64  `json:"id"`
		Source string `json:"source"`
		FEN    string `json:"fen"`
		Themes []struct {
			Name, Origin string
		} `json:"themes"`
		Notes    []struct{ Text string } `json:"notes"`
		Verdicts []any                   `json:"verdicts"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if rec.Source != "vantenac" || rec.FEN != "W:W12,13,24,25,31:B3,5,6,K10,11" || len(rec.Themes) != 1 ||
		rec.Themes[0].Origin != "user" || len(rec.Notes) != 1 || rec.Verdicts == nil {
		t.Errorf("show --json: %+v", rec)
	}
	rows := searchJSON(t, path, "--theme", "dame-prise", "--theme-origin", "user")
	if len(rows) != 1 || rows[0].Number != 2 {
		t.Errorf("search by user tag: %+v", rows)
	}
	// A theme written in words, as the books name it, is their key.
	out, err = runMetz(t, "tag", "vantenac:3", "Coup  turc", "--db", path)
	if err != nil || !strings.Contains(out, "tagged coup-turc") {
		t.Errorf("tag in words: %q %v", out, err)
	}
	rows = searchJSON(t, path, "--theme", "coup turc AND NOT dame prise", "--theme-origin", "user")
	if len(rows) != 1 || rows[0].Number != 3 {
		t.Errorf("search in words: %+v", rows)
	}
	// And off again; a note deleted by the number show gives it.
	if out, err := runMetz(t, "tag", "vantenac:3", "coup turc", "--remove", "--db", path); err != nil || !strings.Contains(out, "untagged coup-turc") {
		t.Errorf("tag --remove: %q %v", out, err)
	}
	if rows := searchJSON(t, path, "--theme", "coup-turc", "--theme-origin", "user"); len(rows) != 0 {
		t.Errorf("still tagged: %+v", rows)
	}
	out, _ = runMetz(t, "show", "vantenac:2", "--db", path)
	m := regexp.MustCompile(`\[(\d+)\] \d{4}-\d\d-\d\d \d\d:\d\d  the king is taken`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("show lists no numbered note:\n%s", out)
	}
	if out, err := runMetz(t, "note", "vantenac:2", "--delete", m[1], "--db", path); err != nil || !strings.Contains(out, "deleted") {
		t.Errorf("note --delete: %q %v", out, err)
	}
	if _, err := runMetz(t, "note", "vantenac:2", "--delete", m[1], "--db", path); err == nil || !strings.Contains(err.Error(), "has no note") {
		t.Errorf("second delete: %v", err)
	}
}

func TestShowTagNoteErrors(t *testing.T) {
	path := seedDB(t)
	cases := map[string][]string{
		"no problem vantenac:99":  {"show", "vantenac:99", "--db", path},
		"no problem with id 999":  {"show", "999", "--db", path},
		"not a problem reference": {"show", "lunette", "--db", path},
		"is a keyword":            {"tag", "vantenac:1", "AND", "--db", path},
		"parenthesis":             {"tag", "vantenac:1", "coup (de repos)", "--db", path},
		"empty note":              {"note", "vantenac:1", " ", "--db", path},
		"run metz import first":   {"tag", "1", "x", "--db", path + ".missing"},
	}
	for want, args := range cases {
		_, err := runMetz(t, args...)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: err %v, want %q", args, err, want)
		}
	}
}

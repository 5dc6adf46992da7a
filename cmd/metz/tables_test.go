package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A table directory that cannot be written is read for what it holds,
// the tables built kept in memory, and the command says so on stderr
// (not with --json); the answer is the same.
func TestTablesReadOnlySaid(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, err := runSplit(t, "solve", "W:WK8,K20,K37:B43", "--tables", filepath.Join(file, "tables"), "--budget", "200000-nodes")
	if err != nil || !strings.Contains(errs, "cannot be written: its endgame tables are read, those built are kept in memory") ||
		!strings.Contains(out, "result:  win") {
		t.Errorf("read-only tables: %v\nstdout %s\nstderr %s", err, out, errs)
	}
	_, errs, err = runSplit(t, "solve", "W:WK8,K20,K37:B43", "--tables", filepath.Join(file, "tables"), "--budget", "200000-nodes", "--json")
	if err != nil || strings.Contains(errs, "cannot be written") {
		t.Errorf("read-only tables, --json: %v, stderr %q", err, errs)
	}
}

// A position no game reaches (a man on its crowning row) is searched as
// given, with a warning, under every rule system: the tables built in
// memory have no index for it and once panicked.
func TestSolveManOnCrowningRow(t *testing.T) {
	cases := [][]string{
		{"W:WK1:B8", "turkish", "Black man on h1", "W:WKa1:BKh1"},
		{"W:WKa1:Bc1,h6", "russian", "Black man on c1", "W:WKa1:Bh6,Kc1"},
		{"W:W3,K20:B45", "international", "White man on 3", "W:WK3,K20:B45"},
		// Beginner's problem 10 as the PDN standard's beginner.pdn has it.
		{"W:W18,K15,1:BK30,K26,2", "english", "White man on 1", "W:WK1,K15,18:B2,K26,K30"},
	}
	for _, c := range cases {
		out, errs, err := runSplit(t, "solve", c[0], "--rules", c[1], "--tables", "auto", "--budget", "20000-nodes", "--json")
		if err != nil {
			t.Fatalf("%s %s: %v", c[1], c[0], err)
		}
		// The reading a game can reach is named, to be solved in turn.
		if !strings.Contains(errs, "warning: "+c[2]+", its crowning row") || !strings.Contains(errs, "crowned, as a game would have it: "+c[3]+"\n") ||
			!strings.Contains(out, `"result"`) {
			t.Errorf("%s %s: stdout %q, stderr %q", c[1], c[0], out, errs)
		}
	}
}

// moves says so when the side to move has none (it printed nothing), and
// what that means under the rules; --json prints an empty array.
func TestMovesNone(t *testing.T) {
	for rules, want := range map[string]string{"international": "has lost", "qui-perd-gagne": "has won"} {
		out, errs, err := runSplit(t, "moves", "W:WK46:B41,37", "--rules", rules)
		if err != nil || out != "" || !strings.Contains(errs, "no legal move: White to move has none, and so "+want) {
			t.Errorf("%s: %v %q %q", rules, err, out, errs)
		}
	}
	out, errs, err := runSplit(t, "moves", "W:WK46:B41,37", "--json")
	if err != nil || out != "[]\n" || errs != "" {
		t.Errorf("--json: %v %q %q", err, out, errs)
	}
}

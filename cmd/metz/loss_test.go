package main

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// An English problem book gives the winner in the Result, Black's score
// first: "1-0" with White to move says White loses. Imported with --rules
// english, the problem's goal is that loss, and verify --all checks it:
// sound where Black wins against every White move, unsound where White
// (king against king) holds the draw.
func TestImportedLossVerified(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "book.pdn")
	write(t, file, "[Result \"1-0\"]\n[FEN \"W:W30:B5,K9\"]\n*\n\n[Result \"1-0\"]\n[FEN \"W:WK32:BK1\"]\n*\n")
	path := filepath.Join(dir, "metz.db")
	if _, err := importJSON(t, "--db", path, "--rules", "english", file); err != nil {
		t.Fatal(err)
	}
	out, _, err := runSplit(t, "verify", "--db", path, "--all", "--tables", "none", "--budget", "5M-nodes,1m", "--jobs", "1", "--json")
	if err != nil {
		t.Fatal(err, out)
	}
	var reps []struct {
		Verdict string `json:"verdict"`
		Goal    string `json:"goal"`
	}
	if err := json.Unmarshal([]byte(out), &reps); err != nil || len(reps) != 2 {
		t.Fatalf("%v, %d reports\n%s", err, len(reps), out)
	}
	for i, want := range []string{"sound", "unsound"} {
		if reps[i].Goal != "loss" || reps[i].Verdict != want {
			t.Errorf("problem %d: %s on goal %s, want %s on loss", i+1, reps[i].Verdict, reps[i].Goal, want)
		}
	}
}

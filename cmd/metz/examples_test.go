package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// The example transcription imports without a warning, every move resolves,
// and the detector finds the coup de repos the book names.
func TestExampleTranscription(t *testing.T) {
	path := filepath.Join(t.TempDir(), "metz.db")
	rows, err := importJSON(t, "--db", path, "../../examples/coup-de-repos.metz")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].Problems != 1 || rows[0].Warnings != 0 {
		t.Fatalf("import: %+v", rows)
	}
	out, err := runMetz(t, "show", "coup-de-repos:3", "--db", path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "1. 9-4 50x6 2. 38-33 6x50 3. 27-21 26x17 4. 32-28 50x22 5. 4x27 gagne") {
		t.Fatalf("show does not give the resolved line:\n%s", out)
	}
	by := detectJSON(t, path, "--all")
	found := false
	for _, th := range by["coup-de-repos:3"].Themes {
		found = found || (th.Name == "coup-de-repos" && th.Ply == 1)
	}
	if !found {
		t.Fatalf("no coup de repos detected: %+v", by)
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"metz/problems"
)

// The Livre de Metz prints 22 rules; the import keeps them, re-import does
// not double them, and one can be asked for by number.
func TestRulesCommand(t *testing.T) {
	path := importBundledDB(t)
	if _, err := runMetz(t, "import", "--db", path); err != nil {
		t.Fatal(err)
	}
	out, err := runMetz(t, "rules", "--db", path, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rules []problems.SourceText
	if err := json.Unmarshal([]byte(out), &rules); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(rules) != 22 {
		t.Fatalf("%d rules, want 22", len(rules))
	}
	for i, r := range rules {
		if r.Number != i+1 || r.Kind != "rule" || strings.TrimSpace(r.Text) == "" || r.Line == 0 {
			t.Fatalf("rule %d: %+v", i+1, r)
		}
	}
	one, err := runMetz(t, "rules", "12", "--db", path)
	if err != nil || !strings.HasPrefix(one, "Règle 12 ") {
		t.Fatalf("rules 12: %v\n%s", err, one)
	}
	if _, err := runMetz(t, "rules", "23", "--db", path); err == nil || !strings.Contains(err.Error(), "22 rules") {
		t.Fatalf("rules 23: want an error naming the 22 rules, got %v", err)
	}
}

// Without a database the Livre de Metz's rules are read from the bundled
// copy, the same 22 as an import keeps; another source still needs one.
func TestRulesWithoutDatabase(t *testing.T) {
	path := importBundledDB(t)
	fromDB, err := runMetz(t, "rules", "--db", path, "--json")
	if err != nil {
		t.Fatal(err)
	}
	none := filepath.Join(t.TempDir(), "none.db")
	bundled, err := runMetz(t, "rules", "--db", none, "--json")
	if err != nil || bundled != fromDB {
		t.Errorf("without a database: %v\n%.200s\nwant\n%.200s", err, bundled, fromDB)
	}
	if _, err := os.Stat(none); !os.IsNotExist(err) {
		t.Errorf("a database was created: %v", err)
	}
	if _, err := runMetz(t, "rules", "--db", none, "--source", "vantenac"); err == nil || !strings.Contains(err.Error(), "metz import") {
		t.Errorf("another source without a database: %v", err)
	}
}

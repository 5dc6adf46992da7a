package main

import (
	"encoding/json"
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

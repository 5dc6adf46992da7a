package app

import (
	"path/filepath"
	"strings"
	"testing"
)

// Without a database the Livre de Metz's 22 rules are read from the
// bundled copy; one is picked by number, and a bad number is named.
func TestRuleTextsWithoutDatabase(t *testing.T) {
	none := filepath.Join(t.TempDir(), "none.db")
	all, err := RuleTexts(none, "metz", "")
	if err != nil || len(all) != 22 {
		t.Fatalf("%v: %d rules, want 22", err, len(all))
	}
	one, err := RuleTexts(none, "metz", "12")
	if err != nil || len(one) != 1 || one[0].Number != 12 {
		t.Errorf("rule 12: %v %+v", err, one)
	}
	for arg, want := range map[string]string{"x": "expected a number", "99": "no rule 99 (the source has 22 rules)"} {
		if _, err := RuleTexts(none, "metz", arg); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("rule %s: %v", arg, err)
		}
	}
}

package trictrac

import (
	"slices"
	"testing"
)

func ruleByKey(t *testing.T, key string) Rule {
	t.Helper()
	for _, r := range Rules() {
		if r.Key == key {
			return r
		}
	}
	t.Fatalf("no rule %s", key)
	return Rule{}
}

func TestRulesCases(t *testing.T) {
	want := map[string]int{"ten-more": 6, "progression": 63, "second-method-two": 15, "second-method-three": 20,
		"second-method-three-each-pair": 20, "two-ways-two": 15, "two-ways-three": 20, "two-ways-four": 15,
		"point": 728, "point-backgammon": 728, "sums": 11}
	for _, r := range Rules() {
		if n, ok := want[r.Key]; !ok || len(r.Cases) != n {
			t.Errorf("rule %s: %d cases, want %d", r.Key, len(r.Cases), n)
		}
		if r.Says == "" || r.Find == "" || r.Scope == "" {
			t.Errorf("rule %s is not described", r.Key)
		}
	}
}

// TestRulesAgree: every rule of the Trictrac treatise gives the exact count
// on every case it covers, but the second method for three numbers read
// word for word, which is one short for 1, 2, 4 (two pairs of which one
// is half the other, one unit counted).
func TestRulesAgree(t *testing.T) {
	for _, r := range Rules() {
		d := r.Disagreements()
		switch r.Key {
		case "second-method-three":
			if len(d) != 1 || !slices.Equal(d[0].Numbers, []int{1, 2, 4}) || d[0].Rule != 26 || d[0].Exact != 27 {
				t.Errorf("%s: disagreements %+v, want 1 2 4 (26 against 27)", r.Key, d)
			}
		case "point-backgammon":
			if len(d) == 0 {
				t.Errorf("%s: no disagreement", r.Key)
			}
			for _, c := range d {
				if c.Exact <= c.Rule {
					t.Errorf("%s %s: exact %d not above the rule's %d (doublets only add chances)", r.Key, c.Case, c.Exact, c.Rule)
				}
			}
		default:
			if len(d) > 0 {
				t.Errorf("%s: %d disagreements, first %+v", r.Key, len(d), d[0])
			}
		}
	}
}

// TestRulesBookExamples: the rules on the book's own examples.
func TestRulesBookExamples(t *testing.T) {
	for _, c := range []struct {
		rule    string
		numbers []int
		want    int
	}{
		{"second-method-two", []int{1, 2}, 20}, {"second-method-three", []int{1, 2, 3}, 27},
		{"two-ways-four", []int{1, 2, 4, 6}, 18}, {"two-ways-four", []int{1, 2, 3, 4}, 14},
		{"two-ways-four", []int{3, 4, 5, 6}, 23}, {"two-ways-three", []int{2, 4, 6}, 7},
		{"two-ways-three", []int{1, 3, 5}, 12}, {"two-ways-three", []int{1, 5, 6}, 8},
		{"ten-more", []int{6}, 16}, {"ten-more", []int{1}, 11}, {"progression", []int{1, 2, 3}, 27},
		{"progression", []int{1, 2, 3, 4}, 32},
	} {
		r := ruleByKey(t, c.rule)
		i := slices.IndexFunc(r.Cases, func(rc RuleCase) bool { return slices.Equal(rc.Numbers, c.numbers) })
		if i < 0 {
			t.Errorf("%s: no case %v", c.rule, c.numbers)
			continue
		}
		if rc := r.Cases[i]; rc.Rule != c.want || rc.Exact != c.want {
			t.Errorf("%s %v: rule %d, exact %d, want %d", c.rule, c.numbers, rc.Rule, rc.Exact, c.want)
		}
	}
	// The point method on the Backgammon example: 8 and 20 by the rule,
	// 10 and 22 by the count (3-3 and 2-2 played four times).
	r := ruleByKey(t, "point-backgammon")
	for _, c := range []struct {
		st         string
		rule, want int
	}{{"3×1 4×2 6×2", 8, 10}, {"2×1 3×1 4×1 5×1 6×1", 20, 22}} {
		i := slices.IndexFunc(r.Cases, func(rc RuleCase) bool { return rc.Case == c.st })
		if i < 0 || r.Cases[i].Rule != c.rule || r.Cases[i].Exact != c.want {
			t.Errorf("point-backgammon %s: %+v", c.st, r.Cases[max(i, 0)])
		}
	}
}

package textout

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"metz/draughts"
	"metz/verdict"
)

// The hint after unproven verdicts names the limit they ran into and a
// budget four times as large on both limits, which takes the search
// further whichever stopped it (issue 32: "a larger one may settle them"
// once named a budget no larger than the one that ran out).
func TestUnprovenHintNamesALargerBudget(t *testing.T) {
	b := verdict.Budget{Nodes: 5_000_000, Time: 10 * time.Second, MemoryMB: 64}
	reports := []*verdict.Report{{Verdict: verdict.Sound, Budget: b},
		{Verdict: verdict.Unproven, Rules: "russian", Budget: b, ProofNodes: 5_000_000, Seconds: 3, TablesUnsaved: 7},
		{Verdict: verdict.Unproven, Budget: b, ProofNodes: 1_000_000, Seconds: 10, TablesUnsaved: 1}}
	h := UnprovenHint(reports, noneSaved)
	for _, want := range []string{"2 unproven", "10s,5M-nodes,64MB", "1 at the node limit, 1 at the time limit", "--budget 40s,20M-nodes,64MB"} {
		if !strings.Contains(h, want) {
			t.Errorf("hint %q lacks %q", h, want)
		}
	}
	// A time given alone: the hint goes on from the nodes it allowed.
	alone := verdict.Budget{Time: 30 * time.Second}.WithDefaults()
	h = UnprovenHint([]*verdict.Report{{Verdict: verdict.Unproven, Budget: alone, ProofNodes: 9_000_000, Seconds: 30.2}}, fiveSaved)
	if !strings.Contains(h, "1 at the time limit") || !strings.Contains(h, "--budget 2m0s,480M-nodes,64MB") {
		t.Errorf("30s alone: hint %q", h)
	}
	if h := UnprovenHint(reports[:1], noneSaved); h != "" {
		t.Errorf("hint without unproven verdicts: %q", h)
	}
	// The 5-piece tables are suggested for international problems only,
	// and only when they are not there; the Russian ones, for the Russian
	// problem.
	reports[2].Rules = "international"
	if h := UnprovenHint(reports, noneSaved); !strings.Contains(h, "--pieces 5") {
		t.Errorf("no 5-piece tables, international unproven: hint %q", h)
	}
	if h := UnprovenHint(reports, fiveSaved); strings.Contains(h, "metz endgame build --pieces 5") {
		t.Errorf("5-piece tables there: hint %q", h)
	}
	if h := UnprovenHint(reports[:2], noneSaved); strings.Contains(h, "metz endgame build --pieces 5") ||
		!strings.Contains(h, "metz endgame build --rules russian --pieces 5") {
		t.Errorf("russian only: hint %q", h)
	}
	// A search that met no ending the tables hold gets no table advice,
	// only the larger budget.
	reports[1].TablesUnsaved, reports[2].TablesUnsaved = 0, 0
	if h := UnprovenHint(reports, noneSaved); strings.Contains(h, "endgame build") || !strings.Contains(h, "--budget") {
		t.Errorf("no ending met: hint %q", h)
	}
}

// The hint to save tables names as many pieces as take minutes on the
// board (five on 8x8, four on Turkish's and Canadian's), and none on the
// 10x10 board: international has its own hint, and Manoury's rule and
// qui perd gagne would take hours.
func TestSavedTablesHint(t *testing.T) {
	want := map[string]int{"russian": 5, "italian": 5, "turkish": 4, "canadian": 4,
		"international": 0, "manoury": 0, "qui-perd-gagne": 0}
	for name, pieces := range want {
		hint := SavedTablesHint(name, noneSaved)
		if pieces == 0 {
			if hint != "" {
				t.Errorf("%s: hint %q, want none", name, hint)
			}
			continue
		}
		if hint := SavedTablesHint(name, func(string) int { return pieces }); hint != "" {
			t.Errorf("%s: %d pieces saved, yet hint %q", name, pieces, hint)
		}
		if flag := fmt.Sprintf("--rules %s --pieces %d ", name, pieces); !strings.Contains(hint, flag) {
			t.Errorf("%s: hint %q does not say %q", name, hint, flag)
		}
	}
}

// noneSaved and fiveSaved tell the hints which tables are saved: none,
// or the international ones of up to five pieces.
func noneSaved(string) int { return 0 }

func fiveSaved(rules string) int {
	if rules == draughts.International.Name {
		return 5
	}
	return 0
}

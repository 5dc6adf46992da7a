package verdict

import (
	"slices"
	"testing"
)

// A first move that meets the goal is a cook only beside a stated key:
// with no key stated (verify --fen without --solution) it is named as
// what it is.
func TestFindingsCooksNeedAStatedKey(t *testing.T) {
	cooks := []Cook{{Move: "28x19"}}
	stated := &Report{Verdict: Cooked, Key: "37-31", Cooks: cooks}
	if got := stated.Findings(); !slices.Contains(got, "one cook: 28x19") {
		t.Errorf("beside a stated key: %q", got)
	}
	none := &Report{Verdict: Sound, Cooks: cooks}
	got := none.Findings()
	if !slices.Contains(got, "one first move meets the goal: 28x19") || slices.Contains(got, "one cook: 28x19") {
		t.Errorf("no stated key: %q", got)
	}
}

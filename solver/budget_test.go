package solver

import (
	"testing"
	"time"

	"metz/draughts"
	"metz/verdict"
)

// A time alone is what runs out, and not a node count reached first: a
// search of the starting position given a quarter of a second.
func TestBudgetTimeAloneBinds(t *testing.T) {
	sol := solveT(draughts.Start(draughts.International), Win, verdict.Budget{Time: 250 * time.Millisecond})
	if sol.Result != "unknown" || sol.Budget.Stop(sol.Nodes, sol.Seconds) != "time" {
		t.Errorf("250ms alone: %s after %d nodes in %.2fs of %+v, want unknown, stopped by the clock", sol.Result, sol.Nodes, sol.Seconds, sol.Budget)
	}
}

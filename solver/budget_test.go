package solver

import (
	"testing"
	"time"

	"metz/draughts"
	"metz/draughts/bitboard10"
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

// A share is a part of the time left as well as of the nodes: under a
// clock whose node limit is far off, a part that does not end takes its
// part of the time, not the whole (the first omitted defence of a printed
// line took a 60 s verification), and what it leaves goes to the next.
func TestShareSplitsTheClock(t *testing.T) {
	s := &search[bitboard10.Position, bitboard10.Move]{lim: newLimits(verdict.Budget{Time: 800 * time.Millisecond, Nodes: 1 << 40})}
	top := s.lim.deadline
	var parts []time.Duration
	for i := range 4 {
		start := time.Now()
		s.share(4-i, func() {
			if got, want := time.Until(s.lim.deadline), time.Until(top)/time.Duration(4-i); got > want+20*time.Millisecond {
				t.Errorf("part %d: deadline in %v, want about %v", i, got, want)
			}
			for s.lim.tick() {
			}
		})
		parts = append(parts, time.Since(start))
		if i < 3 && s.lim.stopped {
			t.Fatalf("the whole budget stopped after part %d (%v)", i, parts)
		}
	}
	for i, d := range parts {
		if d < 100*time.Millisecond || d > 400*time.Millisecond {
			t.Errorf("part %d ran %v of 800ms, want about 200ms: %v", i, d, parts)
		}
	}
	if !s.lim.stopped {
		t.Error("the clock ran out and the budget is not stopped")
	}
}

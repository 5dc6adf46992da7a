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

// Under a node budget (the clock far off, as with "20k-nodes" and its
// default time) a part gets its share of the nodes and the whole clock:
// its result must not depend on how loaded the machine is (a queued
// verification under load stopped a part by its share of the clock and
// reported 16,299 nodes where one process reported 20,000). A time alone,
// or nodes the time cannot buy, binds by the clock, and the time is
// shared.
func TestShareKeepsTheClockUnderANodeBudget(t *testing.T) {
	for _, tc := range []struct {
		b       verdict.Budget
		byClock bool
	}{
		{verdict.Budget{Nodes: 20_000}, false},
		{verdict.Budget{}, false}, // the defaults: 15 M nodes, 10 s
		{verdict.Budget{Time: time.Minute}, true},
		{verdict.Budget{Time: time.Minute, Nodes: 1_000_000_000}, true},
	} {
		s := &search[bitboard10.Position, bitboard10.Move]{lim: newLimits(tc.b)}
		if s.lim.byClock != tc.byClock {
			t.Errorf("%+v: byClock %v, want %v", tc.b, s.lim.byClock, tc.byClock)
		}
		top := s.lim.deadline
		s.share(4, func() {
			if split := s.lim.deadline.Before(top); split != tc.byClock {
				t.Errorf("%+v: the part's deadline split %v, want %v", tc.b, split, tc.byClock)
			}
		})
	}
}

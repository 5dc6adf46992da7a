package solver

import (
	"strings"
	"testing"
	"time"

	"metz/draughts"
	"metz/problems"
	"metz/tables"
	"metz/verdict"
)

// Settling a line's end again can leave new places open (a failing move's
// other moves, mend.go); retryOpen (then retryLeaves) once indexed past its own record of
// the entries it had. Positions from the queue's generated problems.
func TestRetryLeavesKeepsNewEntries(t *testing.T) {
	cases := []struct{ fen, sol string }{
		{"W:W7,K14,47:B1,13,23,30", "14x46 1x12 46-14 12-18 47-42 30-34 14-23 18x29"},
		{"W:W10,15,27,30:B11,K25,K49", "27-22 25x17 10-4 11-16 4-9 17-50 9-27 49x21"},
	}
	for _, c := range cases {
		p := &problems.Problem{Rules: draughts.International, Position: problems.MustPosition(draughts.International, c.fen), Stipulation: problems.StipWin, Solution: line(strings.Fields(c.sol)...)}
		r := Verify(p, Options{Budget: nodes(20_000), NoTables: true})
		if r.Verdict == verdict.Sound {
			t.Errorf("%s: sound on 20k nodes with open places %v", c.fen, r.Unproven)
		}
		for _, u := range r.Unproven {
			if u.Path == "" || u.FEN == "" {
				t.Errorf("%s: an unproven entry without its place: %+v", c.fen, u)
			}
		}
	}
}

// An omitted defence left open on its share is searched again on what
// the rest of the verification leaves (retryOpen): each place gets part of
// what is left when the walk reaches it, the rest kept back for the places
// after it, and that rest once went unspent. Three kings against one, the
// key and one defence printed, no tables: on 5,000 nodes two places stayed
// open with 1,289 nodes unspent; now one does and none is left. Whatever
// the budget, a verification that leaves a place open has spent it all,
// and each omitted defence it answers loses by the endgame tables.
func TestOpenPlacesTakeWhatIsLeft(t *testing.T) {
	const fen = "W:WK6,K22,K27:BK49"
	start := mustFEN(t, intl, fen)
	tb, loses := tables.InMemory(), map[string]bool{}
	for _, n := range []int64{2_000, 5_000, 20_000} {
		p := &problems.Problem{Rules: draughts.International, Position: problems.MustPosition(draughts.International, fen), Stipulation: problems.StipWin, Solution: line("27-16", "49-21")}
		rep := Verify(p, Options{Budget: nodes(n), NoTables: true})
		w := rep.Work
		if spent := w.Keys + w.Defences + w.Leaves + w.Duals; len(rep.Unproven) > 0 && spent != n {
			t.Errorf("%d nodes: %d places open with %d nodes unspent", n, len(rep.Unproven), n-spent)
		}
		if n == 5_000 && (len(rep.Unproven) != 1 || len(rep.Omitted) != 6) {
			t.Errorf("5,000 nodes: %d places open, %d defences answered; want 1 and 6", len(rep.Unproven), len(rep.Omitted))
		}
		for _, o := range rep.Omitted {
			if _, ok := loses[o.Defence]; !ok {
				q := playLine(t, start, "27-16", o.Defence)
				sol := SolveWith(q, Goal{Kind: GoalWin}, Options{Budget: verdict.Budget{Time: time.Minute}, Tables: tb})
				loses[o.Defence] = sol.Result == verdict.ResultWin
			}
			if !loses[o.Defence] {
				t.Errorf("%d nodes: after 27-16 %s the tables give no win", n, o.Defence)
			}
		}
		for i := 1; i < len(rep.Omitted); i++ {
			if comparePaths(rep.Omitted[i-1].Path, rep.Omitted[i].Path) > 0 {
				t.Errorf("%d nodes: omitted defences out of the walk's order: %+v", n, rep.Omitted)
			}
		}
	}
}

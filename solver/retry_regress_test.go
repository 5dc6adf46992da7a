package solver

import (
	"metz/draughts"
	"strings"
	"testing"

	"metz/problems"
	"metz/verdict"
)

// Settling a line's end again can leave new places open (a failing move's
// other moves, mend.go); retryLeaves once indexed past its own record of
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

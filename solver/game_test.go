package solver

import (
	"slices"
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard10"
	"metz/verdict"
)

// The bitboard game and the generic engine must give the searches the same
// answers: every goal on the test positions, solved in each.
func TestGamesAgree(t *testing.T) {
	fens := []string{
		"W:W32,33,44:B14,28",
		"W:W16,31,42:B6,18",
		"W:W41,43,48:B21,22,31,32,33",
		"W:W7,38:B30",
	}
	goals := []Goal{Win, {Kind: GoalPromote}, {Kind: GoalGain, N: 1}}
	for _, fen := range fens {
		for _, r := range []*draughts.Rules{intl, draughts.QuiPerdGagne} {
			p := mustFEN(t, r, fen)
			for _, g := range goals {
				opt := Options{Budget: nodes(300_000), Tables: testTables} // the two orders of moves differ: 93 K and 127 K nodes for the third
				fast := solveIn[bitboard10.Position, bitboard10.Move](newFastGame(r), p, g, opt)
				slow := solveIn[draughts.Position, draughts.Move](draughts.Generic(r), p, g, opt)
				if fast.Result != slow.Result || fast.Plies != slow.Plies || !slices.Equal(fast.Keys, slow.Keys) {
					t.Errorf("%s %s %s: bitboard %s %d %v, generic %s %d %v", r.Name, fen, g,
						fast.Result, fast.Plies, fast.Keys, slow.Result, slow.Plies, slow.Keys)
				}
			}
		}
	}
}

// A man one step from the crowning row promotes in one ply; the brute
// force has no promote goal, so the figure is the rule itself. The black
// man on 30 can never reach the man on 7: every first move keeps the goal.
func TestPromoteGoal(t *testing.T) {
	s := solveT(mustFEN(t, intl, "W:W7,38:B30"), Goal{Kind: GoalPromote}, nodes(100_000))
	if s.Result != verdict.ResultWin || s.Plies != 1 || !slices.Equal(s.Keys, []string{"7-2", "7-1", "38-33", "38-32"}) {
		t.Errorf("%s in %d, keys %v", s.Result, s.Plies, s.Keys)
	}
}

// newFastGame is the 10x10 bitboard game of r (international, qui perd
// gagne), for the tests that need that one whatever the registry chooses.
func newFastGame(r *draughts.Rules) game[bitboard10.Position, bitboard10.Move] {
	e, err := bitboard10.New(r)
	if err != nil {
		panic(err)
	}
	return e
}

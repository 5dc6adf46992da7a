package solver

import (
	"testing"
	"time"

	"metz/draughts"
	"metz/verdict"
)

// longestWins are the longest wins of the international endgame databases
// of two to four pieces, one per material balance (white men, white kings,
// black men, black kings), with their length in plies: Michel Grimminck's
// statistics, as the dctl library's tests list them. The side to move
// (White) wins in exactly that many plies.
var longestWins = []struct {
	fen   string
	plies int
	heavy bool // a four-piece closure of men: seconds to build, left out of -short
}{
	{"W:W33:B2", 17, false}, {"W:WK42:B22", 7, false}, {"W:W10:BK46", 3, false}, {"W:WK10:BK5", 3, false},
	{"W:W40,44:B3", 23, false}, {"W:WK2,11:B45", 11, false}, {"W:WK7,K30:B45", 9, false},
	{"W:W6,7:BK45", 7, false}, {"W:WK2,6:BK50", 9, false}, {"W:WK1,K7:BK50", 7, false},
	{"W:W21:B3,4", 33, false}, {"W:WK38:B4,18", 27, false}, {"W:W18:B5,K23", 17, false},
	{"W:WK26:B23,K42", 9, false}, {"W:W14:BK10,K46", 3, false}, {"W:WK10:BK5,K23", 3, false},
	{"W:W33,46:B4,5", 39, true}, {"W:W8,K50:B3,32", 27, true}, {"W:WK1,K23:B4,38", 25, false},
	{"W:W17,35:B3,K21", 23, true}, {"W:WK1,12:B16,K50", 19, false}, {"W:WK1,K16:BK17,26", 19, false},
	{"W:W6,12:BK7,K45", 7, false}, {"W:W6,K22:BK17,K50", 9, false}, {"W:WK6,K22:BK17,K50", 9, false},
	{"W:W12,13,16:B30", 23, true}, {"W:WK4,16,18:B34", 21, true}, {"W:WK8,11,K13:B44", 19, false},
	{"W:WK8,K20,K37:B43", 17, false}, {"W:W6,10,49:BK40", 13, true}, {"W:W6,K49,50:BK16", 29, false},
	{"W:WK40,K45,50:BK11", 31, false}, {"W:WK6,K22,K27:BK49", 15, false}, {"W:W6:B2,3,4", 43, true},
	{"W:WK1:B2,3,4", 43, true}, {"W:W6:B3,4,K11", 33, true}, {"W:WK14:B1,K10,12", 29, false},
	{"W:W8:B5,K13,K23", 17, false}, {"W:WK1:BK18,24,K44", 9, false}, {"W:W23:BK10,K19,K46", 3, false},
	{"W:WK49:BK23,K43,K46", 3, false},
}

// Without a table directory, Solve builds the tables of a position of up
// to four pieces in memory and gives the published length of every
// longest win exactly, and the distance of the loss one ply after the
// winning move.
func TestLongestPublishedWins(t *testing.T) {
	for _, c := range longestWins {
		if c.heavy && testing.Short() {
			continue
		}
		p, err := draughts.ParseFEN(draughts.International, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		sol := solveWithT(p, Goal{Kind: GoalWin}, Options{Budget: verdict.Budget{Time: time.Minute}})
		if sol.Result != verdict.ResultWin || sol.Plies != c.plies {
			t.Errorf("%s: %s in %d plies; want a win in %d", c.fen, sol.Result, sol.Plies, c.plies)
			continue
		}
		t.Logf("%s: win in %d plies, %d table indices built, %v", c.fen, sol.Plies, sol.TablesBuilt, time.Since(start))
		if len(sol.Keys) == 0 {
			t.Errorf("%s: no key", c.fen)
			continue
		}
		after := p.Play(mustMove(t, p, sol.Keys[0]))
		lost := solveWithT(after, Goal{Kind: GoalWin}, Options{Budget: verdict.Budget{Time: time.Minute}})
		if lost.Result != verdict.ResultLoss || lost.Plies != c.plies-1 {
			t.Errorf("%s after %s: %s in %d plies; want a loss in %d", c.fen, sol.Keys[0], lost.Result, lost.Plies, c.plies-1)
		}
	}
}

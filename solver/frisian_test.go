package solver

import (
	"math/rand/v2"
	"testing"

	"metz/draughts"
	"metz/verdict"
)

// A small Frisian ending where the king-move limit decides: White's king
// on 17 and man on 6 against Black's king on 50 win in 5 plies (17-12
// 50-45 6-1 45x7 1x12), but after three quiet moves in a row of that king
// (the run field +0+317) White must move the man, and the game is drawn.
// The solver says so with the tables and without them, and the plain
// brute force agrees: the win in 5, and no win for either side within 9
// plies once the king is stopped.
func TestFrisianEndingKingLimit(t *testing.T) {
	cases := []struct {
		fen    string
		result string
		plies  int
	}{
		{"W:W6,K17:BK50", verdict.ResultWin, 5},
		{"W:W6,K17:BK50:+0+317", verdict.ResultDraw, 0},
	}
	for _, c := range cases {
		p, err := draughts.ParseFEN(draughts.Frisian, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, noTables := range []bool{false, true} {
			sol := SolveWith(p, Win, Options{Budget: nodes(2_000_000), NoTables: noTables})
			if sol.Result != c.result || sol.Plies != c.plies {
				t.Errorf("%s (no tables %v): %s in %d plies, want %s in %d", c.fen, noTables, sol.Result, sol.Plies, c.result, c.plies)
			}
		}
		memo := map[string]bool{}
		win := shortestMemo(p, draughts.White, 9, memo)
		clear(memo)
		loss := shortestMemo(p, draughts.Black, 9, memo)
		if (c.result == verdict.ResultWin && win != c.plies) || (c.result == verdict.ResultDraw && (win >= 0 || loss >= 0)) {
			t.Errorf("%s: brute force: White wins in %d, Black in %d (-1: not within 9)", c.fen, win, loss)
		}
	}
}

// On random Frisian endings of three pieces, a side with a man and a king
// and its king's run drawn at random, Solve agrees with the plain brute
// force: a win within the horizon exactly when the brute force finds one,
// with its length, and a loss where the brute force finds the other
// side's win.
func TestFrisianSolveAgreesWithBruteForce(t *testing.T) {
	const horizon = 7
	n := 12
	if testing.Short() {
		n = 4
	}
	rng := rand.New(rand.NewPCG(40, 17))
	wins, runs := 0, 0
	for i := range n {
		p := randomPieces(rng, draughts.Frisian, []bool{true, false}, []bool{i%3 == 0})
		if i%2 == 0 { // the side to move's king has a run of 1 to 3
			for s, pc := range p.Board {
				if pc == draughts.KingOf(p.Turn) {
					p.Runs[p.Turn] = draughts.KingRun{Square: uint8(s), Moves: uint8(1 + rng.IntN(3))}
					runs++
				}
			}
		}
		sol := SolveWith(p, Win, Options{Budget: nodes(1_000_000), NoTables: i%4 == 1})
		if win, _ := agreesWithBrute(t, p, sol, horizon); win {
			wins++
		}
	}
	if wins < 2 || runs < n/3 {
		t.Errorf("weak sample: %d wins, %d positions with a run, of %d", wins, runs, n)
	}
}

package solver

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"metz/draughts"
	"metz/verdict"
)

// Solve must agree with the plain brute-force search in every rule system,
// on random positions of four and five pieces, men and kings (a king one
// time in five): a win within
// the horizon exactly when the brute force finds one, with its exact
// length; and a loss wherever the brute force finds the opponent's win
// within the horizon. (Beyond the horizon the brute force says nothing.)
func TestSolveAgreesWithBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force to 7 plies in every rule system")
	}
	const horizon = 7
	// The root's tables up to 2 M positions, not 10 M: the tables are
	// tested in package retro, and 66 endings would build them for minutes.
	// The subtests run after this function returns, before Cleanup.
	old := smallRootPositions
	smallRootPositions = 2_000_000
	t.Cleanup(func() { smallRootPositions = old })
	var wins, losses atomic.Int64
	t.Cleanup(func() { // after the parallel subtests
		if wins.Load() < 10 || losses.Load() < 2 {
			t.Errorf("weak sample: %d wins and %d losses within %d plies", wins.Load(), losses.Load(), horizon)
		}
	})
	for _, r := range draughts.AllRules() {
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(31, uint64(r.GameType)))
			for i := range 6 {
				king := func() bool { return rng.IntN(5) == 0 }
				p := randomPieces(rng, r, []bool{king(), king(), i%2 == 0 && king()}, []bool{king(), king()})
				sol := solveT(p, Win, nodes(100_000))
				win, loss := agreesWithBrute(t, p, sol, horizon)
				if win {
					wins.Add(1)
				}
				if loss {
					losses.Add(1)
				}
			}
		})
	}
}

// agreesWithBrute fails unless sol, Solve's answer for p, agrees with
// the plain brute force within horizon plies: a win exactly when the brute
// force finds one, of its length, and a loss where it finds the other
// side's win. It reports which of the two the brute force found.
func agreesWithBrute(t *testing.T, p draughts.Position, sol *verdict.Solution, horizon int) (win, loss bool) {
	t.Helper()
	memo := map[string]bool{}
	w := shortestMemo(p, p.Turn, horizon, memo)
	clear(memo)
	l := shortestMemo(p, p.Turn.Opponent(), horizon, memo)
	switch {
	case w >= 0:
		if sol.Result != verdict.ResultWin || sol.Plies != w {
			t.Errorf("%s: solver %s in %d plies; brute force: a win in %d", p.FEN(), sol.Result, sol.Plies, w)
		}
	case sol.Result == verdict.ResultWin && sol.Plies > 0 && sol.Plies <= horizon: // 0: length not found
		t.Errorf("%s: solver win in %d plies; brute force: none within %d", p.FEN(), sol.Plies, horizon)
	case l >= 0 && sol.Result != verdict.ResultLoss:
		t.Errorf("%s: solver %s; brute force: the opponent wins in %d", p.FEN(), sol.Result, l)
	}
	return w >= 0, w < 0 && l >= 0
}

// shortestMemo is the least d ≤ limit within which attacker forces a win
// from q by the plain brute force (memoized), or -1.
func shortestMemo(q draughts.Position, attacker draughts.Color, limit int, memo map[string]bool) int {
	for d := 0; d <= limit; d++ {
		if bruteWithinMemo(q, attacker, d, memo) {
			return d
		}
	}
	return -1
}

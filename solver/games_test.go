package solver

import (
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard8"
)

// The 8x8 bitboard game and the generic engine must give the searches the
// same answers: random endings of every rule system it plays, solved in
// each without tables (the searches themselves compared). Where both
// decide, the result is the same, and so is the shortest win where both
// found it; a move one calls a key the other calls a key or leaves
// undecided (the two generators list moves in other orders, so the
// searches spend their budgets differently).
func TestGames8Agree(t *testing.T) {
	var decided atomic.Int64
	t.Cleanup(func() {
		if decided.Load() < 25 {
			t.Errorf("weak sample: %d endings decided by both", decided.Load())
		}
	})
	for _, r := range draughts.AllRules() {
		g8, ok := newGame8(r)
		if !ok {
			continue
		}
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(8, uint64(r.GameType)))
			for i := range 10 {
				king := func() bool { return rng.IntN(3) == 0 }
				p := randomPieces(rng, r, []bool{king(), king(), i%2 == 0 && king()}, []bool{king(), i%3 == 0 && king()})
				opt := Options{Budget: nodes(40_000), NoTables: true}
				fast := solveIn[bitboard8.Position, bitboard8.Move](g8.fork().(game8), p, Win, opt)
				slow := solveIn[draughts.Position, draughts.Move](slowGame{r}, p, Win, opt)
				if fast.Result == ResultUnknown || slow.Result == ResultUnknown {
					continue
				}
				decided.Add(1)
				if fast.Result != slow.Result || (fast.Plies > 0 && slow.Plies > 0 && fast.Plies != slow.Plies) ||
					!keysFit(fast, slow) || !keysFit(slow, fast) {
					t.Errorf("%s: bitboard8 %s %d %v (undecided %v), generic %s %d %v (undecided %v)", p.FEN(),
						fast.Result, fast.Plies, fast.Keys, fast.Undecided, slow.Result, slow.Plies, slow.Keys, slow.Undecided)
				}
			}
		})
	}
}

// keysFit reports whether every key of a is a key of b or undecided there.
func keysFit(a, b *Solution) bool {
	for _, k := range a.Keys {
		if !slices.Contains(b.Keys, k) && !slices.Contains(b.Undecided, k) {
			return false
		}
	}
	return true
}

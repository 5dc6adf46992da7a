package solver

import (
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"metz/draughts"
	"metz/draughts/engines"
	"metz/verdict"
)

// The bitboard games of the 8x8 and 12x12 boards and the generic engine
// must give the searches the same answers: random endings of every rule
// system each plays, solved in each without tables (the searches
// themselves compared). Where both decide, the result is the same, and so
// is the shortest win where both found it; a move one calls a key the
// other calls a key or leaves undecided (the two generators list moves in
// other orders, so the searches spend their budgets differently).
func TestGames8Agree(t *testing.T) {
	var decided atomic.Int64
	t.Cleanup(func() {
		if decided.Load() < 25 {
			t.Errorf("weak sample: %d endings decided by both", decided.Load())
		}
	})
	for _, r := range draughts.AllRules() {
		c := engines.For(r)
		if c.Kind != engines.Board8 {
			continue
		}
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			decided.Add(gamesAgree(t, r, 10, func(p draughts.Position, opt Options) *verdict.Solution {
				return solveIn(c.Board8.Fork(), p, Win, opt)
			}))
		})
	}
}

// TestGames12Agree is TestGames8Agree for the rule systems the 12x12
// game plays that no faster game does: Canadian draughts, and Manoury's
// rule on 10x10.
func TestGames12Agree(t *testing.T) {
	// Random 10x10 endings are less often decided within the budget.
	for r, n := range map[*draughts.Rules]int{draughts.Canadian: 12, draughts.Manoury: 30} {
		c := engines.For(r)
		if c.Kind != engines.Board12 {
			t.Fatalf("%s: not played by the 12x12 game alone", r.Name)
		}
		if d := gamesAgree(t, r, n, func(p draughts.Position, opt Options) *verdict.Solution {
			return solveIn(c.Board12.Fork(), p, Win, opt)
		}); d < 6 {
			t.Errorf("%s: weak sample: %d endings decided by both", r.Name, d)
		} else {
			t.Logf("%s: %d of %d endings decided by both", r.Name, d, n)
		}
	}
}

// gamesAgree solves n random endings of r with fast and with the generic
// engine, reports every disagreement and returns how many both decided.
func gamesAgree(t *testing.T, r *draughts.Rules, n int, fast func(draughts.Position, Options) *verdict.Solution) int64 {
	rng := rand.New(rand.NewPCG(8, uint64(r.GameType)))
	var decided int64
	for i := range n {
		king := func() bool { return rng.IntN(3) == 0 }
		p := randomPieces(rng, r, []bool{king(), king(), i%2 == 0 && king()}, []bool{king(), i%3 == 0 && king()})
		opt := Options{Budget: nodes(40_000), NoTables: true}
		f := fast(p, opt)
		slow := solveIn[draughts.Position, draughts.Move](draughts.Generic(r), p, Win, opt)
		if f.Result == verdict.ResultUnknown || slow.Result == verdict.ResultUnknown {
			continue
		}
		decided++
		if f.Result != slow.Result || (f.Plies > 0 && slow.Plies > 0 && f.Plies != slow.Plies) ||
			!keysFit(f, slow) || !keysFit(slow, f) {
			t.Errorf("%s: bitboard %s %d %v (undecided %v), generic %s %d %v (undecided %v)", p.FEN(),
				f.Result, f.Plies, f.Keys, f.Undecided, slow.Result, slow.Plies, slow.Keys, slow.Undecided)
		}
	}
	return decided
}

// keysFit reports whether every key of a is a key of b or undecided there.
func keysFit(a, b *verdict.Solution) bool {
	for _, k := range a.Keys {
		if !slices.Contains(b.Keys, k) && !slices.Contains(b.Undecided, k) {
			return false
		}
	}
	return true
}

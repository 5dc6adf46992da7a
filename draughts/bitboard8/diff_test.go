package bitboard8

import (
	"math/rand/v2"
	"testing"

	"metz/draughts"
	"metz/draughts/internal/randpos"
)

// TestRandomPositions compares the engine with the generic one on random
// positions of every supported system: sparse and dense, men only, mixed
// and king-heavy (long king captures), either side to move. The piece
// counts scale with the board: Turkish's 64 squares take twice the pieces
// of the diagonal boards' 32. One position in three also has men on their
// own crowning row (Turkish men there still move and capture sideways).
func TestRandomPositions(t *testing.T) {
	n := 4000
	if testing.Short() {
		n = 800
	}
	for i, r := range supportedRules {
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			e := mustNew(t, r)
			rng := rand.New(rand.NewPCG(uint64(i), 8))
			kingProbs := []float64{0, 0.1, 0.3, 0.6, 1}
			k := r.Geo.N / 32 // 1 on the diagonal boards, 2 on Turkish's
			for j := range n {
				var gp draughts.Position
				switch j % 4 {
				case 0: // sparse
					gp = randpos.Scatter(rng, r, 1+rng.IntN(6*k), 1+rng.IntN(6*k), kingProbs[j%5])
				case 1: // dense
					gp = randpos.Scatter(rng, r, k*(8+rng.IntN(8)), k*(8+rng.IntN(8)), kingProbs[j%5])
				case 2: // a few kings among many men (long king captures)
					gp = randpos.Scatter(rng, r, 1+rng.IntN(3*k), k*(6+rng.IntN(10)), 0.9)
				default:
					gp = randpos.Scatter(rng, r, 2+rng.IntN(12*k), 2+rng.IntN(12*k), kingProbs[j%5])
				}
				if j%3 == 0 {
					randpos.MenOnCrowningRow(rng, gp, 1+rng.IntN(3))
				}
				compare(t, e, gp)
			}
		})
	}
}

// TestRandomGames walks random games from the start of every system,
// comparing the two engines at every ply and playing the same move in both:
// 60 plies, 120 on Turkish's board (its men, moving sideways as well as
// forward, take longer to reach the last rank).
func TestRandomGames(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 30
	}
	for i, r := range supportedRules {
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			e := mustNew(t, r)
			rng := rand.New(rand.NewPCG(uint64(i), 60))
			for range games {
				gp := draughts.Start(r)
				p := e.Start()
				h := e.Hash(p)
				for range 60 * r.Geo.N / 32 {
					gms := compare(t, e, gp)
					if len(gms) == 0 {
						break
					}
					gm := gms[rng.IntN(len(gms))]
					m := findMove(t, e, p, gm)
					h = e.HashAfter(p, h, m)
					p = e.Play(p, m)
					gp = gp.Play(gm)
					if h != e.Hash(p) {
						t.Fatalf("%s: incremental hash drifted", gp.FEN())
					}
					if q, _ := e.FromGeneric(gp); q != p {
						t.Fatalf("%s: the walks diverged", gp.FEN())
					}
				}
			}
		})
	}
}

// findMove returns the engine's move equal to the generic move gm.
func findMove(t testing.TB, e *Engine, p Position, gm draughts.Move) Move {
	t.Helper()
	var ml MoveList
	e.Generate(p, &ml)
	for _, m := range ml.Slice() {
		if ourKey(m) == genericKey(gm) {
			return m
		}
	}
	t.Fatalf("%s: no move equal to %v", e.ToGeneric(p).FEN(), gm)
	return Move{}
}

package bitboard12

import (
	"math/rand/v2"
	"testing"

	"metz/draughts"
	"metz/draughts/internal/randpos"
)

// TestRandomPositions compares the engine with the generic one on random
// Canadian positions: sparse and dense, men only, mixed and king-heavy
// (long king captures), either side to move; a third of them with men
// near their crowning row and enemies around them, one in five with men
// on their own crowning row. The smaller boards the package also compiles
// get fewer positions: they check the tables on other geometries.
func TestRandomPositions(t *testing.T) {
	for i, r := range compiledRules {
		n := 1000
		if r == draughts.Canadian {
			n = 20000
		}
		if testing.Short() {
			n /= 5
		}
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			e := mustNew(t, r)
			rng := rand.New(rand.NewPCG(uint64(i), 12))
			half := r.Geo.N / 2
			kingProbs := []float64{0, 0.1, 0.3, 0.6, 1}
			for j := range n {
				var gp draughts.Position
				switch j % 4 {
				case 0: // sparse
					gp = randpos.Scatter(rng, r, 1+rng.IntN(8), 1+rng.IntN(8), kingProbs[j%5])
				case 1: // dense
					gp = randpos.Scatter(rng, r, half/3+rng.IntN(half/2), half/3+rng.IntN(half/2), kingProbs[j%5])
				case 2: // a few kings among many pieces (long king captures)
					gp = randpos.Scatter(rng, r, 1+rng.IntN(4), half/4+rng.IntN(half/2), 0.9)
				default:
					gp = randpos.Scatter(rng, r, 2+rng.IntN(half), 2+rng.IntN(half), kingProbs[j%5])
				}
				if j%3 == 0 {
					nearCrowning(rng, gp, 1+rng.IntN(4))
				}
				if j%5 == 0 {
					randpos.MenOnCrowningRow(rng, gp, 1+rng.IntN(3))
				}
				compare(t, e, gp)
			}
		})
	}
}

// TestRandomGames walks random Canadian games from the start, comparing
// the two engines at every ply and playing the same move in both, with
// the incremental hash carried along.
func TestRandomGames(t *testing.T) {
	games, plies := 100, 200
	if testing.Short() {
		games = 20
	}
	r := draughts.Canadian
	e := mustNew(t, r)
	rng := rand.New(rand.NewPCG(72, 12))
	for range games {
		gp := draughts.Start(r)
		p := e.Start()
		h := e.Hash(p)
		for range plies {
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

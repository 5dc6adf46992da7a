package bitboard10

import (
	"math/rand/v2"
	"testing"
)

// endgamePositions returns n random positions of 2 to 6 pieces (1 to 3
// a side, half of them kings), White to move, as the endgame builder's
// first pass meets them (see tables/intl's exitMoves).
func endgamePositions(rng *rand.Rand, n int) []Position {
	ps := make([]Position, 0, n)
	for len(ps) < n {
		p := randomPosition(rng, 1+rng.IntN(3), 1+rng.IntN(3), 0.5)
		if p.White == 0 || p.Black == 0 {
			continue
		}
		p.WhiteToMove = true
		ps = append(ps, p)
	}
	return ps
}

// BenchmarkCapturesOrQuiet measures CapturesOrQuiet, the endgame
// builder's first pass's generator, on random positions of 2-6 pieces
// (one op = benchPasses passes over 10,000 of them).
func BenchmarkCapturesOrQuiet(b *testing.B) {
	ps := endgamePositions(rand.New(rand.NewPCG(4, 2)), 10000)
	var ml MoveList
	n := 0
	for b.Loop() {
		for k := 0; k < benchPasses; k++ {
			for j := range ps {
				n += ps[j].CapturesOrQuiet(&ml) + ml.N
			}
		}
	}
	b.ReportMetric(float64(n)/float64(b.N), "moves/op")
}

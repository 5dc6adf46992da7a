package bitboard10

import (
	"math/rand/v2"
	"testing"
)

// endgamePositions returns n random positions of 3 to 5 pieces, White to
// move, as the endgame builder's first pass meets them (see
// tables/intl's exitMoves): each piece a king or a man at random, men
// never on their promotion row.
func endgamePositions(rng *rand.Rand, n int) []Position {
	ps := make([]Position, 0, n)
	for len(ps) < n {
		var p Position
		p.WhiteToMove = true
		pieces := 3 + rng.IntN(3)
		for i := 0; i < pieces; i++ {
			white := i == 0 || (i > 1 && rng.IntN(2) == 0)
			sq := 1 + rng.IntN(50)
			b := SquareBit(sq)
			if (p.White|p.Black)&b != 0 {
				i--
				continue
			}
			king := rng.IntN(2) == 0
			if !king && ((white && sq <= 5) || (!white && sq > 45)) {
				i--
				continue
			}
			if white {
				p.White |= b
			} else {
				p.Black |= b
			}
			if king {
				p.Kings |= b
			}
		}
		ps = append(ps, p)
	}
	return ps
}

// BenchmarkCapturesOrQuiet measures CapturesOrQuiet, the endgame
// builder's first pass's generator, on random positions of 3-5 pieces
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

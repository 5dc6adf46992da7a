package bitboard10

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// The geometry helpers agree with the coordinates (refCoord, refSquare):
// Diagonals is every square on a diagonal through the square, Neighbours
// the squares one diagonal step away, TwoNeighbours the squares with two
// of those empty.
func TestLoneGeometry(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 7))
	for sq := 1; sq <= NumSquares; sq++ {
		r, c := refCoord(sq)
		var diag, near uint64
		for _, d := range [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			if n := refSquare(r+d[0], c+d[1]); n != 0 {
				near |= SquareBit(n)
			}
			for k := 1; refSquare(r+k*d[0], c+k*d[1]) != 0; k++ {
				diag |= SquareBit(refSquare(r+k*d[0], c+k*d[1]))
			}
		}
		if got := Diagonals(SquareBit(sq)); got != diag {
			t.Errorf("Diagonals(%d) = %v, want %v", sq, Squares(got), Squares(diag))
		}
		if got := Neighbours(SquareBit(sq)); got != near {
			t.Errorf("Neighbours(%d) = %v, want %v", sq, Squares(got), Squares(near))
		}
		for range 20 {
			empty := rng.Uint64() & BoardMask
			two := bits.OnesCount64(near&empty) >= 2
			if got := TwoNeighbours(empty)&SquareBit(sq) != 0; got != two {
				t.Fatalf("TwoNeighbours: square %d with empty %v: %v", sq, Squares(empty), got)
			}
		}
	}
}

// TakenOn marks exactly the squares where a lone piece of the other side
// would be taken at once: on random positions, each square off the
// attacker's pieces, a piece put there is capturable (HasCapture, the
// attacker to move) exactly when TakenOn holds it.
func TestTakenOn(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	taken, safe := 0, 0
	for range 3000 {
		p := randomPosition(rng, 1+rng.IntN(12), 0, 0.3)
		empty := ^p.White & BoardMask
		got := TakenOn(p.White&^p.Kings, p.White&p.Kings, empty)
		for x := empty; x != 0; x &= x - 1 {
			b := x & -x
			q := Position{White: p.White, Black: b, Kings: p.Kings, WhiteToMove: true}
			if want := q.HasCapture(); (got&b != 0) != want {
				t.Fatalf("%v: a piece on %d taken %v, TakenOn says %v", Squares(p.White), BitSquare(bits.TrailingZeros64(b)), want, got&b != 0)
			} else if want {
				taken++
			} else {
				safe++
			}
		}
	}
	if taken < 1000 || safe < 1000 {
		t.Errorf("too few of one kind: %d taken, %d safe", taken, safe)
	}
}

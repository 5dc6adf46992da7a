package intl

import (
	"math/bits"

	"metz/draughts/bitboard10"
)

// The plain listing of predecessors, square by square, that the tests
// check predecessorIndices (ray masks, ranks from prepared terms) against.

// forEachPredecessor calls f with every position, normalised (White to
// move), from which the opponent reached q (White to move) by a quiet move
// that keeps the material: a king sliding back along a free diagonal, or a
// man stepping back (Black men move down, so they come from above). Whether
// the move was legal there (no capture available) is the caller's check.
func forEachPredecessor(q bitboard10.Position, f func(bitboard10.Position)) {
	eachUnmove(q, func(s, o uint8, king bool) {
		from, to := uint64(1)<<s, uint64(1)<<o
		p := q
		p.Black = p.Black&^from | to
		if king {
			p.Kings = p.Kings&^from | to
		}
		p.WhiteToMove = false
		f(flip(p))
	})
}

// eachUnmove calls f with every quiet un-move of q's Black (see
// forEachPredecessor): the piece on square s came from square o.
func eachUnmove(q bitboard10.Position, f func(s, o uint8, king bool)) {
	occ := q.White | q.Black
	for bb := q.Black; bb != 0; bb &= bb - 1 {
		s := uint8(bits.TrailingZeros64(bb))
		king := q.Kings>>s&1 != 0
		for d := range 4 {
			if !king && d >= 2 {
				break
			}
			for o := step[d][s]; o != noSquare && occ>>o&1 == 0; o = step[d][o] {
				f(s, o, king)
				if !king {
					break
				}
			}
		}
	}
}

package generic

import (
	"math/bits"

	"metz/draughts"
	"metz/draughts/bitboard12"
)

// The larger boards (Canadian's 72 squares, and the international rules
// and Manoury's on 10x10) keep the generic path, on a board of pieces, but bitboard12 lists each
// position's moves: the generic engine's capture search, which allocates
// every list of moves, was half of a Canadian build's time. The positions
// are decoded, indexed and un-moved on the board of pieces as before, and
// the tables are the same (TestWideAgreesWithGeneric).

// scanWide is scan with bitboard12's moves of bp, p on the bitboards; c
// (whose board is the scan's out) is where each exit's position is
// written. The engine lists the captures, or else the quiet moves, which
// are counted but for the crownings.
func (b *builder) scanWide(w *worker, p draughts.Position, bp bitboard12.Position, c draughts.Position) (n int, capture bool, x exits, err error) {
	b.t.wide.Generate(bp, w.wml)
	for _, m := range w.wml.Slice() {
		capture = m.IsCapture()
		if !capture && !m.Promotes {
			n++
			continue
		}
		w.taken = appendSquares(w.taken[:0], m.Captured)
		if err = b.exitBy(w, p, c, &x, int(m.From), int(m.To), w.taken, m.Promotes); err != nil {
			break
		}
	}
	return n, capture, x, err
}

// wideOf is the bitboards of the pieces pl (of the builder's signature),
// turn to move: read from the few pieces rather than converted from the
// board square by square, which cost as much as listing the moves.
func (b *builder) wideOf(pl *placed, turn draughts.Color) bitboard12.Position {
	var sq [4]bitboard12.Bits
	for g := range 4 {
		dom := b.l.doms[g]
		for _, x := range pl.d[g][:b.sh.n[g]] {
			if s := dom.sq[x]; s < 64 {
				sq[g].Lo |= 1 << s
			} else {
				sq[g].Hi |= 1 << (s - 64)
			}
		}
	}
	return bitboard12.Position{White: sq[gWM].Or(sq[gWK]), Black: sq[gBM].Or(sq[gBK]),
		Kings: sq[gWK].Or(sq[gBK]), WhiteToMove: turn == draughts.White}
}

// appendSquares appends the squares of s to sq, lowest first.
func appendSquares(sq []int, s bitboard12.Bits) []int {
	for v := s.Lo; v != 0; v &= v - 1 {
		sq = append(sq, bits.TrailingZeros64(v))
	}
	for v := s.Hi; v != 0; v &= v - 1 {
		sq = append(sq, 64+bits.TrailingZeros64(v))
	}
	return sq
}

package bitboard10

import "math/bits"

// Geometry for arguments about a lone piece (the solver's shield three
// plies from the bound): which squares touch which, and where a piece
// would be taken at once.

// Diagonals returns every square on the four diagonals through the single
// bit from, to the edges (from itself excluded).
func Diagonals(from uint64) uint64 {
	b := uint(bits.TrailingZeros64(from)) & 63
	return ray[0][b] | ray[1][b] | ray[2][b] | ray[3][b]
}

// Neighbours returns the squares diagonally next to the squares of bb.
func Neighbours(bb uint64) uint64 {
	return (bb>>6 | bb>>5 | bb<<5 | bb<<6) & BoardMask
}

// TwoNeighbours returns the squares with at least two neighbours in
// empty: where a king would have two steps.
func TwoNeighbours(empty uint64) uint64 {
	e0, e1, e2, e3 := empty<<6, empty<<5, empty>>5, empty>>6
	return (e0&(e1|e2|e3) | e1&(e2|e3) | e2&e3) & BoardMask
}

// TakenOn returns the squares on which a piece would be taken at once by
// the men and the kings of the other side, the board's empty squares being
// empty: in some direction the square before it holds one of the men or is
// reached by one of the kings over empty squares, and the square after it
// is empty. (Whether the square itself is empty does not matter.)
func TakenOn(men, kings, empty uint64) uint64 {
	// Direction up-left (-6): the taker below-right of the square.
	t := men | fillUp(kings, empty, 6)
	r := (t >> 6) & (empty << 6)
	t = men | fillUp(kings, empty, 5)
	r |= (t >> 5) & (empty << 5)
	t = men | fillDown(kings, empty, 5)
	r |= (t << 5) & (empty >> 5)
	t = men | fillDown(kings, empty, 6)
	r |= (t << 6) & (empty >> 6)
	return r & BoardMask
}

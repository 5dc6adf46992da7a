package bitboard8

import (
	"math/bits"

	"metz/draughts"
)

// Move is one legal move: origin and destination square indices, the
// bitboard of the captured pieces (0 for a quiet move) and whether the man
// moved is crowned. Move is comparable: two Moves are equal iff they are the
// same move of the generic engine in Drop mode (draughts.Move.SameEffect).
// From == To is possible for a capture that comes back to its origin.
type Move struct {
	Captured uint64
	From, To uint8
	Promotes bool
}

// IsCapture reports whether the move takes pieces.
func (m Move) IsCapture() bool { return m.Captured != 0 }

// NumCaptured returns the number of pieces taken.
func (m Move) NumCaptured() int { return bits.OnesCount64(m.Captured) }

// MaxMoves is the capacity of a MoveList's array. Quiet moves always fit:
// on a diagonal board of at most 64 cells (32 squares) they number at most
// 16x16 = 256 (from one of k pieces to one of 32-k empty squares); on
// Turkish's 64 squares fewer than 200 (at most 14 per piece, and an empty
// square is reached from at most one piece in each of the 4 directions).
// Merged captures have no such simple bound. On the diagonal boards the
// most a search for them found is 68, on a Russian board of flying kings;
// but Turkish kings, the pieces they take lifted at once, find more than a
// thousand with 16 pieces a side (TestManyCaptures). Captures that do not
// fit the array go to a slice the list allocates the first time and then
// keeps: they are never lost, and only such positions allocate.
const MaxMoves = 512

// MoveList is a list of moves, held in a fixed array (no allocation) unless
// there are more than MaxMoves. Generate overwrites it. Read the moves
// through Slice: when N > MaxMoves they are not in Moves.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
	more  []Move // the moves when N > MaxMoves (captures only), kept for reuse
}

// Slice returns the moves as a slice aliasing the list.
func (ml *MoveList) Slice() []Move {
	if ml.N > MaxMoves {
		return ml.more[:ml.N]
	}
	return ml.Moves[:ml.N]
}

// ToGenericMove returns the generic engine's move equal to m in p (the one
// draughts.Position.Moves lists, with its path), or false if m is not legal.
func (e *Engine) ToGenericMove(p Position, m Move) (draughts.Move, bool) {
	for _, gm := range e.ToGeneric(p).Moves() {
		if gm.From() == int(m.From) && gm.To() == int(m.To) && gm.Promotes == m.Promotes &&
			gm.CapturedSet() == [3]uint64{m.Captured} {
			return gm, true
		}
	}
	return draughts.Move{}, false
}

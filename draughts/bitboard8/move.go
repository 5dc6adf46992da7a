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

// MaxMoves is the capacity of a MoveList. A diagonal board of at most 64
// cells has at most 32 squares, so quiet moves number at most 16x16 = 256
// (from one of k pieces to one of 32-k empty squares). Merged captures have
// no such simple bound, but the most a search for them found is 68, on a
// Russian board of flying kings (TestManyCaptures); a list that would
// overflow panics rather than lose moves.
const MaxMoves = 512

// MoveList is a fixed-capacity list of moves (no allocation). Generate
// overwrites it.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

// Slice returns the moves as a slice aliasing the list.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }

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

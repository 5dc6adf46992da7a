package bitboard12

import (
	"metz/draughts/internal/bitgen"
)

// Move is one legal move: origin and destination square indices, the set
// of captured pieces (empty for a quiet move) and whether the man moved is
// crowned. Move is comparable: two Moves are equal iff they are the same
// move of the generic engine in Drop mode (draughts.Move.SameEffect).
// From == To is possible for a capture that comes back to its origin.
type Move struct {
	Captured Bits
	From, To uint8
	Promotes bool
}

// IsCapture reports whether the move takes pieces.
func (m Move) IsCapture() bool { return !m.Captured.IsZero() }

// NumCaptured returns the number of pieces taken.
func (m Move) NumCaptured() int { return m.Captured.Count() }

// MaxMoves is the capacity of a MoveList's array (bitgen.MaxMoves).
const MaxMoves = bitgen.MaxMoves

// MoveList is a list of moves, held in a fixed array (no allocation) unless
// there are more captures than MaxMoves. Generate overwrites it. Read the
// moves through Slice.
type MoveList = bitgen.List[Move]

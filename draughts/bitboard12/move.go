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

// MaxMoves is the room AppendMoves makes before listing (bitgen.MaxMoves).
const MaxMoves = bitgen.MaxMoves

// MoveList is a reusable list of moves: Generate overwrites it, Slice
// reads it, and its buffer is kept (no allocation once it has grown).
type MoveList = bitgen.List[Move]

package bitboard12

import "metz/draughts"

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

// MaxMoves is the capacity of a MoveList's array. Quiet moves always fit.
// A quiet move is a piece, an empty target square and a direction, and
// from a target only the nearest piece in each direction can come, so
// there are at most 4 per empty square; and a king has at most 21 moves
// on 12x12 (fewer on smaller boards), a man 2. With k pieces on 72
// squares that is at most min(4(72-k), 21k) <= 240 (TestQuietBound checks
// the numbers). Merged captures have no such simple bound: those that do
// not fit the array go to a slice the list allocates the first time and
// then keeps, so that they are never lost and only such positions allocate.
const MaxMoves = 256

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
// It runs the generic generator: for notation, not for searches.
func (e *Engine) ToGenericMove(p Position, m Move) (draughts.Move, bool) {
	set := [3]uint64{m.Captured.Lo, m.Captured.Hi}
	for _, gm := range e.ToGeneric(p).Moves() {
		if gm.From() == int(m.From) && gm.To() == int(m.To) && gm.Promotes == m.Promotes && gm.CapturedSet() == set {
			return gm, true
		}
	}
	return draughts.Move{}, false
}

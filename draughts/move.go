package draughts

import "slices"

// Move is one legal move. Path holds every square the piece stands on, from
// its origin to its destination (two squares for a quiet move, one more per
// capture). Captured lists the captured squares in the order they are jumped,
// with the piece that stood there in CapturedPieces.
type Move struct {
	Path           []int
	Captured       []int
	CapturedPieces []Piece
	Promotes       bool
}

// From is the origin square.
func (m Move) From() int { return m.Path[0] }

// To is the destination square.
func (m Move) To() int { return m.Path[len(m.Path)-1] }

// IsCapture reports whether the move takes pieces.
func (m Move) IsCapture() bool { return len(m.Captured) > 0 }

// CapturedKings counts the kings the move takes.
func (m Move) CapturedKings() int {
	n := 0
	for _, pc := range m.CapturedPieces {
		if pc.IsKing() {
			n++
		}
	}
	return n
}

// CapturedSet returns the captured squares as a set key (a bit per square;
// boards have at most 144 squares, so three words suffice).
func (m Move) CapturedSet() [3]uint64 {
	var k [3]uint64
	for _, s := range m.Captured {
		k[s>>6] |= 1 << (uint(s) & 63)
	}
	return k
}

// SameEffect reports whether two moves lead to the same position: same
// origin, destination, captured pieces and crowning. Such moves are one move
// whatever path they take.
func (m Move) SameEffect(o Move) bool {
	return m.From() == o.From() && m.To() == o.To() && m.Promotes == o.Promotes && m.CapturedSet() == o.CapturedSet()
}

// sameSequence reports whether two capture paths take the same pieces in the
// same order between the same squares (they differ at most in where a king
// passed between two pieces on one line).
func (m Move) sameSequence(o Move) bool {
	return m.From() == o.From() && m.To() == o.To() && m.Promotes == o.Promotes && slices.Equal(m.Captured, o.Captured)
}

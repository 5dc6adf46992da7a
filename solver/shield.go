package solver

import "metz/draughts/bitboard10"

// A shield settles most of the attacker's moves three plies from the
// bound against a lone king without playing them. Where the king has no
// capture, it has slides to squares where nothing can take it and it
// keeps two steps: from such a square it escapes the attacker's last move
// (twoWins' step argument). An attacker's quiet move from a to c can
// spoil such an escape only near the squares it changes: by standing next
// to it or leaving the square behind it (neighbours of a and c), by
// opening or closing a king's line through it (diagonals of a and c, read
// when a king is in play), by closing the king's way (c on its open
// diagonals) or by giving him a capture (a on his diagonals, c on his open
// ones). A move that leaves one escape untouched fails, without being
// played.

// shield is the escapes of the lone king of q, the attacker to move, and
// the squares a move may not touch to leave them standing.
type shield struct {
	safe  uint64 // squares the king slides to, untaken and with two steps
	lines uint64 // the king's diagonals: a move from them may let him take
	open  uint64 // his slides: a move to them may block or feed him
	kings bool   // the attacker has kings: their lines count
}

// loneShield returns q's shield, ok false unless the defender (not to
// move in q) has one piece, a king, that could not capture were it his
// move, and has at least one escape.
func loneShield(q *bitboard10.Position) (sh shield, ok bool) {
	att, def := q.White, q.Black
	if !q.WhiteToMove {
		att, def = q.Black, q.White
	}
	if def&(def-1) != 0 || def&q.Kings == 0 {
		return sh, false
	}
	his := *q
	his.WhiteToMove = !q.WhiteToMove
	if his.HasCapture() {
		return sh, false
	}
	empty := ^(att | def) & bitboard10.BoardMask
	left := empty | def // the king's square once he has moved
	sh.open = bitboard10.KingSlides(def, empty)
	sh.safe = sh.open &^ bitboard10.TakenOn(att&^q.Kings, att&q.Kings, left) & bitboard10.TwoNeighbours(left)
	sh.lines = bitboard10.Diagonals(def)
	sh.kings = att&q.Kings != 0
	return sh, sh.safe != 0
}

// refutes reports that the attacker's move m in q fails three plies from
// the bound: a quiet move that leaves one of the king's escapes standing.
func (sh *shield) refutes(q *bitboard10.Position, m bitboard10.Move) bool {
	return sh.standing(q, m) != 0
}

// standing returns the escapes the attacker's move m in q leaves standing:
// none if m captures or may give the king a capture or block his way.
func (sh *shield) standing(q *bitboard10.Position, m bitboard10.Move) uint64 {
	if m.Captured != 0 {
		return 0
	}
	a, c := uint64(1)<<(m.From&63), uint64(1)<<(m.To&63)
	if a&sh.lines != 0 || c&sh.open != 0 {
		return 0
	}
	spoilt := bitboard10.Neighbours(a | c)
	if sh.kings || c&(bitboard10.WhitePromo|bitboard10.BlackPromo) != 0 { // kings: the attacker's, a new one
		spoilt |= bitboard10.Diagonals(a) | bitboard10.Diagonals(c)
	}
	return sh.safe &^ spoilt
}

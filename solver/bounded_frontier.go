package solver

import (
	"math/bits"

	"metz/draughts/bitboard"
)

// Most positions a failing bounded search expands lie one or two plies
// from its horizon, where the attacker would have to leave the defender
// without a move at once. For the goal win under the ordinary rules, on the
// bitboard generator, two cheap arguments settle most of them unexpanded.
//
// A defender's step is an empty square one of his pieces could move to
// (diagonally forward for a man, any diagonal for a king). While he has a
// step he has a legal move: the step itself, or a capture the rules prefer
// to it. A quiet attacker move takes one piece from a square a to an empty
// square b, leaving the defender's pieces as they are: every step but b
// stays open, and a only adds one.

// stepSquares is the set of the defender's steps in q; black tells which
// side defends.
func stepSquares(q *bitboard.Position, black bool) uint64 {
	empty := ^(q.White | q.Black) & bitboard.BoardMask
	var men, kings, steps uint64
	if black { // Black's men step down the board
		men, kings = q.Black&^q.Kings, q.Black&q.Kings
		steps = men<<5 | men<<6
	} else {
		men, kings = q.White&^q.Kings, q.White&q.Kings
		steps = men>>5 | men>>6
	}
	steps |= kings<<5 | kings<<6 | kings>>5 | kings>>6
	return steps & empty
}

// frontierApplies says whether the arguments hold for this search and
// returns c's bitboard position.
func (s *search[P, M]) frontierApplies(c *child[P, M]) (*bitboard.Position, bool) {
	if s.goal.Kind != GoalWin || s.r.LosingGame || c.capture {
		return nil, false
	}
	q, ok := any(&c.q).(*bitboard.Position)
	return q, ok
}

// lastMoveFails reports that the attacker to move in c cannot win with one
// move: he has no capture, and the defender two steps, of which his move
// can close one only.
func (s *search[P, M]) lastMoveFails(c *child[P, M]) bool {
	q, ok := s.frontierApplies(c)
	return ok && bits.OnesCount64(stepSquares(q, q.WhiteToMove)) >= 2
}

// stepEscapes reports that the defender to move in c has a reply after
// which the attacker cannot win with one move: a quiet move (legal, as the
// defender has no capture; a man's step or a king's slide) after which the
// attacker has no capture and the defender still two steps.
func (s *search[P, M]) stepEscapes(c *child[P, M]) bool {
	q, ok := s.frontierApplies(c)
	if !ok {
		return false
	}
	black := !q.WhiteToMove
	own := q.White
	if black {
		own = q.Black
	}
	empty := ^(q.White | q.Black) & bitboard.BoardMask
	for p := own; p != 0; p &= p - 1 {
		from := p & -p
		var to uint64
		switch {
		case q.Kings&from != 0:
			to = kingSlides(from, empty)
		case black:
			to = from<<5 | from<<6
		default:
			to = from>>5 | from>>6
		}
		for to &= empty; to != 0; to &= to - 1 {
			b := to & -to
			// The position after the step, the attacker to move. A man
			// reaching his last row is left a man: it crowns, but
			// counting a man's steps only can only miss some.
			next := *q
			if black {
				next.Black ^= from | b
			} else {
				next.White ^= from | b
			}
			if q.Kings&from != 0 {
				next.Kings ^= from | b
			}
			next.WhiteToMove = !q.WhiteToMove
			if !next.HasCapture() && bits.OnesCount64(stepSquares(&next, black)) >= 2 {
				return true
			}
		}
	}
	return false
}

// kingSlides is the set of empty squares a king on from reaches by a quiet
// move: along each diagonal up to the first occupied square or the edge.
func kingSlides(from, empty uint64) uint64 {
	var to uint64
	for _, sh := range [4]int{-6, -5, 5, 6} {
		for sq := from; ; {
			if sh < 0 {
				sq >>= uint(-sh)
			} else {
				sq <<= uint(sh)
			}
			if sq &= empty; sq == 0 {
				break
			}
			to |= sq
		}
	}
	return to
}

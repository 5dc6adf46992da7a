package solver

import (
	"math/bits"

	"metz/draughts/bitboard10"
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
func stepSquares(q *bitboard10.Position, black bool) uint64 {
	// Every piece steps forward, a king backward too.
	empty := ^(q.White | q.Black) & bitboard10.BoardMask
	if black { // Black's men step down the board
		back := q.Black & q.Kings
		return (q.Black<<5 | q.Black<<6 | back>>5 | back>>6) & empty
	}
	back := q.White & q.Kings
	return (q.White>>5 | q.White>>6 | back<<5 | back<<6) & empty
}

// frontierApplies says whether the arguments hold for this search and
// returns c's bitboard position.
func (s *search[P, M]) frontierApplies(c *child[P, M]) (*bitboard10.Position, bool) {
	if c.capture {
		return nil, false
	}
	return s.winBits(c)
}

// winBits returns c's bitboard position where the frontier's code may
// decide it: the goal win under the ordinary rules, on the bitboard
// generator.
func (s *search[P, M]) winBits(c *child[P, M]) (*bitboard10.Position, bool) {
	if s.goal.Kind != GoalWin || s.r.LosingGame {
		return nil, false
	}
	q, ok := any(&c.q).(*bitboard10.Position)
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
	return ok && stepEscapesAt(q)
}

// quietTargets is where the piece of the side to move on the single bit
// from may go without capturing (empty: q's empty squares): a man one
// step forward, a king along its diagonals up to the first piece.
func quietTargets(q *bitboard10.Position, from, empty uint64) uint64 {
	switch {
	case q.Kings&from != 0:
		return bitboard10.KingSlides(from, empty)
	case q.WhiteToMove: // White's men step up the board
		return (from>>5 | from>>6) & empty
	default:
		return (from<<5 | from<<6) & empty
	}
}

// stepEscapesAt is stepEscapes for q, the defender to move and no capture.
func stepEscapesAt(q *bitboard10.Position) bool {
	black := !q.WhiteToMove
	own := q.White
	if black {
		own = q.Black
	}
	empty := ^(q.White | q.Black) & bitboard10.BoardMask
	for p := own; p != 0; p &= p - 1 {
		from := p & -p
		for to := quietTargets(q, from, empty); to != 0; to &= to - 1 {
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
			if bits.OnesCount64(stepSquares(&next, black)) >= 2 && !next.HasCapture() {
				return true
			}
		}
	}
	return false
}

// On the same terms the last three plies are decided exactly without the
// machinery of a node: no table entry below the third ply, no reply count
// for each move (withinChildren's sort key), no sort; only "has the side
// to move a move left?", on the bitboard a step or a capture. Most of a
// failing bounded search lies there: Vink's win/25 spent 7.3 M of its
// 11 M nodes three plies or fewer from the bound, most of them around the
// defender's compulsory captures, which the step arguments above cannot
// judge. Each position whose moves are listed still counts as a node.

// shortApplies says whether shortWithin decides c with d plies left, and
// returns c's bitboard position: the frontier's terms, whoever must
// capture, and d, rounded by winDepth, from 1 to 3.
func (s *search[P, M]) shortApplies(c *child[P, M], d int) (*bitboard10.Position, bool) {
	if d < 1 || d > 3 || s.isOr(c.q) != (d&1 == 1) {
		return nil, false
	}
	return s.winBits(c)
}

// shortWithin decides "the attacker wins within d plies of c" (q: c's
// position) where shortApplies holds; with forcing the attacker's first
// move at d = 3 is one of orderAttack's forcing moves (at d = 1 a winning
// move is one). ok is false when the budget ran out.
func (s *search[P, M]) shortWithin(c *child[P, M], q *bitboard10.Position, d int, forcing bool) (win, ok bool) {
	switch d {
	case 1:
		return s.oneWins(q, c.capture)
	case 2:
		return s.twoWins(q, c.capture)
	}
	return s.threeWins(q, c.capture, forcing)
}

// threeWins: the attacker to move in q (capture: whether he must; read
// only against a lone piece and with forcing) wins within three plies.
func (s *search[P, M]) threeWins(q *bitboard10.Position, capture, forcing bool) (win, ok bool) {
	if capture && lastPieceTaken(q) {
		return true, true
	}
	ms, ok := s.listBits(q, 3)
	if !ok {
		return false, false
	}
	sh, shielded := loneShield(q)
	for _, m := range ms {
		if shielded && sh.refutes(q, m) {
			continue
		}
		next := q.Play(m)
		if !canMove(&next) {
			return true, true
		}
		must := next.HasCapture()
		if forcing && !capture && !must {
			continue // not a forcing move
		}
		if w, ok := s.twoWins(&next, must); !ok || w {
			return w, ok
		}
	}
	return false, true
}

// twoWins: the defender to move in q, who has a move, loses within two
// plies: every reply leaves the attacker a move that leaves him none.
func (s *search[P, M]) twoWins(q *bitboard10.Position, capture bool) (win, ok bool) {
	if !capture && stepEscapesAt(q) {
		return false, true
	}
	ms, ok := s.listBits(q, 2)
	if !ok {
		return false, false
	}
	for _, m := range ms {
		next := q.Play(m)
		// A reply that leaves the attacker no move escapes too: he has lost.
		if w, ok := s.oneWins(&next, next.HasCapture()); !ok || !w {
			return false, ok
		}
	}
	return true, true
}

// oneWins: the attacker to move in q has a move that leaves the defender
// none.
func (s *search[P, M]) oneWins(q *bitboard10.Position, capture bool) (win, ok bool) {
	if !capture && bits.OnesCount64(stepSquares(q, q.WhiteToMove)) >= 2 {
		return false, true // lastMoveFails
	}
	if capture && lastPieceTaken(q) {
		return true, true
	}
	ms, ok := s.listBits(q, 1)
	if !ok {
		return false, false
	}
	for _, m := range ms {
		if next := q.Play(m); !canMove(&next) {
			return true, true
		}
	}
	return false, true
}

// lastPieceTaken reports that the side to move in q, who must capture,
// takes the other side's last piece with whatever capture he plays: the
// other side has one piece, and every capture takes at least one. Most of
// Vink's win/25 is spent against a lone black king; the side that must
// take it wins without its moves being listed.
func lastPieceTaken(q *bitboard10.Position) bool {
	other := q.Black
	if !q.WhiteToMove {
		other = q.White
	}
	return bits.OnesCount64(other) == 1
}

// listBits lists q's moves, a node of the budget, into the search's list
// for the ply plies from the bound (1 to 5): each level uses its own, and
// only the levels below it run while it is read. ok is false when the
// budget ran out.
func (s *search[P, M]) listBits(q *bitboard10.Position, ply int) (ms []bitboard10.Move, ok bool) {
	if !s.lim.tick() {
		return nil, false
	}
	return s.listAt(q, ply), true
}

// listAt is listBits without the node's count: for a node counted before.
func (s *search[P, M]) listAt(q *bitboard10.Position, ply int) []bitboard10.Move {
	if s.frontierLists == nil {
		s.frontierLists = new([5]bitboard10.MoveList)
	}
	ml := &s.frontierLists[ply-1]
	q.Generate(ml)
	return ml.Slice()
}

// canMove reports whether the side to move in q has a legal move: a step
// (a man's forward square or a king's neighbour, empty), or else a capture.
func canMove(q *bitboard10.Position) bool {
	return stepSquares(q, !q.WhiteToMove) != 0 || q.HasCapture()
}

package solver

import (
	"math/bits"

	"metz/draughts/bitboard10"
)

// Lean nodes: on the frontier's terms (bounded_frontier.go), the nodes
// four and five plies from the bound keep their bounded-table entry but
// not the rest of a node. Their moves are listed on the bitboard and
// played there, without a child with its reply count, the tables' probes
// (but where they may hold the position: tablesMayHold) and the look-ups
// of withinSearch, and each is decided by the level below directly.
//
// Four plies from the bound, the defender's nodes (fourWins): without
// their entries Vink's win/25 took 8.7 M nodes instead of 5.1 M and more
// CPU; lean, 4.67 M nodes instead of 4.53 M and 0.86 of the CPU. Five
// plies from the bound, the attacker's nodes while a refutation is
// searched (fiveWins, under refute only: there no move needs its replies
// counted, as the order does not use them): the same nodes, 0.92 of the
// CPU (docs/performance.md).

// fourApplies says whether fourWins decides c with d plies left, and
// returns c's bitboard position: the frontier's terms, the defender to
// move four plies from the bound.
func (s *search[P, M]) fourApplies(c *child[P, M], d int) (*bitboard10.Position, bool) {
	if d != 4 || s.isOr(c.q) {
		return nil, false
	}
	return s.winBits(c)
}

// fourWins: the defender to move in q (hash h), four plies from the
// bound, loses within them: threeWins holds after each of his replies.
// The killer (the reply that escaped at the last such node) is tried
// first: the defender's nodes under one attacker node differ by one
// attacker move, and an escape from one most often escapes the next. The
// other replies follow in orderDefence's order (in the generator's, Vink
// took 5.07 M nodes instead of 4.67 M and no less CPU).
//
// A killer that is a legal step or slide (quietLegal) is tried before the
// replies are listed: it escapes at most of these nodes, and then they
// never are (the node still counts once).
func (s *search[P, M]) fourWins(h uint64, q *bitboard10.Position, forcing bool) (win, ok bool) {
	if !s.lim.tick() {
		return false, false
	}
	tried := quietLegal(q, s.killer)
	if tried {
		if w, ok := s.threeAfter(h, q, s.killer, forcing); !ok || !w {
			return false, ok
		}
	}
	ms := s.listAt(q, 4)
	rest := ms
	for i := range ms {
		if ms[i] != s.killer {
			continue
		}
		if !tried {
			if w, ok := s.threeAfter(h, q, ms[i], forcing); !ok || !w {
				return false, ok
			}
		}
		rest = append(ms[:i], ms[i+1:]...) // in place: the list is this node's
		break
	}
	if i := orderReplies(q, rest); i >= 0 {
		s.killer = rest[i]
		return false, true // the attacker has no move after it
	}
	for _, m := range rest {
		w, ok := s.threeAfter(h, q, m, forcing)
		if !ok {
			return false, false
		}
		if !w {
			s.killer = m
			return false, true
		}
	}
	return true, true
}

// orderReplies sorts the defender's replies ms in q by orderDefence's key
// (twice the attacker's moves after each, plus the defender's steps
// left), or returns the index of a reply that leaves the attacker no
// move (stuck), -1 if none does.
func orderReplies(q *bitboard10.Position, ms []bitboard10.Move) (stuck int) {
	if len(ms) == 1 { // nothing to order: only whether it leaves him a move
		if next := q.Play(ms[0]); !canMove(&next) {
			return 0
		}
		return -1
	}
	var buf [64]int
	keys := buf[:0]
	for i, m := range ms {
		next := q.Play(m)
		n, _ := next.CountMovesCapture()
		if n == 0 {
			return i
		}
		keys = append(keys, defenceKey(n, &next))
	}
	sortByKeys(ms, keys)
	return -1
}

// threeAfter is "the attacker wins within three plies" after the
// defender's reply m in q (hash h): threeWins, or within where the
// endgame tables may hold the position, so that their values and their
// rent (rent.go) count as deeper in the search.
func (s *search[P, M]) threeAfter(h uint64, q *bitboard10.Position, m bitboard10.Move, forcing bool) (win, ok bool) {
	nq := q.Play(m)
	if s.tablesMayHold(&nq) {
		k := s.childBits(q, h, m, nq)
		return s.within(&k, 3, forcing)
	}
	// Whether the attacker must capture matters to threeWins only against
	// a lone piece, or to tell the forcing moves: else it is not asked.
	capture := (forcing || lastPieceTaken(&nq)) && nq.HasCapture()
	return s.threeWins(&nq, capture, forcing)
}

// fiveApplies says whether fiveWins decides c with d plies left, and
// returns c's bitboard position: the frontier's terms, the attacker to
// move five plies from the bound, all his moves searched, under refute.
func (s *search[P, M]) fiveApplies(c *child[P, M], d int, forcing bool) (*bitboard10.Position, bool) {
	if d != 5 || forcing || !s.refuting() || !s.isOr(c.q) {
		return nil, false
	}
	return s.winBits(c)
}

// fiveWins: the attacker to move in c (q: its position), five plies from
// the bound, wins within them. As withinChildren does under refute: first
// a move that leaves the defender no move, or whose position the table
// already holds won within four plies (the keys read ahead together, so
// that their cache misses overlap); then each move in the generator's
// order, the defender's position decided as withinSearch would (fourAfter).
// Unlike withinChildren it does not order the moves by their history
// (history.go: 1 % fewer nodes here, for more CPU than it saved) nor
// move first the moves df-pn proved (provenFirst: at these nodes of a
// refutation there are next to none).
func (s *search[P, M]) fiveWins(c *child[P, M], q *bitboard10.Position, tbl *hashTable[bound]) (win, ok bool) {
	ms, ok := s.listBits(q, 5)
	if !ok {
		return false, false
	}
	hs := s.fiveHashes[:0]
	for _, m := range ms {
		h := q.HashAfter(c.h, m)
		hs = append(hs, h)
		tbl.prefetch(h)
	}
	s.fiveHashes = hs
	for i, m := range ms {
		if next := q.Play(m); !canMove(&next) {
			return true, true
		}
		if b, found := tbl.get(hs[i]); found {
			if v, known := b.decides(4); known && v {
				return true, true
			}
		}
	}
	for i, m := range ms {
		next := q.Play(m)
		var w bool
		if s.tablesMayHold(&next) {
			k := s.childBits(q, c.h, m, next)
			w, ok = s.within(&k, 4, false)
		} else {
			w, ok = s.fourAfter(hs[i], &next, tbl)
		}
		if !ok || w {
			return w, ok
		}
	}
	return false, true
}

// fourAfter is withinSearch for the defender's position q (hash h) four
// plies from the bound, beyond the tables' reach: lastTaken, the table,
// then fourWins, its result stored.
func (s *search[P, M]) fourAfter(h uint64, q *bitboard10.Position, tbl *hashTable[bound]) (win, ok bool) {
	if lastPieceTaken(q) && q.HasCapture() {
		return false, true // he takes the attacker's last piece
	}
	b, _ := tbl.get(h)
	if v, known := b.decides(4); known {
		return v, true
	}
	start := s.lim.nodes
	if win, ok = s.fourWins(h, q, false); ok {
		s.recordSince(tbl, h, 4, win, start)
	}
	return win, ok
}

// tablesMayHold reports whether the endgame tables may decide q: they
// are in use and q has no more pieces than they reach.
func (s *search[P, M]) tablesMayHold(q *bitboard10.Position) bool {
	return s.tables != nil && bits.OnesCount64(q.White|q.Black) <= max(s.smallMax, s.valueReach)
}

// childBits is the child that m, played in q (hash h), leads to; next is
// its position.
func (s *search[P, M]) childBits(q *bitboard10.Position, h uint64, m bitboard10.Move, next bitboard10.Position) child[P, M] {
	var parent, nq P
	*any(&parent).(*bitboard10.Position) = *q
	*any(&nq).(*bitboard10.Position) = next
	gm := any(m).(M)
	return s.childAfter(parent, gm, nq, s.g.HashAfter(parent, h, gm))
}

// quietLegal reports whether m is a legal quiet move in q: a step of a
// man of the side to move or a slide of its king, to an empty square,
// and no capture to be made (the rules put captures first). It is the
// generator's own test for one move.
func quietLegal(q *bitboard10.Position, m bitboard10.Move) bool {
	if m.Captured != 0 || m == (bitboard10.Move{}) {
		return false
	}
	own := q.White
	if !q.WhiteToMove {
		own = q.Black
	}
	from, to := uint64(1)<<(m.From&63), uint64(1)<<(m.To&63)
	empty := ^(q.White | q.Black) & bitboard10.BoardMask
	if own&from == 0 || empty&to == 0 {
		return false
	}
	return quietTargets(q, from, empty)&to != 0 && !q.HasCapture()
}

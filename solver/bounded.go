package solver

import (
	"math/bits"

	"metz/draughts/bitboard10"
)

// bound records what is known of "the attacker wins within d plies" for one
// position: win is the least d proven (0: none), fail is one more than the
// greatest d disproven (0: none). Both are path-independent: the shortest
// forced win never passes twice through one position, so the bounded search
// needs no repetition rule and its results may be shared freely.
type bound struct{ win, fail int16 }

// within reports whether the attacker forces the goal within d plies of c.
// With forcing set the attacker is limited to forcing moves: those after
// which the defender must capture (or that meet the goal at once), plus any
// compulsory capture of his own. ok is false when the budget ran out.
func (s *search[P, M]) within(c *child[P, M], d int, forcing bool) (win, ok bool) {
	switch s.statusOf(c) {
	case won:
		return true, true
	case lost:
		return false, true
	}
	// A table's loss or draw for the attacker refutes every bound; a
	// win counts with its distance. A win read from a table without
	// distances is no win within d: the search goes on below it (its
	// children's values still cut it short: each move the tables give
	// up fails at once).
	st, plies, ok, slot := s.boundedTableStatus(c)
	if ok && (st == lost || plies != noDistance) {
		return st == won && plies <= d, true
	}
	if slot < 0 || s.renting[slot] { // counted once, by the outermost
		return s.withinSearch(c, d, forcing)
	}
	start := s.lim.nodes
	s.renting[slot] = true
	win, ok = s.withinSearch(c, d, forcing)
	s.renting[slot] = false
	s.rent[slot] += s.lim.nodes - start
	return win, ok
}

// withinSearch is within where the rules and the tables leave c open.
func (s *search[P, M]) withinSearch(c *child[P, M], d int, forcing bool) (win, ok bool) {
	if d = s.winDepth(c, d); d <= 0 {
		return false, true
	}
	if w, ok := s.lastTaken(c); ok {
		return w, true
	}
	q, short := s.shortApplies(c, d)
	if d <= 2 {
		if short { // not stored: recomputing costs less than an entry
			return s.shortWithin(c, q, d, forcing)
		}
		if s.frontierFails(c, d) {
			return false, true
		}
	}
	tbl := s.bounded
	if forcing {
		tbl = s.forced
	}
	b, _ := tbl.get(c.h)
	if v, known := b.decides(d); known {
		return v, true
	}
	start := s.lim.nodes
	if short {
		win, ok = s.shortWithin(c, q, d, forcing)
	} else if q4, four := s.fourApplies(c, d); four {
		win, ok = s.fourWins(c.h, q4, forcing)
	} else if q5, five := s.fiveApplies(c, d, forcing); five {
		win, ok = s.fiveWins(c, q5, tbl)
	} else if !s.lim.tick() {
		return false, false
	} else {
		win, ok = s.withinChildren(c, d, forcing, tbl)
	}
	if ok {
		s.recordSince(tbl, c.h, d, win, start)
	}
	return win, ok
}

// lastTaken decides c when its side to move must capture and the other
// side has one piece left: whatever capture is played takes it, and the
// side left without a piece cannot move (under qui perd gagne that is a
// win for it: not decided here). win is the attacker's: he takes the
// last piece (with a ply left: within's caller has checked d > 0), or
// his own is taken. Against a lone king (half of Vink's win/25) this
// spares listing the moves of the side that takes it.
func (s *search[P, M]) lastTaken(c *child[P, M]) (win, ok bool) {
	if !c.capture || s.r.LosingGame {
		return false, false
	}
	am, ak, dm, dk := s.sides(c.q)
	or := s.isOr(c.q)
	if or && dm+dk == 1 || !or && am+ak == 1 {
		return or, true
	}
	return false, false
}

// frontierFails applies the static arguments of bounded_frontier.go to c
// with d plies left.
func (s *search[P, M]) frontierFails(c *child[P, M], d int) bool {
	or := s.isOr(c.q)
	switch {
	case d == 1 && or:
		return s.lastMoveFails(c)
	case d == 2 && !or:
		return s.stepEscapes(c)
	}
	return false
}

// decides reports what b says of "wins within d", if anything.
func (b bound) decides(d int) (win, known bool) {
	switch {
	case b.win != 0 && int(b.win) <= d:
		return true, true
	case b.fail != 0 && int(b.fail)-1 >= d:
		return false, true
	}
	return false, false
}

// withinChildren searches c's moves with d-1 plies left after each.
func (s *search[P, M]) withinChildren(c *child[P, M], d int, forcing bool, tbl *hashTable[bound]) (win, ok bool) {
	or := s.isOr(c.q)
	ms := s.g.AppendMoves(c.q, s.moveBufs.get())
	defer func() { s.moveBufs.put(ms) }()
	cs := s.childrenOf(c, ms, s.kidBufs.get(), tbl)
	defer func() { s.kidBufs.put(cs) }()
	if or {
		cs = s.orderAttack(cs, forcing)
	} else {
		orderDefence(cs)
	}
	// A child the rules or the table already decide the right way settles
	// c before any sibling is searched (enhanced transposition cutoff).
	for i := range cs {
		if s.settles(&cs[i], d-1, or, tbl) {
			return or, true
		}
	}
	if or {
		s.provenFirst(cs)
	}
	if !or && s.races(cs, d) {
		escaped, ok := s.raceEscape(cs, d, forcing)
		return !escaped, ok
	}
	for i := range cs {
		w, ok := s.within(&cs[i], d-1, forcing)
		if !ok {
			return false, false
		}
		if w == or {
			if or {
				s.credit(&cs[i].m, d)
			}
			return or, true // OR: one winning move; AND: one escaping reply
		}
	}
	return !or, true
}

// settles reports whether child c is known, without search, to win within
// d plies (at an OR node, or) or to fail (at an AND node).
func (s *search[P, M]) settles(c *child[P, M], d int, or bool, tbl *hashTable[bound]) bool {
	switch s.statusOf(c) {
	case won:
		return or
	case lost:
		return !or
	}
	if d = s.winDepth(c, d); d <= 0 {
		return !or
	}
	if w, ok := s.lastTaken(c); ok {
		return w == or
	}
	if d <= 2 {
		if !or && s.frontierFails(c, d) {
			return true
		}
		if _, short := s.shortApplies(c, d); short {
			return false // never stored: shortWithin decides it
		}
	}
	b, ok := tbl.get(c.h)
	if !ok {
		return false
	}
	v, known := b.decides(d)
	return known && v == or
}

// orderAttack puts the attacker's most forcing moves first (fewest replies),
// and with forcing keeps only the forcing ones. A refutation (refute)
// orders them by their history instead (history.go), ties in the
// generator's order: where the attacker fails, each of his moves is
// searched whatever the order, which then only decides what the bounded
// table holds when the next move is searched, and there the forcing
// moves first cost more. Found by measurement, the reason not derived,
// and Vink's figure partly luck: its win/25 5.30 M nodes to 4.53 M in
// the generator's order, but 5.50 M with the men's two ways of moving
// swapped; on Cat.B1's compositions no worse either way
// (docs/performance.md).
func (s *search[P, M]) orderAttack(cs []child[P, M], forcing bool) []child[P, M] {
	ownCapture := len(cs) > 0 && s.g.IsCapture(cs[0].m)
	if forcing && !ownCapture {
		kept := cs[:0]
		for _, c := range cs {
			if c.n == 0 || c.capture || s.statusOf(&c) == won {
				kept = append(kept, c)
			}
		}
		cs = kept
	}
	if s.refuting() {
		s.historyFirst(cs)
	} else {
		fewestRepliesFirst(cs)
	}
	return cs
}

// fewestRepliesFirst orders the attacker's moves by the number of replies
// they leave, fewest first: the most forcing moves. (At the defender's
// nodes the same key, orderDefence's main one, puts first the defences
// after which the fewest attacker moves must be shown to fail, so an
// escape is found and checked soonest. Measured there with
// BenchmarkShortest after df-pn's proof: III's exact win 3.18 M nodes to
// 1.72 M, V's 321 K to 193 K, IV's 95 K to 40 K, against the generation
// order; the most replies first took III past 20 M.)
func fewestRepliesFirst[P, M any](cs []child[P, M]) {
	var buf [64]int // on the stack: a node's moves are most often fewer
	keys := buf[:0]
	for i := range cs {
		keys = append(keys, cs[i].n)
	}
	sortByKeys(cs, keys)
}

// orderDefence orders the defender's replies so that an escape comes
// soonest and is cheapest to check: by twice the attacker's moves after
// each (fewestRepliesFirst's key) plus the defender's steps left
// (stepSquares: the empty squares ahead of his men and beside his kings;
// 0 off the bitboard). Found by measurement; why fewer steps help is
// not derived: Vink's win/25 6.65 M nodes to 5.30 M, BenchmarkVerify-
// Combination 281 K to 172 K, III's exact win after df-pn's proof 1.91 M
// to 1.52 M, Cat.B1's compositions 0.85 of the nodes at the median (the
// full-board forcing, win/19, 26 K to 55 K). On Vink's thirteen first
// moves refuted apart, the steps as a tie-break only gave 6.60 M nodes
// against this key's 6.48 M; most steps first left 29-24 unproven
// (docs/performance.md).
func orderDefence[P, M any](cs []child[P, M]) {
	var buf [64]int
	keys := buf[:0]
	for i := range cs {
		keys = append(keys, defenceKey(cs[i].n, &cs[i].q))
	}
	sortByKeys(cs, keys)
}

// defenceKey is orderDefence's key of the reply leading to q, after which
// the attacker has n moves.
func defenceKey[P any](n int, q *P) int { return 2*n + stepsLeft(q) }

// sortByKeys orders cs by keys (keys[i] is cs[i]'s), least first: a
// plain insertion sort, stable like slices.SortStableFunc (the same
// order), without its comparison calls: the lists are short and often
// sorted already, and the sort of every node took 7 % of Vink's win/25.
// The callers fill keys themselves: a key function called for each child
// cost Vink 2 % of its time.
func sortByKeys[T any](cs []T, keys []int) {
	for i := 1; i < len(cs); i++ {
		if keys[i] >= keys[i-1] {
			continue
		}
		c, k, j := cs[i], keys[i], i
		for ; j > 0 && keys[j-1] > k; j-- {
			cs[j], keys[j] = cs[j-1], keys[j-1]
		}
		cs[j], keys[j] = c, k
	}
}

// stepsLeft is the number of steps of the side that just moved to q, on
// the bitboard (stepSquares), else 0.
func stepsLeft[P any](q *P) int {
	if b, ok := any(q).(*bitboard10.Position); ok {
		return bits.OnesCount64(stepSquares(b, b.WhiteToMove))
	}
	return 0
}

// recordSince records a bounded result found on the nodes spent since
// start, which are its replacement priority.
func (s *search[P, M]) recordSince(tbl *hashTable[bound], h uint64, d int, win bool, start int64) {
	record(tbl, h, d, win, uint32(min(s.lim.nodes-start, int64(inf))))
}

// record stores a bounded result; the table keeps its memory bound by
// replacing the cheapest entries.
func record(tbl *hashTable[bound], h uint64, d int, win bool, work uint32) {
	b, _ := tbl.get(h)
	if win {
		if b.win == 0 || int(b.win) > d {
			b.win = int16(d)
		}
	} else if int(b.fail) < d+1 {
		b.fail = int16(d + 1)
	}
	tbl.put(h, b, work)
}

// shortest finds the least d ≤ limit such that the attacker wins within d
// plies of c (iterative deepening). found is false if there is none up to
// limit; ok is false if the budget ran out first.
func (s *search[P, M]) shortest(c *child[P, M], limit int, forcing bool) (d int, found, ok bool) {
	step := 1
	if par := s.winParity(c); par >= 0 {
		d, step = par, 2 // within(d) for the other parity repeats within(d-1)
	}
	for ; d <= limit; d += step {
		w, ok := s.within(c, d, forcing)
		if !ok {
			return d, false, false
		}
		if w {
			return d, true, true
		}
	}
	return limit, false, true
}

// winParity is, for the goal win, the parity of the length of every win
// from c: the game ends when the side to move cannot play, and the
// attacker wins only if that side is the defender (under qui perd gagne,
// himself), so every winning line hands the move to the same side and its
// length in plies has one parity. The endgame tables' distances count
// plies to that same end (odd: the side to move wins), so they share it.
// It is -1 for the other goals, met by a crowning or a capture on either
// side's move.
func (s *search[P, M]) winParity(c *child[P, M]) int {
	if s.goal.Kind != GoalWin {
		return -1
	}
	stuck := s.attacker.Opponent()
	if s.r.LosingGame {
		stuck = s.attacker
	}
	if s.g.Turn(c.q) == stuck {
		return 0
	}
	return 1
}

// winDepth rounds d down to the plies a win from c can take (winParity):
// within d and within the result have one answer, stored once.
func (s *search[P, M]) winDepth(c *child[P, M], d int) int {
	if par := s.winParity(c); par >= 0 && (d-par)&1 != 0 {
		return d - 1
	}
	return d
}

// provenFirst moves to the front the moves df-pn has already proven (it
// usually has, before a shortest win is asked for): a proven move is no
// proof of a short win, but most often a fast one, and a winning move
// found first spares searching every losing one before it to the full
// depth. It changes the order only.
func (s *search[P, M]) provenFirst(cs []child[P, M]) {
	k := 0
	for i := range cs {
		if v, ok := s.tt.get(cs[i].h); ok && v.pn == 0 {
			if i != k {
				c := cs[i]
				copy(cs[k+1:i+1], cs[k:i])
				cs[k] = c
			}
			k++
		}
	}
}

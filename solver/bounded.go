package solver

import (
	"sort"

	"metz/draughts"
)

// bound records what is known of "the attacker wins within d plies" for one
// position: win is the least d proven (0: none), fail is one more than the
// greatest d disproven (0: none). Both are path-independent: the shortest
// forced win never passes twice through one position, so the bounded search
// needs no repetition rule and its results may be shared freely.
type bound struct{ win, fail int16 }

// child is a successor in the bounded search.
type child struct {
	m        draughts.Move
	q        draughts.Position
	ms       []draughts.Move
	promoted bool
}

func (s *search) children(q draughts.Position, ms []draughts.Move) []child {
	cs := make([]child, len(ms))
	for i, m := range ms {
		c := q.Play(m)
		cs[i] = child{m: m, q: c, ms: c.Moves(), promoted: s.promotes(q, m)}
	}
	return cs
}

// within reports whether the attacker forces the goal within d plies of q.
// With forcing set the attacker is limited to forcing moves: those after
// which the defender must capture (or that meet the goal at once), plus any
// compulsory capture of his own. ok is false when the budget ran out.
func (s *search) within(q draughts.Position, ms []draughts.Move, promoted bool, d int, forcing bool) (win, ok bool) {
	switch s.statusOf(q, ms, promoted) {
	case won:
		return true, true
	case lost:
		return false, true
	}
	if d <= 0 {
		return false, true
	}
	tbl := s.bounded
	if forcing {
		tbl = s.forced
	}
	h := q.Hash()
	b := tbl[h]
	switch {
	case b.win != 0 && int(b.win) <= d:
		return true, true
	case b.fail != 0 && int(b.fail)-1 >= d:
		return false, true
	}
	if !s.lim.tick() {
		return false, false
	}
	win, ok = s.withinChildren(q, ms, d, forcing)
	if ok {
		s.record(tbl, h, d, win)
	}
	return win, ok
}

func (s *search) withinChildren(q draughts.Position, ms []draughts.Move, d int, forcing bool) (win, ok bool) {
	or := s.isOr(q)
	cs := s.children(q, ms)
	if or {
		cs = s.orderAttack(q, cs, forcing)
	}
	for _, c := range cs {
		w, ok := s.within(c.q, c.ms, c.promoted, d-1, forcing)
		if !ok {
			return false, false
		}
		if w == or {
			return or, true // OR: one winning move; AND: one escaping reply
		}
	}
	return !or, true
}

// orderAttack puts the attacker's most forcing moves first (fewest replies),
// and with forcing keeps only the forcing ones.
func (s *search) orderAttack(q draughts.Position, cs []child, forcing bool) []child {
	ownCapture := len(cs) > 0 && cs[0].m.IsCapture()
	if forcing && !ownCapture {
		kept := cs[:0]
		for _, c := range cs {
			if len(c.ms) == 0 || c.ms[0].IsCapture() || s.statusOf(c.q, c.ms, c.promoted) == won {
				kept = append(kept, c)
			}
		}
		cs = kept
	}
	sort.SliceStable(cs, func(i, j int) bool { return len(cs[i].ms) < len(cs[j].ms) })
	return cs
}

// record stores a bounded result. The map is cleared when it reaches its
// cap: a hard memory bound at the price of recomputation.
func (s *search) record(tbl map[uint64]bound, h uint64, d int, win bool) {
	if len(tbl) >= s.boundCap {
		clear(tbl)
		s.evictedB++
	}
	b := tbl[h]
	if win {
		if b.win == 0 || int(b.win) > d {
			b.win = int16(d)
		}
	} else if int(b.fail) < d+1 {
		b.fail = int16(d + 1)
	}
	tbl[h] = b
}

// shortest finds the least d ≤ limit such that the attacker wins within d
// plies (iterative deepening). found is false if there is none up to limit;
// ok is false if the budget ran out first.
func (s *search) shortest(q draughts.Position, ms []draughts.Move, promoted bool, limit int, forcing bool) (d int, found, ok bool) {
	for d = 0; d <= limit; d++ {
		w, ok := s.within(q, ms, promoted, d, forcing)
		if !ok {
			return d, false, false
		}
		if w {
			return d, true, true
		}
	}
	return limit, false, true
}

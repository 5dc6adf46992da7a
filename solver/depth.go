package solver

// proofDepth is the length in plies of the longest line of a proof of c
// that the df-pn table holds: the attacker forces the goal within that
// many plies. It is an upper bound on the shortest win, found without the
// exhaustive search that the exact length needs, and is what Verify
// measures other first moves against when the exact length is too dear.
// ok is false when the table no longer holds a whole proof (entries were
// replaced) or the budget ran out.
func (s *search[P, M]) proofDepth(c *child[P, M]) (depth int, ok bool) {
	w := depthWalk[P, M]{s: s, memo: map[uint64]int{}, trail: map[uint64]bool{}}
	d := w.depth(c)
	return d, d >= 0
}

// depthWalk is one proofDepth: depths already known, and the positions of
// the current line (a proof never passes twice through one position, so a
// move back onto the line is not part of it).
type depthWalk[P, M any] struct {
	s     *search[P, M]
	memo  map[uint64]int
	trail map[uint64]bool
}

// depth is c's proof length, or -1 when the table holds no proof of c.
func (w *depthWalk[P, M]) depth(c *child[P, M]) int {
	s := w.s
	switch s.statusOf(c) {
	case won:
		return 0
	case lost:
		return -1
	}
	// A table's win counts with its distance: the line goes on past the
	// probe, and a bound that stopped there would be too short. A table
	// without distances gives none: no bound is known.
	if st, plies, ok := s.tableStatus(c); ok {
		if st == won && plies != noDistance {
			return plies
		}
		return -1
	}
	if d, ok := w.memo[c.h]; ok {
		return d
	}
	if w.trail[c.h] || s.prove(c) != proven { // prove reads the table first
		return -1
	}
	w.trail[c.h] = true
	d := w.children(c)
	delete(w.trail, c.h)
	w.memo[c.h] = d
	return d
}

// children combines the depths below c: at the attacker's turn one
// proven move's, at the defender's the greatest (every reply must be
// proven).
func (w *depthWalk[P, M]) children(c *child[P, M]) int {
	cs := w.s.children(c, nil)
	if !w.s.isOr(c.q) {
		most := 0
		for i := range cs {
			d := w.depth(&cs[i])
			if d < 0 {
				return -1
			}
			most = max(most, d+1)
		}
		return most
	}
	// One proven move is followed, not the best: taking the least over
	// every proven move walks every proof in the table, which can cost
	// more than the search that filled it.
	d := -1
	w.s.firstProven(cs, nil, func(c *child[P, M]) bool {
		d = w.depth(c)
		return d >= 0
	})
	if d < 0 {
		return -1
	}
	return d + 1
}

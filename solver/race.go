package solver

// A refutation needs one escape at each of the defender's nodes, and the
// replies' costs differ most near the root: in Vink's win/25 the first
// reply the order gives after 29-24 30x19 22-17 (11x22) is refuted in
// 4.55 M nodes, the other (13x22) in 0.18 M. The order (orderDefence)
// takes 11x22, which leaves White one move to 13x22's two and Black
// fewer steps: it cannot see the cost, a race can. Far from the bound
// the defender's replies are searched in turn, each on a budget that
// grows fourfold each round, until one escapes or all are proven lost.
// A reply cut short keeps what it settled in the bounded table, so the
// next round resumes rather than restarts. Nearer the bound the costs
// are close and the restarts cost more than they find (docs/performance.md).

// raceRule says where the defender's replies are raced: at his nodes
// from or more plies from the bound, each reply first on start nodes.
// The zero rule races nowhere.
type raceRule struct {
	from  int
	start int64
}

// refuteRace is the rule of the searches that refute an unstated first
// move (refute): 20 plies from the bound, 256 K nodes.
var refuteRace = raceRule{from: 20, start: 1 << 18}

// raceGrowth is the factor by which each round's budget grows.
const raceGrowth = 4

// refute is within for c, the attacker's moves unrestricted, when the
// search is expected to fail: a first move the source does not give is
// most often refuted, and its refutation is where racing pays. A search
// that proves a win instead searches every reply whatever the order, and
// racing would only repeat work (BenchmarkShortest's III: 1.27 times the
// nodes).
func (s *search[P, M]) refute(c *child[P, M], d int) (win, ok bool) {
	was := s.race
	s.race = refuteRace
	defer func() { s.race = was }()
	return s.within(c, d, false)
}

// refuting reports whether the search runs under refute, which expects it
// to fail: it races the defender's replies and leaves the attacker's
// moves in the generator's order (orderAttack).
func (s *search[P, M]) refuting() bool { return s.race != raceRule{} }

// races reports whether the defender's node with the replies cs, d plies
// from the bound, races them.
func (s *search[P, M]) races(cs []child[P, M], d int) bool {
	return s.race.from > 0 && d >= s.race.from && len(cs) > 1
}

// raceEscape searches the defender's replies cs, d plies from the bound,
// in rounds: each reply still open on the round's budget, in cs's order,
// until one escapes (escaped) or every one is proven lost. ok is false
// when the search's own budget ran out.
func (s *search[P, M]) raceEscape(cs []child[P, M], d int, forcing bool) (escaped, ok bool) {
	open := make([]int, len(cs))
	for i := range open {
		open[i] = i
	}
	for budget := s.race.start; len(open) > 0; budget *= raceGrowth {
		if len(open) == 1 { // nothing to race: the last one gets what is left
			w, ok := s.within(&cs[open[0]], d-1, forcing)
			return ok && !w, ok
		}
		still := open[:0]
		for _, i := range open {
			w, done, ok := s.withinOn(&cs[i], d-1, forcing, budget)
			switch {
			case !ok:
				return false, false
			case !done:
				still = append(still, i)
			case !w:
				return true, true
			}
		}
		open = still
	}
	return false, true
}

// withinOn is within for c on at most n nodes of the search's budget:
// done is false when those ran out, ok false when the whole budget did.
func (s *search[P, M]) withinOn(c *child[P, M], d int, forcing bool, n int64) (win, done, ok bool) {
	s.on(s.lim.sub(n), func() { win, done = s.within(c, d, forcing) })
	return win, done, !s.lim.stopped
}

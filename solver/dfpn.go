package solver

// dnode is a position in the df-pn search with its current numbers.
type dnode[P, M any] struct {
	c      child[P, M] // the position (c.n and c.capture unknown while lazy)
	pn, dn uint32
	st     status
	fl     uint8  // flDep / flRep / flCut: what a disproof rests on
	dep    uint64 // with flDep: the position above whose repetition it rests on
	dup    bool   // same position as an earlier sibling: counted once
	lazy   bool   // c.n and st not computed yet (see expand)
}

// A disproof may rest on the path it was found on. A repetition is a
// draw (no win for the attacker), but only on a path through the repeated
// position: a disproof resting on the repetition of one position (flDep)
// is stored with it and read where that position is on the path again; one
// resting on several (flRep) holds in this frame only. At the position
// itself the dependence ends: the position is on every path to itself. A
// line cut at the depth limit (flCut) proves nothing, ever. The values
// are ordered from the cleanest.
const (
	flDep uint8 = 1
	flRep uint8 = 2
	flCut uint8 = 4
)

// outcome of a proof attempt.
type outcome uint8

const (
	unknown outcome = iota
	proven
	disproven
)

// prove runs df-pn from c until the goal is proven or disproven or the
// budget runs out.
func (s *search[P, M]) prove(c *child[P, M]) outcome {
	defer func(a int, tag uint32) { s.rootAdv, s.rootTag = a, tag }(s.rootAdv, s.rootTag)
	s.rootAdv = s.advantage(c.q)
	s.rootTag = uint32(c.h>>32) | 1
	root := dnode[P, M]{c: *c, st: s.judge(c)}
	switch root.st {
	case won:
		return proven
	case lost:
		return disproven
	}
	if v, ok := s.tt.get(c.h); ok && (v.pn == 0 || v.disproven()) {
		if v.pn == 0 {
			return proven
		}
		return disproven
	}
	if out, ok := s.byChildren(c); ok {
		return out
	}
	if out, ok := s.tryClosure(c, false); ok {
		return out
	}
	// Numbers that reach inf undecided (estimates grown out of range)
	// would make mid return at once, for ever: the proof is given up.
	root.pn, root.dn = 1, 1
	for !s.lim.stopped && root.pn != 0 && root.dn != 0 && root.pn < inf && root.dn < inf {
		s.mid(&root, inf, inf)
	}
	switch {
	case root.pn == 0:
		return proven
	case root.dn == 0 && root.fl&flCut == 0:
		// Every repetition it rests on is of a position on the path from
		// this root: a real draw for the attacker here. The disproof holds.
		return disproven
	}
	return unknown
}

// byChildren decides c from its children when the rules, the endgame
// tables or the table's path-independent results settle enough of them
// (one proven attacker move; one failing defence; or all of them the
// other way). A position next to one already solved (an earlier first
// move's closure, say) is then settled without a search of its own.
func (s *search[P, M]) byChildren(c *child[P, M]) (outcome, bool) {
	if !s.lim.tick() {
		return unknown, false
	}
	or := s.isOr(c.q)
	cs := s.children(c, s.kidBufs.get())
	defer func() { s.kidBufs.put(cs) }()
	all := true
	for i := range cs {
		out := s.known(&cs[i])
		switch {
		case out == proven && or, out == disproven && !or:
			return out, true
		case out == unknown:
			all = false
		}
	}
	switch {
	case !all:
		return unknown, false
	case or:
		return disproven, true
	}
	return proven, true
}

// expand builds the children of n (whose legal moves are ms) into buf.
func (s *search[P, M]) expand(n *dnode[P, M], ms []M, buf []dnode[P, M]) []dnode[P, M] {
	for i, m := range ms {
		q, h := play(s.g, n.c.q, n.c.h, m)
		buf = append(buf, dnode[P, M]{c: child[P, M]{m: m, q: q, h: h}})
		c := &buf[len(buf)-1]
		for j := range i {
			if buf[j].c.h == h {
				c.dup = true
			}
		}
		hp, hd := s.guess(q)
		if s.isOr(q) {
			// The attacker's replies to a defence are generated only when
			// the search enters them: most are never entered. They are
			// counted, though, unless already decided: every one must fail
			// for a disproof.
			c.pn, c.dn, c.lazy = hp, hd, true
			if s.path.has(h) {
				c.pn, c.dn, c.fl, c.dep, c.lazy = inf, 0, flDep, h, false
				continue
			}
			if s.judgeByTables(c); c.lazy {
				c.dn = mobilityDn(hd, s.g, q)
			}
			continue
		}
		c.c.n, c.c.capture = s.g.CountMoves(q)
		c.c.promoted = s.promotes(n.c.q, m)
		c.st = s.judge(&c.c)
		switch {
		case c.st == won:
			c.pn, c.dn = 0, inf
		case c.st == lost:
			c.pn, c.dn = inf, 0
		case s.path.has(h):
			c.pn, c.dn, c.fl, c.dep = inf, 0, flDep, h // a repetition never wins for the attacker
		default:
			// Few defender replies (forced captures): easier to prove.
			c.pn, c.dn = uint32(c.c.n)*hp, hd
		}
	}
	return buf
}

// guess is the initial proof and disproof numbers of an unexplored
// position (df-pn+): material won since the root makes a proof look
// closer, material lost a disproof. A position one capture away from the
// endgame tables looks closer to being decided either way: the tables end
// a line there, where a search would go on. Only the search order depends
// on the guess. With judgeByTables it took BenchmarkFirstMoves from 11.2 M
// nodes to 7.5 M with the 5-piece tables (29.2 M to 22.2 M with the 4-piece
// ones, one search fewer left open).
func (s *search[P, M]) guess(q P) (pn, dn uint32) {
	d := s.advantage(q) - s.rootAdv
	pn, dn = uint32(min(max(4-2*d, 1), 16)), uint32(min(max(4+2*d, 1), 16))
	if s.tablesServe() && s.pieces(q) == s.valueReach+1 {
		pn, dn = max(pn/2, 1), max(dn/2, 1)
	}
	return pn, dn
}

// mobilityDn scales the disproof guess hd of an attacker's node by its
// number of moves n (as n/3, n counted up to 16): a defence that leaves the
// attacker few moves is refuting sooner, and the search tries it first.
// The proof number keeps its guess (one move suffices for a proof).
// Measured with the 5-piece tables (BenchmarkVerifyBundled, nodes): III
// 1.22 M to 0.77 M, IV 1.21 M to 0.93 M, V 0.53 M to 0.39 M, the same
// verdicts; with the 4-piece tables on make report's budget III 15.7 M
// to 7.4 M, IV 9.6 M to 6.7 M; BenchmarkFirstMoves 6.8 M to 5.1 M.
// Weights n/2 to n/4 with counts up to 8 to 24 did about as well there
// (5.1 to 5.7 M); n/8 up to 32 did no better than no weight (6.9 M).
func mobilityDn[P, M any](hd uint32, g game[P, M], q P) uint32 {
	n, _ := g.CountMoves(q)
	return max(hd*uint32(min(n, 16))/3, 1)
}

// judgeByTables decides a lazy attacker's node from the tables when they
// hold its position, without generating its moves. Left lazy, it would
// keep its guess until entered, and the search would spend its effort
// elsewhere while a decided answer waited.
func (s *search[P, M]) judgeByTables(c *dnode[P, M]) {
	if !s.tablesServe() || s.pieces(c.c.q) > s.valueReach {
		return
	}
	switch st, _, _ := s.tableStatus(&c.c); st {
	case won:
		c.pn, c.dn, c.st, c.lazy = 0, inf, won, false
	case lost:
		c.pn, c.dn, c.st, c.lazy = inf, 0, lost, false
	}
}

// tablesServe reports whether the tables decide positions of up to
// s.valueReach pieces in this search (they answer the goal win only; df-pn
// needs the value alone, which a table without distances gives too).
func (s *search[P, M]) tablesServe() bool { return s.valueReach > 0 && s.goal.Kind == GoalWin }

// pieces counts q's pieces.
func (s *search[P, M]) pieces(q P) int {
	return material(s.g, q).Pieces()
}

// refresh reads a child's numbers from the table, unless they are decided
// here (terminal, or path-dependent and so kept in this frame). A
// repetition disproof is read where its position is on the path.
func (s *search[P, M]) refresh(c *dnode[P, M]) {
	if c.st != open || c.fl != 0 || c.pn == 0 || c.dn == 0 {
		return
	}
	v, ok := s.tt.get(c.c.h)
	switch {
	case !ok:
	case v.repDisproof():
		if d, ok := s.deps.get(c.c.h); ok && s.path.has(d) {
			c.pn, c.dn, c.fl, c.dep = inf, 0, flDep, d
		}
	case v.pn == 0 || v.disproven() || v.root == s.rootTag:
		c.pn, c.dn = v.pn, v.dn
	}
}

// enter generates n's moves; a lazy node is judged first, and its numbers
// set if it is decided.
func (s *search[P, M]) enter(n *dnode[P, M]) (ms []M, decided bool) {
	ms = s.g.AppendMoves(n.c.q, s.moveBufs.get())
	if !n.lazy {
		return ms, false
	}
	n.lazy = false
	n.c.n, n.c.capture = len(ms), len(ms) > 0 && s.g.IsCapture(ms[0])
	switch n.st = s.judge(&n.c); n.st {
	case won:
		n.pn, n.dn = 0, inf
	case lost:
		n.pn, n.dn = inf, 0
	default:
		return ms, false
	}
	return ms, true
}

// mid is Nagai's multiple iterative deepening step: search below n until
// its proof number reaches thpn or its disproof number reaches thdn.
func (s *search[P, M]) mid(n *dnode[P, M], thpn, thdn uint32) {
	start := s.lim.nodes
	if !s.lim.tick() {
		return
	}
	ms, decided := s.enter(n)
	defer s.moveBufs.put(ms)
	if decided {
		return
	}
	if len(s.path.stack) >= s.maxPath {
		n.pn, n.dn, n.fl = inf, 0, flCut
		return
	}
	s.path.push(n.c.h)
	cs := s.expand(n, ms, s.nodeBufs.get())
	or := s.isOr(n.c.q)
	// The children are read from the table once, not on every turn of the
	// loop: mid(c) leaves its numbers in c itself, and a sibling changed
	// meanwhile through a transposition only costs ordering (its true
	// numbers are read when it is entered). Same node counts, ~5% faster.
	for i := range cs {
		s.refresh(&cs[i])
	}
	for {
		combine(n, cs, or)
		if n.pn >= thpn || n.dn >= thdn || s.lim.stopped {
			break
		}
		best, second := pick(cs, or)
		c := &cs[best]
		if or {
			s.mid(c, min(thpn, onePlusEps(second)), thdn-n.dn+c.dn)
		} else {
			// No ε at a defence: the search moves to another reply as
			// soon as it looks better. A refutation is found sooner that
			// way (BenchmarkFirstMoves: 7.5 M nodes to 6.8 M; III's 22-18
			// alone 1.9 M to 0.8 M); at the attacker's nodes ε still
			// pays.
			s.mid(c, thpn-n.pn+c.pn, min(thdn, addSat(second, 1)))
		}
	}
	s.nodeBufs.put(cs)
	s.path.pop()
	work := uint32(min(s.lim.nodes-start, int64(inf)))
	switch n.fl {
	case 0:
		s.tt.put(n.c.h, numbers{n.pn, n.dn, s.rootTag}, work)
	case flDep:
		s.tt.put(n.c.h, numbers{inf, 0, repTag}, work)
		s.deps.put(n.c.h, n.dep, work)
	}
}

// onePlusEps is the 1+ε trick (Pawlewicz & Lew): let the best child run
// until it is a quarter worse than the second best, not just one worse, so
// the search does not thrash between two near-equal children.
func onePlusEps(x uint32) uint32 {
	if x >= inf {
		return inf
	}
	return max(x+1, x+x/4)
}

// combine sets n's numbers from its children: at an OR node the proof
// number is the least child proof number, at an AND node the disproof
// number the least child disproof number. The other number is weak
// (Ueda et al.'s weak proof-number search): the largest child's plus one
// for each other child still open, not the sum. King moves transpose and
// cycle everywhere, and a sum counts a shared subtree once for every path
// to it: the sums grow exponentially, saturate, and the search stalls.
// Each distinct position counts once.
func combine[P, M any](n *dnode[P, M], cs []dnode[P, M], or bool) {
	least, most, open := inf, uint32(0), uint32(0)
	for i := range cs {
		c := &cs[i]
		if c.dup {
			continue // its first occurrence speaks for it (refresh may not)
		}
		lo, add := c.pn, c.dn
		if !or {
			lo, add = c.dn, c.pn
		}
		least = min(least, lo)
		if add != 0 {
			most, open = max(most, add), open+1
		}
	}
	weak := uint32(0)
	if open > 0 {
		weak = addSat(most, open-1)
	}
	if or {
		n.pn, n.dn = least, weak
	} else {
		n.pn, n.dn = weak, least
	}
	n.fl, n.dep = 0, 0
	if n.dn == 0 {
		n.fl, n.dep = restsOn(n.c.h, cs, or)
	}
}

// restsOn is what a disproof of the position h rests on, from its
// children's: at an OR node (every move failed) all of theirs, at an AND
// node (one failing reply suffices) the cleanest reply's.
func restsOn[P, M any](h uint64, cs []dnode[P, M], or bool) (fl uint8, dep uint64) {
	if !or {
		fl = 0xff
		for i := range cs {
			if f, d := cs[i].restsBelow(h); cs[i].dn == 0 && !cs[i].dup && f < fl {
				fl, dep = f, d
			}
		}
		return fl, dep
	}
	for i := range cs {
		if cs[i].dup {
			continue
		}
		f, d := cs[i].restsBelow(h)
		if f&flDep != 0 && dep != 0 && d != dep {
			f = f&^flDep | flRep // two positions: more than a record holds
		}
		if f&flDep != 0 {
			dep = d
		}
		fl |= f
	}
	if fl&flRep != 0 {
		fl, dep = fl&^flDep, 0
	}
	return fl, dep
}

// restsBelow is what c's disproof rests on seen from its parent h: a
// repetition of h itself holds wherever h is reached.
func (c *dnode[P, M]) restsBelow(h uint64) (uint8, uint64) {
	if c.fl&flDep != 0 && c.dep == h {
		return c.fl &^ flDep, 0
	}
	return c.fl, c.dep
}

// pick returns the most promising child and the second-best value.
func pick[P, M any](cs []dnode[P, M], or bool) (best int, second uint32) {
	best, bv, second := -1, inf+1, inf
	for i := range cs {
		if cs[i].dup {
			continue
		}
		v := cs[i].pn
		if !or {
			v = cs[i].dn
		}
		switch {
		case v < bv:
			second, best, bv = bv, i, v
		case v < second:
			second = v
		}
	}
	return best, min(second, inf)
}

// pathSet holds the positions of the current df-pn path. It is a stack
// (mid enters and leaves in order) with a small counting filter in front,
// so that the common answer "not on the path" costs one array read.
type pathSet struct {
	stack []uint64
	count [1024]uint16
}

func (ps *pathSet) has(h uint64) bool {
	if ps.count[h&1023] == 0 {
		return false
	}
	for _, k := range ps.stack {
		if k == h {
			return true
		}
	}
	return false
}

func (ps *pathSet) push(h uint64) {
	ps.stack = append(ps.stack, h)
	ps.count[h&1023]++
}

func (ps *pathSet) pop() {
	h := ps.stack[len(ps.stack)-1]
	ps.stack = ps.stack[:len(ps.stack)-1]
	ps.count[h&1023]--
}

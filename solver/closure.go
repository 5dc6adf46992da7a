package solver

// closure decides c exactly when every position reachable from it is few:
// it lists them all (at most limit) and runs retrograde analysis on that
// graph, as the endgame tables do on a whole material signature. The
// attacker's wins are the least fixed point (won at the start; an attacker
// node with a won child; a defender node whose children are all won), so
// no repetition rule is needed and nothing depends on the path: what is not
// won is a draw or a loss for the attacker, proven. Small king endings,
// where df-pn must exhaust every cycle and rarely ends, are settled in a
// few thousand nodes. dist is the exact shortest win in plies when won.
// ok is false when the graph is larger than limit or the budget ran out.
func (s *search[P, M]) closure(c *child[P, M], limit int) (st status, dist int, ok bool) {
	g := closureGraph[P, M]{s: s, index: newPosIndex()}
	if !g.explore(c, limit) {
		if len(g.nodes) >= limit { // too large, not out of budget: never again
			s.tooBig[c.h] = true
		}
		return open, 0, false
	}
	preds := g.predecessors()
	d := g.solve(preds, false)
	g.keep(d)
	s.closed = &closedSet{index: g.index, dist: d}
	if d[0] >= 0 {
		return won, int(d[0]), true
	}
	if s.goal.Kind == GoalWin {
		// The same graph says whether the other side wins: solve asks
		// that next, and a second closure would list it all again.
		s.otherWins[c.h] = g.solve(preds, true)[0] >= 0
	}
	return lost, 0, true
}

// closedSet is a completed closure: its positions and their exact
// distances to the attacker's win (-1: none), for its search's attacker
// and goal. keep copies them into the search's tables, but a full bucket
// there drops entries, and a position found missing would list its whole
// closure again (a Russian three-king ending's first moves, 290,476
// positions, most listed anew: 2.97 M nodes and 12 s for an answer the
// first closure held). It is read like an endgame table (tableStatus).
type closedSet struct {
	index *posIndex
	dist  []int32
}

// size is the number of positions the closure holds (0 for none).
func (cs *closedSet) size() int {
	if cs == nil {
		return 0
	}
	return len(cs.dist)
}

// status is h's value in the closure, if h is one of its positions.
func (cs *closedSet) status(h uint64) (st status, plies int, ok bool) {
	if cs == nil {
		return open, 0, false
	}
	i, found := cs.index.get(h)
	switch {
	case !found:
		return open, 0, false
	case cs.dist[i] >= 0:
		return won, int(cs.dist[i]), true
	}
	return lost, 0, true
}

// keep writes every value the closure found into the df-pn table (proven
// or disproven: exact, so valid on any path) and the bounded table (the
// exact distance), so that the proof can be printed, measured and reused.
func (g *closureGraph[P, M]) keep(dist []int32) {
	for i, h := range g.hashes {
		if g.nodes[i].st != open {
			continue // decided by the rules: never stored
		}
		if d := dist[i]; d >= 0 {
			g.s.tt.put(h, numbers{pn: 0, dn: inf}, 1)
			g.s.bounded.put(h, bound{win: int16(d), fail: int16(d)}, 1)
		} else {
			g.s.tt.put(h, numbers{pn: inf, dn: 0}, 1)
			g.s.bounded.put(h, bound{fail: noWin}, 1)
		}
	}
}

// noWin is a bounded-table fail mark beyond any depth searched: no win
// at all.
const noWin = 1 << 14

// closureLimit is the most positions a closure lists at the default
// memory budget, and closurePieces the most pieces a position may have for
// prove to try one first: three pieces reach up to about 250,000
// positions, four pieces often far more (a failed attempt costs its nodes,
// so it is tried once per position). A larger memory budget lists more,
// at closureBytes a position (measured: 1.4 M positions of a German
// four-piece king ending, 125 MB live once listed, 367 MB of heap at the
// peak, garbage collection included): the 8x8 rule systems have
// no endgame tables, and their four-piece king endings (1.4 to 2.1 M
// positions) are decided in 5 to 8 s with 1 GB where df-pn never ends.
const (
	closureLimit  = 400_000
	closurePieces = 4
	closureBytes  = 256
)

// closureCap is the most positions a closure of s may list.
// closureNanos is about what a closure costs a position it lists, in the
// builders' terms (tables.NanosPerPosition): a builder cheaper than that
// is run before a closure is tried.
const closureNanos = 250

func (s *search[P, M]) closureCap() int {
	return max(closureLimit, s.memMB<<20/closureBytes)
}

// tryClosure is prove's first step on small material; whole is for the
// root of a solve (see proveRoot).
func (s *search[P, M]) tryClosure(c *child[P, M], whole bool) (outcome, bool) {
	pieces := material(s.g, c.q).Pieces()
	if pieces > closurePieces || s.tooBig[c.h] || s.noClosure {
		return unknown, false
	}
	// The tables hold what the closure would list. Built ones are read
	// first; building them through the generic builder costs more than a
	// closure that fits (a Russian four-piece ending: 0.25 s listed, 2.2
	// s built), so they are built only when the closure turns out too
	// large. The international builder is the faster: its tables are
	// built first (within the search's bounds).
	s.readOnly = s.tables == nil || s.tables.NanosPerPosition() > closureNanos
	st, _, ok := s.tableStatus(c)
	s.readOnly = false
	if ok {
		return fromStatus(st), true
	}
	// A closure cut short is wasted and one finished settles every
	// position it lists. Three pieces always fit (up to about 250,000
	// positions), so theirs may go past the current share; a larger one
	// may turn out too large, and gets half of the share, except at the
	// root, where nothing else would use the budget better.
	run := func() { st, _, ok = s.closure(c, s.closureCap()) }
	if pieces <= 3 || whole {
		s.unshared(run)
	} else {
		s.share(2, run)
	}
	if ok {
		return fromStatus(st), true
	}
	if s.tooBig[c.h] { // not out of budget: the tables may hold it
		if st, _, ok := s.tableStatus(c); ok {
			return fromStatus(st), true
		}
	}
	return unknown, false
}

// fromStatus is a decided status as an outcome.
func fromStatus(st status) outcome {
	if st == won {
		return proven
	}
	return disproven
}

// proveRoot is prove at the root of a solve: small material goes to its
// closure first, on the whole budget. A king ending is decided there or
// nowhere (df-pn never ends its cycles), and the closure's size is
// bounded by closureCap anyway; a search that began with the forcing
// search would leave the closure four fifths of the budget, and prove
// half of that.
func (s *search[P, M]) proveRoot(c *child[P, M]) outcome {
	if out, ok := s.tryClosure(c, true); ok {
		return out
	}
	return s.prove(c)
}

// closureGraph is the reachable graph: node 0 is the start.
type closureGraph[P, M any] struct {
	s      *search[P, M]
	index  *posIndex
	nodes  []closureNode
	hashes []uint64
	edges  []int32 // children of every node, in node order (see closureNode)
}

type closureNode struct {
	st       status
	or       bool  // the attacker moves
	from, to int32 // its children are edges[from:to]
}

// explore lists every position reachable from c, breadth first. Most
// children of a node are already listed (every position has many
// parents), so a child is played and its moves counted only when it is
// new (its hash says), and the queue keeps only what expanding a position
// needs.
func (g *closureGraph[P, M]) explore(c *child[P, M], limit int) bool {
	type queued struct {
		q P
		h uint64
	}
	// Node k is the kth queued: positions leave the queue as they are
	// expanded, so it holds the frontier only (append reallocates just the
	// live part), not every position listed.
	queue := []queued{{c.q, c.h}}
	g.add(c)
	s := g.s
	for k := 0; len(queue) > 0; k++ {
		if !s.lim.tick() {
			return false
		}
		cur := queue[0]
		queue[0], queue = queued{}, queue[1:]
		n := &g.nodes[k]
		n.from = int32(len(g.edges))
		if n.st == open {
			ms := s.g.AppendMoves(cur.q, s.moveBufs.get())
			for _, m := range ms {
				h := s.g.HashAfter(cur.q, cur.h, m)
				i, seen := g.index.get(h)
				if !seen {
					if len(g.nodes) >= limit {
						return false
					}
					q, _ := play(s.g, cur.q, cur.h, m)
					ch := s.childAfter(cur.q, m, q, h)
					i = g.add(&ch)
					queue = append(queue, queued{q, h})
					n = &g.nodes[k] // add may have moved the slice
				}
				g.edges = append(g.edges, i)
			}
			s.moveBufs.put(ms)
		}
		n.to = int32(len(g.edges))
	}
	return true
}

// add numbers a new position and judges it.
func (g *closureGraph[P, M]) add(c *child[P, M]) int32 {
	i := int32(len(g.nodes))
	g.index.put(c.h, i)
	g.hashes = append(g.hashes, c.h)
	// The rules only, not the tables: a table's win has its own distance,
	// which would break the order solve relies on.
	g.nodes = append(g.nodes, closureNode{st: g.s.statusOf(c), or: g.s.isOr(c.q)})
	return i
}

// solve is the retrograde pass: each node's distance to the attacker's
// win, -1 where there is none. Nodes are settled in order of distance, so
// an attacker node takes its first (least) won child and a defender node
// its last (greatest) one. other solves for the other side's win instead
// (goal win only: the rules' verdicts, won and lost, change places).
// pr is the graph's predecessors.
func (g *closureGraph[P, M]) solve(pr preds, other bool) []int32 {
	n := len(g.nodes)
	dist := make([]int32, n)
	left := make([]int32, n) // defender nodes: children not yet won
	var queue []int32
	wonHere := won
	if other {
		wonHere = lost
	}
	for i := range g.nodes {
		nd := &g.nodes[i]
		dist[i] = -1
		left[i] = nd.to - nd.from
		if nd.st == wonHere {
			dist[i] = 0
			queue = append(queue, int32(i))
		}
	}
	for k := 0; k < len(queue); k++ {
		w := queue[k]
		for _, p := range pr.of[pr.from[w]:pr.from[w+1]] {
			if dist[p] >= 0 || g.nodes[p].st != open {
				continue
			}
			if g.nodes[p].or == other { // the side that wins here is not to move
				if left[p]--; left[p] > 0 {
					continue
				}
			}
			dist[p] = dist[w] + 1
			queue = append(queue, p)
		}
	}
	return dist
}

// preds are the edges inverted: the parents of node i are
// of[from[i]:from[i+1]] (two flat arrays, not a slice per node: the graphs
// run to millions of nodes).
type preds struct{ from, of []int32 }

// predecessors inverts the edges.
func (g *closureGraph[P, M]) predecessors() preds {
	from := make([]int32, len(g.nodes)+1)
	for _, ch := range g.edges {
		from[ch+1]++
	}
	for i := range g.nodes {
		from[i+1] += from[i]
	}
	of := make([]int32, len(g.edges))
	next := append([]int32(nil), from[:len(g.nodes)]...)
	for i := range g.nodes {
		nd := &g.nodes[i]
		for _, ch := range g.edges[nd.from:nd.to] {
			of[next[ch]] = int32(i)
			next[ch]++
		}
	}
	return preds{from: from, of: of}
}

// posIndex numbers the positions of a closure by their hashes: open
// addressing with linear probing, the keys and numbers in two flat arrays.
// A closure looks up every child of every position, and a Go map spent a
// fifth of its time there. The key 0 marks a free slot; a position whose
// hash is 0 is kept aside.
type posIndex struct {
	keys []uint64
	vals []int32
	n    int   // keys held (the one aside not counted)
	zero int32 // the number of the position hashed 0, or -1
}

func newPosIndex() *posIndex {
	return &posIndex{keys: make([]uint64, 1024), vals: make([]int32, 1024), zero: -1}
}

// slot is where h is, or the free slot where it would go.
func (x *posIndex) slot(h uint64) int {
	mask := len(x.keys) - 1
	i := int(h>>32^h) & mask
	for x.keys[i] != 0 && x.keys[i] != h {
		i = (i + 1) & mask
	}
	return i
}

func (x *posIndex) get(h uint64) (int32, bool) {
	if h == 0 {
		return x.zero, x.zero >= 0
	}
	i := x.slot(h)
	return x.vals[i], x.keys[i] == h
}

// put stores a new key (the closure never renumbers a position).
func (x *posIndex) put(h uint64, v int32) {
	if h == 0 {
		x.zero = v
		return
	}
	if 2*(x.n+1) > len(x.keys) { // at most half full: short probes
		old, olds := x.keys, x.vals
		x.keys, x.vals = make([]uint64, 2*len(old)), make([]int32, 2*len(old))
		for j, k := range old {
			if k != 0 {
				i := x.slot(k)
				x.keys[i], x.vals[i] = k, olds[j]
			}
		}
	}
	i := x.slot(h)
	x.keys[i], x.vals[i] = h, v
	x.n++
}

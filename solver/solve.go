package solver

import (
	"fmt"
	"slices"
	"time"

	"metz/draughts"
	"metz/problems"
	"metz/tables"
	"metz/verdict"
)

// Version is recorded with every verdict so that runs can be compared.
const Version = "metz-solver/1"

// Caps on the depth-bounded searches.
const (
	ForcingCap  = 40 // plies of the exhaustive forcing search
	ShortestCap = 60 // plies tried by the shortest-win search
)

// Solve decides the goal for the side to move in p within the budget.
func Solve(p draughts.Position, goal Goal, b verdict.Budget) *verdict.Solution {
	return SolveWith(p, goal, Options{Budget: b})
}

// SolveWith is Solve with options: the budget and the endgame tables (the
// other fields are Verify's).
func SolveWith(p draughts.Position, goal Goal, opt Options) *verdict.Solution {
	j := job{pos: p, goal: goal, opt: opt}
	j.run()
	return j.sol
}

func solveIn[P, M any](g game[P, M], p draughts.Position, goal Goal, opt Options) *verdict.Solution {
	start := time.Now()
	b := opt.Budget.WithDefaults()
	lim := newLimits(b)
	sol := &verdict.Solution{Goal: goal.String(), Keys: []string{}, Rules: p.Rules.Name, Budget: b}
	tb := &tableUse{t: tablesFor(p.Rules, opt)}
	if res, note := gameOver(g, from(g, p), goal); note != "" {
		sol.Result, sol.Note = res, note
		sol.Seconds = time.Since(start).Seconds()
		return sol
	}
	tb.slice(p, b)
	if !goal.Boundable() { // a draw or a loss: the other side's win is searched
		solveDraw(g, p, lim, b, sol, tb)
	} else {
		solveGoal(g, p, goal, lim, b, sol, tb)
	}
	sol.TableHits, sol.TablesBuilt, sol.TablesUnsaved = tb.hits, tb.built, tb.unsaved
	sol.TableHitsNoDistance = tb.values
	sol.Nodes = lim.nodes
	sol.Seconds = time.Since(start).Seconds()
	return sol
}

// gameOver settles a win goal in a position where the game is over: the
// side not to move has no piece (the game ended with the last move: a
// position the rules never reach with that side to move, but a FEN can
// state), or the side to move has no legal move (no piece, or every one
// blocked). The side to move has won the first and lost the second, the
// other way round under qui perd gagne; there is no move to find, so no
// search runs, no key is reported, and the note says why. note is "" when
// the game goes on.
func gameOver[P, M any](g game[P, M], q P, goal Goal) (result, note string) {
	if goal.Kind != GoalWin {
		return "", ""
	}
	win, loss := verdict.ResultWin, verdict.ResultLoss
	if g.Rules().LosingGame {
		win, loss = loss, win
	}
	if men, kings := sideOf(material(g, q), g.Turn(q).Opponent()); men+kings == 0 {
		return win, "the game is over: the side not to move has no piece left"
	}
	if n, _ := g.CountMoves(q); n == 0 {
		note = "the game is over: the side to move has no legal move"
		if g.Rules().LosingGame {
			note += ", and under qui perd gagne that wins"
		}
		return loss, note
	}
	return "", ""
}

// tableUse hands the tables to each search of a solve and adds up their
// hits (values: those read from tables without distances).
type tableUse struct {
	t                            *tables.System
	hits, values, built, unsaved int64
}

// slice builds, for a root of at most four international pieces whose
// tables are not there, the slices of them it can reach
// (tables.System.Slice): every position the searches of the solve meet
// is in them, and they are a fraction of the whole tables where the root
// has men (from W:W6:B2,3,4, 14 M indices against 26 M). It is bounded as
// a search bounds the root's tables (useTables).
func (tb *tableUse) slice(p draughts.Position, b verdict.Budget) {
	if tb.t == nil {
		return
	}
	tb.built += tb.t.Slice(p, rootLimit(tb.t, b.MemoryMB))
}

func useTables[P, M any](tb *tableUse, s *search[P, M]) func() {
	s.useTables(tb.t)
	return func() {
		tb.hits, tb.values = tb.hits+s.tableHit, tb.values+s.valueHit
		tb.built, tb.unsaved = tb.built+s.built.Load(), tb.unsaved+s.unsaved.Load()
	}
}

func solveGoal[P, M any](g game[P, M], p draughts.Position, goal Goal, lim *limits, b verdict.Budget, sol *verdict.Solution, tb *tableUse) {
	q := from(g, p)
	s := newSearch(g, q, p.Turn, goal, lim, b.MemoryMB)
	defer useTables(tb, s)()
	root := s.at(q, false)
	if goal.Within > 0 {
		s.solveWithin(&root, goal.Within, sol)
		inEngineOrder(p, sol)
		return
	}
	out, forcedPlies := s.decide(&root)
	switch out {
	case disproven:
		sol.Result = verdict.ResultDraw
		switch other, known := s.otherWins[root.h]; {
		case goal.Kind != GoalWin:
		case known && other: // the root's closure answered for both sides
			sol.Result = verdict.ResultLoss
		case !known:
			sol.Result, sol.Note = opponentWins(g, q, lim, b, tb)
		}
		if sol.Result == verdict.ResultLoss {
			sol.Plies = lossPlies(s, &root)
		}
		return
	case unknown:
		sol.Result, sol.Note = verdict.ResultUnknown, exhausted(s, &root)
		sol.Open = s.openLine(&root, s.lim.nodes)
		return
	}
	sol.Result = verdict.ResultWin
	limit := ShortestCap
	if forcedPlies > 0 {
		limit = forcedPlies
	}
	st, plies, inTables := s.tableStatus(&root)
	valueOnly := inTables && st == won && plies == noDistance
	var d int
	var found bool
	shortest := func() { d, found, _ = s.shortest(&root, limit, false) }
	if valueOnly {
		// A table without distances gave the win: the shortest one is
		// searched for on a share of the budget only, as the bounded
		// search has no table distance to stop at (a king ending of six
		// pieces may take it all).
		s.share(valueOnlyShare, shortest)
	} else {
		shortest()
	}
	mode := anyProof
	switch {
	case found:
		sol.Plies, mode = d, fastest
	case inTables && st == won && !valueOnly: // a table's distance, beyond the bounded search's reach
		sol.Plies = plies
	case valueOnly:
		sol.Note = "won by the endgame tables, which store no distance for this ending (win, draw or loss alone); the shortest win was not found within its share of the budget"
	}
	sol.Tree = s.proofTree(&root, d, mode)
	sol.Keys, sol.Undecided = s.keys(&root)
	inEngineOrder(p, sol)
}

// valueOnlyShare: the shortest win of a root won by a table without
// distances is searched for on 1/valueOnlyShare of the budget.
const valueOnlyShare = 16

// lossPlies is the distance of a lost root to the end of the game under
// the longest defence, when the tables hold it (0 when they do not).
func lossPlies[P, M any](s *search[P, M], root *child[P, M]) int {
	if r, plies, ok := s.probe(root); ok && r == tables.Loss {
		return plies
	}
	return 0
}

// exhausted is the note of an unknown result: the budget ran out, and for
// an ending too large for a closure within the memory budget, that more
// memory may settle it.
func exhausted[P, M any](s *search[P, M], root *child[P, M]) string {
	const note = "budget exhausted before a proof or a disproof"
	if s.tooBig[root.h] {
		return note + fmt.Sprintf("; the ending reaches more positions than a closure may list within %d MB of memory (about %d bytes each): a larger memory budget may settle it", s.memMB, closureBytes)
	}
	return note
}

// inEngineOrder sorts the keys as the generic engine lists the moves, so
// that the answer does not depend on the generator that searched.
func inEngineOrder(p draughts.Position, sol *verdict.Solution) {
	rank := map[string]int{}
	for i, m := range p.Moves() {
		rank[p.Rules.FormatMove(m, true)] = i
	}
	by := func(a, b string) int { return rank[a] - rank[b] }
	slices.SortFunc(sol.Keys, by)
	slices.SortFunc(sol.Undecided, by)
}

// decide is the whole proof attempt: on small material the closure
// first; else the forcing search (cheap and enough for most
// combinations), then df-pn. It returns the forcing win's
// length when the forcing search found one.
func (s *search[P, M]) decide(c *child[P, M]) (outcome, int) {
	if out, ok := s.tryClosure(c, true); ok { // see proveRoot
		return out, 0
	}
	if st, plies, ok := s.tableStatus(c); ok && plies == noDistance {
		// A table without distances decides the root: the forcing
		// search, which has no distance to stop at there, would only
		// spend its share looking for one.
		return fromStatus(st), 0
	}
	if d, found := s.forcingWin(c); found {
		return proven, d
	}
	return s.prove(c), 0
}

// forcingWin runs the forcing search on a fifth of the remaining budget.
func (s *search[P, M]) forcingWin(c *child[P, M]) (int, bool) {
	var d int
	var found bool
	s.share(5, func() { d, found, _ = s.shortest(c, ForcingCap, true) })
	return d, found
}

// share runs f on a 1/parts slice of the remaining budget and returns the
// nodes it spent.
func (s *search[P, M]) share(parts int, f func()) int64 { return s.shareOf(1, parts, f) }

// shareOf runs f on num/den of the remaining budget, its nodes and its
// time (its time only under a budget the clock binds: limits.byClock),
// and returns the nodes it spent. Under a clock whose node limit is
// far off, a share of the nodes alone let the first part take the whole
// time: the first omitted defence of a printed line took the 60 s of a
// verification (25 M to 34 M nodes) and left the others, and the other
// first moves, 0 to 116 nodes each. What a part leaves goes to the next.
func (s *search[P, M]) shareOf(num, den int, f func()) int64 {
	part := s.lim.sub((s.lim.maxNodes - s.lim.nodes) / int64(max(den, 1)) * int64(num))
	part.deadline = s.lim.partDeadline(num, den)
	return s.on(part, f)
}

// on runs f on part, a sub-budget of s.lim (limits.sub), counts what it
// spent into s.lim and returns it.
func (s *search[P, M]) on(part *limits, f func()) int64 {
	main := s.lim
	s.lim = part
	f()
	main.merge(part)
	s.lim = main
	return part.nodes
}

// unshared runs f on everything the whole budget has left, past the
// current share, and counts what it spent into the share. It is for work
// that is all or nothing (a closure cut short is wasted) and bounded by
// its own limit.
func (s *search[P, M]) unshared(f func()) {
	l := s.lim
	room := l.room()
	s.lim = l.detached(room)
	s.lim.stopped = room == 0 || time.Now().After(l.deadline) // past the share: its stop does not hold
	f()
	l.nodes += s.lim.nodes
	if s.lim.stopped || l.nodes >= l.maxNodes {
		l.stopped = true
	}
	s.lim = l
}

// keys tests every first move on its own.
func (s *search[P, M]) keys(root *child[P, M]) (keys, undecided []string) {
	keys = []string{}
	cs := s.children(root, nil)
	for i := range cs {
		c := &cs[i]
		name := s.format(root.q, c.m, true)
		// Each move gets a fair share of what is left, so one hard
		// non-winning move cannot starve the others.
		var out outcome
		s.share(len(cs)-i, func() { out = s.prove(c) })
		switch out {
		case proven:
			keys = append(keys, name)
		case unknown:
			undecided = append(undecided, name)
		}
	}
	return keys, undecided
}

// treeMode is where a proof tree's moves come from.
type treeMode uint8

const (
	fastest     treeMode = iota // exact distances: a fastest win against every defence
	forcingOnly                 // the forcing search's distances: forcing moves only
	anyProof                    // the df-pn table: any proven move
)

// proofTree prints the proof from c; d is the distance for the modes that
// have one.
func (s *search[P, M]) proofTree(c *child[P, M], d int, mode treeMode) *problems.Tree {
	tb := s.newTreeBuilder()
	start := s.g.ToGeneric(c.q)
	t := &problems.Tree{Start: &start}
	switch mode {
	case anyProof:
		t.Children = tb.fromTable(c)
	default:
		tb.forcing = mode == forcingOnly
		t.Children = tb.within(c, d)
	}
	return t
}

// opponentWins settles a disproven win: does the other side force one?
func opponentWins[P, M any](g game[P, M], q P, lim *limits, b verdict.Budget, tb *tableUse) (string, string) {
	s := newSearch(g, q, g.Turn(q).Opponent(), Win, lim, b.MemoryMB)
	defer useTables(tb, s)()
	root := s.at(q, false)
	switch s.proveRoot(&root) {
	case proven:
		return verdict.ResultLoss, ""
	case disproven:
		return verdict.ResultDraw, ""
	}
	return verdict.ResultUnknown, "no forced win for the side to move (proven); whether the opponent wins is not settled within the budget"
}

// solveDraw settles the opponent's win, for a draw (it must fail) and a
// loss (it must succeed): Result is loss when it is proven, draw with the
// escaping first moves as keys when it is disproven.
func solveDraw[P, M any](g game[P, M], p draughts.Position, lim *limits, b verdict.Budget, sol *verdict.Solution, tb *tableUse) {
	q := from(g, p)
	s := newSearch(g, q, p.Turn.Opponent(), Win, lim, b.MemoryMB)
	defer useTables(tb, s)()
	root := s.at(q, false)
	switch s.proveRoot(&root) {
	case proven:
		sol.Result = verdict.ResultLoss
		return
	case unknown:
		sol.Result, sol.Note = verdict.ResultUnknown, exhausted(s, &root)
		sol.Open = s.openLine(&root, s.lim.nodes)
		return
	}
	sol.Result = verdict.ResultDraw
	defer inEngineOrder(p, sol)
	cs := s.children(&root, nil)
	for i := range cs {
		name := s.format(q, cs[i].m, true)
		switch s.prove(&cs[i]) {
		case disproven:
			sol.Keys = append(sol.Keys, name)
		case unknown:
			sol.Undecided = append(sol.Undecided, name)
		}
	}
}

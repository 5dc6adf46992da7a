package solver

import (
	"slices"
	"strconv"
	"strings"

	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// stated resolves the stated moves at one place (replay has checked them).
func stated(q draughts.Position, ns []*problems.Node) []draughts.Move {
	ms := make([]draughts.Move, 0, len(ns))
	for _, n := range ns {
		if m, mp := resolve(q, n); mp == nil {
			ms = append(ms, m)
		}
	}
	return ms
}

func isStated(m draughts.Move, st []draughts.Move) bool {
	for _, o := range st {
		if m.SameEffect(o) {
			return true
		}
	}
	return false
}

// childOf is the search's view of q after m.
func (v *verifier[P, M]) childOf(q draughts.Position, m draughts.Move) child[P, M] {
	return v.s.atGeneric(q.Play(m), m.Promotes && q.Turn == v.s.attacker)
}

// unstated lists the legal moves of q that the source does not give.
func unstated(q draughts.Position, st []draughts.Move) []draughts.Move {
	var out []draughts.Move
	for _, m := range q.Moves() {
		if !isStated(m, st) {
			out = append(out, m)
		}
	}
	return out
}

// prefixed puts move m (played in q) in front of a proof tree.
func prefixed(q draughts.Position, m draughts.Move, t *problems.Tree) *problems.Tree {
	n := &problems.Node{Text: q.Rules.FormatMove(m, false), Move: q.Rules.FormatMove(m, true),
		White: q.Turn == draughts.White, Origin: problems.Solver}
	if t != nil {
		n.Children = t.Children
	}
	return &problems.Tree{Start: &q, Children: []*problems.Node{n}}
}

// walk checks the stated tree below q.
func (v *verifier[P, M]) walk(q draughts.Position, ns []*problems.Node, path []int, line []string, promoted bool) {
	if v.drawing() {
		v.walkDraw(q, ns, path, line, false)
		return
	}
	v.walkWin(q, ns, path, line, promoted)
}

// walkWin: every defence at defender nodes and the end of every line; the
// attacker's nodes after the key are kept for the duals, searched last
// (runDuals). For the verdict only, a node's stated lines come before its
// other moves: a line's end that is not won refutes the problem, and the
// omitted defences' proofs (often the bulk of the work) are then not
// needed.
func (v *verifier[P, M]) walkWin(q draughts.Position, ns []*problems.Node, path []int, line []string, promoted bool) {
	if v.refutedEnough() {
		return
	}
	if v.abandoned(path) {
		// A line that fails above: its ends will not be searched.
		v.ends -= endsAt(ns)
		return
	}
	if len(ns) == 0 {
		v.spend(&v.acct.Leaves, func() { v.leaf(q, promoted, path, line) })
		return
	}
	st := stated(q, ns)
	others := func() {
		switch {
		case v.refutedEnough():
		case q.Turn != v.s.attacker:
			v.spend(&v.acct.Defences, func() { v.defences(q, st, path, line) })
		case len(path) > 0 && !v.opt.VerdictOnly:
			v.dualSites = append(v.dualSites, dualSite{q: q, st: st, path: path, line: line})
		}
	}
	if !v.opt.VerdictOnly {
		others()
	}
	for i, m := range st {
		v.walkWin(q.Play(m), ns[i].Children, extend(path, i), extendLine(line, placeMove(ns[i])), m.Promotes && q.Turn == v.s.attacker)
	}
	if v.opt.VerdictOnly {
		others()
	}
}

// walkDraw: after every move of the side that must draw, and at the end of
// every line, the opponent must have no forced win. A disproof after a move
// covers every reply, so the opponent's omitted moves need no search of
// their own. checked says q was checked already.
func (v *verifier[P, M]) walkDraw(q draughts.Position, ns []*problems.Node, path []int, line []string, checked bool) {
	if len(ns) == 0 {
		if checked || v.holds(q, path, line) {
			v.leafProven(path)
		}
		return
	}
	st := stated(q, ns)
	mine := q.Turn != v.s.attacker
	for i, m := range st {
		p, l := extend(path, i), extendLine(line, placeMove(ns[i]))
		c := q.Play(m)
		if mine && !v.holds(c, p, l) {
			continue // refuted or unproven here: the line is not followed further
		}
		v.walkDraw(c, ns[i].Children, p, l, mine)
	}
}

// holds proves that the opponent has no forced win from q (a draw
// problem's place at path); a win found fails the line there (lineFails),
// with the opponent's winning line.
func (v *verifier[P, M]) holds(q draughts.Position, path []int, line []string) bool {
	c := v.s.atGeneric(q, false)
	hits := v.s.hits()
	var out outcome
	var spent int64
	v.spend(&v.acct.Leaves, func() { out, spent = v.settle(&c, 2) })
	switch out {
	case disproven:
		v.byTables(path, hits)
		return true
	case proven:
		ans, _, _ := v.answer(&c, false)
		win := append([]string(nil), line...)
		if ans != nil {
			for _, n := range ans.MainLine() {
				win = append(win, n.Move)
			}
		}
		v.lineFails(path, win, "the opponent forces a win here: "+q.FEN())
	default:
		v.rep.Unproven = append(v.rep.Unproven, verdict.UnprovenLeaf{Path: pathString(path), Ply: len(path), Line: line,
			FEN: q.FEN(), Nodes: spent, Reason: "budget exhausted before the draw was proven"})
	}
	return false
}

// leaf: a stated line ends here; the goal must be proven. The ends share
// what is left evenly, the last one all of it: a line's end is what the
// verdict rests on, and nothing searched after it would use the rest.
func (v *verifier[P, M]) leaf(q draughts.Position, promoted bool, path []int, line []string) {
	l := pendingLeaf{q: q, promoted: promoted, path: path, line: line}
	parts := max(2*v.ends-1, 1)
	v.ends--
	out, spent := v.settleLeaf(l, parts)
	if out == unknown {
		v.rep.Unproven = append(v.rep.Unproven, verdict.UnprovenLeaf{Path: pathString(path), Ply: len(path), Line: line,
			FEN: q.FEN(), Nodes: spent, Reason: "budget exhausted before the end of the line was proven"})
		v.reopen(path, &v.acct.Leaves, func(parts int) (outcome, int64) { return v.settleLeaf(l, parts) })
	}
}

// settleLeaf searches a line's end on a 1/parts share and records a proof
// or a refutation; it returns the outcome and the nodes spent.
func (v *verifier[P, M]) settleLeaf(l pendingLeaf, parts int) (outcome, int64) {
	c := v.s.atGeneric(l.q, l.promoted)
	hits := v.s.hits()
	out, spent := v.settleAt(&c, len(l.path), parts)
	switch out {
	case proven:
		v.leafProven(l.path)
		v.byTables(l.path, hits)
	case disproven:
		v.lineFails(l.path, l.line, v.notForcedNote()+l.q.FEN())
	}
	return out, spent
}

// pendingLeaf is an end of a stated line: its position and where it is.
type pendingLeaf struct {
	q        draughts.Position
	promoted bool
	path     []int
	line     []string
}

// openPlace is a place of the stated tree left open on its share (a
// line's end or an omitted defence), to be searched again on what the
// other parts leave (retryOpen): at is its entry in Report.Unproven, acct
// the part of the work its nodes count to, settle the search that records
// a proof or a refutation on a 1/parts share.
type openPlace struct {
	path   []int
	at     int
	acct   *int64
	settle func(parts int) (outcome, int64)
}

// reopen records the place whose entry was just added to Report.Unproven
// for retryOpen.
func (v *verifier[P, M]) reopen(path []int, acct *int64, settle func(parts int) (outcome, int64)) {
	v.pending = append(v.pending, openPlace{path: path, at: len(v.rep.Unproven) - 1, acct: acct, settle: settle})
}

// retryOpen searches the places left open again on what is left, shared
// as leaf shares it (the last all of it). Each place had a part of what
// was left when the walk reached it, the rest kept back for the places
// after it; the stated lines run beside the first moves on a fixed part
// of the budget (walkBesideKeys). What the later places and the first
// moves do not need would otherwise go unspent: on 60 s, an omitted
// defence stopped on its share while the run ended with a third of the
// clock left. A proof now found counts as at first; the entries settled
// leave Report.Unproven.
func (v *verifier[P, M]) retryOpen() {
	pending := v.pending
	v.pending = nil
	settled := make([]bool, len(v.rep.Unproven))
	for i, o := range pending {
		if v.s.lim.stopped || v.s.lim.nodes >= v.s.lim.maxNodes || v.refutedEnough() {
			break
		}
		if v.abandoned(o.path) {
			continue // on a line that failed above it (prune drops its entry)
		}
		var out outcome
		var spent int64
		v.spend(o.acct, func() { out, spent = o.settle(max(2*(len(pending)-i)-1, 1)) })
		v.rep.Unproven[o.at].Nodes += spent
		settled[o.at] = out != unknown
	}
	// Settling a place can add entries (a failing move's other moves left
	// open, mend.go): they are new, never settled here.
	kept := v.rep.Unproven[:0]
	for i, u := range v.rep.Unproven {
		if i >= len(settled) || !settled[i] {
			kept = append(kept, u)
		}
	}
	v.rep.Unproven = kept
	// A defence answered now goes where the walk would have put it.
	if !slices.Contains(settled, true) {
		return
	}
	slices.SortStableFunc(v.rep.Omitted, func(a, b verdict.Omitted) int { return comparePaths(a.Path, b.Path) })
}

// comparePaths orders places as the walk meets them: "1" before "1.1.1",
// "1.2" before "1.10".
func comparePaths(a, b string) int {
	num := func(p string) []int {
		var out []int
		for _, f := range strings.Split(p, ".") {
			n, _ := strconv.Atoi(f)
			out = append(out, n)
		}
		return out
	}
	return slices.Compare(num(a), num(b))
}

// endsAt is the number of stated lines' ends at a place whose stated
// moves are ns: the place itself when none follows.
func endsAt(ns []*problems.Node) int {
	if len(ns) == 0 {
		return 1
	}
	return countEnds(ns)
}

// countEnds is the number of stated lines' ends below ns.
func countEnds(ns []*problems.Node) int {
	n := 0
	for _, c := range ns {
		if len(c.Children) == 0 {
			n++
		}
		n += countEnds(c.Children)
	}
	return n
}

// leafProven counts the end of a stated line, at path, as proven.
func (v *verifier[P, M]) leafProven(path []int) {
	v.rep.LeavesProven++
	v.rep.ProvenLeaves = append(v.rep.ProvenLeaves, pathString(path))
}

// byTables notes that the proof at path read the endgame tables (hits is
// the count before it started), and whether a table without distances.
func (v *verifier[P, M]) byTables(path []int, hits tableHits) {
	now := v.s.hits()
	if now.all > hits.all {
		v.rep.TableLeaves = append(v.rep.TableLeaves, pathString(path))
	}
	if now.values > hits.values {
		v.rep.TableLeavesNoDistance = append(v.rep.TableLeavesNoDistance, pathString(path))
	}
}

// tableHits is a search's count of the positions the tables decided, and
// of those a table without distances decided.
type tableHits struct{ all, values int64 }

// hits is s's tableHits.
func (s *search[P, M]) hits() tableHits { return tableHits{s.tableHit, s.valueHit} }

func (v *verifier[P, M]) refute(path []int, line []string, note string) {
	if v.rep.Refutation == nil {
		v.rep.Refutation = &verdict.Refutation{Path: pathString(path), Ply: len(path), Line: line, Note: note}
	}
}

// defences: every legal defence the source omits must lose as well.
func (v *verifier[P, M]) defences(q draughts.Position, st []draughts.Move, path []int, line []string) {
	others := unstated(q, st)
	for i, m := range others {
		if v.refutedEnough() || v.abandoned(path) {
			return
		}
		out, spent := v.settleDefence(q, m, path, line, 2*(len(others)-i))
		if out == unknown {
			name := q.Rules.FormatMove(m, true)
			v.rep.Unproven = append(v.rep.Unproven, verdict.UnprovenLeaf{Path: pathString(path), Ply: len(path) + 1,
				Line: extendLine(line, name), FEN: q.Play(m).FEN(), Nodes: spent, Reason: "budget exhausted on an omitted defence"})
			v.reopen(path, &v.acct.Defences, func(parts int) (outcome, int64) { return v.settleDefence(q, m, path, line, parts) })
		}
	}
}

// settleDefence searches the omitted defence m at the place path (position
// q) on a 1/parts share and records its answer, or the line's failure.
func (v *verifier[P, M]) settleDefence(q draughts.Position, m draughts.Move, path []int, line []string, parts int) (outcome, int64) {
	name := q.Rules.FormatMove(m, true)
	c := v.childOf(q, m)
	out, spent := v.settleAt(&c, len(path)+1, parts)
	switch out {
	case proven:
		ans, _, _ := v.answerAt(&c, len(path)+1, false)
		v.rep.Omitted = append(v.rep.Omitted, verdict.Omitted{Path: pathString(path), Ply: len(path) + 1, After: after(line), Defence: name, Answer: ans})
	case disproven:
		v.lineFails(path, extendLine(line, name), "this defence escapes: "+name)
	}
	return out, spent
}

// dualSite is an attacker's node of a stated line after the key, whose
// other moves are searched for duals once the verdict's work is done.
type dualSite struct {
	q    draughts.Position
	st   []draughts.Move
	path []int
	line []string // the stated moves leading to it
}

// runDuals searches the dual sites, each on an equal part of what is left.
// A dual is a flag on top of the verdict: searched in the walk, the other
// moves of a king (each on a quarter of what was left) could take nearly
// the whole budget and leave an omitted defence after them unproven (a
// three-piece ending without tables: duals 2.8 M of 3 M nodes, verdict
// unproven).
func (v *verifier[P, M]) runDuals() {
	sites := v.dualSites
	v.dualSites = nil
	for i, d := range sites {
		if v.s.lim.stopped || v.s.lim.nodes >= v.s.lim.maxNodes {
			break
		}
		if _, ok := v.mended[pathString(d.path)]; ok || v.abandoned(d.path) {
			continue // the printed move there fails: no dual of it
		}
		v.spend(&v.acct.Duals, func() { v.s.share(len(sites)-i, func() { v.duals(d.q, d.st, d.path, d.line) }) })
	}
}

// duals: other attacker moves that win as fast as the stated one. Moves
// reaching the stated move's position (another capture path) are the same
// move, not a dual.
func (v *verifier[P, M]) duals(q draughts.Position, st []draughts.Move, path []int, line []string) {
	if len(st) == 0 {
		return
	}
	if v.bound > 0 {
		v.boundedDuals(q, st, path, line)
		return
	}
	main := v.childOf(q, st[0])
	// The alternatives first: where none could win (a forced capture, the
	// usual case in a combination), there is no dual to look for and the
	// stated move's length is not needed.
	type alt struct {
		m draughts.Move
		c child[P, M]
	}
	var alts []alt
	for _, m := range unstated(q, st) {
		if c := v.childOf(q, m); c.h != main.h && !v.noWinAtAll(&c) {
			alts = append(alts, alt{m, c})
		}
	}
	if len(alts) == 0 {
		return
	}
	var d int
	var found, ok bool
	// The stated move's exact length is an iterative-deepening search,
	// cheap after a combination and dear in a long ending: 1/64 of
	// the budget, and a note when that is not enough.
	v.s.share(64, func() { d, found, ok = v.s.shortest(&main, ShortestCap, false) })
	if !found {
		if !ok {
			v.rep.DualsUnsearched = append(v.rep.DualsUnsearched, after(line))
		}
		return
	}
	for i := range alts {
		a := &alts[i]
		var w, ok bool
		v.s.share(4, func() { w, ok = v.s.within(&a.c, d, false) })
		if ok && w {
			v.rep.Duals = append(v.rep.Duals, verdict.Dual{Path: pathString(path), Ply: len(path) + 1, After: after(line),
				Stated: q.Rules.FormatMove(st[0], true), Alternative: q.Rules.FormatMove(a.m, true), Plies: d + 1})
		}
	}
}

// noWinAtAll reports whether df-pn disproves c on a small share (1/1024):
// a move that does not win at all is no dual, and the exhaustive search
// for a win within the stated move's length (within) must go to its full
// depth to say so. Most alternatives are lost or drawn outright: after Van
// Tenac III's 50x6, df-pn disproves the king's 4-9 in 39 nodes, where
// within spent 207 K. With the 5-piece tables III took 0.51 M nodes
// instead of 0.77 M; a share of 1/64 cost Problem I's repairs 0.1 M nodes
// more (df-pn fails on some alternatives that within settles cheaply),
// 1/4096 saved III less.
func (v *verifier[P, M]) noWinAtAll(c *child[P, M]) bool {
	var out outcome
	v.s.share(1024, func() { out = v.s.prove(c) })
	return out == disproven
}

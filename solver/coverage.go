package solver

import (
	"metz/draughts"
	"metz/problems"
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

// keys tests every first move the source does not state (cooks).
func (v *verifier) keys(ns []*problems.Node) {
	q := v.root
	st := stated(q, ns)
	horizon := 0
	if len(st) > 0 {
		v.rep.Key = q.Rules.FormatMove(st[0], true)
		horizon = v.keyHorizon(q, st[0], ns[0])
	}
	var others []child
	for _, c := range v.s.children(q, q.Moves()) {
		if !isStated(c.m, st) {
			others = append(others, c)
		}
	}
	for i, c := range others {
		v.tryKey(q, c, horizon, 2*(len(others)-i))
	}
}

// keyHorizon is the stated key's shortest win plus the slack; when that is
// not established, the stated main line's length plus the slack.
func (v *verifier) keyHorizon(q draughts.Position, key draughts.Move, n *problems.Node) int {
	c := q.Play(key)
	var d int
	var found bool
	v.share(4, func() { d, found, _ = v.s.shortest(c, c.Moves(), v.s.promotes(q, key), ShortestCap-1, false) })
	if found {
		v.rep.KeyPlies = d + 1
		return d + 1 + v.opt.Slack
	}
	t := &problems.Tree{Children: []*problems.Node{n}}
	return len(t.MainLine()) + v.opt.Slack
}

// tryKey settles one unstated first move: a proven win is a cook; a move
// df-pn cannot settle is searched for a win within the horizon.
func (v *verifier) tryKey(q draughts.Position, c child, horizon, parts int) {
	name := q.Rules.FormatMove(c.m, true)
	out, _ := v.settle(c.q, c.ms, c.promoted, parts)
	if out == unknown && horizon > 0 {
		var w, ok bool
		v.share(parts, func() { w, ok = v.s.within(c.q, c.ms, c.promoted, horizon-1, false) })
		switch {
		case ok && w:
			out = proven
		case ok:
			out = disproven
			v.rep.Horizon = horizon
		}
	}
	switch out {
	case proven:
		v.rep.Keys = append(v.rep.Keys, name)
		ans, plies := v.answer(c.q, c.ms, c.promoted)
		cook := Cook{Move: name, Proof: prefixed(q, c.m, ans)}
		if plies > 0 || ans != nil {
			cook.Plies = plies + 1
		}
		v.rep.Cooks = append(v.rep.Cooks, cook)
	case unknown:
		v.rep.Undecided = append(v.rep.Undecided, name)
	}
}

// prefixed puts move m (played in q) in front of a proof tree.
func prefixed(q draughts.Position, m draughts.Move, t *problems.Tree) *problems.Tree {
	n := &problems.Node{Text: q.Rules.FormatMove(m, false), Move: q.Rules.FormatMove(m, true),
		White: q.Turn == draughts.White, Origin: problems.Solver}
	if t != nil {
		n.Children = t.Children
	}
	return &problems.Tree{Start: q.FEN(), Children: []*problems.Node{n}}
}

// walk checks the stated tree below q: every defence at defender nodes,
// duals at attacker nodes after the key, and the end of every line.
func (v *verifier) walk(q draughts.Position, ns []*problems.Node, path []int, line []string) {
	promoted := false
	v.walkAt(q, ns, path, line, promoted)
}

func (v *verifier) walkAt(q draughts.Position, ns []*problems.Node, path []int, line []string, promoted bool) {
	if len(ns) == 0 {
		v.leaf(q, promoted, path, line)
		return
	}
	st := stated(q, ns)
	if q.Turn != v.s.attacker {
		v.defences(q, st, path, line)
	} else if len(path) > 0 {
		v.duals(q, st, path)
	}
	for i, n := range ns {
		if i < len(st) {
			v.walkAt(q.Play(st[i]), n.Children, extend(path, i), extendLine(line, printed(n)), v.s.promotes(q, st[i]))
		}
	}
}

// leaf: a stated line ends here; the goal must be proven.
func (v *verifier) leaf(q draughts.Position, promoted bool, path []int, line []string) {
	out, spent := v.settle(q, q.Moves(), promoted, 2)
	switch out {
	case proven:
		v.rep.LeavesProven++
	case disproven:
		v.refute(path, line, "the stated line ends in a position where the goal is not forced: "+q.FEN())
	default:
		v.rep.Unproven = append(v.rep.Unproven, UnprovenLeaf{Path: pathString(path), Ply: len(path), Line: line,
			FEN: q.FEN(), Nodes: spent, Reason: "budget exhausted before the end of the line was proven"})
	}
}

func (v *verifier) refute(path []int, line []string, note string) {
	if v.rep.Refutation == nil {
		v.rep.Refutation = &Refutation{Path: pathString(path), Ply: len(path), Line: line, Note: note}
	}
}

// defences: every legal defence the source omits must lose as well.
func (v *verifier) defences(q draughts.Position, st []draughts.Move, path []int, line []string) {
	var others []child
	for _, c := range v.s.children(q, q.Moves()) {
		if !isStated(c.m, st) {
			others = append(others, c)
		}
	}
	for i, c := range others {
		name := q.Rules.FormatMove(c.m, true)
		out, spent := v.settle(c.q, c.ms, c.promoted, 2*(len(others)-i))
		switch out {
		case proven:
			ans, _ := v.answer(c.q, c.ms, c.promoted)
			v.rep.Omitted = append(v.rep.Omitted, Omitted{Path: pathString(path), Ply: len(path) + 1, Defence: name, Answer: ans})
		case disproven:
			v.refute(path, extendLine(line, name), "this defence escapes: "+name)
		default:
			v.rep.Unproven = append(v.rep.Unproven, UnprovenLeaf{Path: pathString(path), Ply: len(path) + 1,
				Line: extendLine(line, name), FEN: c.q.FEN(), Nodes: spent, Reason: "budget exhausted on an omitted defence"})
		}
	}
}

// duals: other attacker moves that win as fast as the stated one.
func (v *verifier) duals(q draughts.Position, st []draughts.Move, path []int) {
	if len(st) == 0 {
		return
	}
	main := q.Play(st[0])
	var d int
	var found bool
	v.share(4, func() { d, found, _ = v.s.shortest(main, main.Moves(), v.s.promotes(q, st[0]), ShortestCap, false) })
	if !found {
		return
	}
	for _, c := range v.s.children(q, q.Moves()) {
		if isStated(c.m, st) || c.q.Hash() == main.Hash() {
			continue
		}
		var w, ok bool
		v.share(4, func() { w, ok = v.s.within(c.q, c.ms, c.promoted, d, false) })
		if ok && w {
			v.rep.Duals = append(v.rep.Duals, Dual{Path: pathString(path), Ply: len(path) + 1,
				Stated: q.Rules.FormatMove(st[0], true), Alternative: q.Rules.FormatMove(c.m, true), Plies: d + 1})
		}
	}
}

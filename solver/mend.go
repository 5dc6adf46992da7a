package solver

import (
	"strings"

	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// A key is judged by what it forces, not by the line printed after it
// (verification.md, "The key and the printed line"). When a stated line
// fails — a defence escapes, or a line ends where the goal is not met —
// the failure is a refutation of the key only if no move of the solving
// side mends it: lineFails goes up the stated tree from the failing place
// to the nearest place where the solving side moved, and searches its
// other moves there. One that works makes the printed move a flaw of the
// line (Report.LineFindings), and what the walk found below the printed
// move is dropped (prune): it is evidence about a line that fails. Where
// every other move fails too, the failure goes up to the next such place;
// at the start it refutes the key.

// placeAt replays the stated tree along path: the position there and the
// stated moves that follow it.
func (v *verifier[P, M]) placeAt(path []int) (draughts.Position, []*problems.Node) {
	q, ns := v.root, v.tree
	for _, i := range path {
		m, _ := resolve(q, ns[i]) // replay has resolved every stated move
		q, ns = q.Play(m), ns[i].Children
	}
	return q, ns
}

// lineFails handles a failure of the stated lines: the position at path
// (a place of the stated tree) does not give the solving side its goal;
// line is the moves from the start to the failure (the escaping defence
// last, when there is one), note why it fails. The solving side is the
// side to move at the start: the attacker, or the side that must draw.
func (v *verifier[P, M]) lineFails(path []int, line []string, note string) {
	for k := len(path) - 1; k >= 0; k-- {
		q, ns := v.placeAt(path[:k])
		if q.Turn != v.root.Turn {
			continue
		}
		if k == 0 {
			break // the key itself fails
		}
		v.abandon(path[:k+1])
		switch v.mend(q, ns, path[:k], path[k], line, note) {
		case proven:
			return
		case unknown:
			return // recorded as unproven
		}
		// Every move fails here: the defence that led here escapes.
		note += "; no other move works after " + after(line[:k])
	}
	v.refute(path, line, note)
}

// mend searches, at the stated place path (position q, stated moves ns,
// the solving side to move), a move that works instead of the stated one
// on the failing line. It records the finding (proven), the place left
// open (unknown), or nothing when every move fails (disproven).
func (v *verifier[P, M]) mend(q draughts.Position, ns []*problems.Node, path []int, failing int, line []string, note string) outcome {
	k := len(path)
	printed, _ := resolve(q, ns[failing])
	if w, ok := v.mended[pathString(path)]; ok && !w.m.SameEffect(printed) {
		v.addFinding(path, line, note, w)
		return proven
	}
	// The other stated moves first (the source's own alternatives), then
	// the rest in the engine's order.
	var alts []draughts.Move
	for _, n := range ns {
		if m, mp := resolve(q, n); mp == nil && !m.SameEffect(printed) {
			alts = append(alts, m)
		}
	}
	for _, m := range q.Moves() {
		if !m.SameEffect(printed) && !isStated(m, alts) {
			alts = append(alts, m)
		}
	}
	// Half of what is left, shared by the moves (the nodes count to the
	// part of the work that found the failure).
	out := disproven
	v.s.share(2, func() {
		for i, m := range alts {
			c := v.childOf(q, m)
			switch v.works(&c, k+1, len(alts)-i) {
			case proven:
				w := mended{m: m, move: q.Rules.FormatMove(m, true)}
				w.proof, w.plies = v.mendProof(q, m, &c, k+1)
				v.mended[pathString(path)] = w
				v.addFinding(path, line, note, w)
				out = proven
				return
			case unknown:
				out = unknown
			}
		}
	})
	if out == unknown {
		v.rep.Unproven = append(v.rep.Unproven, verdict.UnprovenLeaf{Path: pathString(path), Ply: k, Line: line[:k],
			FEN: q.FEN(), Reason: "the printed " + line[k] + " fails (" + note + "); no other move was proven to work here or refuted within the budget"})
	}
	return out
}

// mended is a move found to work where a printed one fails.
type mended struct {
	m     draughts.Move
	move  string // as the report writes it
	proof *problems.Tree
	plies int
}

// works says whether the solving side's move into c (ply plies from the
// start) works: for a win, the goal is forced from c; for a draw, the
// other side has no forced win from c.
func (v *verifier[P, M]) works(c *child[P, M], ply, parts int) outcome {
	switch {
	case !v.drawing() && v.bound == 0:
		// As for a first move (refuteKey): what df-pn leaves goes to a
		// proof of the other side's win, which in a lost ending is
		// often much smaller than the disproof of the attacker's.
		var out outcome
		v.s.share(parts, func() { out = v.refuteKey(c, true) })
		return out
	case !v.drawing():
		out, _ := v.settleAt(c, ply, parts)
		return out
	}
	switch out, _ := v.settle(c, parts); out {
	case proven:
		return disproven
	case disproven:
		return proven
	}
	return unknown
}

// mendProof is the proof of a move m (played in q, into c) found to
// work, from q, and its shortest win counting m when established; a
// draw's move has no tree (its proof is the other side's failure).
func (v *verifier[P, M]) mendProof(q draughts.Position, m draughts.Move, c *child[P, M], ply int) (*problems.Tree, int) {
	if v.drawing() {
		return nil, 0
	}
	ans, plies, exact := v.answerAt(c, ply, true)
	if !exact {
		return prefixed(q, m, ans), 0
	}
	return prefixed(q, m, ans), plies + 1
}

// addFinding records that the printed move on line at the place path
// fails where w works.
func (v *verifier[P, M]) addFinding(path []int, line []string, note string, w mended) {
	k := len(path)
	v.rep.LineFindings = append(v.rep.LineFindings, verdict.LineFinding{Kind: verdict.FindingFails, Path: pathString(path), Ply: k + 1,
		After: after(line[:k]), Printed: line[k], Fails: append([]string(nil), line[k:]...), Note: note,
		Works: w.move, Plies: w.plies, Proof: w.proof})
}

// abandon marks the stated subtree at path as a line that fails: the walk
// does not go on below it, and prune drops what was found there.
func (v *verifier[P, M]) abandon(path []int) {
	v.dead = append(v.dead, pathString(path))
}

// abandoned reports whether path lies in a subtree abandoned.
func (v *verifier[P, M]) abandoned(path []int) bool {
	return len(v.dead) > 0 && v.under(pathString(path))
}

// under reports whether the place p (a path string) lies in an abandoned
// subtree.
func (v *verifier[P, M]) under(p string) bool {
	for _, d := range v.dead {
		if p == d || strings.HasPrefix(p, d+".") {
			return true
		}
	}
	return false
}

// prune drops from the report what was found in the abandoned subtrees:
// omitted defences, places left open, proven ends and duals of a line
// that fails are no evidence about the key.
func (v *verifier[P, M]) prune() {
	if len(v.dead) == 0 {
		return
	}
	r := v.rep
	r.Omitted = dropUnder(r.Omitted, v.under, func(o verdict.Omitted) string { return o.Path })
	r.Unproven = dropUnder(r.Unproven, v.under, func(u verdict.UnprovenLeaf) string { return u.Path })
	r.ProvenLeaves = dropUnder(r.ProvenLeaves, v.under, func(p string) string { return p })
	r.TableLeaves = dropUnder(r.TableLeaves, v.under, func(p string) string { return p })
	r.TableLeavesNoDistance = dropUnder(r.TableLeavesNoDistance, v.under, func(p string) string { return p })
	r.LeavesProven = len(r.ProvenLeaves)
}

// dropUnder is xs without the entries whose place is dead.
func dropUnder[T any](xs []T, dead func(string) bool, place func(T) string) []T {
	out := xs[:0]
	for _, x := range xs {
		if !dead(place(x)) {
			out = append(out, x)
		}
	}
	return out
}

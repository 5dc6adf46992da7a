package solver

import (
	"fmt"

	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// A bounded goal (Goal.Within > 0) turns each of Verify's questions into
// a finite one, answered by the exact depth-bounded search (bounded.go):
// a place of the stated tree ply plies from the start must reach the goal
// within Within-ply plies, against every defence. Nothing is left to a
// horizon: a first move that does not reach the goal within the bound is
// refuted outright, for that bound.

// settleAt is settle for c, ply plies from the start: under a bound the
// search for the goal within what the bound leaves.
func (v *verifier[P, M]) settleAt(c *child[P, M], ply, parts int) (outcome, int64) {
	return v.settleAtBy(c, ply, parts, false)
}

// refuteAt is settleAt for a first move the source does not give, which
// the search expects to refute: under a bound its full search races the
// defender's replies far from the bound (race.go).
func (v *verifier[P, M]) refuteAt(c *child[P, M], ply, parts int) (outcome, int64) {
	return v.settleAtBy(c, ply, parts, true)
}

// settleAtBy is settleAt, racing with refuting.
func (v *verifier[P, M]) settleAtBy(c *child[P, M], ply, parts int, refuting bool) (outcome, int64) {
	if v.bound == 0 {
		return v.settle(c, parts)
	}
	return v.settleWithin(c, v.bound-ply, parts, refuting)
}

// settleWithin decides whether the goal is forced from c within d plies,
// on a 1/parts share: the forcing search first, on an eighth of it (a
// combination is most often forcing, and its proof is then a few nodes),
// then the full search, which alone can refute (with refuting, racing as
// refute does).
func (v *verifier[P, M]) settleWithin(c *child[P, M], d, parts int, refuting bool) (out outcome, spent int64) {
	spent = v.s.share(parts, func() {
		if d < 0 {
			out = disproven
			return
		}
		var w, ok bool
		v.s.share(8, func() { w, ok = v.s.within(c, d, true) })
		if ok && w {
			out = proven
			return
		}
		if refuting {
			w, ok = v.s.refute(c, d)
		} else {
			w, ok = v.s.within(c, d, false)
		}
		switch {
		case !ok:
			out = unknown
		case w:
			out = proven
		default:
			out = disproven
		}
	})
	return out, spent
}

// answerAt is answer for c, ply plies from the start: under a bound a
// fastest win within what the bound leaves (the bounded search's tables
// hold it), its length counted from c.
func (v *verifier[P, M]) answerAt(c *child[P, M], ply int, exact bool) (*problems.Tree, int, bool) {
	if v.bound == 0 {
		return v.answer(c, exact)
	}
	s := v.s
	var t *problems.Tree
	var d int
	var found bool
	s.share(4, func() {
		d, found, _ = s.shortest(c, v.bound-ply, false)
		if found {
			t = s.proofTree(c, d, fastest)
		}
	})
	return t, d, found
}

// boundedRetry is retryKeys under a bound, in rounds like refuteKeys's:
// the first moves the first look left open share what is left, each
// searched to the bound on an equal part of it; the moves a round settles
// drop out, and what they did not use goes to the others in the next
// round, which resumes from the bounded tables the last one filled. (In
// one pass a hard move early in the list kept only its share while the
// cheap ones after it left most of the budget unspent: Vink's win/25,
// 29-24 undecided on 5.4 M nodes with 40 M unspent.) A move still open
// when a round settles none is undecided, never refuted: the moves still
// open are returned.
func (v *verifier[P, M]) boundedRetry(open []openKey) []openKey {
	for len(open) > 0 && !v.s.lim.stopped {
		var still []openKey
		for i, k := range open {
			c := v.childOf(v.root, k.m)
			if out, _ := v.refuteAt(&c, 1, len(open)-i); out != unknown {
				v.keyOutcome(v.root, k.m, &c, out)
				continue
			}
			still = append(still, k)
		}
		settled := len(still) < len(open)
		open = still
		if !settled {
			break
		}
	}
	return open
}

// boundedDuals lists at a stated attacker's place the other moves that
// also reach the goal within the bound (ply is the place's distance from
// the start). Moves reaching the stated move's position are the same move.
func (v *verifier[P, M]) boundedDuals(q draughts.Position, st []draughts.Move, path []int, line []string) {
	main := v.childOf(q, st[0])
	alts := unstated(q, st)
	for i, m := range alts {
		c := v.childOf(q, m)
		if c.h == main.h {
			continue
		}
		if out, _ := v.settleAt(&c, len(path)+1, len(alts)-i); out == proven {
			v.rep.Duals = append(v.rep.Duals, verdict.Dual{Path: pathString(path), Ply: len(path) + 1, After: after(line),
				Stated: q.Rules.FormatMove(st[0], true), Alternative: q.Rules.FormatMove(m, true), Plies: v.bound - len(path)})
		}
	}
}

// notForcedNote begins the note of a stated line whose end is refuted.
func (v *verifier[P, M]) notForcedNote() string {
	if v.bound > 0 {
		return fmt.Sprintf("the stated line ends where the goal is not forced within the bound of %d plies: ", v.bound)
	}
	return "the stated line ends in a position where the goal is not forced: "
}

// solveWithin is Solve for a goal bounded by within plies: the exact
// shortest forced win up to the bound, its proof, and every first move
// that meets the goal within the bound.
func (s *search[P, M]) solveWithin(root *child[P, M], within int, sol *verdict.Solution) {
	var d int
	var found, ok bool
	s.shareOf(1, 2, func() {
		if d, found, ok = s.shortest(root, within, true); !found && ok {
			d, found, ok = s.shortest(root, within, false)
		}
	})
	switch {
	case !ok && !found:
		sol.Result, sol.Note = verdict.ResultUnknown, fmt.Sprintf("budget exhausted before the goal within %d plies was proven or refuted", within)
		return
	case !found:
		sol.Result, sol.Note = verdict.ResultDraw, fmt.Sprintf("the goal is not forced within %d plies", within)
		return
	}
	// The forcing search's length is an upper bound only: the exact one
	// comes from the full search, which the forcing proof has made cheap.
	sol.Result = verdict.ResultWin
	if e, f, _ := s.shortest(root, d, false); f {
		d, sol.Plies = e, e
	}
	sol.Tree = s.proofTree(root, d, fastest)
	cs := s.children(root, nil)
	for i := range cs {
		var w, ok bool
		s.share(len(cs)-i, func() { w, ok = s.within(&cs[i], within-1, false) })
		name := s.format(root.q, cs[i].m, true)
		switch {
		case !ok:
			sol.Undecided = append(sol.Undecided, name)
		case w:
			sol.Keys = append(sol.Keys, name)
		}
	}
}

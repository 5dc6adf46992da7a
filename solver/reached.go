package solver

import (
	"strings"

	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// cutAtGoal copies the stated tree below q, each line ending at the move
// that meets the goal; what the source prints after it is recorded in
// the report as the continuation. line is the moves leading to q.
func (v *verifier[P, M]) cutAtGoal(q draughts.Position, ns []*problems.Node, line []string) []*problems.Node {
	out := make([]*problems.Node, len(ns))
	for i, n := range ns {
		c := *n
		out[i] = &c
		m, mp := resolve(q, n)
		if mp != nil {
			continue // replay has reported it
		}
		l := extendLine(line, placeMove(n))
		ch := v.childOf(q, m)
		if v.s.statusOf(&ch) != won {
			c.Children = v.cutAtGoal(q.Play(m), n.Children, l)
			continue
		}
		if len(n.Children) > 0 {
			v.rep.Reached = append(v.rep.Reached, verdict.Reached{After: strings.Join(l, " "), Ply: len(l), Continuation: printedLine(n.Children)})
		}
		c.Children = nil
	}
	return out
}

// printedLine is the main line of ns as printed.
func printedLine(ns []*problems.Node) []string {
	var out []string
	for ; len(ns) > 0; ns = ns[0].Children {
		out = append(out, ns[0].Printed())
	}
	return out
}

// placeMove names a stated move in a place: the move as read (28-23,
// 26x37), which says where the pieces went, rather than the book's words
// for it ("50 prend 22 à volonté, soit à 6, 11, 17"), which a place
// strung from several would bury; an unread move keeps its printed text.
func placeMove(n *problems.Node) string {
	if n.Move != "" {
		return n.Move
	}
	return n.Printed()
}

// after writes a place as the stated moves leading to it.
func after(line []string) string { return strings.Join(line, " ") }

// claim judges the source's literal "wins" where the verdict is on the
// goal its line implies: the end of the main line must be a forced win,
// which a search or the tables prove on what the budget has left, or not.
func (v *verifier[P, M]) claim(end draughts.Position, attacker draughts.Color) string {
	s := newSearch(v.s.g.Fork(), from(v.s.g, end), attacker, Win, v.s.lim, max(v.opt.Budget.MemoryMB/2, 1))
	s.tablesOf(v.s)
	c := s.atGeneric(end, false)
	var out outcome
	s.share(2, func() { out, _ = s.decide(&c) })
	v.rep.TableHits += s.tableHit
	switch out {
	case proven:
		return "the win claimed: proven (the end of the stated line is a forced win)"
	case disproven:
		return "the win claimed: refuted (no forced win from the end of the stated line, " + materialWords(end, attacker) + ")"
	}
	return "the win claimed: not proven: the stated line ends " + materialWords(end, attacker)
}

package solver

import (
	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// A loss ("the side to move loses") is the other side's win against every
// move: the searches attack for the side not to move, as for a draw, but
// here its win must be proven, not disproven. The verdict is sound only
// when that win is proven at the start and after every stated move of the
// winning side (the stated lines open with the losing side's moves).

// lossCheck carries the verification of a loss.
type lossCheck[P, M any] struct {
	s   *search[P, M]
	rep *verdict.Report
	// winner is the side not to move at the start, the one that wins.
	winner draughts.Color
}

func verifyLoss[P, M any](g game[P, M], p *problems.Problem, pos draughts.Position, opt Options, rep *verdict.Report, lim *limits) {
	rep.Goal = Goal{Kind: GoalLoss}.String()
	var ns []*problems.Node
	if p.Solution != nil {
		ns = p.Solution.Children
	}
	if len(ns) > 0 && !replay(pos, p.Solution, rep) {
		rep.Verdict = verdict.Misprint
		return
	}
	winner := pos.Turn.Opponent()
	lc := &lossCheck[P, M]{s: newSearch(g, from(g, pos), winner, Win, lim, opt.Budget.MemoryMB), rep: rep, winner: winner}
	lc.s.useTables(tablesFor(pos.Rules, opt))
	defer func() {
		rep.TableHits, rep.TablesBuilt, rep.TablesUnsaved = rep.TableHits+lc.s.tableHit, lc.s.built.Load(), lc.s.unsaved.Load()
	}()
	if len(ns) == 0 {
		rep.Notes = append(rep.Notes, "no stated solution: only the loss itself is searched")
	}
	if !lc.check(pos, nil, nil) {
		lc.escapes(pos)
	} else {
		lc.lines(pos, ns, nil, nil)
	}
	switch {
	case rep.Refutation != nil:
		rep.Verdict = verdict.Unsound
	case len(rep.Unproven) > 0:
		rep.Verdict = verdict.Unproven
		rep.Notes = append(rep.Notes, "budget exhausted before a proof or a disproof of the other side's win")
	default:
		rep.Verdict = verdict.Sound
	}
}

// check settles the winner's win from q, reached by line (path in the
// stated tree): true when it is proven; a disproof is recorded as the
// refutation, an open search as an unproven place.
func (lc *lossCheck[P, M]) check(q draughts.Position, path []int, line []string) bool {
	c := lc.s.at(from(lc.s.g, q), false)
	before := lc.s.lim.nodes
	switch lc.s.proveRoot(&c) {
	case proven:
		return true
	case disproven:
		note := "the side to move does not lose: the other side has no forced win"
		if len(path) > 0 {
			note = "after this stated move the other side has no forced win"
		}
		lc.rep.Refutation = &verdict.Refutation{Path: pathString(path), Ply: len(path), Line: line, Note: note}
	default:
		lc.rep.Unproven = append(lc.rep.Unproven, verdict.UnprovenLeaf{Path: pathString(path), Ply: len(path), Line: line,
			FEN: q.FEN(), Nodes: lc.s.lim.nodes - before, Reason: "the other side's win is not settled within the budget"})
	}
	return false
}

// escapes names, in the refutation of a disproven loss, a first move after
// which the winner has no forced win (the first one found, if any is
// settled within the budget).
func (lc *lossCheck[P, M]) escapes(pos draughts.Position) {
	if lc.rep.Refutation == nil {
		return
	}
	for _, m := range pos.Moves() {
		c := lc.s.at(from(lc.s.g, pos.Play(m)), false)
		if lc.s.prove(&c) == disproven {
			r := lc.rep.Refutation
			r.Path, r.Ply, r.Line = "1", 1, []string{pos.Rules.FormatMove(m, true)}
			r.Note = "this move escapes the loss: the other side has no forced win after it"
			return
		}
	}
}

// lines checks the stated lines: after each stated move of the winner,
// its win must still be proven (the losing side's moves cannot spoil it).
// It stops at the first refutation.
func (lc *lossCheck[P, M]) lines(q draughts.Position, ns []*problems.Node, path []int, line []string) {
	for i, n := range ns {
		if lc.rep.Refutation != nil {
			return
		}
		m, _ := resolve(q, n) // replay has resolved every stated move
		p, l := extend(path, i), extendLine(line, q.Rules.FormatMove(m, true))
		next := q.Play(m)
		if q.Turn == lc.winner && !lc.check(next, p, l) {
			continue
		}
		lc.lines(next, n.Children, p, l)
	}
}

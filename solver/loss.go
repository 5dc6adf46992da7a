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
	lc.s.explainUnproven(rep)
	switch {
	case rep.Refutation != nil:
		rep.Verdict = verdict.Unsound
	case len(rep.Unproven) > 0:
		rep.Verdict = verdict.Unproven
		rep.Notes = append(rep.Notes, "budget exhausted before a proof or a disproof of the other side's win")
	case len(rep.LineFindings) > 0:
		rep.Verdict = verdict.SoundIncomplete
	default:
		rep.Verdict = verdict.Sound
	}
}

// check settles the winner's win from q, reached by line (path in the
// stated tree): true when it is proven; a disproof at the start is the
// refutation, an open search an unproven place.
func (lc *lossCheck[P, M]) check(q draughts.Position, path []int, line []string) bool {
	out, spent := lc.settle(q)
	switch out {
	case proven:
		return true
	case disproven:
		if len(path) == 0 {
			lc.rep.Refutation = &verdict.Refutation{Line: line, Note: "the side to move does not lose: the other side has no forced win"}
		}
	default:
		lc.rep.Unproven = append(lc.rep.Unproven, verdict.UnprovenLeaf{Path: pathString(path), Ply: len(path), Line: line,
			FEN: q.FEN(), Nodes: spent, Reason: "the other side's win is not settled within the budget"})
	}
	return false
}

// settle proves or disproves the winner's win from q.
func (lc *lossCheck[P, M]) settle(q draughts.Position) (out outcome, spent int64) {
	c := lc.s.at(from(lc.s.g, q), false)
	before := lc.s.lim.nodes
	out = lc.s.proveRoot(&c)
	return out, lc.s.lim.nodes - before
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
// The win is proven from the start (check), so wherever the winner is to
// move on a stated line it has a winning move: a stated one that lets
// the win go is a flaw of the line, reported with a move that keeps it
// (verification.md), and the line is not followed past it.
func (lc *lossCheck[P, M]) lines(q draughts.Position, ns []*problems.Node, path []int, line []string) {
	for i, n := range ns {
		m, _ := resolve(q, n) // replay has resolved every stated move
		p, l := extend(path, i), extendLine(line, q.Rules.FormatMove(m, true))
		next := q.Play(m)
		if q.Turn == lc.winner {
			out, spent := lc.settle(next)
			switch out {
			case disproven:
				lc.mend(q, m, path, l)
				continue
			case unknown:
				lc.rep.Unproven = append(lc.rep.Unproven, verdict.UnprovenLeaf{Path: pathString(p), Ply: len(p), Line: l,
					FEN: next.FEN(), Nodes: spent, Reason: "the other side's win is not settled within the budget"})
				continue
			}
		}
		lc.lines(next, n.Children, p, l)
	}
}

// mend finds, where the winner's stated move m (the last of line) lets
// the win go, another move of the winner that keeps it.
func (lc *lossCheck[P, M]) mend(q draughts.Position, m draughts.Move, path []int, line []string) {
	note := "after it the other side has no forced win"
	for _, o := range q.Moves() {
		if o.SameEffect(m) {
			continue
		}
		switch out, _ := lc.settle(q.Play(o)); out {
		case proven:
			lc.rep.LineFindings = append(lc.rep.LineFindings, verdict.LineFinding{Kind: verdict.FindingFails, Path: pathString(path),
				Ply: len(line), After: after(line[:len(path)]), Printed: line[len(path)], Fails: line[len(path):],
				Note: note, Works: q.Rules.FormatMove(o, true)})
			return
		case unknown:
			lc.rep.Unproven = append(lc.rep.Unproven, verdict.UnprovenLeaf{Path: pathString(path), Ply: len(path), Line: line[:len(path)],
				FEN: q.FEN(), Reason: "the stated " + line[len(path)] + " lets the win go; no other move was proven to keep it within the budget"})
			return
		}
	}
	// Not reached when the win from the start is proven: some move keeps it.
	lc.rep.Refutation = &verdict.Refutation{Path: pathString(path), Ply: len(line), Line: line, Note: note + ", nor after any other move here"}
}

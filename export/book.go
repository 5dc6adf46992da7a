package export

import (
	"metz/draughts"
	"metz/problems"
	"metz/problems/booknotation"
)

// bookTree renders a solution in the book's style with the notation's own
// writer (problems/booknotation), the solver's moves marked with an
// asterisk and a legend. pos is the problem's position, used when the tree
// does not name its start, so that moves are written as the book would.
func bookTree(t *problems.Tree, pos *draughts.Position, r *draughts.Rules) string {
	return booknotation.WriteWith(t.StartingAt(pos), r, booknotation.Marked)
}

// modernTree is a solution in modern notation, with the legend in lang
// when the solver added moves.
func modernTree(t *problems.Tree, pos *draughts.Position, r *draughts.Rules, lang Lang) string {
	s := Modern(t.StartingAt(pos), r)
	if t.HasOrigin(problems.Solver) {
		s += " — " + lang.say(ModernLegend, booknotation.SolverLegend)
	}
	return s
}

package export

import (
	"metz/draughts"
	"metz/problems"
	"metz/problems/booknotation"
)

// bookTree renders a solution in the book's style with the notation's own
// writer (problems/booknotation), the solver's moves marked with an
// asterisk and a legend. fen is the problem's position, used when the tree
// does not name its start, so that moves are written as the book would.
func bookTree(t *problems.Tree, fen string, r *draughts.Rules) string {
	return booknotation.WriteWith(withStart(t, fen), r, booknotation.Marked)
}

// modernTree is a solution in modern notation, with the legend in lang
// when the solver added moves.
func modernTree(t *problems.Tree, fen string, r *draughts.Rules, lang Lang) string {
	s := Modern(withStart(t, fen), r)
	if t.HasOrigin(problems.Solver) {
		s += " — " + lang.say(ModernLegend, booknotation.SolverLegend)
	}
	return s
}

// withStart is t starting from fen when it names no start of its own.
func withStart(t *problems.Tree, fen string) *problems.Tree {
	if t.Start != "" || fen == "" {
		return t
	}
	c := *t
	c.Start = fen
	return &c
}

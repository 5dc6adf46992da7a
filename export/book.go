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
	if t.Start == "" && fen != "" {
		c := *t
		c.Start = fen
		t = &c
	}
	return booknotation.WriteWith(t, r, booknotation.Marked)
}

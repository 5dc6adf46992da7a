package booknotation

import (
	"metz/draughts"
	"metz/problems"
)

// WriteOptions change how WriteWith prints a tree.
type WriteOptions struct {
	// SolverMark is written after every move the solver added (Origin
	// "solver"), so that a reader tells the source's lines from metz's;
	// "" writes them like printed moves.
	SolverMark string
	// Legend is the line written after the execution when some move
	// carries SolverMark; "" writes none.
	Legend string
}

// SolverMark and SolverLegend are the marking metz uses for verified trees.
const (
	SolverMark   = "*"
	SolverLegend = "* coup ajouté par metz (solveur) : absent de la source."
)

// Marked are the options that mark solver moves with an asterisk and a legend.
var Marked = WriteOptions{SolverMark: SolverMark, Legend: SolverLegend}

// WriteWith is Write with options. The tree is not modified: the marks are
// put on a copy, before the move's own marks ("6 à 11 * gagne.").
func WriteWith(t *problems.Tree, r *draughts.Rules, o WriteOptions) string {
	if o.SolverMark == "" || !t.HasOrigin(problems.Solver) {
		return Write(t, r)
	}
	c := t.Clone()
	c.Walk(func(n *problems.Node, _ int) {
		if n.Origin != problems.Solver {
			return
		}
		if n.Mark == "" {
			n.Mark = o.SolverMark
		} else {
			n.Mark = o.SolverMark + ", " + n.Mark
		}
	})
	out := Write(c, r)
	if o.Legend != "" {
		out += o.Legend + "\n"
	}
	return out
}

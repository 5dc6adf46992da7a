package solver

import (
	"strings"
	"time"

	"metz/problems"
	"metz/verdict"
)

// line builds a stated solution of one line, White first; "x" marks
// captures as in modern notation.
func line(moves ...string) *problems.Tree {
	t := &problems.Tree{}
	var parent *problems.Node
	for i, m := range moves {
		n := &problems.Node{Text: m, Move: m, White: i%2 == 0, Origin: problems.Printed}
		if parent == nil {
			t.Children = append(t.Children, n)
		} else {
			parent.Children = append(parent.Children, n)
		}
		parent = n
	}
	if parent != nil && !strings.Contains(parent.Mark, "gagne") {
		parent.Mark = "gagne"
	}
	return t
}

// nodes is a budget of n nodes. Tests never depend on the clock: the time
// limit is far beyond what n nodes take, so results do not change with the
// machine or its load.
func nodes(n int64) verdict.Budget { return verdict.Budget{Nodes: n, Time: time.Hour} }

package problems

import (
	"fmt"
	"strconv"
	"strings"
)

// Clone returns a deep copy of the tree, so that a verified tree can be
// built from a record's stated one without changing the record.
func (t *Tree) Clone() *Tree {
	if t == nil {
		return nil
	}
	return t.WithChildren(cloneNodes(t.Children))
}

func cloneNodes(ns []*Node) []*Node {
	if ns == nil {
		return nil
	}
	out := make([]*Node, len(ns))
	for i, n := range ns {
		c := *n
		c.Children = cloneNodes(n.Children)
		out[i] = &c
	}
	return out
}

// SetOrigin gives every node of ns and below that has no origin the given
// one: the stated tree's nodes become "printed" before solver lines are
// added, solver trees' nodes "solver".
func SetOrigin(ns []*Node, origin string) {
	for _, n := range ns {
		if n.Origin == "" {
			n.Origin = origin
		}
		SetOrigin(n.Children, origin)
	}
}

// HasOrigin reports whether any node of the tree has the given origin
// (renderers print a legend only when solver lines are present).
func (t *Tree) HasOrigin(origin string) bool {
	found := false
	t.Walk(func(n *Node, _ int) { found = found || n.Origin == origin })
	return found
}

// Place is where a node path leads: the node (nil for the tree's root)
// and the alternatives below it, which may be appended to.
type Place struct {
	Node     *Node
	Children *[]*Node
}

// At follows a node path as the solver writes it, 1-based and dotted
// ("1.2.1" is the first child of the second child of the first root
// child; "" is the root). The error names the step that does not exist.
func (t *Tree) At(path string) (Place, error) {
	if t == nil {
		return Place{}, fmt.Errorf("path %q: no tree", path)
	}
	pl := Place{Children: &t.Children}
	if path == "" {
		return pl, nil
	}
	for i, step := range strings.Split(path, ".") {
		k, err := strconv.Atoi(step)
		if err != nil || k < 1 {
			return Place{}, fmt.Errorf("path %q: step %d is %q, expected a number from 1", path, i+1, step)
		}
		if k > len(*pl.Children) {
			return Place{}, fmt.Errorf("path %q: step %d asks for alternative %d of %d", path, i+1, k, len(*pl.Children))
		}
		n := (*pl.Children)[k-1]
		pl = Place{Node: n, Children: &n.Children}
	}
	return pl, nil
}

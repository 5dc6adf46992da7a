package problems

// Tree is a solution: the alternatives for the first move, the first being
// the main line. Node.Children are the alternatives for the next ply, the
// first being the continuation of the main line; the others are the book's
// "si" branches (for the defender) or other winning moves (for the attacker).
type Tree struct {
	Start    string  `json:"start,omitempty"` // FEN the tree starts from
	Children []*Node `json:"children"`
}

// Node is one ply of a solution.
type Node struct {
	Text     string  `json:"text,omitempty"`     // as printed: "28 à 23"
	Move     string  `json:"move,omitempty"`     // resolved, full path: "28-23", "19x28x39"; "" if not resolved
	White    bool    `json:"white"`              // the side that plays it
	Mark     string  `json:"mark,omitempty"`     // "gagne", "ou non", "+", "=", "!" …
	Comment  string  `json:"comment,omitempty"`  // commentary printed with the move
	Origin   string  `json:"origin,omitempty"`   // "printed" (default) or "solver"
	Issue    string  `json:"issue,omitempty"`    // why the move could not be resolved
	Line     int     `json:"line,omitempty"`     // source line where it is printed
	Children []*Node `json:"children,omitempty"` // alternatives for the next ply
}

// Node origins.
const (
	Printed = "printed"
	Solver  = "solver"
)

// Printed is the move as the source printed it, else as resolved.
func (n *Node) Printed() string {
	if n.Text != "" {
		return n.Text
	}
	return n.Move
}

// MainLine returns the first line of the tree.
func (t *Tree) MainLine() []*Node {
	if t == nil || len(t.Children) == 0 {
		return nil
	}
	var line []*Node
	for n := t.Children[0]; n != nil; {
		line = append(line, n)
		if len(n.Children) == 0 {
			break
		}
		n = n.Children[0]
	}
	return line
}

// Walk calls f on every node with its 1-based ply, depth first, main line first.
func (t *Tree) Walk(f func(n *Node, ply int)) {
	if t == nil {
		return
	}
	var walk func(ns []*Node, ply int)
	walk = func(ns []*Node, ply int) {
		for _, n := range ns {
			f(n, ply)
			walk(n.Children, ply+1)
		}
	}
	walk(t.Children, 1)
}

// Size returns the number of nodes.
func (t *Tree) Size() int {
	n := 0
	t.Walk(func(*Node, int) { n++ })
	return n
}

package problems

import (
	"bytes"
	"encoding/json"
	"fmt"

	"metz/draughts"
)

// Tree is a solution: the alternatives for the first move, the first being
// the main line. Node.Children are the alternatives for the next ply, the
// first being the continuation of the main line; the others are the book's
// "si" branches (for the defender) or other winning moves (for the attacker).
type Tree struct {
	// Start is the position the tree starts from, nil when it starts at
	// the problem's diagram. JSON holds its FEN ("start", omitted for
	// nil); a decoded tree keeps that text until Bind reads it under the
	// record's rules, which the tree alone does not know.
	Start    *draughts.Position
	Children []*Node
	startFEN string // "start" as decoded, until Bind
}

// WithChildren is a tree from t's start with other children.
func (t *Tree) WithChildren(children []*Node) *Tree {
	return &Tree{Start: t.Start, Children: children, startFEN: t.startFEN}
}

// treeJSON is a Tree's JSON form.
type treeJSON struct {
	Start    string  `json:"start,omitempty"`
	Children []*Node `json:"children"`
}

// StartingAt is t starting from pos (a record's diagram) when it names
// no start of its own, else t itself; t is not changed.
func (t *Tree) StartingAt(pos *draughts.Position) *Tree {
	if t == nil || pos == nil || t.StartFEN() != "" {
		return t
	}
	c := *t
	c.Start = pos
	return &c
}

// StartFEN is the FEN the tree starts from, "" when it starts at the
// problem's diagram.
func (t *Tree) StartFEN() string {
	switch {
	case t == nil:
		return ""
	case t.Start != nil:
		return t.Start.FEN()
	}
	return t.startFEN
}

// Bind reads the start position a decoded tree holds as text, under r,
// once; a tree built in a program needs none. The error names the FEN.
func (t *Tree) Bind(r *draughts.Rules) error {
	if t == nil || t.startFEN == "" {
		return nil
	}
	pos, err := ParsePosition(r, t.startFEN)
	if err != nil {
		return fmt.Errorf("solution start %q: %w", t.startFEN, err)
	}
	t.Start, t.startFEN = pos, ""
	return nil
}

// MarshalJSON writes the tree with its start as a FEN, the form JSON and
// the database have always held. HTML is left unescaped here: the
// caller's encoder escapes it or not, as for any other field.
func (t Tree) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(treeJSON{Start: t.StartFEN(), Children: t.Children}); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads MarshalJSON's form; the start stays text until Bind.
func (t *Tree) UnmarshalJSON(b []byte) error {
	var w treeJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*t = Tree{Children: w.Children, startFEN: w.Start}
	return nil
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

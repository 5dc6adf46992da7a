package themes

import (
	"fmt"
	"sort"

	"metz/draughts"
	"metz/problems"
)

// Found is one theme found in a line.
type Found struct {
	Name    string `json:"name"`
	Ply     int    `json:"ply"`               // 1-based ply where it happens
	Squares []int  `json:"squares,omitempty"` // square numbers involved
	Count   int    `json:"count,omitempty"`   // tempi, pieces taken or sacrificed
	Note    string `json:"note,omitempty"`
}

// line is a replayed solution line: pos[i] is the position before moves[i].
type line struct {
	pos   []draughts.Position
	moves []draughts.Move
}

func newLine(start draughts.Position, moves []draughts.Move) line {
	l := line{pos: []draughts.Position{start}, moves: moves}
	for _, m := range moves {
		l.pos = append(l.pos, l.pos[len(l.pos)-1].Play(m))
	}
	return l
}

func (l line) attacker() draughts.Color { return l.pos[0].Turn }
func (l line) last() draughts.Position  { return l.pos[len(l.pos)-1] }

// DetectLine finds the themes of one line of play from start.
func DetectLine(start draughts.Position, moves []draughts.Move) []Found {
	l := newLine(start, moves)
	var out []Found
	for _, d := range detectors {
		out = append(out, d(l)...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Ply < out[j].Ply })
	return out
}

var detectors = []func(line) []Found{
	lunettes, pionsEnPrise, coupDeRepos, coupsTurcs, rafles, fermeture, coupDeDame,
	gagnerLeCoup, tantPourTant, sacrifice,
}

// DetectTree runs DetectLine on every line of a solution tree (each path from
// the root to a leaf) and merges what is found. Moves are read from
// Node.Move (or Node.Text); a branch stops at a move that does not resolve.
func DetectTree(start draughts.Position, t *problems.Tree) []Found {
	var out []Found
	seen := map[string]bool{}
	var walk func(p draughts.Position, ns []*problems.Node, moves []draughts.Move)
	walk = func(p draughts.Position, ns []*problems.Node, moves []draughts.Move) {
		if len(ns) == 0 {
			for _, f := range DetectLine(start, moves) {
				key := fmt.Sprint(f.Name, f.Ply, f.Squares, f.Count)
				if !seen[key] {
					seen[key] = true
					out = append(out, f)
				}
			}
			return
		}
		for _, n := range ns {
			m, err := resolve(p, n)
			if err != nil {
				walk(p, nil, moves) // the line ends where it stops resolving
				continue
			}
			walk(p.Play(m), n.Children, append(moves[:len(moves):len(moves)], m))
		}
	}
	if t != nil {
		walk(start, t.Children, nil)
	}
	return out
}

func resolve(p draughts.Position, n *problems.Node) (draughts.Move, error) {
	text := n.Move
	if text == "" {
		text = n.Text
	}
	return draughts.ParseMove(p, text)
}

// sq converts square indices to numbers.
func sq(ss ...int) []int {
	out := make([]int, len(ss))
	for i, s := range ss {
		out[i] = s + 1
	}
	return out
}

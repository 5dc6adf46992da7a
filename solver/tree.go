package solver

import (
	"fmt"

	"metz/draughts"
	"metz/problems"
)

// maxTreeNodes bounds a returned proof tree; larger proofs are cut with a
// comment saying so (the proof itself was complete, only its print is cut).
const maxTreeNodes = 4000

// treeBuilder turns a proven position into a problems.Tree. It is not on
// the hot path, so it allocates its children freely.
type treeBuilder[P, M any] struct {
	s       *search[P, M]
	left    int // nodes still allowed
	cut     bool
	forcing bool            // distances are the forcing search's (forcing moves only)
	trail   map[uint64]bool // positions on the current line (df-pn trees only)
}

func (s *search[P, M]) newTreeBuilder() *treeBuilder[P, M] {
	return &treeBuilder[P, M]{s: s, left: maxTreeNodes, trail: map[uint64]bool{}}
}

// node records move m played in q.
func (s *search[P, M]) node(q P, m M) *problems.Node {
	return &problems.Node{Text: s.format(q, m, false), Move: s.format(q, m, true),
		White: s.g.Turn(q) == draughts.White, Origin: problems.Solver}
}

func (tb *treeBuilder[P, M]) leaf(q P, c *child[P, M]) (*problems.Node, bool) {
	n := tb.s.node(q, c.m)
	tb.left--
	if tb.s.statusOf(c) == won {
		n.Mark = "gagne"
		return n, true
	}
	if tb.left <= 0 {
		tb.cut = true
		n.Comment = "proof continues (not printed: tree size limit)"
		return n, true
	}
	return n, false
}

// within builds the proof that c wins within d plies, the attacker always
// choosing a fastest win (among forcing moves only, when tb.forcing).
func (tb *treeBuilder[P, M]) within(c *child[P, M], d int) []*problems.Node {
	s := tb.s
	cs := s.children(c, nil)
	if s.isOr(c.q) {
		cs = s.orderAttack(cs, tb.forcing)
		for dd := 0; dd < d; dd++ {
			for i := range cs {
				if w, ok := s.within(&cs[i], dd, tb.forcing); ok && w {
					return []*problems.Node{tb.grow(c.q, &cs[i], dd)}
				}
			}
		}
		tb.cut = true
		return nil
	}
	var out []*problems.Node
	for i := range cs {
		dd, found, _ := s.shortest(&cs[i], d-1, tb.forcing)
		if !found {
			tb.cut = true
			continue
		}
		out = append(out, tb.grow(c.q, &cs[i], dd))
	}
	return out
}

func (tb *treeBuilder[P, M]) grow(q P, c *child[P, M], d int) *problems.Node {
	n, done := tb.leaf(q, c)
	// A forcing proof ends where the tables take over (its distances
	// count only the forcing moves to them); a fastest win is printed to
	// the end, its distances are the tables' too.
	if !done && !(tb.forcing && tb.endsInTables(n, c)) {
		n.Children = tb.within(c, d)
	}
	return n
}

// fromTable builds a proof from the df-pn table when no distance is known:
// at attacker nodes any proven move not leading back onto the line.
func (tb *treeBuilder[P, M]) fromTable(c *child[P, M]) []*problems.Node {
	s := tb.s
	tb.trail[c.h] = true
	defer delete(tb.trail, c.h)
	cs := s.children(c, nil)
	if s.isOr(c.q) {
		onLine := func(c *child[P, M]) bool { return tb.trail[c.h] }
		always := func(*child[P, M]) bool { return true }
		if best := s.firstProven(s.orderAttack(cs, false), onLine, always); best != nil {
			return []*problems.Node{tb.growTable(c.q, best)}
		}
		tb.cut = true
		return nil
	}
	var out []*problems.Node
	for i := range cs {
		out = append(out, tb.growTable(c.q, &cs[i]))
	}
	return out
}

func (tb *treeBuilder[P, M]) growTable(q P, c *child[P, M]) *problems.Node {
	n, done := tb.leaf(q, c)
	// df-pn stops where the endgame tables decide: no table entries lie
	// below, and the line ends there.
	if !done && !tb.endsInTables(n, c) {
		n.Children = tb.fromTable(c)
	}
	return n
}

// tableWinComment is the comment of a proof's line that ends where the
// endgame tables give the attacker the win: its distance in plies, or,
// from a table that stores none (the international 6-piece tables), that
// the distance is not stored: never a made-up one.
func tableWinComment(plies int) string {
	if plies == noDistance {
		return tableWinNoDistance
	}
	return fmt.Sprintf("endgame tables: won in %d plies", plies)
}

// tableWinNoDistance is tableWinComment of a win read from a table
// without distances.
const tableWinNoDistance = "endgame tables: won (distance not stored)"

// endsInTables ends n's line when the endgame tables (or the search's
// last closure) give its position to the attacker: won, as a book ends a
// line with "gagne", where the replies would be listed unanswered.
// Printing a proof is not searching: the probe is not counted as a hit.
func (tb *treeBuilder[P, M]) endsInTables(n *problems.Node, c *child[P, M]) bool {
	hits, values := tb.s.tableHit, tb.s.valueHit
	st, plies, ok := tb.s.tableStatus(c)
	tb.s.tableHit, tb.s.valueHit = hits, values
	if !ok || st != won {
		return false
	}
	n.Mark = "gagne"
	n.Comment = tableWinComment(plies)
	return true
}

package solver

import (
	"metz/draughts"
	"metz/problems"
)

// maxTreeNodes bounds a returned proof tree; larger proofs are cut with a
// comment saying so (the proof itself was complete, only its print is cut).
const maxTreeNodes = 4000

// treeBuilder turns a proven position into a problems.Tree.
type treeBuilder struct {
	s     *search
	left  int // nodes still allowed
	cut   bool
	trail map[uint64]bool // positions on the current line (df-pn trees only)
}

func (s *search) newTreeBuilder() *treeBuilder {
	return &treeBuilder{s: s, left: maxTreeNodes, trail: map[uint64]bool{}}
}

// node records move m played in q.
func (s *search) node(q draughts.Position, m draughts.Move) *problems.Node {
	return &problems.Node{Text: s.r.FormatMove(m, false), Move: s.r.FormatMove(m, true),
		White: q.Turn == draughts.White, Origin: problems.Solver}
}

func (tb *treeBuilder) leaf(q draughts.Position, c child) (*problems.Node, bool) {
	n := tb.s.node(q, c.m)
	tb.left--
	if tb.s.statusOf(c.q, c.ms, c.promoted) == won {
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

// within builds the proof that q wins within d plies, the attacker always
// choosing a fastest win.
func (tb *treeBuilder) within(q draughts.Position, ms []draughts.Move, d int) []*problems.Node {
	s := tb.s
	cs := s.children(q, ms)
	if s.isOr(q) {
		cs = s.orderAttack(q, cs, false)
		for dd := 0; dd < d; dd++ {
			for _, c := range cs {
				if w, ok := s.within(c.q, c.ms, c.promoted, dd, false); ok && w {
					return []*problems.Node{tb.grow(q, c, dd)}
				}
			}
		}
		tb.cut = true
		return nil
	}
	var out []*problems.Node
	for _, c := range cs {
		dd, found, _ := s.shortest(c.q, c.ms, c.promoted, d-1, false)
		if !found {
			tb.cut = true
			continue
		}
		out = append(out, tb.grow(q, c, dd))
	}
	return out
}

func (tb *treeBuilder) grow(q draughts.Position, c child, d int) *problems.Node {
	n, done := tb.leaf(q, c)
	if !done {
		n.Children = tb.within(c.q, c.ms, d)
	}
	return n
}

// fromTable builds a proof from the df-pn table when no distance is known:
// at attacker nodes any proven move not leading back onto the line.
func (tb *treeBuilder) fromTable(q draughts.Position, ms []draughts.Move) []*problems.Node {
	s := tb.s
	h := q.Hash()
	tb.trail[h] = true
	defer delete(tb.trail, h)
	cs := s.children(q, ms)
	if s.isOr(q) {
		for _, c := range s.orderAttack(q, cs, false) {
			if !tb.trail[c.q.Hash()] && tb.provenChild(c) {
				return []*problems.Node{tb.growTable(q, c)}
			}
		}
		tb.cut = true
		return nil
	}
	var out []*problems.Node
	for _, c := range cs {
		out = append(out, tb.growTable(q, c))
	}
	return out
}

func (tb *treeBuilder) provenChild(c child) bool {
	if pn, _, ok := tb.s.tt.get(c.q.Hash()); ok && pn == 0 {
		return true
	}
	return tb.s.statusOf(c.q, c.ms, c.promoted) == won || tb.s.prove(c.q, c.ms, c.promoted) == proven
}

func (tb *treeBuilder) growTable(q draughts.Position, c child) *problems.Node {
	n, done := tb.leaf(q, c)
	if !done {
		n.Children = tb.fromTable(c.q, c.ms)
	}
	return n
}

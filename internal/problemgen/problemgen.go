// Package problemgen makes legal draughts positions and played lines at
// random, for the tests and benchmarks that need many problems (the
// anticipation index's 150,000): no problem it makes is meant to be sound.
package problemgen

import (
	"math/rand/v2"

	"metz/draughts"
	"metz/problems"
)

// Gen draws positions and lines from one seeded source, so that a test
// sees the same problems on every run.
type Gen struct{ rnd *rand.Rand }

// New returns a generator seeded with seed.
func New(seed uint64) *Gen { return &Gen{rand.New(rand.NewPCG(seed, seed^0x5eed))} }

// Intn is a number in [0, n).
func (g *Gen) Intn(n int) int { return g.rnd.IntN(n) }

// Position is a legal position of r with between lo and hi pieces (both
// sides at least one), men mostly, never a man on its own crowning row,
// either side to move.
func (g *Gen) Position(r *draughts.Rules, lo, hi int) draughts.Position {
	for {
		p := draughts.NewPosition(r)
		p.Turn = draughts.Color(g.rnd.IntN(2))
		n := lo + g.rnd.IntN(hi-lo+1)
		var white, black int
		for range n {
			s := g.rnd.IntN(r.Geo.N)
			if p.Board[s] != draughts.Empty {
				continue
			}
			c := draughts.Color(g.rnd.IntN(2))
			pc := draughts.ManOf(c)
			if g.rnd.IntN(5) == 0 || r.PromotionRow(s, c) {
				pc = draughts.KingOf(c)
			}
			p.Board[s] = pc
			if c == draughts.White {
				white++
			} else {
				black++
			}
		}
		if white > 0 && black > 0 {
			return p
		}
	}
}

// Line plays up to plies legal moves from p at random, captures being
// forced by the rules, and stops where the side to move has none.
func (g *Gen) Line(p draughts.Position, plies int) []draughts.Move {
	var line []draughts.Move
	for range plies {
		ms := p.Moves()
		if len(ms) == 0 {
			break
		}
		m := ms[g.rnd.IntN(len(ms))]
		line = append(line, m)
		p = p.Play(m)
	}
	return line
}

// Problem is a problem record of r numbered number: a position of lo to
// hi pieces and, as its stated solution to win, a line of up to plies
// moves played at random from it.
func (g *Gen) Problem(r *draughts.Rules, lo, hi, plies, number int) *problems.Problem {
	pos := g.Position(r, lo, hi)
	tree := &problems.Tree{}
	at := &tree.Children
	for k, m := range g.Line(pos, plies) {
		node := &problems.Node{Move: r.FormatMove(m, true), White: (k%2 == 0) == (pos.Turn == draughts.White)}
		*at = append(*at, node)
		at = &node.Children
	}
	return &problems.Problem{Number: number, Rules: r, Position: &pos, Stipulation: problems.StipWin, Solution: tree}
}

// Package randpos makes the random positions the bitboard generators'
// tests compare with the generic engine: pieces scattered over any board,
// and men on their own crowning row (positions no game reaches, which the
// generators must still move as the generic engine does).
package randpos

import (
	"math/rand/v2"

	"metz/draughts"
)

// Scatter places up to nw white and nb black pieces on random squares
// (a square drawn twice holds one), each a king with probability
// kingProb; men never stand on their own crowning row. Either side is to
// move.
func Scatter(rng *rand.Rand, r *draughts.Rules, nw, nb int, kingProb float64) draughts.Position {
	gp := draughts.NewPosition(r)
	gp.Turn = draughts.Color(rng.IntN(2))
	for i := range nw + nb {
		col := draughts.White
		if i >= nw {
			col = draughts.Black
		}
		s := rng.IntN(r.Geo.N)
		if gp.Board[s] != draughts.Empty {
			continue
		}
		switch {
		case rng.Float64() < kingProb:
			gp.Board[s] = draughts.KingOf(col)
		case !r.PromotionRow(s, col):
			gp.Board[s] = draughts.ManOf(col)
		}
	}
	return gp
}

// MenOnCrowningRow puts up to n men, of either colour, on empty squares
// of their own crowning row.
func MenOnCrowningRow(rng *rand.Rand, gp draughts.Position, n int) {
	g := gp.Rules.Geo
	for range n {
		col := draughts.Color(rng.IntN(2))
		row := g.Height - 1
		if col == draughts.Black {
			row = 0
		}
		if s := g.Square(row, rng.IntN(g.Width)); s >= 0 && gp.Board[s] == draughts.Empty {
			gp.Board[s] = draughts.ManOf(col)
		}
	}
}

// NearCrowning adds up to n men of either colour on the three rows before
// their crowning row, and up to n enemy pieces among them: men that crown
// by a step, by a capture, or pass the crowning row during a capture.
func NearCrowning(rng *rand.Rand, gp draughts.Position, n int) {
	g := gp.Rules.Geo
	for range n {
		col := draughts.Color(rng.IntN(2))
		row := g.Height - 2 - rng.IntN(3)
		enemyRow := g.Height - 1 - rng.IntN(4)
		if col == draughts.Black {
			row, enemyRow = g.Height-1-row, g.Height-1-enemyRow
		}
		if s := g.Square(row, rng.IntN(g.Width)); s >= 0 && gp.Board[s] == draughts.Empty {
			gp.Board[s] = draughts.ManOf(col)
		}
		if s := g.Square(enemyRow, rng.IntN(g.Width)); s >= 0 && gp.Board[s] == draughts.Empty {
			gp.Board[s] = draughts.ManOf(col.Opponent())
			if rng.IntN(4) == 0 {
				gp.Board[s] = draughts.KingOf(col.Opponent())
			}
		}
	}
}

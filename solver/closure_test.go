package solver

import (
	"math/rand/v2"
	"testing"

	"metz/draughts/bitboard"
	"metz/endgame"
)

// The closure's values and distances must be the tables' on random
// three-piece king endings (the tables were built by a separate
// retrograde pass over whole signatures and checked against a search).
func TestClosureAgreesWithTables(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 3-piece tables")
	}
	tb := tables3(t)
	rng := rand.New(rand.NewPCG(3, 5))
	settled := 0
	for range 30 {
		p, ok := randomEnding(rng)
		if !ok {
			continue
		}
		want, plies, ok := tb.Probe(p)
		if !ok {
			continue
		}
		g := newFastGame(intl)
		q := g.from(p)
		s := newSearch[bitboard.Position, bitboard.Move](g, q, p.Turn, Win, newLimits(nodes(5_000_000)), 8)
		c := s.at(q, false)
		st, d, ok := s.closure(&c, 1_000_000)
		if !ok {
			t.Errorf("%s: closure not complete", p.FEN())
			continue
		}
		settled++
		if (st == won) != (want == endgame.Win) || (st == won && d != plies) {
			t.Errorf("%s: closure %v in %d, tables %v in %d", p.FEN(), st, d, want, plies)
		}
	}
	if settled < 20 {
		t.Errorf("only %d positions compared", settled)
	}
}

package solver

import (
	"testing"

	"metz/draughts"
	"metz/endgame"
)

// The closure's values and distances must be the tables' on random
// three-piece king endings (the tables were built by a separate
// retrograde pass over whole signatures and checked against a search).
func TestClosureAgreesWithTables(t *testing.T) {
	settled := 0
	eachTableEnding(t, 3, 30, func(p draughts.Position, want endgame.Result, plies int) {
		s, c := fastSearch(p, 5_000_000)
		st, d, ok := s.closure(&c, 1_000_000)
		if !ok {
			t.Errorf("%s: closure not complete", p.FEN())
			return
		}
		settled++
		if (st == won) != (want == endgame.Win) || (st == won && d != plies) {
			t.Errorf("%s: closure %v in %d, tables %v in %d", p.FEN(), st, d, want, plies)
		}
	})
	if settled < 20 {
		t.Errorf("only %d positions compared", settled)
	}
}

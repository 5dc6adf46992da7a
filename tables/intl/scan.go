package intl

import (
	"fmt"

	"metz/draughts/bitboard10"
	"metz/tables/base"
)

// scan calls f for every position of the table of s (the side to move
// plays White, as in every table) with its result and distance, in index
// order (distance 0 in a table without distances); an error when the
// table is not built or does not read.
func (t *Tables) scan(s stmSig, f func(p bitboard10.Position, r base.Result, plies int)) error {
	tab, err := t.table(s)
	if err != nil {
		return err
	}
	if tab == nil {
		return fmt.Errorf("endgame: the %v table is not built (metz endgame build --pieces %d)", s, s.Pieces())
	}
	for i := range s.Size() {
		r, plies, ok := decode(valueAt(s, tab, i)) // a packed table: plies 0
		if ok && isPacked(s, tab) {
			plies = 0 // valueAt's stand-in distance
			if _, ok = s.Position(i); !ok {
				continue // no position, stored as a draw
			}
		}
		if !ok {
			continue
		}
		p, _ := s.Position(i)
		f(p, r, plies)
	}
	return nil
}

package endgame

import (
	"fmt"

	"metz/draughts/bitboard"
)

// Scan calls f for every position of the table of s (the side to move
// plays White, as in every table) with its result and distance, in index
// order; an error when the table is not built or does not read.
func (t *Tables) Scan(s Sig, f func(p bitboard.Position, r Result, plies int)) error {
	tab, err := t.Table(s)
	if err != nil {
		return err
	}
	if tab == nil {
		return fmt.Errorf("endgame: the %v table is not built (metz endgame build --pieces %d)", s, s.Pieces())
	}
	for i, v := range tab {
		r, plies, ok := decode(v)
		if !ok {
			continue
		}
		p, _ := s.Position(int64(i))
		f(p, r, plies)
	}
	return nil
}

// Has reports whether the table of s can be probed now (in memory or on
// disk); a table that does not read counts as missing.
func (t *Tables) Has(s Sig) bool { return t.has(s) }

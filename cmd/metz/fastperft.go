package main

import (
	"metz/draughts"
	"metz/draughts/bitboard"
)

// fastPerft returns a counter backed by the bitboard generator when it
// supports the position's rules (10x10 international move rules), or nil.
// --bulk and --hash only apply there; the generic generator counts plainly.
func fastPerft(p draughts.Position, mode draughts.Mode, o perftOptions) func(int) uint64 {
	bp, err := bitboard.FromGeneric(p)
	if err != nil {
		return nil
	}
	opt := bitboard.PerftOptions{Bulk: o.bulk, Keep: mode == draughts.Keep, HashMB: o.hashMB}
	return func(d int) uint64 { return bitboard.Perft(bp, d, opt) }
}

package main

import (
	"metz/draughts"
	"metz/draughts/bitboard"
	"metz/draughts/bitboard8"
)

// fastPerft returns a counter backed by a bitboard generator when one
// supports the position's rules, or nil: package bitboard for the 10x10
// international move rules (--bulk and --hash apply there), package
// bitboard8 for the 8x8 systems in drop mode (it merges capture paths, so
// --count keep goes to the generic generator, which counts plainly).
func fastPerft(p draughts.Position, mode draughts.Mode, o perftOptions) func(int) uint64 {
	if bp, err := bitboard.FromGeneric(p); err == nil {
		opt := bitboard.PerftOptions{Bulk: o.bulk, Keep: mode == draughts.Keep, HashMB: o.hashMB}
		return func(d int) uint64 { return bitboard.Perft(bp, d, opt) }
	}
	if mode != draughts.Drop {
		return nil
	}
	e, err := bitboard8.New(p.Rules)
	if err != nil {
		return nil
	}
	bp, err := e.FromGeneric(p)
	if err != nil {
		return nil
	}
	return func(d int) uint64 { return e.Perft(bp, d) }
}

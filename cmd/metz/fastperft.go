package main

import (
	"metz/draughts"
	"metz/draughts/bitboard"
	"metz/draughts/bitboard12"
	"metz/draughts/bitboard8"
)

// fastPerft returns a counter backed by a bitboard generator when one
// supports the position's rules, or nil: package bitboard for the 10x10
// international move rules (--bulk and --hash apply there), packages
// bitboard8 (the 8x8 systems and Turkish) and bitboard12 (Canadian's
// 12x12, Manoury's rule) in drop mode (they merge capture paths, so --count keep goes to
// the generic generator, which counts plainly).
func fastPerft(p draughts.Position, mode draughts.Mode, o perftOptions) func(int) uint64 {
	if bp, err := bitboard.FromGeneric(p); err == nil {
		opt := bitboard.PerftOptions{Bulk: o.bulk, Keep: mode == draughts.Keep, HashMB: o.hashMB}
		return func(d int) uint64 { return bitboard.Perft(bp, d, opt) }
	}
	if mode != draughts.Drop {
		return nil
	}
	if e, err := bitboard8.New(p.Rules); err == nil {
		if bp, err := e.FromGeneric(p); err == nil {
			return func(d int) uint64 { return e.Perft(bp, d) }
		}
	}
	if e, err := bitboard12.New(p.Rules); err == nil {
		if bp, err := e.FromGeneric(p); err == nil {
			return func(d int) uint64 { return e.Perft(bp, d) }
		}
	}
	return nil
}

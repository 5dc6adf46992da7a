package main

import "metz/draughts"

// fastPerft returns a counter backed by the bitboard generator when it
// supports the position's rules, or nil.
func fastPerft(p draughts.Position, mode draughts.Mode, o perftOptions) func(int) uint64 {
	return nil
}

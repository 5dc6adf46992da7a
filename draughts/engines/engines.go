// Package engines is the one place that chooses a move generator for a
// rule system. Every generator keeps the contract draughts.Engine; they
// differ in their position and move types and in the rules they play:
//
//   - Board10 (draughts/bitboard): international draughts and
//     qui-perd-gagne, the fastest of all;
//   - Board8 (draughts/bitboard8): every board of at most 64 cells, the
//     8x8 systems and Turkish's orthogonal board;
//   - Board12 (draughts/bitboard12): the international rule family on
//     two-word boards, Canadian's 12x12, and Manoury's rule on 10x10;
//   - Generic (package draughts): every rule system, the specification of
//     the others.
//
// For returns the fastest that plays a rule system. Its caller switches on
// the Kind to run code generic over the engine's types, once per search
// (Go has no generic methods through which the registry could call it).
package engines

import (
	"metz/draughts"
	"metz/draughts/bitboard10"
	"metz/draughts/bitboard12"
	"metz/draughts/bitboard8"
)

// Kind names an implementation of draughts.Engine.
type Kind int

// The implementations, slowest first.
const (
	Generic Kind = iota
	Board12
	Board8
	Board10
)

func (k Kind) String() string {
	return [...]string{"generic", "bitboard12", "bitboard8", "bitboard"}[k]
}

// Choice is the engine chosen for a rule system: the field of its Kind is
// set (Generic always is, for conversions and notation).
type Choice struct {
	Kind    Kind
	Board10 *bitboard10.Engine
	Board8  *bitboard8.Engine
	Board12 *bitboard12.Engine
	Generic draughts.Engine[draughts.Position, draughts.Move]
}

// For returns the fastest engine that plays r. The order is a measured
// one: on the boards two generators play (10x10 international: bitboard
// and bitboard12; Brazilian and German: bitboard8 and bitboard12), the
// one-word generators are the faster.
func For(r *draughts.Rules) Choice {
	c := Choice{Kind: Generic, Generic: draughts.Generic(r)}
	if e, err := bitboard10.New(r); err == nil {
		c.Kind, c.Board10 = Board10, e
	} else if e, err := bitboard8.New(r); err == nil {
		c.Kind, c.Board8 = Board8, e
	} else if e, err := bitboard12.New(r); err == nil {
		c.Kind, c.Board12 = Board12, e
	}
	return c
}

// All returns every engine that plays r, the generic one first: for the
// tests that compare them, and for callers that need one representation
// across several rule systems (the endgame tables' builders).
func All(r *draughts.Rules) Choice {
	c := For(r)
	if c.Board8 == nil {
		c.Board8, _ = bitboard8.New(r)
	}
	if c.Board12 == nil {
		c.Board12, _ = bitboard12.New(r)
	}
	if c.Board10 == nil {
		c.Board10, _ = bitboard10.New(r)
	}
	return c
}

// PerftOptions are the options of perft that only some engines honour.
type PerftOptions struct {
	// Keep counts every capture path, those with the same effect included
	// (draughts.Keep): bitboard and the generic engine only, so the
	// others leave such counts to the generic engine.
	Keep   bool
	Bulk   bool // count the last ply without playing it (bitboard; the others always do)
	HashMB int  // transposition table size (bitboard only; 0: none)
}

// Perft counts the leaf nodes depth plies below p with the fastest engine
// for p's rules that honours opt.Keep, and says which one counted.
func Perft(p draughts.Position, depth int, opt PerftOptions) (uint64, Kind) {
	c := For(p.Rules)
	switch {
	case c.Kind == Board10:
		q, err := c.Board10.FromGeneric(p)
		if err == nil {
			return bitboard10.Perft(q, depth, bitboard10.PerftOptions{Bulk: opt.Bulk, Keep: opt.Keep, HashMB: opt.HashMB}), Board10
		}
	case opt.Keep:
		return draughts.Perft(p, depth, draughts.Keep), Generic
	case c.Kind == Board8:
		return perftWith(c.Board8, p, depth), Board8
	case c.Kind == Board12:
		return perftWith(c.Board12, p, depth), Board12
	}
	return draughts.Perft(p, depth, draughts.Drop), Generic
}

// perftWith converts p for e and counts with draughts.PerftOf.
func perftWith[P, M any](e draughts.Engine[P, M], p draughts.Position, depth int) uint64 {
	q, err := e.FromGeneric(p)
	if err != nil {
		return draughts.Perft(p, depth, draughts.Drop) // another board: the generic engine plays it
	}
	return draughts.PerftOf(e, q, depth)
}

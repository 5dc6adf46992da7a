package bitgen

import (
	"fmt"

	"metz/draughts"
)

// Position is a board on bitboards of type B (one word or two) and the side
// to move. Bit i is the generic square index i (square number - 1), so
// positions convert to and from package draughts bit for bit. Kings is a
// subset of White|Black; White and Black are disjoint.
type Position[B any] struct {
	White, Black, Kings B
	WhiteToMove         bool
}

// Sides returns the pieces of the side to move, those of the opponent, and
// the colour index of the side to move (0 White, 1 Black).
func (p Position[B]) Sides() (own, opp B, c int) {
	if p.WhiteToMove {
		return p.White, p.Black, 0
	}
	return p.Black, p.White, 1
}

// Words locates square s in p: the words of p's White, Black and Kings
// that hold it, and its bit there.
type Words[B any] func(p *Position[B], s int) (w, b, k *uint64, bit uint64)

// FromGeneric converts gp, a position on r's board (the other rule flags
// may differ), for the generator pkg. A man on its own crowning row is
// accepted: the generators move it as the generic engine does.
func FromGeneric[B any](pkg string, r *draughts.Rules, gp draughts.Position, at Words[B]) (Position[B], error) {
	var p Position[B]
	if err := r.CheckBoard(gp); err != nil {
		return p, fmt.Errorf("%s: %v", pkg, err)
	}
	for s, pc := range gp.Board {
		w, b, k, bit := at(&p, s)
		if !draughts.SetPieceBits(pc, bit, w, b, k) {
			return p, fmt.Errorf("%s: unknown piece %d on square %d", pkg, pc, s+1)
		}
	}
	p.WhiteToMove = gp.Turn == draughts.White
	return p, nil
}

// ToGeneric converts p to a position of the generic engine under r.
func ToGeneric[B any](r *draughts.Rules, p Position[B], at Words[B]) draughts.Position {
	gp := draughts.NewPosition(r)
	for s := range gp.Board {
		w, b, k, bit := at(&p, s)
		gp.Board[s] = draughts.PieceOfBits(*w, *b, *k, bit)
	}
	gp.Turn = draughts.TurnOf(p.WhiteToMove)
	return gp
}

// FillKeys fills a generator's Zobrist keys, one slice of squares per
// piece kind (white man, white king, black man, black king), from seed,
// and returns the key of Black to move. Each generator has its own seed,
// fixed, so that a hash stored today is the one computed tomorrow.
func FillKeys(seed uint64, kinds ...[]uint64) (black uint64) {
	next := draughts.SplitMix64(seed)
	for _, keys := range kinds {
		for s := range keys {
			keys[s] = next()
		}
	}
	return next()
}

// Check says why the generator pkg does not play r: no rules or no board,
// or the reason why gives ("" when it plays them).
func Check(pkg string, r *draughts.Rules, why func(r *draughts.Rules) string) error {
	if r == nil || r.Geo == nil {
		return fmt.Errorf("%s: no rules or no board", pkg)
	}
	if r.OrthoCaptures || r.KingMoveLimit > 0 {
		return fmt.Errorf("%s: rules %s: captures along ranks and files, and runs of king moves, are not compiled", pkg, r.Name)
	}
	if w := why(r); w != "" {
		return fmt.Errorf("%s: rules %s: %s", pkg, r.Name, w)
	}
	return nil
}

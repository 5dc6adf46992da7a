package bitboard12

import (
	"math/bits"

	"metz/draughts"
	"metz/draughts/internal/bitgen"
)

// Position is a board and the side to move, on two words a set.
type Position = bitgen.Position[Bits]

// wordOf locates square s: in the low word of each set below 64, in the
// high one from 64.
func wordOf(p *Position, s int) (w, b, k *uint64, bit uint64) {
	if s < 64 {
		return &p.White.Lo, &p.Black.Lo, &p.Kings.Lo, uint64(1) << s
	}
	return &p.White.Hi, &p.Black.Hi, &p.Kings.Hi, uint64(1) << (s - 64)
}

// FromGeneric converts a position of the generic engine on the engine's
// board (bitgen.FromGeneric).
func (e *Engine) FromGeneric(gp draughts.Position) (Position, error) {
	return bitgen.FromGeneric("bitboard12", e.rules, gp, wordOf)
}

// ToGeneric converts p to a position of the generic engine under the
// engine's rules.
func (e *Engine) ToGeneric(p Position) draughts.Position { return bitgen.ToGeneric(e.rules, p, wordOf) }

// Play returns the position after m, a legal move of p (copy-make). A
// capture that comes back to its origin (From == To) works: the origin is
// cleared before the destination is set.
func (e *Engine) Play(p Position, m Move) Position {
	from, to := bit(int(m.From)), bit(int(m.To))
	king := p.Kings.Has(int(m.From)) || m.Promotes
	if p.WhiteToMove {
		p.White = p.White.AndNot(from).Or(to)
		p.Black = p.Black.AndNot(m.Captured)
	} else {
		p.Black = p.Black.AndNot(from).Or(to)
		p.White = p.White.AndNot(m.Captured)
	}
	p.Kings = p.Kings.AndNot(m.Captured.Or(from))
	if king {
		p.Kings = p.Kings.Or(to)
	}
	p.WhiteToMove = !p.WhiteToMove
	return p
}

// zobrist[kind][square]: kind 0 white man, 1 white king, 2 black man, 3
// black king; zobristBlack is xored in when Black is to move. The keys are
// this package's own, from a fixed seed, so that a hash stored today is
// the one computed tomorrow.
var (
	zobrist      [4][maxSquares]uint64
	zobristBlack uint64
)

func init() {
	zobristBlack = bitgen.FillKeys(0x6269746231325f31, zobrist[0][:], zobrist[1][:], zobrist[2][:], zobrist[3][:]) // "bitb12_1"
}

// Hash returns the Zobrist key of p (pieces and side to move).
func (e *Engine) Hash(p Position) uint64 {
	var h uint64
	kinds := [4]Bits{p.White.AndNot(p.Kings), p.White.And(p.Kings), p.Black.AndNot(p.Kings), p.Black.And(p.Kings)}
	for k, b := range kinds {
		keys := &zobrist[k]
		for w := b.Lo; w != 0; w &= w - 1 {
			h ^= keys[bits.TrailingZeros64(w)]
		}
		for w := b.Hi; w != 0; w &= w - 1 {
			h ^= keys[64+bits.TrailingZeros64(w)]
		}
	}
	if !p.WhiteToMove {
		h ^= zobristBlack
	}
	return h
}

// HashAfter returns Hash(Play(p, m)) from h = Hash(p), reading only the
// squares m changes.
func (e *Engine) HashAfter(p Position, h uint64, m Move) uint64 {
	from, to := int(m.From), int(m.To)
	kind, okind := 0, 2
	if !p.WhiteToMove {
		kind, okind = 2, 0
	}
	fk := 0
	if p.Kings.Has(from) {
		fk = 1
	}
	tk := fk
	if m.Promotes {
		tk = 1
	}
	h ^= zobrist[kind+fk][from] ^ zobrist[kind+tk][to] ^ zobristBlack
	for c := m.Captured; !c.IsZero(); c = c.withoutLowest() {
		s := c.lowest()
		ck := 0
		if p.Kings.Has(s) {
			ck = 1
		}
		h ^= zobrist[okind+ck][s]
	}
	return h
}

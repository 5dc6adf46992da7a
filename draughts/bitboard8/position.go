package bitboard8

import (
	"math/bits"

	"metz/draughts"
	"metz/draughts/internal/bitgen"
)

// Position is a board and the side to move, on one 64-bit word a set.
type Position = bitgen.Position[uint64]

// wordOf locates square s: it is bit s of the one word of each set.
func wordOf(p *Position, s int) (w, b, k *uint64, bit uint64) {
	return &p.White, &p.Black, &p.Kings, uint64(1) << s
}

// FromGeneric converts a position of the generic engine on the engine's
// board (bitgen.FromGeneric).
func (e *Engine) FromGeneric(gp draughts.Position) (Position, error) {
	return bitgen.FromGeneric("bitboard8", e.rules, gp, wordOf)
}

// ToGeneric converts p to a position of the generic engine under the
// engine's rules.
func (e *Engine) ToGeneric(p Position) draughts.Position { return bitgen.ToGeneric(e.rules, p, wordOf) }

// Play returns the position after m, a legal move of p (copy-make).
func (e *Engine) Play(p Position, m Move) Position {
	from := uint64(1) << (m.From & 63)
	to := uint64(1) << (m.To & 63)
	king := p.Kings&from != 0 || m.Promotes
	if p.WhiteToMove {
		p.White = p.White&^from | to
		p.Black &^= m.Captured
	} else {
		p.Black = p.Black&^from | to
		p.White &^= m.Captured
	}
	p.Kings &^= m.Captured | from
	if king {
		p.Kings |= to
	}
	p.WhiteToMove = !p.WhiteToMove
	return p
}

// zobrist[kind][square]: kind 0 white man, 1 white king, 2 black man, 3
// black king; zobristBlack is xored in when Black is to move. The keys are
// this package's own, from a fixed seed (hashes may be stored).
var (
	zobrist      [4][64]uint64
	zobristBlack uint64
)

func init() {
	zobristBlack = bitgen.FillKeys(0x6269746264383031, zobrist[0][:], zobrist[1][:], zobrist[2][:], zobrist[3][:]) // "bitbd801"
}

// Hash returns the Zobrist key of p (pieces and side to move).
func (e *Engine) Hash(p Position) uint64 {
	var h uint64
	for k, bb := range [4]uint64{p.White &^ p.Kings, p.White & p.Kings, p.Black &^ p.Kings, p.Black & p.Kings} {
		for ; bb != 0; bb &= bb - 1 {
			h ^= zobrist[k][bits.TrailingZeros64(bb)]
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
	from, to := uint(m.From&63), uint(m.To&63)
	kind, okind := uint(0), uint(2)
	if !p.WhiteToMove {
		kind, okind = 2, 0
	}
	fk := uint(p.Kings>>from) & 1
	tk := fk
	if m.Promotes {
		tk = 1
	}
	h ^= zobrist[kind+fk][from] ^ zobrist[kind+tk][to] ^ zobristBlack
	for c := m.Captured; c != 0; c &= c - 1 {
		b := uint(bits.TrailingZeros64(c)) & 63
		h ^= zobrist[okind+uint(p.Kings>>b)&1][b]
	}
	return h
}

package bitboard12

import (
	"fmt"
	"math/bits"

	"metz/draughts"
)

// Position is a board and the side to move. Bit i is the generic square
// index i (square number - 1). Kings is a subset of White|Black; White and
// Black are disjoint.
type Position struct {
	White, Black, Kings Bits
	WhiteToMove         bool
}

// sides returns the pieces of the side to move, those of the opponent, and
// the colour index of the side to move (0 White, 1 Black).
func (p Position) sides() (own, opp Bits, c int) {
	if p.WhiteToMove {
		return p.White, p.Black, 0
	}
	return p.Black, p.White, 1
}

// FromGeneric converts a position of the generic engine. Its rules must be
// played on the engine's board (the other rule flags may differ). A man on
// its own crowning row is accepted and moves as the generic engine moves it.
func (e *Engine) FromGeneric(gp draughts.Position) (Position, error) {
	var p Position
	if err := e.rules.CheckBoard(gp); err != nil {
		return p, fmt.Errorf("bitboard12: %v", err)
	}
	for s, pc := range gp.Board {
		// draughts.SetPieceBits works on one word: set the bit in the
		// word that holds s.
		var w, b, k uint64
		if !draughts.SetPieceBits(pc, uint64(1)<<(s&63), &w, &b, &k) {
			return p, fmt.Errorf("bitboard12: unknown piece %d on square %d", pc, s+1)
		}
		if s < 64 {
			p.White.Lo, p.Black.Lo, p.Kings.Lo = p.White.Lo|w, p.Black.Lo|b, p.Kings.Lo|k
		} else {
			p.White.Hi, p.Black.Hi, p.Kings.Hi = p.White.Hi|w, p.Black.Hi|b, p.Kings.Hi|k
		}
	}
	p.WhiteToMove = gp.Turn == draughts.White
	return p, nil
}

// ToGeneric converts p to a position of the generic engine under the
// engine's rules.
func (e *Engine) ToGeneric(p Position) draughts.Position {
	gp := draughts.NewPosition(e.rules)
	for s := range gp.Board {
		gp.Board[s] = pieceAt(p, s)
	}
	gp.Turn = draughts.Black
	if p.WhiteToMove {
		gp.Turn = draughts.White
	}
	return gp
}

// pieceAt returns the piece on square s of p, or Empty.
func pieceAt(p Position, s int) draughts.Piece {
	if s < 64 {
		return draughts.PieceOfBits(p.White.Lo, p.Black.Lo, p.Kings.Lo, uint64(1)<<s)
	}
	return draughts.PieceOfBits(p.White.Hi, p.Black.Hi, p.Kings.Hi, uint64(1)<<(s-64))
}

// Start returns the initial position of the engine's rules.
func (e *Engine) Start() Position {
	p, err := e.FromGeneric(draughts.Start(e.rules))
	if err != nil {
		panic(err) // the start is on the engine's own board
	}
	return p
}

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
	next := draughts.SplitMix64(0x6269746231325f31) // "bitb12_1"
	for k := range zobrist {
		for s := range zobrist[k] {
			zobrist[k][s] = next()
		}
	}
	zobristBlack = next()
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

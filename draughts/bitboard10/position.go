package bitboard10

import (
	"math/bits"
	"strconv"
	"strings"

	"metz/draughts"
)

// Position is a 10x10 international draughts position. The bitboards use the
// 54-bit layout described in the package documentation. Kings is a subset of
// White|Black; White and Black are disjoint subsets of BoardMask.
type Position struct {
	White, Black, Kings uint64
	WhiteToMove         bool
}

// Start returns the initial position (Black on 1..20, White on 31..50, White
// to move).
func Start() Position {
	var w, b uint64
	for n := 1; n <= 20; n++ {
		b |= SquareBit(n)
	}
	for n := 31; n <= 50; n++ {
		w |= SquareBit(n)
	}
	return Position{White: w, Black: b, WhiteToMove: true}
}

// StartFEN is the FEN of the initial position.
const StartFEN = "W:W31-50:B1-20"

// Valid reports whether the bitboards are consistent: no ghost bits, White
// and Black disjoint, kings a subset of the pieces.
func (p Position) Valid() bool {
	return (p.White|p.Black)&^BoardMask == 0 && p.White&p.Black == 0 && p.Kings&^(p.White|p.Black) == 0
}

// Move is one legal move. From and To are bit indices of the layout (use
// [Move.FromSquare] / [Move.ToSquare] for square numbers); Captured is the
// bitboard of the captured pieces (0 for a quiet move). From == To is
// possible for a capture that returns to its origin. Move is comparable:
// two Moves are equal iff they are the same move (in drop mode).
type Move struct {
	Captured uint64
	From, To uint8
}

// NewMove builds a move from square numbers (1..50) and captured squares.
func NewMove(from, to int, captured ...int) Move {
	m := Move{From: uint8(bitOf(from)), To: uint8(bitOf(to))}
	for _, c := range captured {
		m.Captured |= SquareBit(c)
	}
	return m
}

func bitOf(n int) int {
	if n < 1 || n > NumSquares {
		return 63
	}
	return int(squareBit[n])
}

// FromSquare returns the origin square number (1..50).
func (m Move) FromSquare() int { return int(bitSquare[m.From&63]) }

// ToSquare returns the destination square number (1..50).
func (m Move) ToSquare() int { return int(bitSquare[m.To&63]) }

// IsCapture reports whether the move captures.
func (m Move) IsCapture() bool { return m.Captured != 0 }

// NumCaptured returns the number of captured pieces.
func (m Move) NumCaptured() int { return bits.OnesCount64(m.Captured) }

// String returns the move in short notation: "32-28" or "33x22".
func (m Move) String() string {
	sep := "-"
	if m.Captured != 0 {
		sep = "x"
	}
	return strconv.Itoa(m.FromSquare()) + sep + strconv.Itoa(m.ToSquare())
}

// Play returns the position after m (which must be legal in p).
func (p Position) Play(m Move) Position {
	from := uint64(1) << (m.From & 63)
	to := uint64(1) << (m.To & 63)
	k := p.Kings
	if p.WhiteToMove {
		p.White = p.White&^from | to
		p.Black &^= m.Captured
		if (k|WhitePromo)&(from|to) != 0 {
			k = promote(k, from, to, WhitePromo)
		}
	} else {
		p.Black = p.Black&^from | to
		p.White &^= m.Captured
		if (k|BlackPromo)&(from|to) != 0 {
			k = promote(k, from, to, BlackPromo)
		}
	}
	p.Kings = k &^ m.Captured
	p.WhiteToMove = !p.WhiteToMove
	return p
}

// promote returns the kings after a move from -> to that may involve a king
// or a promotion.
func promote(k, from, to, promo uint64) uint64 {
	if k&from != 0 || to&promo != 0 {
		return k&^from | to
	}
	return k
}

// Do plays m (which must be legal in p) in place. There is no Undo: Position
// is 32 bytes, copy it before Do (or use [Position.Play]) to go back.
func (p *Position) Do(m Move) { *p = p.Play(m) }

// PlayNull returns p with the other side to move.
func (p Position) PlayNull() Position {
	p.WhiteToMove = !p.WhiteToMove
	return p
}

// ---------------------------------------------------------------------------
// Zobrist hashing

// zobrist[kind][bit]: kind 0 = white man, 1 = white king, 2 = black man,
// 3 = black king.
var zobrist [4][64]uint64

// zobristBlack is xored in when Black is to move.
var zobristBlack uint64

func init() {
	next := draughts.SplitMix64(0x6d657a2d64726175) // "mez-drau"
	for k := 0; k < 4; k++ {
		for b := 0; b < 64; b++ {
			if BoardMask>>b&1 != 0 {
				zobrist[k][b] = next()
			}
		}
	}
	zobristBlack = next()
}

// Hash returns the Zobrist hash of p (one key per square and piece kind, plus
// one for Black to move).
func (p Position) Hash() uint64 {
	var h uint64
	for bb := p.White &^ p.Kings; bb != 0; bb &= bb - 1 {
		h ^= zobrist[0][bits.TrailingZeros64(bb)]
	}
	for bb := p.White & p.Kings; bb != 0; bb &= bb - 1 {
		h ^= zobrist[1][bits.TrailingZeros64(bb)]
	}
	for bb := p.Black &^ p.Kings; bb != 0; bb &= bb - 1 {
		h ^= zobrist[2][bits.TrailingZeros64(bb)]
	}
	for bb := p.Black & p.Kings; bb != 0; bb &= bb - 1 {
		h ^= zobrist[3][bits.TrailingZeros64(bb)]
	}
	if !p.WhiteToMove {
		h ^= zobristBlack
	}
	return h
}

// HashAfter returns the hash of p.Play(m) given h = p.Hash(), incrementally.
func (p *Position) HashAfter(h uint64, m Move) uint64 {
	from, to := uint(m.From&63), uint(m.To&63)
	kind, okind, promo := uint(0), uint(2), WhitePromo
	if !p.WhiteToMove {
		kind, okind, promo = 2, 0, BlackPromo
	}
	fk := uint(p.Kings>>from) & 1
	tk := fk
	if (uint64(1)<<to)&promo != 0 {
		tk = 1
	}
	h ^= zobrist[kind+fk][from] ^ zobrist[kind+tk][to] ^ zobristBlack
	for c := m.Captured; c != 0; c &= c - 1 {
		b := uint(bits.TrailingZeros64(c))
		h ^= zobrist[okind+uint(p.Kings>>(b&63))&1][b&63]
	}
	return h
}

// FEN returns p as a PDN FEN, e.g. "W:W31,32,K46:B1,2". Squares are listed
// in increasing order, each separately (no ranges), for compatibility.
func (p Position) FEN() string {
	var sb strings.Builder
	if p.WhiteToMove {
		sb.WriteString("W")
	} else {
		sb.WriteString("B")
	}
	for c, bb := range [2]uint64{p.White, p.Black} {
		sb.WriteString(":")
		sb.WriteString([2]string{"W", "B"}[c])
		first := true
		for x := bb & BoardMask; x != 0; x &= x - 1 {
			b := bits.TrailingZeros64(x)
			if !first {
				sb.WriteByte(',')
			}
			first = false
			if p.Kings>>b&1 != 0 {
				sb.WriteByte('K')
			}
			sb.WriteString(strconv.Itoa(int(bitSquare[b])))
		}
	}
	return sb.String()
}

// String returns the FEN.
func (p Position) String() string { return p.FEN() }

// Diagram returns a 10-line text diagram (w/b men, W/B kings, '.' empty
// playable squares), row 10 first.
func (p Position) Diagram() string {
	var sb strings.Builder
	for tr := 0; tr < 10; tr++ {
		for c := 0; c < 10; c++ {
			r := 9 - tr
			if (r+c)%2 != 0 {
				sb.WriteString("  ")
				continue
			}
			n := tr*5 + (c-r%2)/2 + 1
			bit := SquareBit(n)
			ch := byte('.')
			switch {
			case p.White&bit != 0 && p.Kings&bit != 0:
				ch = 'W'
			case p.White&bit != 0:
				ch = 'w'
			case p.Black&bit != 0 && p.Kings&bit != 0:
				ch = 'B'
			case p.Black&bit != 0:
				ch = 'b'
			}
			sb.WriteByte(' ')
			sb.WriteByte(ch)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

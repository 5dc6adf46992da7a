package base

import (
	"fmt"
	"strings"

	"metz/draughts"
)

// MaxSide is the most pieces of one colour a signature may hold.
const MaxSide = 7

// Sig is a material signature: White's men and kings, then Black's,
// whoever is to move. It is the one signature of every table: the
// international builder, which files its tables by the side to move's
// material, derives its own keys from it.
type Sig struct{ WM, WK, BM, BK int }

// SigOf is the signature of p.
func SigOf(p draughts.Position) Sig {
	var s Sig
	s.WM, s.WK, s.BM, s.BK = p.Material()
	return s
}

// Pieces is the number of pieces on the board.
func (s Sig) Pieces() int { return s.WM + s.WK + s.BM + s.BK }

// Men is the number of men on the board.
func (s Sig) Men() int { return s.WM + s.BM }

// Code numbers s among the signatures a table may have (0 to 4095), for a
// caller's own array by signature; ok is false for one no table has.
func (s Sig) Code() (code int, ok bool) {
	return s.WM | s.WK<<3 | s.BM<<6 | s.BK<<9, s.Valid()
}

// Valid reports whether an index may hold s: no count negative, at most
// MaxSide pieces a side. (A table also needs a piece on each side.)
func (s Sig) Valid() bool {
	for _, n := range [4]int{s.WM, s.WK, s.BM, s.BK} {
		if n < 0 || n > MaxSide {
			return false
		}
	}
	return s.WM+s.WK <= MaxSide && s.BM+s.BK <= MaxSide
}

// Flip is s with the colours swapped.
func (s Sig) Flip() Sig { return Sig{WM: s.BM, WK: s.BK, BM: s.WM, BK: s.WK} }

// String writes White's pieces, "v", then Black's: K a king, M a man
// ("KKMvK": two kings and a man against a king).
func (s Sig) String() string {
	return strings.Repeat("K", s.WK) + strings.Repeat("M", s.WM) + "v" +
		strings.Repeat("K", s.BK) + strings.Repeat("M", s.BM)
}

// ParseSig reads a name written by String (letters in any order, lower
// case accepted): a piece on each side of the v, at most MaxSide a side.
func ParseSig(name string) (Sig, error) {
	var s Sig
	side := 0
	for _, r := range strings.ToUpper(name) {
		switch {
		case r == 'V' && side == 0:
			side = 1
		case r == 'K' && side == 0:
			s.WK++
		case r == 'M' && side == 0:
			s.WM++
		case r == 'K':
			s.BK++
		case r == 'M':
			s.BM++
		default:
			return Sig{}, fmt.Errorf("signature %q: unexpected %q (expected K, M and one v, e.g. KKMvK)", name, r)
		}
	}
	if side != 1 || s.WM+s.WK == 0 || s.BM+s.BK == 0 || !s.Valid() {
		return Sig{}, fmt.Errorf("signature %q: expected pieces on both sides of v, at most %d a side, e.g. KKMvK", name, MaxSide)
	}
	return s, nil
}

package intl

import (
	"fmt"
	"sort"

	"metz/tables/base"
)

// stmSig is the key of one table: a material signature (base.Sig) read
// as the men and kings of the side to move (W) and of the opponent (B), in
// the normalised frame where the side to move is White.
type stmSig base.Sig

// maxSide bounds the pieces of one kind in a signature (a 3-bit field in
// code).
const maxSide = base.MaxSide

// Pieces returns the number of pieces on the board.
func (s stmSig) Pieces() int { return s.WM + s.WK + s.BM + s.BK }

// Men returns the number of men on the board.
func (s stmSig) Men() int { return s.WM + s.BM }

// Flip returns the signature seen from the other side (the table of the
// positions after a move).
func (s stmSig) Flip() stmSig { return stmSig(base.Sig(s).Flip()) }

// code packs s into 12 bits, the index of the build's table array.
func (s stmSig) code() int { return s.WM | s.WK<<3 | s.BM<<6 | s.BK<<9 }

// valid reports whether s is a signature with a table: both sides have a
// piece and no count is out of range.
func (s stmSig) valid() bool {
	for _, n := range [4]int{s.WM, s.WK, s.BM, s.BK} {
		if n < 0 || n > maxSide {
			return false
		}
	}
	return s.WM+s.WK > 0 && s.BM+s.BK > 0
}

// String returns the name of the signature: kings as K, men as M, side to
// move first, e.g. "KKMvK".
func (s stmSig) String() string { return base.Sig(s).String() }

// parseSig reads a name written by stmSig.String (letters in any order, lower
// case accepted).
func parseSig(name string) (stmSig, error) {
	s, err := base.ParseSig(name)
	if err != nil {
		return stmSig{}, fmt.Errorf("endgame: %w", err)
	}
	return stmSig(s), nil
}

// Size returns the number of indices of the table (positions and the
// overlapping non-positions).
func (s stmSig) Size() int64 {
	return binom[menSquares][s.WM] * binom[50][s.WK] * binom[menSquares][s.BM] * binom[50][s.BK]
}

// signatures returns every signature with exactly n pieces, both sides
// having at least one, in build order: fewer men first (a promotion leads
// into a signature with one man less), then by name.
func signatures(n int) []stmSig {
	var out []stmSig
	for w := 1; w < n; w++ {
		b := n - w
		for wm := 0; wm <= w; wm++ {
			for bm := 0; bm <= b; bm++ {
				out = append(out, stmSig{WM: wm, WK: w - wm, BM: bm, BK: b - bm})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Men() != out[j].Men() {
			return out[i].Men() < out[j].Men()
		}
		return out[i].String() < out[j].String()
	})
	return out
}

// pairs groups the signatures of one level into a signature and its flip
// (one group when the signature is its own flip), in order.
func pairs(sigs []stmSig) [][]stmSig {
	seen := map[stmSig]bool{}
	var out [][]stmSig
	for _, s := range sigs {
		if seen[s] {
			continue
		}
		seen[s] = true
		g := []stmSig{s}
		if f := s.Flip(); f != s {
			seen[f] = true
			g = append(g, f)
		}
		out = append(out, g)
	}
	return out
}

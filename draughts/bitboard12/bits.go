package bitboard12

import "math/bits"

// Bits is a set of squares of a board of up to 128 squares: bit i of Lo is
// square index i (0-63), bit i of Hi square index 64+i. Canadian's 72
// squares overflow one word by 8, hence two. The zero value is the empty
// set; Bits is comparable.
type Bits struct{ Lo, Hi uint64 }

// bit returns the set holding square s alone. Go defines a shift by 64 or
// more as 0, and uint(s)-64 wraps around for s < 64, so the word that does
// not hold s comes out zero without a branch.
func bit(s int) Bits {
	u := uint(s)
	return Bits{1 << u, 1 << (u - 64)}
}

// Has reports whether square s is in the set (the same shift trick as bit).
func (b Bits) Has(s int) bool {
	u := uint(s)
	return (b.Lo>>u|b.Hi>>(u-64))&1 != 0
}

// Count returns the number of squares in the set.
func (b Bits) Count() int { return bits.OnesCount64(b.Lo) + bits.OnesCount64(b.Hi) }

// IsZero reports whether the set is empty.
func (b Bits) IsZero() bool { return b.Lo|b.Hi == 0 }

// And, Or and AndNot are the intersection, the union and the difference.
func (b Bits) And(o Bits) Bits    { return Bits{b.Lo & o.Lo, b.Hi & o.Hi} }
func (b Bits) Or(o Bits) Bits     { return Bits{b.Lo | o.Lo, b.Hi | o.Hi} }
func (b Bits) AndNot(o Bits) Bits { return Bits{b.Lo &^ o.Lo, b.Hi &^ o.Hi} }

// single reports whether the set holds exactly one square.
func (b Bits) single() bool { return b.Count() == 1 }

// lowest returns the smallest square index of a non-empty set.
func (b Bits) lowest() int {
	if b.Lo != 0 {
		return bits.TrailingZeros64(b.Lo)
	}
	return 64 + bits.TrailingZeros64(b.Hi)
}

// highest returns the largest square index of a non-empty set.
func (b Bits) highest() int {
	if b.Hi != 0 {
		return 127 - bits.LeadingZeros64(b.Hi)
	}
	return 63 - bits.LeadingZeros64(b.Lo)
}

// withoutLowest returns the set less its smallest square: the step of a
// loop over the squares of a set.
func (b Bits) withoutLowest() Bits {
	if b.Lo != 0 {
		return Bits{b.Lo & (b.Lo - 1), b.Hi}
	}
	return Bits{0, b.Hi & (b.Hi - 1)}
}

// shl and shr translate a set by n < 64 squares towards higher (shl) or
// lower (shr) indices; bits leaving the 128 are dropped, and the callers
// mask the result with the board. The carry between the words is shifted
// in two steps, 1 and 63-n, so that no count reaches 64: Go would then
// have to test for it, and the step from one word to the other is then a
// plain shift (n == 0 carries nothing, as it should).
func shl(b Bits, n uint) Bits {
	n &= 63
	return Bits{b.Lo << n, b.Hi<<n | b.Lo>>1>>(63-n)}
}

func shr(b Bits, n uint) Bits {
	n &= 63
	return Bits{b.Lo>>n | b.Hi<<1<<(63-n), b.Hi >> n}
}

// shift translates a set by a fixed index delta, |delta| < 64: left (to
// higher indices) by n, or right by n.
type shift struct {
	n    uint8
	left bool
}

func shiftBy(delta int) shift {
	if delta >= 0 {
		return shift{n: uint8(delta), left: true}
	}
	return shift{n: uint8(-delta)}
}

func (s shift) apply(b Bits) Bits {
	if s.left {
		return shl(b, uint(s.n))
	}
	return shr(b, uint(s.n))
}

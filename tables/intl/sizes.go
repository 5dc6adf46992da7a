package intl

// Positions returns the number of positions of the table of s: its
// indices less those with two pieces on one square. White's men stand on
// 6..50, Black's on 1..45 (numbered in the frame of the side to move), so
// they share 40 squares; the kings take any free square.
func (s stmSig) Positions() int64 {
	const shared, whiteOnly = 40, menSquares - 40
	free := int64(50 - s.WM - s.BM)
	kings := binomAny(free, s.WK) * binomAny(free-int64(s.WK), s.BK)
	var men int64
	for k := 0; k <= s.WM; k++ { // k white men on the shared squares
		men += binomAny(shared, k) * binomAny(whiteOnly, s.WM-k) * binomAny(int64(menSquares-k), s.BM)
	}
	return men * kings
}

// binomAny is n choose k for any small n and k (0 when k is out of range).
func binomAny(n int64, k int) int64 {
	if k < 0 || int64(k) > n {
		return 0
	}
	r := int64(1)
	for i := int64(1); i <= int64(k); i++ {
		r = r * (n - int64(k) + i) / i
	}
	return r
}

// SigSize is one signature's figures for the size table of the docs.
type SigSize struct {
	Name      string
	Indices   int64 // the table's indices (Size)
	Positions int64 // of which positions
	// PairIndices is the indices built together: the signature and its
	// flip (or the signature alone when it is its own flip).
	PairIndices int64
}

// Sizes returns the figures of every signature of n pieces, in build
// order.
func Sizes(n int) []SigSize {
	var out []SigSize
	for _, s := range signatures(n) {
		pair := s.Size()
		if f := s.Flip(); f != s {
			pair += f.Size()
		}
		out = append(out, SigSize{Name: s.String(), Indices: s.Size(), Positions: s.Positions(), PairIndices: pair})
	}
	return out
}

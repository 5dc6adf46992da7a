package intl

import (
	"fmt"
	"os"
	"testing"
)

// TestPositionsCounted checks the formula of Positions against a count of
// the indices that decode to a position, on every signature of 2 and 3
// pieces and a few of 4.
func TestPositionsCounted(t *testing.T) {
	sigs := append(signatures(2), signatures(3)...)
	sigs = append(sigs, stmSig{1, 1, 1, 1}, stmSig{2, 0, 2, 0}, stmSig{0, 2, 1, 1})
	for _, s := range sigs {
		var n int64
		for i := range s.Size() {
			if _, ok := s.Position(i); ok {
				n++
			}
		}
		if got := s.Positions(); got != n {
			t.Errorf("%v: Positions %d, counted %d", s, got, n)
		}
	}
}

// TestSixPieceTotals checks the 6-piece totals (58.6 G indices, 46.2 G
// positions, the figure of issue 42) and, with METZ_SIZES=1, prints the
// size table of docs/tables-build.md.
func TestSixPieceTotals(t *testing.T) {
	var idx, pos int64
	for _, z := range Sizes(6) {
		idx += z.Indices
		pos += z.Positions
	}
	if (idx+50_000_000)/100_000_000 != 586 || (pos+50_000_000)/100_000_000 != 462 {
		t.Errorf("6 pieces: %d indices, %d positions; expected 58.6 G and 46.2 G", idx, pos)
	}
	if os.Getenv("METZ_SIZES") == "" {
		return
	}
	for n := 2; n <= 6; n++ {
		var i, p int64
		for _, z := range Sizes(n) {
			i += z.Indices
			p += z.Positions
			if n == 6 {
				fmt.Printf("| %s | %d | %d | %d |\n", z.Name, z.Indices, z.Positions, z.PairIndices)
			}
		}
		fmt.Printf("%d pieces: %d signatures, %d indices, %d positions\n", n, len(Sizes(n)), i, p)
	}
}

package solver

import (
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard10"
)

// proofDepth is an upper bound: the attacker forces the win within that
// many plies, so the plain brute force finds a win within it, and it is
// never shorter than the brute force's shortest win.
func TestProofDepthBoundsTheShortestWin(t *testing.T) {
	vii := mustFEN(t, intl, "W:W24,29,33,40,49:B10,K14,K34")
	cases := []draughts.Position{
		vii,
		playLine(t, vii, "24-19", "14x35"),
		mustFEN(t, intl, "W:W32,33,44:B14,28"),
		mustFEN(t, intl, "W:W16,31,42:B6,18"),
	}
	tb := tables3(t)
	for i, p := range append(cases, cases...) {
		s := newSearch[bitboard10.Position, bitboard10.Move](newFastGame(intl), from(newFastGame(intl), p), p.Turn, Win, newLimits(nodes(2_000_000)), 16)
		if i >= len(cases) {
			// A proof that ends in the tables goes on past them: their
			// distance counts.
			s.useTables(tb.System(intl))
		}
		c := s.at(from(s.g, p), false)
		if s.prove(&c) != proven {
			t.Fatalf("%s: not proven", p.FEN())
		}
		u, ok := s.proofDepth(&c)
		if !ok {
			t.Fatalf("%s: no proof length from the table", p.FEN())
		}
		shortest := bruteShortest(p, u)
		if shortest < 0 || shortest > u || !bruteWithin(p, p.Turn, u) {
			t.Errorf("%s (tables %v): proof length %d, brute-force shortest win %d", p.FEN(), s.tables != nil, u, shortest)
		}
	}
}

package solver

import (
	"testing"

	"metz/draughts"
)

// shortestFor runs the exact shortest-win search alone, as Solve builds it
// (bitboard generator, default memory, no endgame tables), for attacker in
// p, up to limit plies on a budget of n nodes. It returns the length, and
// whether it was found and the budget sufficed, with the nodes spent.
func shortestFor(p draughts.Position, attacker draughts.Color, limit int, n int64) (d int, found, ok bool, spent int64) {
	g := newFastGame(p.Rules)
	q := g.from(p)
	b := nodes(n).withDefaults()
	lim := newLimits(b)
	s := newSearch(g, q, attacker, Win, lim, b.MemoryMB)
	root := s.at(q, false)
	d, found, ok = s.shortest(&root, limit, false)
	return d, found, ok, lim.nodes
}

// shortestCases are the positions where verification spends its budget on
// the shortest win: White attacks, Black to move, after the stated keys.
var shortestCases = []struct{ name, fen string }{
	{"VanTenacIII-9-4", "B:W4,22,27,32,35,38:B12,15,26,K50"},
	{"VanTenacV-23-18", "B:W13,18,21,27,28,48:B2,4,12,15,17,K47"},
	{"VanTenacIV-34-30", "B:W14,16,23,28,30,32,33:BK4,6,17,22,35"},
	{"VanTenacII-leaf", "B:WK2,25:B3,5,6,11"},
}

// BenchmarkShortest reports the nodes the exact shortest-win search spends
// on each case (budget 20M nodes; "plies" is -1 when not found in it).
//
//	go test ./solver -run '^$' -bench BenchmarkShortest -benchtime 1x
func BenchmarkShortest(b *testing.B) {
	for _, c := range shortestCases {
		b.Run(c.name, func(b *testing.B) {
			p := mustFEN(b, intl, c.fen)
			var d int
			var found bool
			var spent int64
			for b.Loop() {
				d, found, _, spent = shortestFor(p, p.Turn.Opponent(), ShortestCap, 20_000_000)
			}
			if !found {
				d = -1
			}
			b.ReportMetric(float64(spent), "nodes")
			b.ReportMetric(float64(d), "plies")
		})
	}
}

package solver

import (
	"testing"

	"metz/draughts"
)

// shortestFor runs the exact shortest-win search as Solve builds it
// (bitboard generator, default memory, no endgame tables), for attacker in
// p, up to limit plies on a budget of n nodes; with proveFirst, df-pn
// proves the win first on the same search, as Solve and Verify do before
// they ask for its length. It returns the length, whether it was found and
// the budget sufficed, and the nodes the shortest-win search spent (df-pn's
// apart).
func shortestFor(p draughts.Position, attacker draughts.Color, limit int, n int64, proveFirst bool) (d int, found, ok bool, spent, proof int64) {
	g := newFastGame(p.Rules)
	q := from(g, p)
	b := nodes(n).WithDefaults()
	lim := newLimits(b)
	s := newSearch(g, q, attacker, Win, lim, b.MemoryMB)
	root := s.at(q, false)
	if proveFirst {
		s.prove(&root)
		proof = lim.nodes
	}
	d, found, ok = s.shortest(&root, limit, false)
	return d, found, ok, lim.nodes - proof, proof
}

// shortestCases are positions where verification spends its budget on the
// shortest win: White attacks, Black to move, after the stated keys. After
// Van Tenac III's key the man on 9 has crowned on 4.
var shortestCases = []struct{ name, fen string }{
	{"VanTenacIII-9-4", "B:WK4,22,27,32,35,38:B12,15,26,K50"},
	{"VanTenacV-23-18", "B:W13,18,21,27,28,48:B2,4,12,15,17,K47"},
	{"VanTenacIV-34-30", "B:W14,16,23,28,30,32,33:BK4,6,17,22,35"},
	{"VanTenacII-leaf", "B:WK2,25:B3,5,6,11"},
}

// BenchmarkShortest reports the nodes the exact shortest-win search spends
// on each case, alone and after df-pn's proof (budget 20M nodes; "plies"
// is -1 when the length was not found within it).
//
//	go test ./solver -run '^$' -bench BenchmarkShortest -benchtime 1x
func BenchmarkShortest(b *testing.B) {
	for _, mode := range []struct {
		name       string
		proveFirst bool
	}{{"alone", false}, {"after-proof", true}} {
		for _, c := range shortestCases {
			b.Run(mode.name+"/"+c.name, func(b *testing.B) {
				p := mustFEN(b, intl, c.fen)
				var d int
				var found bool
				var spent, proof int64
				for b.Loop() {
					d, found, _, spent, proof = shortestFor(p, p.Turn.Opponent(), ShortestCap, 20_000_000, mode.proveFirst)
				}
				if !found {
					d = -1
				}
				b.ReportMetric(float64(spent), "nodes")
				b.ReportMetric(float64(proof), "proof-nodes")
				b.ReportMetric(float64(d), "plies")
			})
		}
	}
}

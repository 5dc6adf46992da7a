package engines

// Benchmarks of the engine the registry chooses for each rule system:
//
//	go test -run '^$' -bench . -benchtime 3x ./draughts/engines

import (
	"math/rand/v2"
	"testing"

	"metz/draughts"
	"metz/draughts/internal/randpos"
)

// benchDepth is the perft depth of BenchmarkPerft: 190146 nodes from the
// Russian start, 4369366 from the Canadian one, 10782308 from Turkish's.
const benchDepth = 7

// BenchmarkPerft: perft from the start, depth 7, Drop mode
// (draughts.PerftOf), with the fastest engine of every rule system that a
// one- or two-word generator plays (draughts/bitboard's own benchmarks
// measure its hashed and bulk perfts on 10x10).
func BenchmarkPerft(b *testing.B) {
	for _, r := range draughts.AllRules() {
		s, ok := fastest(r)
		if !ok || s.kind == Board10 {
			continue
		}
		b.Run(r.Name, func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				nodes += s.perft(draughts.Start(r), benchDepth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkAppendMoves: move generation alone, as the solver calls it, on
// random king-heavy positions (long flying-king captures) of Russian,
// Turkish and Canadian draughts, into one reused buffer.
func BenchmarkAppendMoves(b *testing.B) {
	for _, r := range []*draughts.Rules{draughts.Russian, draughts.Turkish, draughts.Canadian} {
		s, _ := fastest(r)
		rng := rand.New(rand.NewPCG(3, 3))
		k := r.Geo.N / 32
		var ps []draughts.Position
		for range 256 {
			ps = append(ps, randpos.Scatter(rng, r, k*(2+rng.IntN(4)), k*(4+rng.IntN(8)), 0.5))
		}
		b.Run(r.Name, func(b *testing.B) {
			b.ReportAllocs()
			s.appendAll(ps, b.Loop)
		})
	}
}

package bitboard8

// Benchmarks, this engine against the generic one on the same count:
//
//	go test -run '^$' -bench Perft -benchtime 3x ./draughts/bitboard8

import (
	"math/rand/v2"
	"testing"

	"metz/draughts"
	"metz/draughts/internal/randpos"
)

const benchDepth = 7

// BenchmarkPerft: Russian start, depth 7, Drop mode.
func BenchmarkPerft(b *testing.B) {
	e := mustNew(b, draughts.Russian)
	p := e.Start()
	var nodes uint64
	for b.Loop() {
		nodes += e.Perft(p, benchDepth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkGenericPerft: the same count by the generic engine.
func BenchmarkGenericPerft(b *testing.B) {
	p := draughts.Start(draughts.Russian)
	var nodes uint64
	for b.Loop() {
		nodes += draughts.Perft(p, benchDepth, draughts.Drop)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkGenericPerftTurkish: the generic engine's count of
// BenchmarkPerftRules/turkish (Turkish start, depth 7: 10782308 nodes).
func BenchmarkGenericPerftTurkish(b *testing.B) {
	p := draughts.Start(draughts.Turkish)
	var nodes uint64
	for b.Loop() {
		nodes += draughts.Perft(p, benchDepth, draughts.Drop)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerftRules: every supported system from its start, depth 7.
func BenchmarkPerftRules(b *testing.B) {
	for _, r := range supportedRules {
		b.Run(r.Name, func(b *testing.B) {
			e := mustNew(b, r)
			p := e.Start()
			var nodes uint64
			for b.Loop() {
				nodes += e.Perft(p, benchDepth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkGenerate: move generation alone on random king-heavy Russian
// positions (long flying-king captures); it must not allocate.
func BenchmarkGenerate(b *testing.B) { benchGenerate(b, draughts.Russian) }

// BenchmarkGenerateTurkish: the same on Turkish's board, twice the pieces.
func BenchmarkGenerateTurkish(b *testing.B) { benchGenerate(b, draughts.Turkish) }

func benchGenerate(b *testing.B, r *draughts.Rules) {
	e := mustNew(b, r)
	rng := rand.New(rand.NewPCG(3, 3))
	k := r.Geo.N / 32
	var ps []Position
	for range 256 {
		p, _ := e.FromGeneric(randpos.Scatter(rng, r, k*(2+rng.IntN(4)), k*(4+rng.IntN(8)), 0.5))
		ps = append(ps, p)
	}
	var ml MoveList
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		e.Generate(ps[i&255], &ml)
		i++
	}
}

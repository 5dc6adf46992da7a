package bitboard12

// Benchmarks, this engine against the generic one on the same count:
//
//	go test -run '^$' -bench . -benchtime 3x ./draughts/bitboard12

import (
	"math/rand/v2"
	"testing"

	"metz/draughts"
	"metz/draughts/internal/randpos"
)

// benchDepth: Canadian perft depth 7 is 4369366 nodes.
const benchDepth = 7

// BenchmarkPerft: Canadian start, depth 7, Drop mode, the last ply counted
// by CountMoves.
func BenchmarkPerft(b *testing.B) {
	e := mustNew(b, draughts.Canadian)
	p := e.Start()
	var nodes uint64
	for b.Loop() {
		nodes += e.Perft(p, benchDepth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerftNoBulk: the same count with every leaf played (Generate
// and Play at the last ply too), as the generic draughts.Perft does.
func BenchmarkPerftNoBulk(b *testing.B) {
	e := mustNew(b, draughts.Canadian)
	p := e.Start()
	lists := make([]MoveList, benchDepth)
	var walk func(p Position, depth int) uint64
	walk = func(p Position, depth int) uint64 {
		if depth == 0 {
			return 1
		}
		ml := &lists[depth-1]
		e.Generate(p, ml)
		var n uint64
		for _, m := range ml.Slice() {
			n += walk(e.Play(p, m), depth-1)
		}
		return n
	}
	var nodes uint64
	for b.Loop() {
		nodes += walk(p, benchDepth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkGenericPerft: the same count by the generic engine.
func BenchmarkGenericPerft(b *testing.B) {
	p := draughts.Start(draughts.Canadian)
	var nodes uint64
	for b.Loop() {
		nodes += draughts.Perft(p, benchDepth, draughts.Drop)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkGenerate: move generation alone on random king-heavy Canadian
// positions (long flying-king captures); it must not allocate.
func BenchmarkGenerate(b *testing.B) {
	e := mustNew(b, draughts.Canadian)
	rng := rand.New(rand.NewPCG(3, 3))
	var ps []Position
	for range 256 {
		p, _ := e.FromGeneric(randpos.Scatter(rng, draughts.Canadian, 2+rng.IntN(6), 8+rng.IntN(16), 0.5))
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

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

// benchDepth is the perft depth of BenchmarkPerft: 929899 nodes from the
// Russian start, 4369366 from the Canadian one, 10782308 from Turkish's.
const benchDepth = 7

// BenchmarkPerft: perft from the start, depth 7, Drop mode, with the
// fastest engine of every rule system a bitboard generator plays (the
// last ply counted by CountMoves; bitboard's own benchmarks measure its
// hashed and bulk perfts).
func BenchmarkPerft(b *testing.B) {
	for _, r := range draughts.AllRules() {
		c := For(r)
		switch c.Kind {
		case Board8:
			b.Run(r.Name, func(b *testing.B) { benchPerft(b, c.Board8, r) })
		case Board12:
			b.Run(r.Name, func(b *testing.B) { benchPerft(b, c.Board12, r) })
		}
	}
}

func benchPerft[P, M any](b *testing.B, e draughts.Engine[P, M], r *draughts.Rules) {
	p, err := e.FromGeneric(draughts.Start(r))
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	for b.Loop() {
		nodes += draughts.PerftOf(e, p, benchDepth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkAppendMoves: move generation alone, as the solver calls it, on
// random king-heavy positions (long flying-king captures) of Russian,
// Turkish and Canadian draughts; it must not allocate once the buffer
// has grown.
func BenchmarkAppendMoves(b *testing.B) {
	for _, r := range []*draughts.Rules{draughts.Russian, draughts.Turkish, draughts.Canadian} {
		c := For(r)
		switch c.Kind {
		case Board8:
			b.Run(r.Name, func(b *testing.B) { benchAppend(b, c.Board8, r) })
		case Board12:
			b.Run(r.Name, func(b *testing.B) { benchAppend(b, c.Board12, r) })
		}
	}
}

func benchAppend[P, M any](b *testing.B, e draughts.Engine[P, M], r *draughts.Rules) {
	rng := rand.New(rand.NewPCG(3, 3))
	k := r.Geo.N / 32
	var ps []P
	for range 256 {
		p, err := e.FromGeneric(randpos.Scatter(rng, r, k*(2+rng.IntN(4)), k*(4+rng.IntN(8)), 0.5))
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	var buf []M
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = e.AppendMoves(ps[i&255], buf[:0])
		i++
	}
}

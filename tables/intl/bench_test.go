package intl

import (
	"math/rand/v2"
	"testing"

	"metz/draughts/bitboard10"
)

// BenchmarkBuildKings4 builds the 4-kings tables (and what they need):
// about 4.5 million indices.
func BenchmarkBuildKings4(b *testing.B) {
	for b.Loop() {
		dir := b.TempDir()
		if err := buildSigs(dir, []stmSig{{0, 3, 0, 1}, {0, 2, 0, 2}}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// benchProbe probes random positions of KMvKK and its flip in tables
// built with wdlFrom (see buildWDL): 4, packed; 0, a byte a position.
func benchProbe(b *testing.B, wdlFrom int, probe func(*Tables, bitboard10.Position) bool) {
	dir := b.TempDir()
	if err := (&builder{dir: dir, wdlFrom: wdlFrom}).buildAll(wdlWant); err != nil {
		b.Fatal(err)
	}
	tabs, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	ps := make([]bitboard10.Position, 1<<12)
	for i := range ps {
		ps[i] = randomPosition(rng, wdlWant[i%len(wdlWant)])
		if i%2 == 1 {
			ps[i] = flip(ps[i])
		}
	}
	probe(tabs, ps[0]) // maps the file
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if !probe(tabs, ps[i%len(ps)]) {
			b.Fatal("not covered")
		}
	}
}

// BenchmarkProbeBytes is the probe of a table of a byte a position, as
// the search makes it (ProbeBitboard); BenchmarkProbePacked the probe of
// its packed form (ProbeWDL).
func BenchmarkProbeBytes(b *testing.B) {
	benchProbe(b, 0, func(t *Tables, p bitboard10.Position) bool {
		_, _, ok, _ := t.ProbeBitboard(p)
		return ok
	})
}

func BenchmarkProbePacked(b *testing.B) {
	benchProbe(b, 4, func(t *Tables, p bitboard10.Position) bool {
		_, ok, _ := t.ProbeWDL(p)
		return ok
	})
}

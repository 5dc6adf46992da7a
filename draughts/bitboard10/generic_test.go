package bitboard10

import (
	"math/rand/v2"
	"testing"

	"metz/draughts"
)

// genericPositions plays random games with the generic engine.
func genericPositions(rng *rand.Rand, games, maxPlies int) []draughts.Position {
	var out []draughts.Position
	for g := 0; g < games; g++ {
		p := draughts.Start(draughts.International)
		for ply := 0; ply < maxPlies; ply++ {
			out = append(out, p)
			ms := p.Generate(draughts.Drop)
			if len(ms) == 0 {
				break
			}
			p = p.Play(ms[rng.IntN(len(ms))])
		}
	}
	return out
}

// compareWithGeneric checks that both engines give the same moves (origin,
// destination, captured set) in drop mode, and the same multiset in keep
// mode when the side to move has no king. Keep mode differs on purpose for
// kings: this package counts a king that goes straight on over the next
// piece as one path (dctl's convention, needed for the published I6 keep
// table at depth 10), the generic engine as one path per empty square it
// could have stopped on in between (e.g. W:WK1:B5,12,24,K29: 3 vs 6).
func compareWithGeneric(t *testing.T, p Position, gp draughts.Position) {
	t.Helper()
	var ml MoveList
	own, _ := p.sides()
	modes := []draughts.Mode{draughts.Drop, draughts.Keep}
	if own&p.Kings != 0 {
		modes = modes[:1]
	}
	for _, mode := range modes {
		gms := gp.Generate(mode)
		if mode == draughts.Keep {
			p.GenerateKeep(&ml)
		} else {
			p.Generate(&ml)
		}
		if len(gms) != ml.N {
			t.Fatalf("%s mode %d: generic %d moves, bitboard %d\ngeneric %v\nbitboard %v",
				p.FEN(), mode, len(gms), ml.N, gms, ml.Slice())
		}
		want := map[Move]int{}
		for _, gm := range gms {
			m, err := MoveFromGeneric(gp, gm)
			if err != nil {
				t.Fatal(err)
			}
			want[m]++
		}
		got := map[Move]int{}
		for _, m := range ml.Slice() {
			got[m]++
		}
		for m, n := range want {
			if got[m] != n {
				t.Fatalf("%s mode %d: %s (%v) generic %d times, bitboard %d\ngeneric %v\nbitboard %v",
					p.FEN(), mode, describe(m), m, n, got[m], gms, ml.Slice())
			}
		}
	}
}

func TestGenericDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	n := 0
	// Games played by the generic engine.
	for _, gp := range genericPositions(rng, 60, 150) {
		p, err := FromGeneric(gp)
		if err != nil {
			t.Fatal(err)
		}
		compareWithGeneric(t, p, gp)
		n++
	}
	// Games played by this package, and random positions with kings.
	for _, p := range testPositions(4) {
		gp, err := p.ToGeneric(nil)
		if err != nil {
			t.Fatal(err)
		}
		if q, err := FromGeneric(gp); err != nil || q != p {
			t.Fatalf("%s: round trip through the generic engine: %v %v", p.FEN(), q.FEN(), err)
		}
		compareWithGeneric(t, p, gp)
		n++
	}
	t.Logf("%d positions compared", n)
}

// TestGenericFEN checks that this package's FEN writer and package
// draughts' reader and writer agree.
func TestGenericFEN(t *testing.T) {
	for _, p := range testPositions(6)[:2000] {
		gp, err := draughts.ParseFEN(draughts.International, p.FEN())
		if err != nil {
			t.Fatalf("%s: generic ParseFEN: %v", p.FEN(), err)
		}
		q, err := FromGeneric(gp)
		if err != nil || q != p {
			t.Fatalf("%s: generic reads %s", p.FEN(), q.FEN())
		}
		r, err := parseFEN(gp.FEN())
		if err != nil || r != p {
			t.Fatalf("%s: generic writes %s, read back %s", p.FEN(), gp.FEN(), r.FEN())
		}
	}
}

// TestGenericPerft compares small perfts (drop mode) from random positions.
func TestGenericPerft(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	ps := testPositions(8)
	for i := 0; i < 100; i++ {
		p := ps[rng.IntN(len(ps))]
		gp, _ := p.ToGeneric(nil)
		// Drop mode only: kings may appear below the root, and keep mode
		// differs for kings (see compareWithGeneric).
		for _, mode := range []draughts.Mode{draughts.Drop} {
			want := draughts.Perft(gp, 3, mode)
			got := Perft(p, 3, PerftOptions{Bulk: true, Keep: mode == draughts.Keep})
			if got != want {
				t.Fatalf("%s mode %d: perft 3 generic %d, bitboard %d", p.FEN(), mode, want, got)
			}
		}
	}
}

func TestFromGenericRejects(t *testing.T) {
	for _, r := range []*draughts.Rules{draughts.Manoury, draughts.Brazilian, draughts.Russian, draughts.Canadian} {
		if _, err := FromGeneric(draughts.Start(r)); err == nil {
			t.Errorf("%s accepted", r.Name)
		}
	}
	p, err := FromGeneric(draughts.Start(draughts.QuiPerdGagne))
	if err != nil || p != Start() {
		t.Errorf("qui-perd-gagne start: %v %v", p.FEN(), err)
	}
}

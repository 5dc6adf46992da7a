package bitboard8

import (
	"testing"

	"metz/draughts"
)

// TestPerftGeneric compares perft from the start of every supported system
// with the generic engine's, depth by depth (depth 7; 5 in short mode).
func TestPerftGeneric(t *testing.T) {
	depth := 7
	if testing.Short() {
		depth = 5
	}
	for _, r := range supportedRules {
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			e := mustNew(t, r)
			p, gp := e.Start(), draughts.Start(r)
			for d := 1; d <= depth; d++ {
				if got, want := e.Perft(p, d), draughts.Perft(gp, d, draughts.Drop); got != want {
					t.Fatalf("depth %d: %d, generic %d", d, got, want)
				}
			}
		})
	}
}

// TestPerftPublished checks deeper counts against the published Drop
// tables (dctl, as draughts/bench_test.go lists them), where only this
// engine is fast enough to go.
func TestPerftPublished(t *testing.T) {
	tables := []struct {
		rules *draughts.Rules
		want  []uint64
	}{
		{draughts.Brazilian, []uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766}},
		{draughts.German, []uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766}},
		{draughts.Russian, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586}},
		{draughts.English, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680}},
	}
	depth := 9
	if testing.Short() {
		depth = 7
	}
	for _, tc := range tables {
		t.Run(tc.rules.Name, func(t *testing.T) {
			t.Parallel()
			e := mustNew(t, tc.rules)
			d := min(depth, len(tc.want))
			if got := e.Perft(e.Start(), d); got != tc.want[d-1] {
				t.Fatalf("depth %d: %d, published %d", d, got, tc.want[d-1])
			}
		})
	}
}

// TestRefused checks that every system outside the package's reach is
// refused with a reason.
func TestRefused(t *testing.T) {
	for _, r := range []*draughts.Rules{draughts.Turkish, draughts.International, draughts.Manoury,
		draughts.Canadian, draughts.QuiPerdGagne, nil} {
		e, err := New(r)
		if err == nil || e != nil {
			t.Errorf("%v: compiled, want an error", r)
			continue
		}
		t.Logf("%v: %v", r, err)
	}
	losing := *draughts.Russian // the losing game on 8x8: the board fits, the rule does not
	losing.LosingGame = true
	if _, err := New(&losing); err == nil {
		t.Error("losing game on 8x8: compiled, want an error")
	}
	for _, r := range draughts.AllRules() {
		_, err := New(r)
		want := r.Geo.Width == 8 && r.Geo.Layout != draughts.Orthogonal
		if (err == nil) != want {
			t.Errorf("%s: error %v", r.Name, err)
		}
	}
}

// TestFromGenericRefuses checks the conversion's errors: another board, a
// board of the wrong size, an unknown piece.
func TestFromGenericRefuses(t *testing.T) {
	e := mustNew(t, draughts.Russian)
	if _, err := e.FromGeneric(draughts.Start(draughts.Italian)); err == nil {
		t.Error("Italian board (h1 playable) accepted by a Russian engine")
	}
	if _, err := e.FromGeneric(draughts.Start(draughts.International)); err == nil {
		t.Error("10x10 position accepted")
	}
	if _, err := e.FromGeneric(draughts.Start(draughts.Brazilian)); err != nil {
		t.Errorf("Brazilian position (same board) refused: %v", err)
	}
	gp := draughts.Start(draughts.Russian)
	gp.Board[5] = 9
	if _, err := e.FromGeneric(gp); err == nil {
		t.Error("unknown piece accepted")
	}
	gp.Board = gp.Board[:20]
	if _, err := e.FromGeneric(gp); err == nil {
		t.Error("short board accepted")
	}
}

// TestNoAllocs checks that the hot operations do not allocate, on a
// position with long king captures (where the captured pieces block: the
// coup turc) and on one with quiet moves only. (CountMoves' fallback for
// more than 32 captures uses a sync.Pool, which the race detector empties
// at random: not measured here.)
func TestNoAllocs(t *testing.T) {
	e := mustNew(t, draughts.Russian)
	for _, fen := range []string{"B:Wb4,Kd4,Kf4,g3,Kd2,Kh2:BKb8,Kh4,b2", "W:W21-32:B1-12"} {
		gp, err := draughts.ParseFEN(draughts.Russian, fen)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := e.FromGeneric(gp)
		var ml MoveList
		e.Generate(p, &ml)
		m := ml.Moves[0]
		h := e.Hash(p)
		allocs := testing.AllocsPerRun(100, func() {
			e.Generate(p, &ml)
			e.CountMoves(p)
			e.HasCapture(p)
			q := e.Play(p, m)
			h ^= e.HashAfter(p, h, m) ^ e.Hash(q)
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per run", fen, allocs)
		}
	}
}

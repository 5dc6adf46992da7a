package bitboard8

import (
	"testing"

	"metz/draughts"
	"metz/draughts/internal/enginetest"
)

// TestRefused checks that every system outside the package's reach (the
// boards of more than 64 cells, the losing game) is refused with a reason,
// and that every other one, Turkish's orthogonal board among them, is
// compiled.
func TestRefused(t *testing.T) {
	for _, r := range []*draughts.Rules{draughts.International, draughts.Manoury,
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
	losing = *draughts.Turkish
	losing.LosingGame = true
	if _, err := New(&losing); err == nil {
		t.Error("losing game on Turkish's board: compiled, want an error")
	}
	if _, err := New(draughts.Turkish); err != nil {
		t.Errorf("turkish: %v", err)
	}
	for _, r := range draughts.AllRules() {
		_, err := New(r)
		want := r.Geo.Width*r.Geo.Height <= 64 && !r.LosingGame
		if (err == nil) != want {
			t.Errorf("%s: error %v", r.Name, err)
		}
	}
}

// TestFromGenericRefuses checks the conversion's errors: another board, a
// board of the wrong size, an unknown piece.
func TestFromGenericRefuses(t *testing.T) {
	e := enginetest.Must(New(draughts.Russian))
	if _, err := e.FromGeneric(draughts.Start(draughts.Italian)); err == nil {
		t.Error("Italian board (h1 playable) accepted by a Russian engine")
	}
	if _, err := e.FromGeneric(draughts.Start(draughts.Turkish)); err == nil {
		t.Error("Turkish board (64 squares) accepted by a Russian engine")
	}
	if _, err := enginetest.Must(New(draughts.Turkish)).FromGeneric(draughts.Start(draughts.Russian)); err == nil {
		t.Error("Russian board (32 squares) accepted by a Turkish engine")
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

// TestNoAllocs checks that the hot operations do not allocate, on
// positions with long king captures (Russian: the captured pieces block, the
// coup turc; Turkish: they are lifted at once) and on ones with quiet moves
// only. (CountMoves' fallback for more than 32 captures uses a sync.Pool,
// which the race detector empties at random, and lists of more than
// MaxMoves captures allocate: neither is measured here.)
func TestNoAllocs(t *testing.T) {
	for _, tc := range []struct {
		rules *draughts.Rules
		fen   string
	}{
		{draughts.Russian, "B:Wb4,Kd4,Kf4,g3,Kd2,Kh2:BKb8,Kh4,b2"},
		{draughts.Russian, "W:W21-32:B1-12"},
		{draughts.Turkish, "W:WKb1:Bb3,c3,d5,f4"},
		{draughts.Turkish, "W:WKd4,Kf4,Kb2:Bd6,d7,c4,f6,f2,b5,b6,e4,g4,a2,h2"},
		{draughts.Turkish, "W:Wa2-h3:Ba6-h7"},
	} {
		e := enginetest.Must(New(tc.rules))
		gp, err := draughts.ParseFEN(tc.rules, tc.fen)
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
			t.Errorf("%s %s: %v allocations per run", tc.rules.Name, tc.fen, allocs)
		}
	}
}

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

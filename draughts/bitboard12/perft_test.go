package bitboard12

import (
	"testing"

	"metz/draughts"
	"metz/draughts/internal/enginetest"
)

// compiledRules are the presets the package compiles: Canadian, its
// subject, and the same rules on the smaller boards (a check of the tables
// on other geometries).
var compiledRules = []*draughts.Rules{draughts.Canadian, draughts.Manoury, draughts.International, draughts.Brazilian, draughts.German}

// TestRefused checks that every system outside the package's reach is
// refused with a reason, and the international family compiled.
func TestRefused(t *testing.T) {
	for _, r := range draughts.AllRules() {
		e, err := New(r)
		want := false
		for _, c := range compiledRules {
			want = want || r == c
		}
		if (err == nil) != want || (e == nil) == want {
			t.Errorf("%s: error %v, want compiled %v", r.Name, err, want)
		}
		if err != nil {
			t.Logf("%v", err)
		}
	}
	if _, err := New(nil); err == nil {
		t.Error("nil rules compiled")
	}
	// Canadian's board with one rule changed at a time.
	for name, change := range map[string]func(*draughts.Rules){
		"losing":          func(r *draughts.Rules) { r.LosingGame = true },
		"men forward":     func(r *draughts.Rules) { r.MenCaptureBackward = false },
		"short kings":     func(r *draughts.Rules) { r.FlyingKings = false },
		"kings stop":      func(r *draughts.Rules) { r.KingLandsBehind = true },
		"removed at once": func(r *draughts.Rules) { r.ImmediateRemoval = true },
		"crowned passing": func(r *draughts.Rules) { r.Passing = draughts.BecomeKing },
		"free":            func(r *draughts.Rules) { r.Precedence = draughts.Free },
		"men spare kings": func(r *draughts.Rules) { r.MenCaptureKings = false },
	} {
		r := *draughts.Canadian
		change(&r)
		if _, err := New(&r); err == nil {
			t.Errorf("Canadian board, %s: compiled, want an error", name)
		}
	}
	big := *draughts.Canadian // 14x14: 98 squares
	big.Geo = draughts.NewGeometry(14, 14, draughts.DiagonalA1, draughts.TopLeft)
	if _, err := New(&big); err == nil {
		t.Error("14x14 board compiled, want an error")
	}
}

// TestFromGenericRefuses checks the conversion's errors: another board, a
// board of the wrong size, an unknown piece.
func TestFromGenericRefuses(t *testing.T) {
	e := enginetest.Must(New(draughts.Canadian))
	for _, r := range []*draughts.Rules{draughts.International, draughts.Brazilian, draughts.Turkish} {
		if _, err := e.FromGeneric(draughts.Start(r)); err == nil {
			t.Errorf("%s position accepted by a Canadian engine", r.Name)
		}
	}
	if _, err := e.FromGeneric(draughts.Position{}); err == nil {
		t.Error("position without rules accepted")
	}
	gp := draughts.Start(draughts.Canadian)
	gp.Board[70] = 9 // in the second word
	if _, err := e.FromGeneric(gp); err == nil {
		t.Error("unknown piece accepted")
	}
	gp.Board = gp.Board[:60]
	if _, err := e.FromGeneric(gp); err == nil {
		t.Error("short board accepted")
	}
}

// TestStart checks the start position: Black on 1-30, White on 43-72,
// White to move, no king; and its hash against a recomputation from the
// keys.
func TestStart(t *testing.T) {
	e := enginetest.Must(New(draughts.Canadian))
	p := enginetest.Must(e.FromGeneric(draughts.Start(draughts.Canadian)))
	var white, black Bits
	for s := 0; s < 30; s++ {
		black = black.Or(bit(s))
	}
	for s := 42; s < 72; s++ {
		white = white.Or(bit(s))
	}
	if want := (Position{White: white, Black: black, WhiteToMove: true}); p != want {
		t.Fatalf("start %+v, want %+v", p, want)
	}
	var h uint64
	for s := range 72 {
		switch {
		case white.Has(s):
			h ^= zobrist[0][s]
		case black.Has(s):
			h ^= zobrist[2][s]
		}
	}
	if e.Hash(p) != h {
		t.Fatalf("start hash %x, want %x", e.Hash(p), h)
	}
	q := p
	q.WhiteToMove = false
	if e.Hash(q) != h^zobristBlack {
		t.Fatal("side to move not in the hash")
	}
}

// TestQuietBound checks MaxMoves' proof that quiet moves always fit: on
// every compiled board, a king has at most 21 moves, and min(4(N-k),
// 21k) <= MaxMoves for every number k of pieces. It also checks the
// position with the most quiet moves a hill-climbing search found: 22
// kings round the edge, 200 moves.
func TestQuietBound(t *testing.T) {
	for _, r := range compiledRules {
		e := enginetest.Must(New(r))
		most := 0
		for s := range r.Geo.N {
			most = max(most, e.kingMoves(s, e.board.AndNot(bit(s))).Count())
		}
		if most > 21 {
			t.Errorf("%s: a king with %d moves", r.Name, most)
		}
		for k := range r.Geo.N + 1 {
			if n := min(4*(r.Geo.N-k), most*k); n > MaxMoves {
				t.Errorf("%s: %d pieces may have %d quiet moves", r.Name, k, n)
			}
		}
	}
	e := enginetest.Must(New(draughts.Canadian))
	gp, err := draughts.ParseFEN(draughts.Canadian, "W:WK1,K2,K3,K4,K5,K6,K7,K18,K19,K30,K31,K42,K43,K54,K55,K66,K67,K68,K69,K70,K71,K72")
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Compare(t, e, gp)
	p, _ := e.FromGeneric(gp)
	if n, c := e.CountMoves(p); n != 200 || c {
		t.Errorf("%s: %d moves (capture %v), want 200 quiet moves", gp.FEN(), n, c)
	}
}

package draughts

import (
	"slices"
	"strings"
	"testing"
)

// A whole legal Frisian game, with orthogonal captures and kings, from
// pydraughts' variant tests (test_pydraughts/test_variants.py, the
// lidraughts-compatible library). At its end White's king has just made
// three quiet moves in a row (26-48, 48-37, 37-19) and White still has a
// man: pydraughts lists the man's two moves only, 27-21 and 27-22.
const pydraughtsFrisianGame = `32-27 19-23 27-21 17x26 31-27 26x28 33x24 20x29 39x17 12x21 34-30 21-26 30-25 13-18
38-32 8-12 40-34 12-17 34-30 7-12 43-38 14-20 25x14 9x40 45x34 17-21 34-30 18-22 30-25 12-17 32x12 17x8
38-33 21-27 37x17 11x22 33-29 22-27 29-24 2-7 42-37 16-21 36x16 6x26 37x17 21x12 41-36 1-6 36x16 6x26
46-41 12-17 41-37 17-22 37-32 22x42 48x37 8-12 50-45 3-9 44-39 10-14 24-20 15x24 25x23 14-20 49-44 12-17
44-40 17-22 23x21 26x17 39-34 17-21 37-31 21x41 47x36 4-10 34-30 9-13 30-25 7-12 25x14 10x19 35-30 19-23
36-31 12-17 30-25 23-29 40-34 29x40 45x34 5-10 34-29 10-14 29-24 14x34 25-20 34-40 20-15 40-45 15-10 13-19
10-5 19-24 5-32 24-29 32-49 29-33 49-43 17-21 43x26 45-50 31-27 50-39 26-48 39-50 48-37 50-44 37-19 44-49`

func TestFrisianGameKingLimit(t *testing.T) {
	p := Start(Frisian)
	for i, mv := range strings.Fields(pydraughtsFrisianGame) {
		m, err := ParseMove(p, mv)
		if err != nil {
			t.Fatalf("ply %d %s: %v\n%s", i+1, mv, err, p.FEN())
		}
		p = p.Play(m)
	}
	if want := (KingRun{Square: 18, Moves: 3}); p.Runs[White] != want {
		t.Errorf("White's run %+v, want three moves of the king on 19", p.Runs[White])
	}
	checkMoveSet(t, p, []string{"27-21", "27-22"})
	// Without the run the king on 19 would move too.
	free := p
	free.Runs = [2]KingRun{}
	if n := len(free.Moves()); n <= 2 {
		t.Errorf("without the run: %d moves, want the king's as well", n)
	}
}

// The run follows the side's moves: a quiet king move adds one, another
// king starts again at one, a man's move or a capture ends it, and so does
// the loss of the side's last man; the opponent's moves leave it. Black's
// man on 5 can neither take nor be taken; Black passes (the turn is handed
// back) where it has nothing to play.
func TestFrisianRuns(t *testing.T) {
	p, err := ParseFEN(Frisian, "W:WK48,K49,36:B5")
	if err != nil {
		t.Fatal(err)
	}
	play := func(mv string) {
		t.Helper()
		m, err := ParseMove(p, mv)
		if err != nil {
			t.Fatalf("%s in %s: %v", mv, p.FEN(), err)
		}
		p = p.Play(m)
	}
	white := func(mv string) { play(mv); p.Turn = White }
	wantRun := func(sq, n int) {
		t.Helper()
		want := KingRun{}
		if n > 0 {
			want = KingRun{Square: uint8(sq - 1), Moves: uint8(n)}
		}
		if p.Runs[White] != want || p.Runs[Black] != (KingRun{}) {
			t.Fatalf("%s: runs %+v, want White's %d on %d", p.FEN(), p.Runs, n, sq)
		}
	}
	white("48-42")
	wantRun(42, 1)
	p.Turn = Black
	play("5-10") // Black's move leaves White's run
	wantRun(42, 1)
	white("42-48")
	wantRun(48, 2)
	white("48-42")
	wantRun(42, 3)
	if slices.ContainsFunc(p.Moves(), func(m Move) bool { return m.From() == 41 }) {
		t.Fatalf("%s: the king on 42 moves a fourth time", p.FEN())
	}
	white("49-43") // another king starts again
	wantRun(43, 1)
	white("43-49")
	wantRun(49, 2)
	white("36-31") // a man's move ends it
	wantRun(0, 0)
	white("49-43")
	wantRun(43, 1)
	if got, want := p.FEN(), "W:W31,K42,K43:B10:+0+143"; got != want {
		t.Errorf("FEN %s, want %s", got, want)
	}
	// The last man crowned: no men, no run (and no limit).
	q, _ := ParseFEN(Frisian, "W:W6,K42:B5:+0+342")
	q = q.Play(q.Moves()[0])
	if q.Runs != [2]KingRun{} {
		t.Errorf("%s: the side has no man left, yet a run", q.FEN())
	}
}

// The run field is lidraughts': Black's then White's, each a length and a
// two-digit square; it is written only when some run is not 0, read back
// the same, and refused where it names no king or passes the limit.
func TestFrisianRunField(t *testing.T) {
	for _, fen := range []string{"W:W45,K50:B3,K7:+207+350", "B:W45,K50:B3:+0+150", "W:W45,K50:B3"} {
		p, err := ParseFEN(Frisian, fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("%s read back as %s", fen, got)
		}
	}
	p, err := ParseFEN(Frisian, "W:W45,K50:B3:H0:F1:+0+0")
	if err != nil || p.Runs != [2]KingRun{} {
		t.Errorf("lidraughts' empty runs: %+v %v", p.Runs, err)
	}
	if p, err = ParseFEN(Frisian, "W:W45,K50:B3:+0+3"); err != nil || p.Runs[White] != (KingRun{Square: 49, Moves: 3}) {
		t.Errorf("a run without its square, one king: %+v %v", p.Runs, err)
	}
	for _, bad := range []string{
		"W:W45,K50:B3:+0+349",   // no king there
		"W:W45,K50:B3:+0+450",   // past the limit
		"W:W45,K50,K49:B3:+0+3", // which king?
		"W:W45,K50:B3:+0",       // one side only
		"W:W45,K50:B3:+0+x",     // no length
		"W:W45,K50:B3:+0+399",   // off the board
	} {
		if _, err := ParseFEN(Frisian, bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	if _, err := ParseFEN(International, "W:W45,K50:B3:+0+350"); err == nil {
		t.Error("a run under international rules: no error")
	}
	if p, err := ParseFEN(International, "W:W45,K50:B3:+0+0"); err != nil || p.Runs != [2]KingRun{} {
		t.Errorf("empty runs under international rules: %v", err)
	}
}

// Runs are part of a position: Equal and Hash tell them apart, and
// HashAfter follows them.
func TestFrisianRunsHash(t *testing.T) {
	a, _ := ParseFEN(Frisian, "W:W45,K50,K46:B3,K7")
	b, _ := ParseFEN(Frisian, "W:W45,K50,K46:B3,K7:+0+150")
	if a.Equal(b) || a.Hash() == b.Hash() {
		t.Fatal("a run changes neither Equal nor Hash")
	}
	for _, p := range []Position{a, b} {
		for _, m := range p.Moves() {
			q := p.Play(m)
			if got := p.HashAfter(p.Hash(), m); got != q.Hash() {
				t.Errorf("%s %s: HashAfter %x, Hash %x", p.FEN(), p.Rules.FormatMove(m, false), got, q.Hash())
			}
		}
	}
	if slices.ContainsFunc(b.Moves(), func(m Move) bool { return b.Play(m).Runs == b.Runs }) {
		t.Error("a move that leaves the runs as they were")
	}
}

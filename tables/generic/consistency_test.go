package generic

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"metz/draughts"
	"metz/tables/base"
)

// Every sampled position of every table saved in $METZ_RETRO_DIR (rules
// $METZ_RETRO_RULES, default english) has the value its children give it
// through the generic engine's moves (not the builder's un-moves): won in
// one more than its quickest lost child, lost in one more than its
// slowest won child when every child is won (in 0 with no move), drawn
// otherwise. $METZ_RETRO_SAMPLES positions a table (default 2000).
//
//	METZ_RETRO_DIR=/tmp/t go test ./retro -run SavedTablesAgree -v
func TestSavedTablesAgreeWithChildren(t *testing.T) {
	dir := os.Getenv("METZ_RETRO_DIR")
	if dir == "" {
		t.Skip("METZ_RETRO_DIR not set")
	}
	r := draughts.English
	if name := os.Getenv("METZ_RETRO_RULES"); name != "" {
		var err error
		if r, err = draughts.RulesByName(name); err != nil {
			t.Fatal(err)
		}
	}
	samples := 2000
	if n, err := strconv.Atoi(os.Getenv("METZ_RETRO_SAMPLES")); err == nil {
		samples = n
	}
	tabs := New(r)
	tabs.SetDir(dir)
	read := Limit{Bytes: 1 << 40, Positions: -1}
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for _, s := range Signatures(MaxSide) {
		if !tabs.Stored(s) {
			continue
		}
		if err := tabs.Ensure(s, read); err != nil {
			t.Fatal(err)
		}
		sh := tabs.l.shape(s)
		board := make([]draughts.Piece, r.Geo.N)
		var pl placed
		for n := 0; n < samples; {
			clear(board)
			if !tabs.l.decode(&sh, rng.Int64N(sh.size), &pl, board) {
				continue
			}
			n++
			p := draughts.Position{Rules: r, Board: append([]draughts.Piece(nil), board...), Turn: draughts.Color(rng.IntN(2))}
			agreeWithChildren(t, tabs, p, read)
			checked++
		}
	}
	t.Logf("%d positions agree with their children", checked)
}

// agreeWithChildren fails unless p's value is the one its children give.
func agreeWithChildren(t *testing.T, tabs *Tables, p draughts.Position, read Limit) {
	t.Helper()
	v, plies, ok, _ := tabs.ProbeOrBuild(p, read)
	if !ok {
		t.Fatalf("%s: not in the tables", p.FEN())
	}
	want, wantPlies := base.Loss, 0
	if p.Rules.LosingGame {
		want = base.Win
	}
	moves := p.Moves()
	win, draw := -1, false
	for _, m := range moves {
		c := p.Play(m)
		cv, cp := base.Loss, 0 // a side left without a piece cannot move
		if p.Rules.LosingGame {
			cv = base.Win
		}
		if cm := base.SigOf(c); cm.WM+cm.WK > 0 && cm.BM+cm.BK > 0 {
			var cok bool
			if cv, cp, cok, _ = tabs.ProbeOrBuild(c, read); !cok {
				t.Fatalf("%s after %s: not in the tables", p.FEN(), p.Rules.FormatMove(m, true))
			}
		}
		switch cv {
		case base.Loss:
			if win < 0 || cp+1 < win {
				win = cp + 1
			}
		case base.Draw:
			draw = true
		default:
			wantPlies = max(wantPlies, cp+1)
		}
	}
	switch {
	case len(moves) == 0:
		wantPlies = 0
	case win >= 0:
		want, wantPlies = base.Win, win
	case draw:
		want, wantPlies = base.Draw, 0
	}
	if v != want || plies != wantPlies {
		t.Fatalf("%s: the table says %v in %d, its children %v in %d", p.FEN(), v, plies, want, wantPlies)
	}
}

package generic

import (
	"math/rand/v2"
	"testing"
	"time"

	"metz/draughts"
	"metz/tables/base"
)

// Frisian's tables hold the king runs (runs.go): every sampled position,
// its runs drawn among all a table holds, has the value its children give
// through the generic engine's moves (which stop a king after three quiet
// moves in a row), and a plain minimax agrees within its horizon, on
// positions with runs too. The signatures give one side or both men and a
// king, where the runs count.
func TestFrisianTables(t *testing.T) {
	r := draughts.Frisian
	sigs := []base.Sig{{WM: 1, WK: 1, BK: 1}, {WK: 1, BM: 1, BK: 1}, {WM: 1, WK: 1, BM: 1}, {WK: 2, BK: 1}, {WM: 1, BK: 1}}
	samples, horizon := 600, 5
	if testing.Short() {
		sigs, samples = sigs[:1], 150
	}
	tabs := New(r)
	read := Limit{Bytes: 1 << 30}
	rng := rand.New(rand.NewPCG(40, 3))
	b := &brute{memo: map[[2]uint64]bruteVal{}}
	withRuns, decided := 0, 0
	for _, s := range sigs {
		start := time.Now()
		if err := tabs.Ensure(s, read); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d positions in %v", s, tabs.Positions(s), time.Since(start).Round(time.Millisecond))
		sh := tabs.l.shape(s)
		board := make([]draughts.Piece, r.Geo.N)
		var pl placed
		for n := 0; n < samples; {
			clear(board)
			i := rng.Int64N(sh.size)
			if !tabs.l.decode(&sh, i, &pl, board) {
				continue
			}
			n++
			p := draughts.Position{Rules: r, Board: append([]draughts.Piece(nil), board...), Turn: draughts.Color(rng.IntN(2)),
				Runs: tabs.l.runsAt(&sh, i, &pl)}
			if back, ok := tabs.l.indexOf(&sh, p); !ok || back != i {
				t.Fatalf("%s: index %d reads back as %d", p.FEN(), i, back)
			}
			if p.Runs != p.HeldRuns() {
				t.Fatalf("%s: index %d holds runs that do not hold", p.FEN(), i)
			}
			if p.Runs != [2]draughts.KingRun{} {
				withRuns++
			}
			agreeWithChildren(t, tabs, p, read)
			v, plies, _ := tabs.Probe(p)
			want := b.solve(p, horizon)
			inside := v != base.Draw && plies <= horizon
			if inside != want.ok || (inside && (v != want.v || plies != want.plies)) {
				t.Fatalf("%s: tables %s in %d plies, minimax within %d: %+v", p.FEN(), v, plies, horizon, want)
			}
			if inside {
				decided++
			}
		}
	}
	t.Logf("%d positions with runs, %d decided within %d plies", withRuns, decided, horizon)
	if withRuns < samples/2 || decided == 0 {
		t.Errorf("weak sample: %d with runs, %d decided", withRuns, decided)
	}
}

package intl

import (
	"bytes"
	"math/rand/v2"
	"os"
	"strconv"
	"sync"
	"testing"

	"metz/draughts"
	"metz/tables/base"
)

// A table is exact iff every position's value agrees with the values of its
// children (probed in the tables) under the minimax rule with distances:
// a win in d has a child lost in d-1 and none lost sooner, a loss in d has
// only children won, the longest in d-1, a draw has no child lost and a
// child drawn, and a position without moves is lost in 0. (By induction on
// the distance, decided values are then right, and every position decided
// in truth is decided in the table.) The moves come from the generic engine,
// not the bitboard generator the builder uses.
func checkConsistent(t *testing.T, tabs *Tables, p draughts.Position) {
	t.Helper()
	r, plies, ok := tabs.Probe(p)
	if !ok {
		t.Fatalf("%s: not in the tables", p.FEN())
	}
	moves := p.Moves()
	if len(moves) == 0 {
		if r != base.Loss || plies != 0 {
			t.Errorf("%s: no move, table says %v in %d", p.FEN(), r, plies)
		}
		return
	}
	win, loss, draw := -1, 0, false
	for _, m := range moves {
		cr, cp, cok := tabs.Probe(p.Play(m))
		if !cok {
			t.Fatalf("%s: child after %s not in the tables", p.FEN(), p.Rules.FormatMove(m, false))
		}
		switch cr {
		case base.Loss:
			if win < 0 || cp+1 < win {
				win = cp + 1
			}
		case base.Win:
			loss = max(loss, cp+1)
		default:
			draw = true
		}
	}
	wr, wp := base.Loss, loss
	switch {
	case win >= 0:
		wr, wp = base.Win, win
	case draw:
		wr, wp = base.Draw, 0
	}
	if r != wr || plies != wp {
		t.Errorf("%s: table %v in %d, children say %v in %d", p.FEN(), r, plies, wr, wp)
	}
}

func TestTablesConsistent(t *testing.T) {
	tabs := smallTables(t)
	rng := rand.New(rand.NewPCG(5, 6))
	n := 300
	if testing.Short() {
		n = 60
	}
	for _, s := range append(signatures(2), signatures(3)...) {
		for range n {
			checkConsistent(t, tabs, toDraughts(t, randomPosition(rng, s)))
		}
	}
}

var (
	kingsOnce sync.Once
	kingsDir  string
	kingsErr  error
)

// Three kings against one, and what it needs: about 2 million indices.
func TestThreeKingsConsistent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 4-king tables")
	}
	kingsOnce.Do(func() {
		kingsDir, kingsErr = tempDir()
		if kingsErr == nil {
			kingsErr = buildSigs(kingsDir, []stmSig{{WK: 3, BK: 1}}, nil)
		}
	})
	if kingsErr != nil {
		t.Fatal(kingsErr)
	}
	tabs, err := Open(kingsDir)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(8, 9))
	for _, s := range []stmSig{{WK: 3, BK: 1}, {WK: 1, BK: 3}} {
		for range 1500 {
			checkConsistent(t, tabs, toDraughts(t, randomPosition(rng, s)))
		}
	}
}

// TestBuiltTablesConsistent checks tables built by "metz endgame build" (or
// TestMeasureBuild) in
// $METZ_ENDGAME_DIR (a manual run: go test -run BuiltTables ./tables/intl
// with the variable set), sampling every signature present: 300 positions
// a table, or $METZ_CHECK_SAMPLES.
func TestBuiltTablesConsistent(t *testing.T) {
	dir := os.Getenv("METZ_ENDGAME_DIR")
	if dir == "" {
		t.Skip("METZ_ENDGAME_DIR not set")
	}
	samples := 300
	if v := os.Getenv("METZ_CHECK_SAMPLES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("METZ_CHECK_SAMPLES=%q: want a count of positions, 1 or more", v)
		}
		samples = n
	}
	tabs, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(10, 12))
	for n := 2; n <= MaxPieces; n++ {
		tables := 0
		defer func() { t.Logf("%d pieces: %d tables checked", n, tables) }()
		for _, s := range signatures(n) {
			if !tabs.stored(s) {
				continue
			}
			tab, err := tabs.table(s)
			if err != nil {
				t.Fatal(err)
			}
			tables++
			for range samples {
				p := toDraughts(t, randomPosition(rng, s))
				if isPacked(s, tab) { // the 6-piece tables: no distance
					checkConsistentWDL(t, tabs, p)
					continue
				}
				checkConsistent(t, tabs, p)
			}
		}
	}
}

// The tables built in memory (InMemory, Small) are the ones Build writes,
// byte for byte.
func TestInMemoryMatchesBuild(t *testing.T) {
	_, disk := builtTables(t, SmallPieces)
	mem := memSmall(t)
	for n := 2; n <= SmallPieces; n++ {
		for _, s := range signatures(n) {
			a, errA := disk.table(s)
			b, errB := mem.table(s)
			if errA != nil || errB != nil || a == nil || !bytes.Equal(a, b) {
				t.Fatalf("%v: disk %d bytes (%v), memory %d bytes (%v)", s, len(a), errA, len(b), errB)
			}
		}
	}
	if mem.Dir() != "" || !mem.stored(signatures(SmallPieces)[0]) {
		t.Fatal("in-memory tables: directory or Built wrong")
	}
	if s := signatures(SmallPieces + 1)[0]; mem.stored(s) {
		t.Fatalf("in-memory tables claim %v", s)
	}
}

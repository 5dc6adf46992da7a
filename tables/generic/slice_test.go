package generic

import (
	"context"
	"path/filepath"
	"testing"

	"metz/draughts"
	"metz/tables/base"
)

// withSmallWhole makes slice plans build only the 2-piece tables whole
// and never a slice whole, so that a test slices 3- and 4-piece
// signatures, whose whole tables take a fraction of a second.
func withSmallWhole(t *testing.T) {
	oldPieces, oldFrom := wholePieces, wholeFrom
	wholePieces, wholeFrom = 2, 1000
	t.Cleanup(func() { wholePieces, wholeFrom = oldPieces, oldFrom })
}

// Every position of every slice built from a root has the value and
// distance the whole table gives it, under English rules (men capture
// forwards only) and Russian ones (men capture backwards too: the
// capturer's men may then stand anywhere).
func TestSliceEqualsWholeTable(t *testing.T) {
	withSmallWhole(t)
	wholes := map[*draughts.Rules]*Tables{draughts.English: New(draughts.English), draughts.Russian: New(draughts.Russian)}
	for _, c := range []struct {
		rules *draughts.Rules
		fen   string
	}{
		{draughts.English, "W:W22,25:B9,6"},
		{draughts.Russian, "W:Wc3,e3:Bf6,d8"},
	} {
		p, err := draughts.ParseFEN(c.rules, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		sliced := New(c.rules)
		pieces, built, err := sliced.EnsureSlice(context.Background(), p, 4, Limit{Bytes: 1 << 30})
		if err != nil || pieces != 4 || built == 0 {
			t.Fatalf("%s: EnsureSlice = %d pieces, %d positions, %v", c.fen, pieces, built, err)
		}
		whole := wholes[c.rules]
		slices, checked := 0, 0
		for _, s := range Signatures(4) {
			tab := sliced.sliceTable(s)
			if tab == nil {
				continue
			}
			if sliced.Has(s) {
				t.Fatalf("%s: %s both whole and sliced", c.fen, s)
			}
			if err := whole.Ensure(s, Limit{Bytes: 1 << 30}); err != nil {
				t.Fatal(err)
			}
			slices++
			checked += sliceAgrees(t, sliced, whole, s, tab)
		}
		if slices == 0 || checked == 0 {
			t.Fatalf("%s: no slice checked", c.fen)
		}
		// The root itself is read from its slice.
		r1, d1, ok1 := sliced.Probe(p)
		r2, d2, ok2 := whole.Probe(p)
		if !ok1 || !ok2 || r1 != r2 || d1 != d2 {
			t.Fatalf("%s: slice %v %d %v, whole %v %d %v", c.fen, r1, d1, ok1, r2, d2, ok2)
		}
		t.Logf("%s: %d slices, %d positions checked, %d built", c.fen, slices, checked, built)
	}
}

// sliceAgrees compares every position of s's slice tab with the whole
// table, both sides to move, and returns how many it compared.
func sliceAgrees(t *testing.T, sliced, whole *Tables, s base.Sig, tab *table) int {
	t.Helper()
	n := 0
	for turn := range 2 {
		r := tab.bl.decode(&tab.sh, 0)
		for i := range tab.sh.size {
			if sq, ok := tab.bl.squares(&r); ok {
				p := position(sq, draughts.Color(turn))
				v1, d1, ok1 := sliced.ProbeBits(p)
				v2, d2, ok2 := whole.ProbeBits(p)
				if !ok1 || !ok2 || v1 != v2 || d1 != d2 {
					t.Fatalf("%s index %d turn %d: slice %v %d %v, whole %v %d %v", s, i, turn, v1, d1, ok1, v2, d2, ok2)
				}
				n++
			}
			tab.bl.step(&tab.sh, &r)
		}
	}
	return n
}

// A position outside a slice is not covered: the probe says so, never a
// value read from where nothing was built.
func TestSliceDoesNotCoverBehindTheMen(t *testing.T) {
	withSmallWhole(t)
	r := draughts.English
	p, _ := draughts.ParseFEN(r, "W:W14,30:B5,K28")
	tabs := New(r)
	if _, _, err := tabs.EnsureSlice(context.Background(), p, 4, Limit{Bytes: 1 << 30}); err != nil {
		t.Fatal(err)
	}
	behind, _ := draughts.ParseFEN(r, "W:W14,30:B1,K28") // Black's man on its first row, behind 5
	if _, _, ok := tabs.Probe(behind); ok {
		t.Fatal("a position behind the slice's men read as covered")
	}
	if _, _, ok := tabs.Probe(p); !ok {
		t.Fatal("the root not covered by its slice")
	}
}

// The budget stops a slice plan before it builds anything: the largest
// piece count that fits is built, none when none does.
func TestSliceBudget(t *testing.T) {
	withSmallWhole(t)
	r := draughts.English
	p, _ := draughts.ParseFEN(r, "W:W22,25:B9,6")
	tabs := New(r)
	pl := tabs.PlanSlices(p, 4)
	if pl.Positions == 0 {
		t.Fatal("empty plan")
	}
	pieces, built, err := tabs.EnsureSlice(context.Background(), p, 4, Limit{Bytes: 1 << 30, Positions: pl.Positions - 1})
	if err != nil || pieces == 4 {
		t.Fatalf("over the budget: %d pieces, %d built, %v", pieces, built, err)
	}
	if tabs.SlicePieces() > 3 || tabs.HasSlice(base.SigOf(p)) {
		t.Fatalf("a 4-piece slice built past the budget")
	}
	if pieces, _, _ = tabs.EnsureSlice(context.Background(), p, 4, Limit{Bytes: 1, Positions: 0}); pieces != 0 {
		t.Fatalf("built within one byte: %d pieces", pieces)
	}
	if pieces, _, _ = tabs.EnsureSlice(context.Background(), p, 4, Limit{Bytes: 1 << 30, Positions: pl.Positions}); pieces != 4 {
		t.Fatalf("within the budget: %d pieces", pieces)
	}
}

// A slice plan saves the tables it builds whole (up to wholePieces
// pieces) in the directory; a second Tables on it reads them, building
// only the slices again.
func TestSliceSavesWholeTables(t *testing.T) {
	oldPieces := wholePieces
	wholePieces = 3
	t.Cleanup(func() { wholePieces = oldPieces })
	r := draughts.English
	dir := t.TempDir()
	p, _ := draughts.ParseFEN(r, "W:W22,25:B9,6") // four pieces: 2-3 whole, the 4s sliced
	first := New(r)
	first.SetDir(dir)
	pieces, built, err := first.EnsureSlice(context.Background(), p, 4, Limit{Bytes: 1 << 30})
	if err != nil || pieces != 4 {
		t.Fatalf("first: %d pieces, %v", pieces, err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, r.Name, "*"+fileExt))
	if len(files) == 0 {
		t.Fatal("nothing saved")
	}
	for _, f := range files {
		s, err := base.ParseSig(filepath.Base(f[:len(f)-len(fileExt)]))
		if err != nil || first.sliceTable(s) != nil {
			t.Fatalf("%s saved: a slice or no signature (%v)", f, err)
		}
	}
	second := New(r)
	second.SetDir(dir)
	pl := second.PlanSlices(p, 4)
	if pl.Positions == 0 || pl.Positions >= built {
		t.Fatalf("second run plans %d positions (first: %d)", pl.Positions, built)
	}
	for _, s := range pl.Sigs {
		// Only the slices, and the tables of a side without a piece
		// (a few positions, never saved: the game is over).
		if pl.specs[s] == second.fullSpec() && s.WM+s.WK > 0 && s.BM+s.BK > 0 {
			t.Fatalf("second run builds %s again", s)
		}
	}
	v1, d1, ok1 := first.Probe(p)
	if _, _, err := second.EnsureSlice(context.Background(), p, 4, Limit{Bytes: 1 << 30}); err != nil {
		t.Fatal(err)
	}
	v2, d2, ok2 := second.Probe(p)
	if !ok1 || !ok2 || v1 != v2 || d1 != d2 {
		t.Fatalf("first %v %d %v, second %v %d %v", v1, d1, ok1, v2, d2, ok2)
	}
}

// A slice plan stops between tables when its context is done (the
// solver's clock): what was finished is kept, whole tables saved, and
// the next call goes on from there.
func TestSliceStopsBetweenTables(t *testing.T) {
	r := draughts.English
	dir := t.TempDir()
	p, _ := draughts.ParseFEN(r, "W:W22,25:B9,K6") // four pieces: built whole, ahead
	tabs := New(r)
	tabs.SetDir(dir)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, built, err := tabs.EnsureSlice(ctx, p, 4, Limit{Bytes: 1 << 30}); err == nil || built != 0 {
		t.Fatalf("a done context: %d built, %v", built, err)
	}
	if _, _, ok := tabs.Probe(p); ok {
		t.Fatal("covered with nothing built")
	}
	// One table a call at most: the positions bound is 1 (the first
	// table is built whatever its size, so that each call goes on).
	for calls := 1; ; calls++ {
		_, built, err := tabs.EnsureSlice(context.Background(), p, 4, Limit{Bytes: 1 << 30, Positions: 1})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, ok := tabs.Probe(p); ok {
			if calls < 3 {
				t.Fatalf("done in %d calls of one table each", calls)
			}
			break
		}
		if built == 0 || calls > 50 {
			t.Fatalf("call %d built %d positions, the root still not covered", calls, built)
		}
	}
}

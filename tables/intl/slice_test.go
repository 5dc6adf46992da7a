package intl

import (
	"math/rand"
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard10"
)

// sliceRoots are positions whose slices are checked against the whole
// tables: men on both sides, far forward and far back, with and without
// kings, of three pieces (sliced on top of the two-piece tables) and
// four.
var sliceRoots = []struct {
	fen   string
	heavy bool // a four-piece closure with men on both sides: seconds
}{
	{"W:W21:B3,4", false}, {"W:W40,44:B3", false}, {"W:WK38:B4,18", false}, {"W:W18:B5,K23", false},
	{"B:W33:B2,K40", false},
	{"W:W8:B5,K13,K23", false}, {"W:W12,13,16:B30", true}, {"W:WK4,16,18:B34", true},
	{"W:W17,35:B3,K21", true}, {"W:W6:B3,4,K11", true}, {"B:W45,K1:B7,K50", true},
}

// A slice holds, on every position of it, the whole table's byte; every
// position a random game from the root reaches is in the slices, and a
// probe outside them answers not covered.
func TestSliceAgreesWithWholeTables(t *testing.T) {
	whole, err := InMemory(SmallPieces)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(7))
	sliced := 0 // the most pieces of a slice any root kept
	defer func() {
		if sliced < 3 {
			t.Errorf("no root kept a slice of 3 pieces or more (%d)", sliced)
		}
	}()
	for _, c := range sliceRoots {
		if c.heavy && testing.Short() {
			continue
		}
		gp, err := draughts.ParseFEN(draughts.International, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		root, _ := FromDraughts(gp)
		n := normalize(root)
		s := sigOf(n)
		tabs, err := InMemory(s.Pieces() - 1) // the root's own pieces sliced
		if err != nil {
			t.Fatal(err)
		}
		if tabs.SlicedPieces() != 0 {
			t.Fatalf("%s: slices held before any is built", c.fen)
		}
		built, err := tabs.EnsureSlice(root, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		held := 0 // the most pieces of a slice kept as a slice (not whole)
		for sig := range sliceSpecs(s, coneOf(n)) {
			if tabs.slices[sig.code()].Load() != nil {
				held = max(held, sig.Pieces())
			}
		}
		if got := tabs.SlicedPieces(); got != held {
			t.Errorf("%s: SlicedPieces %d, slices of %d pieces held (%d indices built)", c.fen, got, held, built)
		}
		sliced = max(sliced, held)
		if _, err := whole.ensure(t.Context(), s); err != nil {
			t.Fatal(err)
		}
		var full int64
		for sig, want := range sliceSpecs(s, coneOf(n)) {
			full += sig.Size()
			ref, _ := whole.table(sig)
			got, sp := tabs.sliceOf(sig)
			if got == nil || !want.within(sp) {
				t.Errorf("%s: %v: no slice holding %v", c.fen, sig, want)
				continue
			}
			checked := 0
			for i := range sig.Size() {
				p, ok := sig.Position(i)
				if !ok || !sp.holds(p) || sig.Index(p) < 0 {
					continue
				}
				checked++
				if got[i] != ref[i] {
					t.Errorf("%s: %v: %s: slice %d, whole table %d", c.fen, sig, p.FEN(), got[i], ref[i])
					break
				}
			}
			if sp.full() && checked == 0 {
				t.Errorf("%s: %v: an empty whole table", c.fen, sig)
			}
		}
		t.Logf("%s: %d indices built in slices, %d in the whole tables", c.fen, built, full)
		if built >= full {
			t.Errorf("%s: the slices (%d indices) are no smaller than the whole tables (%d)", c.fen, built, full)
		}
		gamesAgree(t, tabs, whole, root, rng)
	}
	// Outside the slice: a white man behind the root's.
	tabs, _ := InMemory(2)
	gp, _ := draughts.ParseFEN(draughts.International, "W:W21:B3,4")
	root, _ := FromDraughts(gp)
	if _, err := tabs.EnsureSlice(root, 0); err != nil {
		t.Fatal(err)
	}
	behind, _ := draughts.ParseFEN(draughts.International, "W:W26:B3,4")
	if _, _, ok := tabs.Probe(behind); ok {
		t.Errorf("%s answered from the slice of %s", behind.FEN(), gp.FEN())
	}
	if !tabs.has(stmSig{WK: 1, BK: 2}) || !tabs.has(stmSig{WK: 2, BK: 1}) {
		t.Errorf("a king ending's slice, the whole table, is not kept as one")
	}
}

// sliceOf returns the bytes and the spec t answers s's probes from.
func (t *Tables) sliceOf(s stmSig) ([]byte, spec) {
	if tab, _ := t.table(s); tab != nil {
		return tab, fullSpec
	}
	if sl := t.slices[s.code()].Load(); sl != nil {
		return sl.tab, sl.sp
	}
	return nil, spec{}
}

// gamesAgree plays random games from root: every position on the way is
// covered by tabs and has the value whole gives it.
func gamesAgree(t *testing.T, tabs, whole *Tables, root bitboard10.Position, rng *rand.Rand) {
	t.Helper()
	for range 200 {
		q := root
		for {
			r, plies, ok, err := tabs.ProbeBitboard(q)
			wr, wplies, wok, _ := whole.ProbeBitboard(q)
			if err != nil || !ok || r != wr || plies != wplies || !wok {
				t.Fatalf("from %s: %s: sliced %v %d %v (%v), whole %v %d %v", root.FEN(), q.FEN(), r, plies, ok, err, wr, wplies, wok)
			}
			var ml bitboard10.MoveList
			q.Generate(&ml)
			if ml.N == 0 {
				break
			}
			q = q.Play(ml.Moves[rng.Intn(ml.N)])
			if q.White == 0 || q.Black == 0 {
				break
			}
		}
	}
}

// A root outside the slices of its signature grows them: the positions
// of the first root stay covered, with the same values.
func TestSliceGrows(t *testing.T) {
	fens, below := []string{"W:W12,13,16:B30", "W:W26,13,16:B30", "B:W12,13,16:B24"}, SmallPieces
	if testing.Short() {
		fens, below = []string{"W:W21:B3,4", "W:W26:B3,4", "B:W21:B1,4"}, 2
	}
	whole, err := InMemory(SmallPieces)
	if err != nil {
		t.Fatal(err)
	}
	tabs, err := InMemory(below)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(8))
	var roots []bitboard10.Position
	for _, fen := range fens {
		gp, _ := draughts.ParseFEN(draughts.International, fen)
		root, _ := FromDraughts(gp)
		if _, _, ok, _ := tabs.ProbeBitboard(root); ok {
			t.Fatalf("%s covered before its slice was built", fen)
		}
		built, err := tabs.EnsureSlice(root, 0)
		if err != nil || built == 0 {
			t.Fatalf("%s: %d built, %v", fen, built, err)
		}
		if _, err := whole.ensure(t.Context(), sigOf(normalize(root))); err != nil {
			t.Fatal(err)
		}
		roots = append(roots, root)
		for _, r := range roots {
			gamesAgree(t, tabs, whole, r, rng)
		}
	}
}

// closureInMemory builds want and every table it leads to in memory.
func closureInMemory(t *testing.T, want []stmSig) *Tables {
	t.Helper()
	b := &builder{}
	sigs := closure(want)
	b.plan(sigs)
	defer b.metas.release()
	if err := b.run(sigs, nil); err != nil {
		t.Fatal(err)
	}
	tabs := Memory()
	for _, s := range sigs {
		tabs.keep(s, b.done[s.code()])
	}
	return tabs
}

// A five-piece root's slices, built where the whole five-piece tables
// are there without distances (packed, as the six-piece ones are stored):
// every position of them has the whole byte table's value and distance,
// for a fraction of its indices.
func TestSliceFivePieces(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 45 M indices of five-piece tables")
	}
	gp, err := draughts.ParseFEN(draughts.International, "W:WK1,K2,K3,K4:B40")
	if err != nil {
		t.Fatal(err)
	}
	root, _ := FromDraughts(gp)
	s := sigOf(normalize(root))
	whole := closureInMemory(t, []stmSig{s})
	tabs := Memory()
	var full int64
	for _, sig := range closure([]stmSig{s}) {
		tab, _ := whole.table(sig)
		if sig.Pieces() == 5 {
			tab = packTable(tab)
			full += sig.Size()
		}
		tabs.keep(sig, tab)
	}
	if _, _, ok, _ := tabs.ProbeBitboard(root); ok {
		t.Fatal("a packed table answered Probe")
	}
	built, err := tabs.EnsureSlice(root, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d indices built in slices, %d in the whole five-piece tables", built, full)
	if built == 0 || built >= full {
		t.Errorf("the slices take %d indices, the whole tables %d", built, full)
	}
	rng := rand.New(rand.NewSource(9))
	for sig, want := range sliceSpecs(s, coneOf(normalize(root))) {
		if sig.Pieces() < 5 {
			continue
		}
		checked := 0
		for range 20000 {
			p, ok := sig.Position(rng.Int63n(sig.Size()))
			if !ok || !want.holds(p) {
				continue
			}
			checked++
			r, plies, ok, _ := tabs.ProbeBitboard(p)
			wr, wplies, _, _ := whole.ProbeBitboard(p)
			if !ok || r != wr || plies != wplies {
				t.Fatalf("%v: %s: slice %v in %d (%v), whole table %v in %d", sig, p.FEN(), r, plies, ok, wr, wplies)
			}
		}
		for p := range slicePositions(sig, want, 5000) {
			r, plies, ok, _ := tabs.ProbeBitboard(p)
			wr, wplies, _, _ := whole.ProbeBitboard(p)
			if !ok || r != wr || plies != wplies {
				t.Fatalf("%v: %s: slice %v in %d (%v), whole table %v in %d", sig, p.FEN(), r, plies, ok, wr, wplies)
			}
			checked++
		}
		if checked == 0 {
			t.Errorf("%v: no position of the slice checked", sig)
		}
	}
	gamesAgree(t, tabs, whole, root, rng)
}

// slicePositions yields up to n positions of the slice sp of s's table,
// in index order.
func slicePositions(s stmSig, sp spec, n int) func(func(bitboard10.Position) bool) {
	return func(yield func(bitboard10.Position) bool) {
		for i := int64(0); i < s.Size() && n > 0; i++ {
			p, ok := s.Position(i)
			if !ok || !sp.holds(p) || s.Index(p) < 0 {
				continue
			}
			n--
			if !yield(p) {
				return
			}
		}
	}
}

package intl

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard10"
	"metz/tables/base"
)

// wdlWant is the signature the WDL tests build: a king and a man against
// two kings. Its closure holds 4-piece tables of kings alone (KKvKK,
// KKKvK) and, from the promotion, tables with men that read them: with
// the 4-piece tables packed, these are built from tables without
// distances.
var wdlWant = []stmSig{{WM: 1, WK: 1, BK: 2}}

// buildWDL builds wdlWant's closure in a new directory, storing the
// tables of wdlFrom pieces and more without distances (0: as Build does).
func buildWDL(t *testing.T, wdlFrom int) string {
	t.Helper()
	dir := t.TempDir()
	if err := (&builder{dir: dir, wdlFrom: wdlFrom}).buildAll(wdlWant); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestPackedEqualsBytes builds the same tables twice, the 4-piece ones
// once a byte a position and once packed, and checks every index: the
// packed form reads back the value of the byte form, also in the tables
// built from packed ones (whose distances were stand-ins).
func TestPackedEqualsBytes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two sets of 4-piece tables")
	}
	full, packed := buildWDL(t, 0), buildWDL(t, 4)
	checkPackedEqual(t, full, packed, 4)
}

// checkPackedEqual compares every table of pieces pieces in dir packed
// with its byte form in dir full.
func checkPackedEqual(t *testing.T, full, packed string, pieces int) {
	t.Helper()
	n := 0
	for _, s := range closure(wdlWant) {
		if s.Pieces() != pieces {
			continue
		}
		n++
		a, err := readTable(full, s)
		if err != nil {
			t.Fatal(err)
		}
		b, err := readTable(packed, s)
		if err != nil {
			t.Fatal(err)
		}
		if isPacked(s, a) || !isPacked(s, b) || int64(len(b)) != packedLen(s.Size()) {
			t.Fatalf("%v: %d and %d bytes, expected %d and %d", s, len(a), len(b), s.Size(), packedLen(s.Size()))
		}
		for i := range s.Size() {
			want := wdlOf(a[i])
			if got := unpack[b[i/wdlPer]][i%wdlPer]; got != want {
				p, _ := s.Position(i)
				t.Fatalf("%v index %d (%s): packed %d, bytes %d (value byte %d)", s, i, p.FEN(), got, want, a[i])
			}
		}
		if st, want := tableStats(s, b), countValues(a); st.Wins != want.Wins || st.Losses != want.Losses || st.Draws != want.Draws {
			t.Errorf("%v: packed stats %+v, bytes %+v", s, st, want)
		}
	}
	if n < 3 {
		t.Fatalf("only %d tables of %d pieces compared", n, pieces)
	}
}

// checkConsistentWDL is checkConsistent without distances: a win has a
// child lost, a loss only children won (or no move), a draw neither.
func checkConsistentWDL(t *testing.T, tabs *Tables, p draughts.Position) {
	t.Helper()
	r, ok, err := tabs.ProbeWDL(mustBitboard(t, p))
	if !ok || err != nil {
		t.Fatalf("%s: not in the tables (%v)", p.FEN(), err)
	}
	want := base.Loss
	for _, m := range p.Moves() {
		cr, cok, err := tabs.ProbeWDL(mustBitboard(t, p.Play(m)))
		if !cok || err != nil {
			t.Fatalf("%s: child after %s not in the tables (%v)", p.FEN(), p.Rules.FormatMove(m, false), err)
		}
		switch {
		case cr == base.Loss:
			want = base.Win
		case cr == base.Draw && want == base.Loss:
			want = base.Draw
		}
	}
	if r != want {
		t.Errorf("%s: table %v, children say %v", p.FEN(), r, want)
	}
}

func mustBitboard(t *testing.T, p draughts.Position) bitboard10.Position {
	t.Helper()
	bp, ok := FromDraughts(p)
	if !ok {
		t.Fatalf("%s: not an international position", p.FEN())
	}
	return bp
}

// TestPackedConsistent checks sampled positions of the packed tables
// against their children, and ProbeWDL against Probe on the byte ones.
func TestPackedConsistent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 4-piece tables of a man and a king against two kings")
	}
	tabs, err := Open(buildWDL(t, 4))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(42, 6))
	for _, s := range closure(wdlWant) {
		for range 300 {
			p := toDraughts(t, randomPosition(rng, s))
			checkConsistentWDL(t, tabs, p)
			r, plies, ok := tabs.Probe(p)
			if s.Pieces() >= 4 && ok {
				t.Fatalf("%s: Probe gives %v in %d from a table without distances", p.FEN(), r, plies)
			}
			if s.Pieces() < 4 {
				w, _, _ := tabs.ProbeWDL(mustBitboard(t, p))
				if !ok || w != r {
					t.Fatalf("%s: Probe %v %v, ProbeWDL %v", p.FEN(), r, ok, w)
				}
			}
		}
	}
}

// TestBuiltPackedEqual compares the tables of $METZ_PACKED_PIECES pieces
// (default 5) of a directory of byte tables, $METZ_ENDGAME_DIR, with the
// same built packed into a temporary directory (a manual run: the 5-piece
// set takes minutes).
func TestBuiltPackedEqual(t *testing.T) {
	dir := os.Getenv("METZ_ENDGAME_DIR")
	if dir == "" {
		t.Skip("METZ_ENDGAME_DIR not set")
	}
	old := wdlWant
	defer func() { wdlWant = old }()
	wdlWant = signatures(5)
	packed := t.TempDir()
	b := &builder{dir: packed, wdlFrom: 5}
	// the 4-piece tables from dir: only the 5-piece ones are built
	for _, s := range closure(wdlWant) {
		if s.Pieces() < 5 {
			tab, err := readTable(dir, s)
			if err != nil {
				t.Fatal(err)
			}
			if err := writeTable(packed, s, tab); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := b.buildAll(wdlWant); err != nil {
		t.Fatal(err)
	}
	checkPackedEqual(t, dir, packed, 5)
}

// Build stopped by its context after its first group leaves that group's
// tables on disk and returns the context's error; the same build then
// reads them and builds the rest.
func TestBuildStopsAndResumes(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(t.Context())
	built := 0
	err := Build(ctx, dir, 3, func(p Progress) {
		built++
		cancel() // after the first group: the groups being built finish, no other begins
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped build: %v", err)
	}
	left, _ := Missing(dir, 3)
	if built == 0 || left == 0 || left+built > len(signatures(2))+len(signatures(3)) {
		t.Fatalf("stopped build: %d tables reported, %d missing", built, left)
	}
	read := 0
	if err := Build(t.Context(), dir, 3, func(p Progress) {
		if p.Loaded {
			read++
		}
	}); err != nil {
		t.Fatal(err)
	}
	if left, _ := Missing(dir, 3); left != 0 || read < built {
		t.Fatalf("resumed build: %d missing, %d read of the %d built before", left, read, built)
	}
}

// Reach counts the tables with distances, WDLReach those without too: a
// directory whose 4-piece tables are packed reaches 3 pieces with
// distances and 4 with values, and ProbeWDL answers every 4-piece
// position Probe leaves uncovered.
func TestWDLReach(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 4-piece tables packed")
	}
	dir := t.TempDir()
	var all []base.Sig
	for _, s := range signatures(4) {
		all = append(all, base.Sig(s))
	}
	if err := BuildPacked(t.Context(), dir, all, 4); err != nil {
		t.Fatal(err)
	}
	tabs, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if tabs.Reach() != 3 || tabs.WDLReach() != 4 {
		t.Fatalf("reach %d, WDL reach %d; want 3 and 4", tabs.Reach(), tabs.WDLReach())
	}
	rng := rand.New(rand.NewPCG(4, 2))
	for _, s := range signatures(4) {
		p := toDraughts(t, randomPosition(rng, s))
		if _, _, ok := tabs.Probe(p); ok {
			t.Errorf("%s: Probe answers from a packed table", p.FEN())
		}
		if _, ok, err := tabs.ProbeWDL(mustBitboard(t, p)); !ok || err != nil {
			t.Errorf("%s: ProbeWDL %v %v", p.FEN(), ok, err)
		}
	}
}

// TestForwardEqualsUnmoving builds wdlWant's closure packed from 4
// pieces twice, its levels of losses made every one forwards and every
// one by un-moving (forwardMode), and compares the files byte for byte:
// the two ways must give the same values, stand-ins included (and the
// second, TestPackedEqualsBytes checks against the byte tables).
func TestForwardEqualsUnmoving(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two sets of 4-piece tables")
	}
	defer func(m int, on bool) { forwardMode, byPlacement = m, on }(forwardMode, byPlacement)
	byPlacement = false // the groups with men made level by level too
	forwardMode = -1
	back := buildWDL(t, 4)
	forwardMode = 1
	fwd := buildWDL(t, 4)
	n := 0
	for _, s := range closure(wdlWant) {
		if !sameFile(t, back, fwd, s) {
			t.Errorf("%v: built forwards, the file differs", s)
		}
		if s.Pieces() >= 4 {
			n++
		}
	}
	if n < 3 {
		t.Fatalf("only %d packed tables compared", n)
	}
}

// TestPlacementsEqualLevels builds the closure of two men against two,
// packed from 4 pieces (every 4-piece table with men: one man or two a
// side, tables their own flip among them), once placement by placement
// (placement.go, as Build does) and once level by level over the whole
// tables, and compares the files byte for byte.
func TestPlacementsEqualLevels(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two sets of 4-piece tables")
	}
	want := []stmSig{{WM: 2, BM: 2}}
	defer func(on bool) { byPlacement = on }(byPlacement)
	build := func(on bool) string {
		byPlacement = on
		dir := t.TempDir()
		if err := (&builder{dir: dir, wdlFrom: 4}).buildAll(want); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	levels, placed := build(false), build(true)
	n := 0
	for _, s := range closure(want) {
		if s.Pieces() < 4 || s.Men() == 0 {
			continue
		}
		if !sameFile(t, levels, placed, s) {
			t.Errorf("%v: built by placements, the file differs", s)
		}
		n++
	}
	if n < 8 {
		t.Fatalf("only %d tables with men compared", n)
	}
}

// sameFile reports whether the directories a and b hold the same file
// for the table of s.
func sameFile(t *testing.T, a, b string, s stmSig) bool {
	t.Helper()
	x, err := os.ReadFile(filepath.Join(a, fileName(s)))
	if err != nil {
		t.Fatal(err)
	}
	y, err := os.ReadFile(filepath.Join(b, fileName(s)))
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(x, y)
}

// TestDigitValue checks the first pass's turning of a packed byte's
// digit (digitValue) against unpack, and against the packer: every five
// records of a win, a loss or a draw, packed (packRecords), read back.
func TestDigitValue(t *testing.T) {
	for b := range 256 {
		for k := range wdlPer {
			if got, want := digitValue[k][b], wdlByte[unpack[b][k]]; got != want {
				t.Fatalf("byte %d, digit %d: %d, expected %d", b, k, got, want)
			}
		}
	}
	kinds := [3]byte{recWin, recLoss, 0} // 0: undecided, a draw
	rec := make([]byte, wdlPer)
	for n := range 243 {
		for k, x := 0, n; k < wdlPer; k, x = k+1, x/3 {
			rec[k] = kinds[x%3]
		}
		b := packRecords(rec)[0]
		for k, r := range rec {
			if got, want := digitValue[k][b], wdlByte[recWDL[r]]; got != want {
				t.Fatalf("records %v (byte %d), digit %d: %d, expected %d", rec, b, k, got, want)
			}
		}
	}
}

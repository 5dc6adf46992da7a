package tables

import (
	"os"
	"path/filepath"
	"testing"

	"metz/draughts"
)

// An English root's tables are built the first time (System.Slice, what
// metz solve does before its searches) and saved in the table directory;
// a second handle on the directory reads them and builds nothing.
func TestEnglishFirstUseSavesSecondReads(t *testing.T) {
	dir := t.TempDir()
	p, err := draughts.ParseFEN(draughts.English, "W:WK27,K23:BK28,12") // Gould 1
	if err != nil {
		t.Fatal(err)
	}
	lim := Limit{Positions: 10_000_000, Bytes: 1 << 30}
	first, err := Open(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if built := first.System(draughts.English).Slice(p, lim); built == 0 {
		t.Fatal("nothing built on first use")
	}
	saved, _ := filepath.Glob(filepath.Join(dir, "english", "*.rtb"))
	if len(saved) < 5 {
		t.Fatalf("%d tables saved", len(saved))
	}
	want, plies, ok, err := first.Probe(p)
	if !ok || err != nil {
		t.Fatalf("first: not covered (%v)", err)
	}

	second, err := Open(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s := second.System(draughts.English)
	if n := s.ToBuild(p); n != 0 {
		t.Fatalf("second: %d positions to build", n)
	}
	if built := s.Slice(p, lim); built != 0 {
		t.Fatalf("second: %d positions built", built)
	}
	got, plies2, ok, err := second.Probe(p)
	if !ok || err != nil || got != want || plies2 != plies {
		t.Fatalf("second: %v %d %v %v, first %v %d", got, plies2, ok, err, want, plies)
	}
	for _, f := range saved {
		if fi, err := os.Stat(f); err != nil || fi.Size() == 0 {
			t.Fatalf("%s: %v", f, err)
		}
	}
}

// A budget too small for the root's tables builds nothing, and says so
// by building nothing: the probe answers not covered.
func TestEnglishSliceBudget(t *testing.T) {
	p, _ := draughts.ParseFEN(draughts.English, "W:W22,25,K3:B9,6,K30") // six pieces
	tb := InMemory()
	s := tb.System(draughts.English)
	if built := s.Slice(p, Limit{Positions: 1000, Bytes: 1 << 30}); built != 0 {
		t.Fatalf("%d positions built within 1000", built)
	}
	if _, _, ok, _ := tb.Probe(p); ok {
		t.Fatal("covered with nothing built")
	}
}

package intl

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"metz/draughts"
	"metz/tables/base"
)

// Positions whose value can be checked by hand on a board.
func TestHandPositions(t *testing.T) {
	tabs := smallTables(t)
	cases := []struct {
		fen   string
		r     base.Result
		plies int
		why   string
	}{
		{"W:WK46:BK23", base.Win, 1, "the long diagonal 46-5 is open behind 23: 46x19"},
		{"B:WK46:BK23", base.Win, 3, "23-5, and the white king in corner 46 must step onto the diagonal under the black king (as in W:WK46:BK5)"},
		{"W:WK5:BK46", base.Loss, 2, "a king in corner 5 must move along 10..41 and is taken by 46 (5 is empty behind it)"},
		{"W:WK46:BK5", base.Loss, 2, "the same from the other corner"},
		{"W:WK5:BK41", base.Win, 1, "5x46"},
		{"W:W6:BK1", base.Loss, 0, "the man on 6 can only go to 1, where the king stands, and cannot take it (the board ends behind 1)"},
		{"B:W6:BK1", base.Draw, 0, "the king must leave 1, the man crowns: one king against one"},
		{"W:WK1:BK46", base.Draw, 0, "two kings not on a common diagonal"},
		{"W:W28:B23", base.Win, 1, "28x19 takes the last piece"},
	}
	for _, c := range cases {
		check(t, tabs, c.fen, c.r, c.plies, c.why)
	}
}

func check(t *testing.T, tabs *Tables, fen string, r base.Result, plies int, why string) {
	t.Helper()
	p, err := draughts.ParseFEN(draughts.International, fen)
	if err != nil {
		t.Fatal(err)
	}
	gr, gp, ok := tabs.Probe(p)
	if !ok || gr != r || gp != plies {
		t.Errorf("%s: got %v in %d (ok=%v), want %v in %d: %s", fen, gr, gp, ok, r, plies, why)
	}
}

func TestProbeNotCovered(t *testing.T) {
	tabs := smallTables(t)
	for _, fen := range []string{"W:W31-50:B1-20", "W:WK1,K2,K3:BK46"} {
		p, err := draughts.ParseFEN(draughts.International, fen)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, ok := tabs.Probe(p); ok {
			t.Errorf("%s: probe ok without a table", fen)
		}
	}
	p, _ := draughts.ParseFEN(draughts.Russian, "W:WK1:BK32")
	if _, _, ok := tabs.Probe(p); ok {
		t.Error("a Russian position was probed in international tables")
	}
	p, _ = draughts.ParseFEN(draughts.International, "W:W1:BK32")
	if _, _, ok := tabs.Probe(p); ok {
		t.Error("a white man on its crowning row was probed")
	}
}

// Tables read on demand serve probes from many goroutines at once (the
// verifier's workers share one): each gets what a lone prober gets, the
// files being read once, while the others wait or read the cache.
func TestConcurrentProbes(t *testing.T) {
	want := smallTables(t)
	fens := []string{"W:WK1:BK46", "B:WK28:B12,13", "W:W33:BK3", "W:WK10,K20:BK45", "B:W40,K2:B9", "W:W31-50:B1-20"}
	type answer struct {
		r     base.Result
		plies int
		ok    bool
	}
	expect := make([]answer, len(fens))
	ps := make([]draughts.Position, len(fens))
	for i, fen := range fens {
		p, err := draughts.ParseFEN(draughts.International, fen)
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = p
		r, plies, ok := want.Probe(p)
		expect[i] = answer{r, plies, ok}
	}
	shared := smallTables(t) // a fresh instance: nothing read yet
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(fens))
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 200 {
				i := (w + k) % len(ps)
				r, plies, ok := shared.Probe(ps[i])
				if (answer{r, plies, ok}) != expect[i] {
					select {
					case errs <- fmt.Sprintf("%s: %v %d %v, want %v", fens[i], r, plies, ok, expect[i]):
					default: // enough said
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// Complete says whether a whole piece count is there: the small in-memory
// tables hold every table of 2 and 3 pieces and none of 4; nil tables none.
func TestComplete(t *testing.T) {
	small := memSmall(t)
	if !small.Complete(2) || !small.Complete(SmallPieces) || small.Complete(SmallPieces+1) {
		t.Errorf("small tables: complete 2 %v, 3 %v, 4 %v", small.Complete(2), small.Complete(SmallPieces), small.Complete(SmallPieces+1))
	}
	var none *Tables
	if none.Complete(2) {
		t.Error("nil tables complete")
	}
	if small.Reach() != SmallPieces || none.Reach() != 0 {
		t.Errorf("reach: small %d, want %d; nil %d, want 0", small.Reach(), SmallPieces, none.Reach())
	}
	dir, two := builtTables(t, 2)
	if two.Reach() != 2 {
		t.Errorf("2-piece tables reach %d", two.Reach())
	}
	if err := os.Remove(filepath.Join(dir, "KvK.egt")); err != nil {
		t.Fatal(err)
	}
	if two, _ = Open(dir); two.Reach() != 0 {
		t.Errorf("2-piece tables without KvK reach %d, want 0", two.Reach())
	}
}

// builtTables builds the tables of up to n pieces in a new directory and
// opens them.
func builtTables(t *testing.T, n int) (string, *Tables) {
	t.Helper()
	dir := t.TempDir()
	if err := Build(context.Background(), dir, n, nil); err != nil {
		t.Fatal(err)
	}
	tabs, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, tabs
}

// Check names a damaged or foreign table file when the tables are opened,
// where a probe would take it for a table not built.
func TestCheckNamesDamagedFiles(t *testing.T) {
	dir, tabs := builtTables(t, 2)
	if err := tabs.Check(); err != nil {
		t.Fatalf("fresh tables: %v", err)
	}
	kvk := filepath.Join(dir, "KvK.egt")
	if err := os.Truncate(kvk, 2000); err != nil {
		t.Fatal(err)
	}
	if err := tabs.Check(); err == nil || !strings.Contains(err.Error(), kvk) || !strings.Contains(err.Error(), "expected 2500") {
		t.Errorf("truncated KvK: %v", err)
	}
	if err := os.Remove(kvk); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(dir, "notes.egt")
	if err := os.WriteFile(foreign, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := tabs.Check(); err == nil || !strings.Contains(err.Error(), foreign) {
		t.Errorf("foreign file: %v", err)
	}
	if err := memSmall(t).Check(); err != nil {
		t.Errorf("in-memory tables: %v", err)
	}
}

// A build removes what an earlier one, killed while writing a table, left
// behind (a five-piece table's temporary file holds up to 124 MB), but not
// a temporary file written a moment ago, which may be another build's.
func TestBuildRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	old, fresh := filepath.Join(dir, "KKvK.egt.tmp123"), filepath.Join(dir, "KvM.egt.tmp456")
	for _, name := range []string{old, fresh} {
		if err := os.WriteFile(name, []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	past := time.Now().Add(-2 * base.StaleTemp)
	if err := os.Chtimes(old, past, past); err != nil {
		t.Fatal(err)
	}
	if err := Build(context.Background(), dir, 2, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("stale %s: %v", old, err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("recent %s removed: %v", fresh, err)
	}
}

// Missing counts what a build still has to write: the 2-piece tables are
// KvK, KvM, MvK and MvM (9000 index bytes and four headers); once built,
// none is missing, and a removed file is missing again.
func TestMissing(t *testing.T) {
	dir := t.TempDir()
	n, size := Missing(dir, 2)
	if n != 4 || size != 2500+2250+2250+2025+4*headerSize {
		t.Errorf("empty directory: %d tables, %d bytes", n, size)
	}
	if err := Build(context.Background(), dir, 2, nil); err != nil {
		t.Fatal(err)
	}
	if n, size = Missing(dir, 2); n != 0 || size != 0 {
		t.Errorf("after the build: %d tables, %d bytes", n, size)
	}
	if n, _ = Missing(dir, 3); n != len(signatures(3)) {
		t.Errorf("3 pieces over a 2-piece build: %d missing, want %d", n, len(signatures(3)))
	}
	if err := os.Remove(filepath.Join(dir, "MvK.egt")); err != nil {
		t.Fatal(err)
	}
	if n, size = Missing(dir, 2); n != 1 || size != 2250+headerSize {
		t.Errorf("MvK removed: %d tables, %d bytes", n, size)
	}
}

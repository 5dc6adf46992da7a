package app

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"metz/draughts"
)

// A build is told what it has left (the four 2-piece signatures, 8845
// positions of one byte plus their headers) and refused when its disk
// cannot hold it; a piece count out of range leaves the refusal to the
// build.
func TestTablesLeftChecksTheRoom(t *testing.T) {
	defer func(f func(string) (int64, bool)) { FreeSpace = f }(FreeSpace)
	dir := t.TempDir()
	tb, err := OpenTables(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	FreeSpace = func(string) (int64, bool) { return 5000, true }
	if _, _, _, err := TablesLeft(tb, draughts.International, 2); err == nil || !strings.Contains(err.Error(), "has only 5.0 kB free") {
		t.Errorf("want the build refused, got %v", err)
	}
	FreeSpace = func(string) (int64, bool) { return 1e6, true }
	n, size, into, err := TablesLeft(tb, draughts.International, 2)
	if err != nil || n != 4 || size < 8845 || into != dir {
		t.Errorf("2 pieces: %d tables, %d bytes into %s, %v", n, size, into, err)
	}
	if n, _, _, err := TablesLeft(tb, draughts.International, 9); n != 0 || err != nil {
		t.Errorf("9 pieces: %d tables, %v", n, err)
	}
	if _, _, _, err := TablesLeft(nil, draughts.International, 2); err == nil {
		t.Error("a build with no tables")
	}
}

// A build counts what it built, and a second one reads it all back;
// a probe then lists the fastest win first, and a move that draws has no
// distance.
func TestBuildTablesThenProbe(t *testing.T) {
	dir := t.TempDir()
	r := draughts.International
	tabs, err := OpenTables(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	sum, err := BuildTables(context.Background(), tabs, r, 2, func(TableProgress) { calls++ })
	if err != nil || sum.Signatures != 4 || sum.Built != 4 || calls != 4 || sum.Total.Positions != 8845 {
		t.Fatalf("first build: %+v, %d calls, %v", sum, calls, err)
	}
	if sum, err = BuildTables(context.Background(), tabs, r, 2, func(TableProgress) {}); err != nil || sum.Loaded != 4 || sum.Built != 0 {
		t.Fatalf("second build: %+v, %v", sum, err)
	}
	p, err := ProbedPosition(r, "W:WK46:BK23")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Probe(tabs, p, "W:WK46:BK23")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Result != "win" || rep.Plies == nil || *rep.Plies != 1 || !rep.Moves[0].Best || rep.Moves[0].Move != "46x19" {
		t.Errorf("probe: %+v", rep)
	}
	for _, m := range rep.Moves {
		if m.Result == "draw" && (m.Plies == nil || *m.Plies != 0 || m.Best) {
			t.Errorf("drawing move %+v", m)
		}
	}
	if _, err := ProbedPosition(r, "W:W3:BK23"); err == nil || !strings.Contains(err.Error(), "no game reaches it") {
		t.Errorf("a man on its crowning row: %v", err)
	}
}

// A table setting names one handle: "none" no tables at all, "" tables
// built in memory, "auto" the default directory ($METZ_TABLES over the
// user cache), created with the 2-3-piece international tables once they
// are asked for.
func TestOpenTables(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv(TablesEnv, "")
	if tb, err := OpenTables("none", 0); err != nil || tb != nil {
		t.Fatalf("none: tables %v, error %v", tb, err)
	}
	if tb, err := OpenTables("", 0); err != nil || tb == nil || tb.Dir() != "" {
		t.Fatalf("in memory: tables %v, error %v", tb, err)
	}
	tb, err := OpenTables("auto", 0)
	if err != nil || tb == nil || tb.Dir() != filepath.Join(cache, "metz", "endgame") {
		t.Fatalf("auto: tables %v, error %v", tb, err)
	}
	if reach := tb.Reach(draughts.International); reach != 3 {
		t.Errorf("auto: international reach %d, want 3", reach)
	}
	if n, _ := tb.Missing(draughts.International, 3); n != 0 {
		t.Errorf("auto left %d small tables unbuilt", n)
	}
	env := filepath.Join(t.TempDir(), "env")
	t.Setenv(TablesEnv, env)
	if tb, err := OpenTables("auto", 0); err != nil || tb == nil || tb.Dir() != env {
		t.Fatalf("auto with $%s: tables %v, error %v", TablesEnv, tb, err)
	}
}

func TestDiskSize(t *testing.T) {
	for n, want := range map[int64]string{9100: "9.1 kB", 47e6: "47.0 MB", 1.9e9: "1.9 GB"} {
		if got := DiskSize(n); got != want {
			t.Errorf("DiskSize(%d) = %q, want %q", n, got, want)
		}
	}
}

package generic

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"metz/draughts"
	"metz/tables/base"
)

// inDir is tables for r saved in and read from dir.
func inDir(r *draughts.Rules, dir string) *Tables {
	t := New(r)
	t.SetDir(dir)
	return t
}

// rootsOf reads fens as positions under r.
func rootsOf(t *testing.T, r *draughts.Rules, fens ...string) []draughts.Position {
	t.Helper()
	var ps []draughts.Position
	for _, f := range fens {
		p, err := draughts.ParseFEN(r, f)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// A batch's plan is the union of its roots' plans, each table once, in an
// order where every table comes after those it leads to; built, every
// root reads its value from the directory and equals a whole table built
// apart; a second plan has nothing left to build, and another handle on
// the directory reads every table.
func TestBuildRootsIsTheUnion(t *testing.T) {
	roots := rootsOf(t, draughts.English, "W:W22,K25:B9", "B:W29:BK1,6", "W:WK10:B14,K3")
	dir := t.TempDir()
	tb := inDir(draughts.English, dir)
	union := map[base.Sig]bool{}
	for _, p := range roots {
		one := tb.PlanRoots([]draughts.Position{p}, 6)
		if len(one.Sigs) == 0 {
			t.Fatalf("%s: nothing planned", p.FEN())
		}
		for _, s := range one.Sigs {
			union[s] = true
		}
	}
	pl := tb.PlanRoots(roots, 6)
	if len(pl.Sigs) != len(union) {
		t.Fatalf("plan of %d tables, union of the roots' %d", len(pl.Sigs), len(union))
	}
	for i, s := range pl.Sigs {
		if !union[s] {
			t.Fatalf("%s planned, no root's", s)
		}
		for _, n := range successors(s) {
			if j := slices.Index(pl.Sigs, n); j > i {
				t.Fatalf("%s planned before %s, which it leads to", s, n)
			}
		}
	}
	var reported int64
	built, err := tb.BuildRoots(context.Background(), roots, 6, Limit{Bytes: 1 << 30}, func(_ base.Sig, n int64, _ time.Duration) { reported += n })
	if err != nil || built != pl.Positions || reported != built {
		t.Fatalf("built %d positions (reported %d), planned %d: %v", built, reported, pl.Positions, err)
	}
	if again := tb.PlanRoots(roots, 6); len(again.Sigs) != 0 {
		t.Fatalf("after the build, %d tables still planned", len(again.Sigs))
	}
	whole, second := New(draughts.English), inDir(draughts.English, dir)
	if again := second.PlanRoots(roots, 6); len(again.Sigs) != 0 {
		t.Fatalf("another handle on the directory plans %v", again.Sigs)
	}
	for _, p := range roots {
		if err := whole.Ensure(base.SigOf(p), Limit{Bytes: 1 << 30}); err != nil {
			t.Fatal(err)
		}
		want, wd, _ := whole.Probe(p)
		for name, h := range map[string]*Tables{"built": tb, "read": second} {
			got, gd, ok, _ := h.ProbeOrBuild(p, Limit{Positions: -1})
			if !ok || got != want || gd != wd {
				t.Fatalf("%s %s: %v %d %v, whole table %v %d", name, p.FEN(), got, gd, ok, want, wd)
			}
		}
	}
}

// A root of more pieces than the plan's bound plans the smaller tables
// its captures reach, not its own.
func TestPlanRootsBelowALargerRoot(t *testing.T) {
	tb := New(draughts.English)
	p := rootsOf(t, draughts.English, "W:W30,26,22:B11,7,3")[0]
	pl := tb.PlanRoots([]draughts.Position{p}, 4)
	if len(pl.Sigs) == 0 {
		t.Fatal("nothing planned")
	}
	for _, s := range pl.Sigs {
		if s.Pieces() > 4 {
			t.Fatalf("%s planned, past 4 pieces", s)
		}
	}
	if !slices.Contains(pl.Sigs, base.Sig{WM: 2, BM: 2}) {
		t.Fatalf("MMvMM, which one capture each way reaches, not planned: %v", pl.Sigs)
	}
}

// A build past the memory allowed is refused before it starts, naming
// the table; a done context stops between tables, keeping those
// finished, and the next call goes on.
func TestBuildRootsBounds(t *testing.T) {
	roots := rootsOf(t, draughts.English, "W:W22,K25:B9,K1")
	tb := inDir(draughts.English, t.TempDir())
	pl := tb.PlanRoots(roots, 6)
	_, err := tb.BuildRoots(context.Background(), roots, 6, Limit{Bytes: pl.Peak - 1}, nil)
	if err == nil || !strings.Contains(err.Error(), "needs") {
		t.Fatalf("past the memory: %v", err)
	}
	if again := tb.PlanRoots(roots, 6); len(again.Sigs) != len(pl.Sigs) {
		t.Fatalf("a refused build built %d tables", len(pl.Sigs)-len(again.Sigs))
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err = tb.BuildRoots(ctx, roots, 6, Limit{Bytes: 1 << 30}, func(base.Sig, int64, time.Duration) {
		if n++; n == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	left := tb.PlanRoots(roots, 6)
	if len(left.Sigs) != len(pl.Sigs)-3 {
		t.Fatalf("cancelled after 3 tables: %d of %d left", len(left.Sigs), len(pl.Sigs))
	}
	if _, err := tb.BuildRoots(context.Background(), roots, 6, Limit{Bytes: 1 << 30}, nil); err != nil {
		t.Fatal(err)
	}
	if left := tb.PlanRoots(roots, 6); len(left.Sigs) != 0 {
		t.Fatalf("%d tables left after the second call", len(left.Sigs))
	}
}

// Roots larger than the plan's bound capture whole sides at once (2 v 2
// here, both taken by one jump, above a bound of 3 pieces): the tables of
// a side with no piece are built as exits but never saved, so neither
// planned nor reported, and another handle on the directory, once the
// build is done, plans nothing (it planned KMv, KKv, ... before every run).
func TestPlanRootsLeavesOutGameOver(t *testing.T) {
	roots := rootsOf(t, draughts.English, "W:W22,K25:B9,K1", "B:W29,K2:BK6,11")
	dir := t.TempDir()
	tb := inDir(draughts.English, dir)
	pl := tb.PlanRoots(roots, 3)
	if len(pl.Sigs) == 0 {
		t.Fatal("nothing planned")
	}
	for _, s := range pl.Sigs {
		if gameOver(s) {
			t.Fatalf("%s planned: %v", s, pl.Sigs)
		}
	}
	var reported []base.Sig
	built, err := tb.BuildRoots(context.Background(), roots, 3, Limit{Bytes: 1 << 30},
		func(s base.Sig, _ int64, _ time.Duration) { reported = append(reported, s) })
	if err != nil || built != pl.Positions || !slices.Equal(reported, pl.Sigs) {
		t.Fatalf("built %d positions, planned %d; reported %v, planned %v: %v", built, pl.Positions, reported, pl.Sigs, err)
	}
	if again := inDir(draughts.English, dir).PlanRoots(roots, 3); len(again.Sigs) != 0 {
		t.Fatalf("every table saved, and %v still planned", again.Sigs)
	}
}

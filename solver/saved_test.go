package solver

import (
	"context"
	"slices"
	"testing"
	"time"

	"metz/draughts"
	"metz/tables"
	"metz/verdict"
)

// A table saved on disk is read wherever the search meets it, above the
// piece count a search would build itself: four kings against a king and
// a man (Russian rules), where each capture of the man leads to four
// kings against one, five pieces. With that table saved, the solve
// (every winning first move, the shortest win) takes a few dozen nodes;
// without it, the search and its four-piece builds take tens of
// thousands. Both find the same first moves and the same shortest win.
func TestSavedTablesReadDeep(t *testing.T) {
	r := draughts.Russian
	dir := t.TempDir()
	saved, err := tables.Open(tables.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := saved.System(r).EnsureSig(context.Background(), tables.Sig{WK: 4, BK: 1}); err != nil {
		t.Fatal(err)
	}
	p := mustFEN(t, r, "W:WKa1,Kc1,Kh2,Kg1:BKd8,b6")
	read, err := tables.Open(tables.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	withSaved := SolveWith(p, Win, Options{Budget: nodes(1_000_000), Tables: read})
	without := SolveWith(p, Win, Options{Budget: nodes(1_000_000), Tables: tables.InMemory()})
	if withSaved.Result != verdict.ResultWin || without.Result != verdict.ResultWin || withSaved.Plies != without.Plies ||
		!slices.Equal(withSaved.Keys, without.Keys) {
		t.Fatalf("with the saved table: %s in %d plies, keys %v; without: %s in %d, keys %v",
			withSaved.Result, withSaved.Plies, withSaved.Keys, without.Result, without.Plies, without.Keys)
	}
	if withSaved.Nodes*100 > without.Nodes {
		t.Errorf("%d nodes with the saved table, %d without: it was not read", withSaved.Nodes, without.Nodes)
	}
}

// One handle serves every rule system: a Russian search reads the
// Russian tables of the handle it is given, an international one the
// international tables (before, an explicit --tables DIR left a Russian
// search without any). No handle, or NoTables, is no tables.
func TestTablesOfTheSearchRules(t *testing.T) {
	tb := tables.InMemory()
	for _, r := range []*draughts.Rules{draughts.Russian, draughts.International} {
		if s := tablesFor(r, Options{Tables: tb}); s == nil || s.Rules() != r || s != tb.System(r) {
			t.Errorf("a %s search was given %v", r.Name, s)
		}
	}
	if tablesFor(draughts.International, Options{}) != nil {
		t.Error("no handle: an international search was given tables")
	}
	if tablesFor(draughts.International, Options{Tables: tb, NoTables: true}) != nil {
		t.Error("NoTables: an international search was given tables")
	}
}

// A search builds in-memory tables only while its clock leaves the time to
// finish them (a build is never cut short): none once the time is spent,
// fewer on a larger board, and no bound at all for a small ending, whose
// tables are its answer.
func TestBuildsWithinTheClock(t *testing.T) {
	at := func(r *draughts.Rules, fen string, d time.Duration) *search[draughts.Position, draughts.Move] {
		p := mustFEN(t, r, fen)
		s := newSearch[draughts.Position, draughts.Move](draughts.Generic(r), p, p.Turn, Win, newLimits(verdict.Budget{Time: d}), 8)
		s.useTables(tables.InMemory().System(r))
		return s
	}
	big := "W:Wa1,c1,e1,g1:Bb8,d8,f8,h8"
	if n := at(draughts.Russian, big, time.Second).buildable(); n < int64(time.Second)/buildNanos*9/10 || n > int64(time.Second)/buildNanos {
		t.Errorf("one second on 8x8: %d positions", n)
	}
	if n := at(draughts.Canadian, "W:W1,2,3,4:B69,70,71,72", time.Second).buildable(); n > int64(time.Second)/buildNanos*32/72 {
		t.Errorf("one second on 12x12: %d positions", n)
	}
	late := at(draughts.Russian, big, time.Second)
	late.lim.deadline = time.Now().Add(-time.Millisecond)
	if n := late.buildable(); n != 0 {
		t.Errorf("no time left: %d positions", n)
	}
	small := at(draughts.Russian, "W:WKa1,Kc1:BKh8", time.Millisecond)
	if n := small.buildable(); n != small.smallLim.Positions || n <= 0 {
		t.Errorf("a small ending: %d positions, want its whole limit %d", n, small.smallLim.Positions)
	}
	// Its probe reads no table it would have to build.
	late.lim.deadline = time.Now().Add(-time.Millisecond)
	c := late.atGeneric(mustFEN(t, draughts.Russian, "W:WKa1,Kc1:BKh8"), false)
	if _, _, ok := late.probe(&c); ok || late.built.Load() != 0 || late.tables.Has(tables.SigOf(c.q)) {
		t.Errorf("built with no time left: ok %v, %d positions", ok, late.built.Load())
	}
}

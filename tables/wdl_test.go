package tables

import (
	"testing"

	"metz/draughts"
	"metz/tables/generic"
	"metz/tables/intl"
)

// The tables stored without distances (as the international 6-piece ones
// are; here three kings against a man, 4 pieces, packed) answer ProbeWDL
// and not Probe, and give every position of the signature, either side to
// move, the value the generic builder gives it (another builder, another
// index: an independent reference). Reach counts the tables with
// distances only, WDLReach those without too, and the handle says which
// piece counts may hold a value without its distance.
func TestProbeWDLWithoutDistances(t *testing.T) {
	if testing.Short() {
		t.Skip("builds four-piece tables with both builders (seconds)")
	}
	dir := t.TempDir()
	sig := Sig{WK: 3, BM: 1}
	if err := intl.BuildPacked(t.Context(), dir, []Sig{sig}, 4); err != nil {
		t.Fatal(err)
	}
	tabs, err := Open(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	eg := tabs.System(draughts.International)
	if eg.Reach() != 3 || eg.WDLReach() != 3 || eg.ValueOnlyPieces() != intl.MaxPieces {
		t.Errorf("reach %d, WDL reach %d, value-only pieces %d; want 3, 3 (not every 4-piece table), %d",
			eg.Reach(), eg.WDLReach(), eg.ValueOnlyPieces(), intl.MaxPieces)
	}
	if n := InMemory().System(draughts.International).ValueOnlyPieces(); n != 0 {
		t.Errorf("tables in memory hold values without distances up to %d pieces", n)
	}
	gen := generic.New(draughts.International)
	if err := gen.Ensure(sig, generic.Limit{Bytes: 1 << 30}); err != nil {
		t.Fatal(err)
	}
	var compared, wins, draws, losses int
	for _, turn := range []draughts.Color{draughts.White, draughts.Black} {
		err := gen.Each(sig, turn, func(p draughts.Position, v Result, _ int) {
			if _, _, ok, _ := tabs.Probe(p); ok {
				t.Fatalf("%s: Probe answers from a table without distances", p.FEN())
			}
			r, ok, err := tabs.ProbeWDL(p)
			if !ok || err != nil || r != v {
				t.Fatalf("%s: ProbeWDL %s (ok %v, %v); generic builder %s", p.FEN(), r, ok, err, v)
			}
			compared++
			switch v {
			case Win:
				wins++
			case Draw:
				draws++
			default:
				losses++
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d positions compared: %d won, %d drawn, %d lost", compared, wins, draws, losses)
	if wins == 0 || draws == 0 || losses == 0 {
		t.Fatal("the comparison needs wins, draws and losses")
	}
	// A 3-piece position: ProbeWDL gives Probe's value (a table with
	// distances).
	p, err := draughts.ParseFEN(draughts.International, "W:WK1,K2:BK46")
	if err != nil {
		t.Fatal(err)
	}
	r, _, ok, _ := tabs.Probe(p)
	if w, wok, _ := tabs.ProbeWDL(p); !ok || !wok || w != r {
		t.Errorf("%s: Probe %s (%v), ProbeWDL %s (%v)", p.FEN(), r, ok, w, wok)
	}
}

// Under other rules every table holds its distances: ProbeWDL reads the
// value of a table there and builds none (Probe builds it).
func TestProbeWDLOtherRules(t *testing.T) {
	tabs := InMemory()
	p, err := draughts.ParseFEN(draughts.Russian, "W:WKa1,Kc1:BKh8")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := tabs.ProbeWDL(p); ok || err != nil {
		t.Fatalf("%s: ProbeWDL answers (%v) before the table is built", p.FEN(), err)
	}
	r, _, ok, err := tabs.Probe(p)
	if !ok || err != nil {
		t.Fatalf("%s: Probe %v, %v", p.FEN(), ok, err)
	}
	if w, ok, err := tabs.ProbeWDL(p); !ok || err != nil || w != r {
		t.Errorf("%s: ProbeWDL %s (%v, %v), Probe %s", p.FEN(), w, ok, err, r)
	}
	if n := tabs.WDLReach(draughts.Russian); n != tabs.Reach(draughts.Russian) {
		t.Errorf("Russian WDL reach %d, reach %d", n, tabs.Reach(draughts.Russian))
	}
}

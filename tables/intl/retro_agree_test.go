package intl_test

import (
	"math/rand/v2"
	"testing"

	"metz/draughts"
	"metz/tables/base"
	"metz/tables/generic"
	"metz/tables/intl"
)

// The build pipeline of this package (bitboard moves, counted quiet moves,
// un-moving by index arithmetic, rounds on several cores) against package
// retro's generic builder (the rules engine's moves, its own index): on
// four-piece signatures with men and kings on both sides, every sampled
// position must get the same value and distance from both. (retro's own
// test compares every three-piece position.)
func TestBuildAgreesWithRetro(t *testing.T) {
	if testing.Short() {
		t.Skip("builds four-piece tables twice")
	}
	sigs := []base.Sig{{WM: 1, WK: 1, BM: 1, BK: 1}, {WM: 2, BK: 2}, {WK: 1, WM: 1, BK: 2}}
	eg, err := intl.BuildInMemory(sigs)
	if err != nil {
		t.Fatal(err)
	}
	rt := generic.New(draughts.International)
	rng := rand.New(rand.NewPCG(32, 5))
	values := map[base.Result]base.Result{base.Win: base.Win, base.Loss: base.Loss, base.Draw: base.Draw}
	for _, s := range sigs {
		for _, side := range []base.Sig{s, {WM: s.BM, WK: s.BK, BM: s.WM, BK: s.WK}} {
			if err := rt.Ensure(side, generic.Limit{Bytes: 1 << 30}); err != nil {
				t.Fatal(err)
			}
			compared, decided := 0, 0
			for compared < 20000 {
				bp, ok := intl.PositionAt(side, rng.Int64N(intl.TableSize(side)))
				if !ok {
					continue
				}
				p, err := bp.ToGeneric(draughts.International)
				if err != nil {
					t.Fatal(err)
				}
				r, plies, ok := eg.Probe(p)
				v, rplies, rok := rt.Probe(p)
				if !ok || !rok {
					t.Fatalf("%v %s: endgame answers %v, retro %v", side, p.FEN(), ok, rok)
				}
				if values[r] != v || (v != base.Draw && plies != rplies) {
					t.Fatalf("%v %s: endgame %v in %d plies, retro %v in %d", side, p.FEN(), r, plies, v, rplies)
				}
				compared++
				if r != base.Draw {
					decided++
				}
			}
			if decided == 0 || decided == compared {
				t.Fatalf("%v: %d of %d positions decided: the sample needs wins or losses and draws", side, decided, compared)
			}
		}
	}
}

package generic

import (
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard8"
	"metz/draughts/engines"
	"metz/tables/base"
)

// The bitboard path and the generic one build the same tables: every
// value of every signature a few builds need, in rule systems that
// differ in what the bitboards handle themselves (flying or short kings,
// crowning mid-capture, men that do not take kings, men moving sideways
// on Turkish's orthogonal board).
func TestBitsAgreeWithGeneric(t *testing.T) {
	cases := []struct {
		r    *draughts.Rules
		sigs []base.Sig
	}{
		{draughts.Russian, []base.Sig{{WM: 1, WK: 1, BM: 1, BK: 1}}},
		{draughts.Italian, []base.Sig{{WM: 2, BK: 1, BM: 1}}},
		{draughts.Spanish, []base.Sig{{WK: 2, BM: 2}}},
		{draughts.English, []base.Sig{{WM: 1, WK: 1, BM: 1}}},
		{draughts.Francaise, []base.Sig{{WM: 2, BK: 1}}},
		{draughts.Turkish, []base.Sig{{WM: 1, BM: 1, BK: 1}, {WK: 1, BM: 2}}},
	}
	if testing.Short() { // three pieces only
		cases = cases[3:]
	}
	for _, c := range cases {
		comparePaths(t, c.r, c.sigs, "bitboard path", func(g *Tables) bool {
			had := g.bits != nil
			g.bits = nil
			return had
		})
	}
}

// The generic path with bitboard12's moves and with the generic engine's
// builds the same tables, on Canadian's 72 squares and the international
// 10x10.
func TestWideAgreesWithGeneric(t *testing.T) {
	cases := []struct {
		r    *draughts.Rules
		sigs []base.Sig
	}{
		{draughts.Canadian, []base.Sig{{WM: 1, WK: 1, BM: 1}, {WM: 2, BK: 1}}},
		{draughts.International, []base.Sig{{WK: 1, BM: 1, BK: 1}}},
		// A king that may take a man or a king: Manoury's rule takes the king.
		{draughts.Manoury, []base.Sig{{WK: 1, BM: 1, BK: 1}}},
	}
	for _, c := range cases {
		comparePaths(t, c.r, c.sigs, "bitboard12 moves", func(g *Tables) bool {
			had := g.wide != nil
			g.wide = nil
			return had
		})
	}
}

// comparePaths builds sigs with r's Tables as they come and with a second
// one that strip took a faster path out of (strip reports whether it was
// there), and compares them (compareBuilds).
func comparePaths(t *testing.T, r *draughts.Rules, sigs []base.Sig, path string, strip func(*Tables) bool) {
	t.Helper()
	fast, generic := New(r), New(r)
	if !strip(generic) {
		t.Fatalf("%s: no %s", r.Name, path)
	}
	compareBuilds(t, r, fast, generic, sigs)
}

// compareBuilds builds sigs with two Tables of r and checks that every
// signature built has the same values in both.
func compareBuilds(t *testing.T, r *draughts.Rules, fast, generic *Tables, sigs []base.Sig) {
	t.Helper()
	for _, s := range sigs {
		for _, tabs := range []*Tables{fast, generic} {
			if err := tabs.Ensure(s, Limit{Bytes: 1 << 30}); err != nil {
				t.Fatal(err)
			}
		}
	}
	compared := 0
	for code, ft := range fast.built.Load() {
		gt := generic.built.Load()[code]
		if (ft == nil) != (gt == nil) {
			t.Fatalf("%s: signature code %d built by one path only", r.Name, code)
		}
		if ft == nil {
			continue
		}
		for turn := range 2 {
			if i := firstDiff(ft, gt, turn); i >= 0 {
				t.Fatalf("%s %s, turn %d, index %d: fast %#x, generic %#x",
					r.Name, ft.sh.sig, turn, i, ft.raw(turn, i), gt.raw(turn, i))
			}
		}
		compared++
	}
	t.Logf("%s: %d signatures alike", r.Name, compared)
}

// firstDiff is the first index where a and b differ with turn to move,
// or -1.
func firstDiff(a, b *table, turn int) int64 {
	if a.sh.size != b.sh.size {
		return 0
	}
	for i := range a.sh.size {
		if a.raw(turn, i) != b.raw(turn, i) {
			return i
		}
	}
	return -1
}

// ProbeBits, the solver's probe on bitboard8's boards, reads what Probe
// reads from the same table, for every position of a signature with
// either side to move; it answers nothing for a table not in memory, and
// nothing on a board bitboard8 does not play.
func TestProbeBitsAgreesWithProbe(t *testing.T) {
	for _, c := range []struct {
		r   *draughts.Rules
		sig base.Sig
	}{
		{draughts.English, base.Sig{WM: 1, WK: 1, BM: 1}},
		{draughts.Russian, base.Sig{WM: 1, BK: 1, BM: 1}},
		{draughts.Turkish, base.Sig{WM: 1, BM: 1, BK: 1}},
	} {
		g := New(c.r)
		e := engines.For(c.r).Board8
		if e == nil {
			t.Fatalf("%s: no bitboard8 engine", c.r.Name)
		}
		if err := g.Ensure(c.sig, Limit{Bytes: 1 << 30}); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, turn := range []draughts.Color{draughts.White, draughts.Black} {
			err := g.Each(c.sig, turn, func(p draughts.Position, v base.Result, plies int) {
				bp, err := e.FromGeneric(p)
				if err != nil {
					t.Fatalf("%s: %s: %v", c.r.Name, p.FEN(), err)
				}
				bv, bplies, bok := g.ProbeBits(bp)
				if !bok || bv != v || bplies != plies {
					t.Fatalf("%s %s: ProbeBits %v %d %v, Probe %v %d", c.r.Name, p.FEN(), bv, bplies, bok, v, plies)
				}
				n++
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		if n == 0 {
			t.Fatalf("%s: no position compared", c.r.Name)
		}
		if _, _, ok := New(c.r).ProbeBits(bitboard8.Position{White: 1, Black: 1 << 9, WhiteToMove: true}); ok {
			t.Errorf("%s: tables with nothing built answered", c.r.Name)
		}
	}
}

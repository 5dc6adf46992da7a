package solver

import (
	"testing"

	"metz/draughts/bitboard10"
)

type testNode = dnode[bitboard10.Position, bitboard10.Move]

// failed is a child whose disproof rests on fl (and dep).
func failed(fl uint8, dep uint64) testNode {
	return testNode{pn: inf, dn: 0, fl: fl, dep: dep}
}

// A disproof rests on what its children's rest on: all of them at an OR
// node, the cleanest failing reply at an AND node; a repetition of the
// position itself is no dependence; two different positions are more
// than a record keeps.
func TestRestsOn(t *testing.T) {
	const self, a, b = 100, 7, 9
	cases := []struct {
		name string
		or   bool
		cs   []testNode
		fl   uint8
		dep  uint64
	}{
		{"or: one position", true, []testNode{failed(0, 0), failed(flDep, a), failed(flDep, a)}, flDep, a},
		{"or: two positions", true, []testNode{failed(flDep, a), failed(flDep, b)}, flRep, 0},
		{"or: itself", true, []testNode{failed(flDep, self), failed(0, 0)}, 0, 0},
		{"or: itself and another", true, []testNode{failed(flDep, self), failed(flDep, b)}, flDep, b},
		{"or: a cut taints", true, []testNode{failed(flCut, 0), failed(flDep, a)}, flCut | flDep, a},
		{"and: cleanest reply", false, []testNode{failed(flDep, a), failed(0, 0), {pn: 3, dn: 4}}, 0, 0},
		{"and: a repetition rather than a cut", false, []testNode{failed(flCut, 0), failed(flDep, b)}, flDep, b},
		{"and: open replies do not count", false, []testNode{{pn: 3, dn: 4, fl: 0}, failed(flRep, 0)}, flRep, 0},
	}
	for _, c := range cases {
		n := testNode{c: child[bitboard10.Position, bitboard10.Move]{h: self}}
		combine(&n, c.cs, c.or)
		if n.dn != 0 || n.fl != c.fl || n.dep != c.dep {
			t.Errorf("%s: dn %d fl %d dep %d, want 0 %d %d", c.name, n.dn, n.fl, n.dep, c.fl, c.dep)
		}
	}
}

// The weak numbers: an AND node's proof number is its largest child's
// plus one for each other open child (not the sum), its disproof number
// the least; OR nodes the reverse. A duplicate position counts once.
func TestCombineWeak(t *testing.T) {
	cs := []testNode{{pn: 5, dn: 2}, {pn: 9, dn: 3}, {pn: 0, dn: inf}, {pn: 4, dn: 6}, {pn: 9, dn: 3, dup: true}}
	var n testNode
	combine(&n, cs, false)
	if n.pn != 9+2 || n.dn != 2 {
		t.Errorf("AND: pn %d dn %d, want 11 2", n.pn, n.dn)
	}
	combine(&n, cs, true)
	if n.pn != 0 || n.dn != inf {
		t.Errorf("OR with a proven child: pn %d dn %d, want 0 inf", n.pn, n.dn)
	}
	combine(&n, cs[:2], true)
	if n.pn != 5 || n.dn != 3+1 {
		t.Errorf("OR: pn %d dn %d, want 5 4", n.pn, n.dn)
	}
}

// A full bucket gives up an undecided record of another proof before any
// record of the proof storing, however much work that record cost.
func TestTableDropsOtherProofsEstimatesFirst(t *testing.T) {
	tb := newTable(ways)
	const mine, other = 5, 7
	tb.put(1, numbers{3, 4, other}, 1000) // another proof's estimate
	tb.put(2, numbers{3, 4, mine}, 1)
	tb.put(3, numbers{0, inf, other}, 1) // decided: good for any proof
	tb.put(4, numbers{inf, 0, repTag}, 1)
	tb.put(5, numbers{6, 6, mine}, 2)
	if _, ok := tb.get(1); ok {
		t.Error("the other proof's estimate was kept")
	}
	for _, k := range []uint64{2, 3, 4, 5} {
		if _, ok := tb.get(k); !ok {
			t.Errorf("record %d was dropped", k)
		}
	}
	// Records without a proof's tag (closures, repetition disproofs)
	// replace by work alone.
	tb.put(6, numbers{inf, 0, repTag}, 5)
	if _, ok := tb.get(2); ok {
		t.Error("the least-worked record stayed")
	}
}

// A disproof resting on a repetition is kept with the position it rests
// on and read only where that position is on the path.
func TestRepetitionDisproofReadOnItsPath(t *testing.T) {
	p := mustFEN(t, intl, "W:WK46:BK5")
	s, c := fastSearch(p, 1000)
	const dep = 12345
	s.tt.put(c.h, numbers{inf, 0, repTag}, 1)
	s.deps.put(c.h, dep, 1)
	n := testNode{c: c, pn: 1, dn: 1}
	s.refresh(&n)
	if n.dn == 0 {
		t.Fatal("read off its path")
	}
	if s.known(&c) != unknown {
		t.Fatal("known() took a repetition disproof for a disproof")
	}
	s.path.push(dep)
	s.refresh(&n)
	if n.dn != 0 || n.fl != flDep || n.dep != dep {
		t.Fatalf("on its path: dn %d fl %d dep %d", n.dn, n.fl, n.dep)
	}
}

package draughts

import "testing"

// Every board's square indices run one way along each direction (the
// bitboard generators rely on it), and that way is the one a step takes:
// on the boards numbered from Black's side (international, Canadian) a
// step toward Black lowers the number.
func TestGeometryIncreasing(t *testing.T) {
	for _, r := range AllRules() {
		g := r.Geo
		inc, err := g.Increasing()
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		for s := range g.N {
			for d := range 4 {
				if n := g.Step(s, d); n >= 0 && (n > s) != inc[d] {
					t.Errorf("%s: step %d from %d to %d, Increasing says %v", r.Name, d, s+1, n+1, inc[d])
				}
			}
		}
	}
	for _, r := range []*Rules{International, Canadian} {
		inc, _ := r.Geo.Increasing()
		for d := range 4 {
			if dr, _ := r.Geo.DirDelta(d); (dr > 0) == inc[d] {
				t.Errorf("%s: direction %d (row step %d) increasing = %v", r.Name, d, dr, inc[d])
			}
		}
	}
}

func TestGeometrySameBoard(t *testing.T) {
	cases := []struct {
		a, b *Rules
		same bool
	}{
		{International, Manoury, true},
		{International, International, true},
		{Russian, Brazilian, true},
		{Italian, Spanish, false}, // one board, numbered from opposite corners
		{International, Canadian, false},
		{Russian, Italian, false},
		{Russian, Turkish, false},
	}
	for _, c := range cases {
		if got := c.a.Geo.SameBoard(c.b.Geo); got != c.same {
			t.Errorf("%s and %s: SameBoard %v, want %v", c.a.Name, c.b.Name, got, c.same)
		}
	}
	var none *Geometry
	if none.SameBoard(International.Geo) || !none.SameBoard(nil) {
		t.Error("nil geometries: only nil is the same board as nil")
	}
}

package solver

import (
	"testing"

	"metz/draughts"
)

// A refutation tries the attacker's moves by their credit, most first,
// the others in the generator's order; a win d plies from the bound
// credits its move d², and the moves of the position searched after it
// come in that order.
func TestHistoryOrder(t *testing.T) {
	g := newFastGame(intl)
	p, err := draughts.ParseFEN(intl, "W:W31,32,33,34,35:B16,17,18,19,20")
	if err != nil {
		t.Fatal(err)
	}
	q := from(g, p)
	s := newSearch(g, q, draughts.White, Win, newLimits(nodes(1000).WithDefaults()), 1)
	s.race = refuteRace
	root := s.at(q, false)
	gen := s.children(&root, nil)
	if len(gen) < 4 {
		t.Fatalf("%d moves", len(gen))
	}
	s.credit(&gen[3].m, 5) // 25
	s.credit(&gen[1].m, 3) // 9
	s.credit(&gen[1].m, 3) // 18
	got := s.orderAttack(s.children(&root, nil), false)
	order := []int{3, 1, 0, 2}
	for i := 4; i < len(gen); i++ {
		order = append(order, i)
	}
	for i, k := range order {
		if got[i].m != gen[k].m {
			t.Fatalf("move %d is %v, want the generator's %d (%v)", i, got[i].m, k, gen[k].m)
		}
	}
	s.race = raceRule{} // not refuting: the fewest replies first, credit ignored
	got = s.orderAttack(s.children(&root, nil), false)
	for i := 1; i < len(got); i++ {
		if got[i].n < got[i-1].n {
			t.Fatalf("outside a refutation, move %d leaves %d replies after %d", i, got[i].n, got[i-1].n)
		}
	}
}

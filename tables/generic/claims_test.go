package generic

import (
	"testing"

	"metz/draughts"
	"metz/tables/base"
)

// Two facts of Russian draughts theory about three kings against one,
// checked on every position of the table (the source: the Russian
// Wikipedia article "Треугольник Петрова" and the manuals it cites):
// three kings that hold the main road (the long diagonal a1-h8) catch a
// lone king off it no later than their 13th move (Petrov's triangle),
// and a lone king that holds the main road cannot be caught. Positions
// where the lone king attacks a king (it would capture if it were to
// move) are left out: the theory starts from a quiet position.
func TestPetrovTriangle(t *testing.T) {
	r := draughts.Russian
	tabs := New(r)
	s := base.Sig{WK: 3, BK: 1}
	if err := tabs.Ensure(s, Limit{Bytes: 1 << 30}); err != nil {
		t.Fatal(err)
	}
	mainRoad := func(sq int) bool { return r.Geo.Row(sq) == r.Geo.Col(sq) }
	if r.Geo.Algebraic(r.Geo.Square(0, 0)) != "a1" || r.Geo.Algebraic(r.Geo.Square(7, 7)) != "h8" {
		t.Fatal("the main road is not row = column")
	}
	// where: whether White holds the main road, and whether the lone king
	// stands on it, in a quiet position.
	where := func(p draughts.Position) (quiet, holds, lone bool) {
		q := p.Clone()
		q.Turn = draughts.Black
		for sq, pc := range p.Board {
			holds = holds || (pc == draughts.WhiteKing && mainRoad(sq))
			lone = lone || (pc == draughts.BlackKing && mainRoad(sq))
		}
		return !q.HasCapture(), holds, lone
	}
	caught, longest := 0, 0
	tabs.Each(s, draughts.White, func(p draughts.Position, v base.Result, plies int) {
		if quiet, holds, lone := where(p); !quiet || !holds || lone {
			return
		}
		if v != base.Win || plies > 25 {
			t.Fatalf("%s: %s in %d plies; want a win within 13 moves (25 plies)", p.FEN(), v, plies)
		}
		caught++
		longest = max(longest, plies)
	})
	held := 0
	tabs.Each(s, draughts.Black, func(p draughts.Position, v base.Result, plies int) {
		if quiet, holds, lone := where(p); !quiet || holds || !lone {
			return
		}
		if v != base.Draw {
			t.Fatalf("%s: %s in %d plies; the lone king on the main road should hold", p.FEN(), v, plies)
		}
		held++
	})
	t.Logf("%d positions caught, the longest in %d plies; %d held on the main road", caught, longest, held)
	if caught == 0 || held == 0 {
		t.Fatal("no position checked")
	}
	if longest != 25 { // the bound is tight: some position needs all 13 moves
		t.Errorf("the longest catch takes %d plies; the theory says 13 moves (25 plies)", longest)
	}
}

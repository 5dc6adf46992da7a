package solver

import (
	"math/rand/v2"
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard10"
)

// The killer reply (fourWins) changes only the order in which the
// defender's replies four plies from the bound are searched: whatever
// killer the search holds, a legal reply or none, "White wins within 4
// plies" agrees with the brute force (bruteGoal), with and without the
// forcing restriction, on random positions with Black to move, half of
// them a lone black king. Wins and escapes must both be common, and the
// killer must escape often enough to be tested.
func TestKillerAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 67))
	g := newFastGame(intl)
	count := caseCount(120, 30)
	var cases cases
	escapes := 0
	for i := 0; cases.wins+cases.fails < count; i++ {
		p := toMove(t, rng, i, draughts.Black)
		want := bruteGoal(p, false, draughts.White, Win, 0, 4, false)
		if !want && cases.fails >= count/2 {
			continue // escapes are common, wins rare: keep as many of each
		}
		cases.add(want)
		q := from(g, p)
		for _, forcing := range []bool{false, true} {
			want := bruteGoal(p, false, draughts.White, Win, 0, 4, forcing)
			killers := append([]bitboard10.Move{{}}, g.AppendMoves(q, nil)...) // none, then each reply
			for _, k := range killers {
				s := newSearch(g, q, draughts.White, Win, newLimits(nodes(1_000_000).WithDefaults()), 1)
				s.killer = k
				c := s.at(q, false)
				got, ok := s.within(&c, 4, forcing)
				if !ok || got != want {
					t.Fatalf("%s, killer %v, within 4 (forcing %v): %v (ok %v), brute force %v", p.FEN(), k, forcing, got, ok, want)
				}
				if k != (bitboard10.Move{}) && s.killer == k && !got {
					escapes++ // the killer escaped, or another reply found after it
				}
			}
		}
	}
	cases.check(t, count, count/3, count/3)
	t.Logf("%d searches ended in an escape with the killer kept", escapes)
	if escapes < count/2 {
		t.Errorf("too few escapes with the killer kept: %d", escapes)
	}
}

// toMove draws a position with turn to move for the i-th case: a lone
// black king against five to seven white pieces, or a few pieces a side.
func toMove(t *testing.T, rng *rand.Rand, i int, turn draughts.Color) draughts.Position {
	for {
		var p draughts.Position
		if i%2 == 0 {
			p = randomLoneKing(t, rng, 5+i%3, 1+i%3)
		} else {
			p = randomPosition(t, rng, intl, 50, 5, 5+i%5, i%3)
		}
		if p.Turn == turn {
			return p
		}
	}
}

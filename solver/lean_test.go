package solver

import (
	"math/bits"
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

// The attacker's lean nodes five plies from the bound (fiveWins) decide
// "White wins within 5 plies", as refute searches, as the brute force
// (bruteGoal) does: on random positions with White to move, half of them
// a lone black king against five to seven white pieces, on a fresh search
// and on one whose table already holds every move's position four plies
// from the bound (the wins read ahead, the escapes read in fourAfter).
// Wins and escapes must both be common.
func TestFiveAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 73))
	count := caseCount(80, 20)
	var cases cases
	for i := 0; cases.wins+cases.fails < count; i++ {
		p := toMove(t, rng, i, draughts.White)
		want := bruteGoal(p, false, draughts.White, Win, 0, 5, false)
		if !want && cases.fails >= count/2 || want && cases.wins >= count/2 {
			continue // keep as many of each
		}
		cases.add(want)
		fresh := newProbe(p, draughts.White, Win, nil, 10_000_000)
		if got, ok := fresh.refute(5); !ok || got != want {
			t.Fatalf("%s: refute 5 = %v (ok %v), brute force %v", p.FEN(), got, ok, want)
		}
		filled := newProbe(p, draughts.White, Win, nil, 10_000_000)
		filled.children(4, false)
		if got, ok := filled.refute(5); !ok || got != want {
			t.Fatalf("%s: after its moves, refute 5 = %v (ok %v), brute force %v", p.FEN(), got, ok, want)
		}
	}
	cases.check(t, count, count/3, count/3)
}

// quietLegal agrees with the generator: on random positions, every pair
// of a square of the side to move and a board square is a legal quiet
// move exactly when the generator lists it, and no capture is one.
func TestQuietLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(79, 83))
	g := newFastGame(intl)
	legal, quiet := 0, 0
	for i := range caseCount(400, 100) {
		p := toMove(t, rng, i, draughts.Color(i%2))
		q := from(g, p)
		listed := map[bitboard10.Move]bool{}
		for _, m := range g.AppendMoves(q, nil) {
			listed[m] = true
			if m.Captured != 0 && quietLegal(&q, m) {
				t.Fatalf("%s: the capture %v called a quiet move", p.FEN(), m)
			}
		}
		own := q.White
		if !q.WhiteToMove {
			own = q.Black
		}
		for f := own; f != 0; f &= f - 1 {
			for to := range 64 {
				m := bitboard10.Move{From: uint8(bits.TrailingZeros64(f)), To: uint8(to)}
				if got := quietLegal(&q, m); got != listed[m] {
					t.Fatalf("%s: quietLegal(%v) = %v, the generator %v", p.FEN(), m, got, listed[m])
				} else if got {
					legal++
				}
			}
		}
		if !q.HasCapture() {
			quiet++
		}
	}
	t.Logf("%d legal quiet moves in %d positions without a capture", legal, quiet)
	if legal < 1000 || quiet < 50 {
		t.Errorf("too few cases: %d moves, %d positions", legal, quiet)
	}
}

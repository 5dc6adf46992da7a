package solver

import (
	"math/rand/v2"
	"testing"

	"metz/draughts"
)

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

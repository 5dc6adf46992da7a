package solver

import (
	"math/rand/v2"
	"testing"

	"metz/draughts"
)

// TestRaceAgainstBrute checks the race (race.go) against the brute force
// (bruteGoalMemo): "White wins within 6 plies" of random positions with
// Black to move, his replies raced at 4 plies from the bound and more on
// budgets of 1 to 32 nodes, so that rounds run out, resume and nest; then
// on whole budgets too small to finish, where an answer given must still
// be the right one.
func TestRaceAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 73))
	g := newFastGame(intl)
	count := caseCount(80, 20)
	var cases cases
	restarted, cut := 0, 0
	for i := 0; cases.wins+cases.fails < count; i++ {
		p := toMove(t, rng, i, draughts.Black)
		if len(p.Moves()) < 2 {
			continue // nothing to race
		}
		want := bruteGoalMemo(p, draughts.White, Win, 0, 6, false, map[string]bool{})
		if want && cases.wins >= count/2 || !want && cases.fails >= count/2 {
			continue
		}
		cases.add(want)
		q := from(g, p)
		search := func(rule raceRule, n int64) (win, ok bool, spent int64) {
			s := newSearch(g, q, draughts.White, Win, newLimits(nodes(n).WithDefaults()), 1)
			s.race = rule
			c := s.at(q, false)
			win, ok = s.within(&c, 6, false)
			return win, ok, s.lim.nodes
		}
		_, _, plain := search(raceRule{}, 1_000_000)
		for _, start := range []int64{1, 4, 32} {
			got, ok, spent := search(raceRule{from: 4, start: start}, 1_000_000)
			if !ok || got != want {
				t.Fatalf("%s, raced from 4 plies on %d nodes: within 6 %v (ok %v), brute force %v", p.FEN(), start, got, ok, want)
			}
			if spent > plain {
				restarted++
			}
		}
		for n := int64(1); n < plain; n = n*2 + 1 {
			if got, ok, _ := search(raceRule{from: 4, start: 4}, n); ok && got != want {
				t.Fatalf("%s, raced on a budget of %d nodes: within 6 %v, brute force %v", p.FEN(), n, got, want)
			} else if !ok {
				cut++
			}
		}
	}
	cases.check(t, count, count/3, count/3)
	t.Logf("%d raced searches spent more than the plain one (rounds cut short); %d budgets ran out", restarted, cut)
	if restarted < count/4 || cut < count {
		t.Errorf("too few races cut short (%d) or budgets run out (%d)", restarted, cut)
	}
}

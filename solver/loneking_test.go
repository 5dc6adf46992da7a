package solver

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"metz/draughts"
)

// randomLoneKing puts a black king alone against white pieces (kings
// with probability kingOdds in 3, men never on their crowning row), the
// side to move drawn at random: the material where most of Vink's win/25
// is spent (docs/performance.md).
func randomLoneKing(t *testing.T, rng *rand.Rand, white, kingOdds int) draughts.Position {
	t.Helper()
	for {
		perm := rng.Perm(50)[:white+1]
		var ws []string
		for _, sq := range perm[1:] {
			sq++
			if rng.IntN(3) < kingOdds || sq <= 5 {
				ws = append(ws, fmt.Sprintf("K%d", sq))
			} else {
				ws = append(ws, fmt.Sprint(sq))
			}
		}
		turn := "W"
		if rng.IntN(2) == 1 {
			turn = "B"
		}
		fen := fmt.Sprintf("%s:W%s:BK%d", turn, strings.Join(ws, ","), perm[0]+1)
		p, err := draughts.ParseFEN(intl, fen)
		if err == nil && len(p.Moves()) > 0 {
			return p
		}
	}
}

// The bounded search agrees with the brute force (bruteGoalMemo) on "White
// wins within d plies" against a lone black king, for every d up to a few
// plies, asked upwards then downwards on one search so that answers come
// from its table too. Wins and escapes must both be common.
func TestLoneKingAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 43))
	count := caseCount(240, 40)
	var cases cases
	for i := range count {
		white := 2 + i%4 // 2 to 5 white pieces
		maxD := 7
		if white >= 4 {
			maxD = 5
		}
		p := randomLoneKing(t, rng, white, 1+i%3)
		memo := map[string]bool{}
		want := make([]bool, maxD+1)
		for d := range want {
			want[d] = bruteGoalMemo(p, draughts.White, Win, 0, d, false, memo)
		}
		probe := newProbe(p, draughts.White, Win, nil, 10_000_000)
		order := make([]int, 0, 2*(maxD+1))
		for d := 0; d <= maxD; d++ {
			order = append(order, d)
		}
		for d := maxD; d >= 0; d-- {
			order = append(order, d)
		}
		for _, d := range order {
			got, ok := probe.within(d, false)
			if !ok || got != want[d] {
				t.Fatalf("%s: White wins within %d = %v (ok %v), brute force %v", p.FEN(), d, got, ok, want[d])
			}
		}
		refuting := newProbe(p, draughts.White, Win, nil, 10_000_000)
		for _, d := range order {
			if got, ok := refuting.refute(d); !ok || got != want[d] {
				t.Fatalf("%s: refute %d = %v (ok %v), brute force %v", p.FEN(), d, got, ok, want[d])
			}
		}
		cases.add(want[maxD])
	}
	cases.check(t, count, count/10, count/10)
}

// caseCount is a test's number of cases: full, or short under -short.
func caseCount(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// cases counts the answers a comparison with the brute force met: a test
// that saw only wins, or only escapes, proves little.
type cases struct{ wins, fails int }

func (c *cases) add(win bool) {
	if win {
		c.wins++
	} else {
		c.fails++
	}
}

// check logs the counts of count positions and fails the test unless
// each is at least its minimum.
func (c cases) check(t *testing.T, count, minWins, minFails int) {
	t.Helper()
	t.Logf("%d positions: %d wins, %d escapes", count, c.wins, c.fails)
	if c.wins < minWins || c.fails < minFails {
		t.Errorf("too few cases: %d wins, %d escapes", c.wins, c.fails)
	}
}

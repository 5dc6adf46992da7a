package solver

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard"
	"metz/endgame"
)

// df-pn's answers must agree with the retrograde tables on king endings,
// where every draw is a web of repetitions: a proof where the table says
// the side to move wins, a disproof where it says draw or loss. A
// disproof by repetition reused where it no longer holds (the
// graph-history problem) would show up as a missed win. df-pn leaves most
// of these draws open (it must exhaust the cycles; the tables are the
// tool for them): the test asks for agreement on those it settles.
func TestDfpnAgreesWithTables(t *testing.T) {
	var agree, open int
	eachTableEnding(t, 7, 120, func(p draughts.Position, want endgame.Result, _ int) {
		s, c := fastSearch(p, 20_000)
		s.noClosure = true // df-pn itself is under test
		got := s.prove(&c)
		switch {
		case got == unknown:
			open++
		case (got == proven) != (want == endgame.Win):
			t.Errorf("%s: df-pn %v, tables %v", p.FEN(), got, want)
		default:
			agree++
		}
	})
	t.Logf("%d agree, %d left open", agree, open)
	if agree < 30 {
		t.Errorf("only %d positions settled (%d open): the test says little", agree, open)
	}
}

// eachTableEnding calls f on n random three-piece king endings (seeded by
// seed) with their values and distances from the 3-piece tables.
func eachTableEnding(t *testing.T, seed uint64, n int, f func(p draughts.Position, want endgame.Result, plies int)) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the 3-piece tables")
	}
	tb := tables3(t)
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for range n {
		if p, ok := randomEnding(rng); ok {
			if want, plies, ok := tb.Probe(p); ok {
				f(p, want, plies)
			}
		}
	}
}

// fastSearch is a win search for the side to move in p on the bitboard
// game, with its root.
func fastSearch(p draughts.Position, budget int64) (*search[bitboard.Position, bitboard.Move], child[bitboard.Position, bitboard.Move]) {
	g := newFastGame(intl)
	q := g.from(p)
	s := newSearch[bitboard.Position, bitboard.Move](g, q, p.Turn, Win, newLimits(nodes(budget)), 8)
	return s, s.at(q, false)
}

// randomEnding is a position of three pieces with a white king, written
// as a FEN (men never on their own crowning row).
func randomEnding(rng *rand.Rand) (draughts.Position, bool) {
	used := map[int]bool{}
	place := func(lo, hi int) int {
		for {
			if sq := lo + rng.IntN(hi-lo+1); !used[sq] {
				used[sq] = true
				return sq
			}
		}
	}
	white := []string{fmt.Sprintf("K%d", place(1, 50))}
	black := []string{}
	if rng.IntN(2) == 0 {
		black = append(black, fmt.Sprintf("K%d", place(1, 50)))
	} else {
		black = append(black, fmt.Sprint(place(1, 45)))
	}
	switch rng.IntN(3) {
	case 0:
		white = append(white, fmt.Sprint(place(6, 50)))
	case 1:
		black = append(black, fmt.Sprint(place(1, 45)))
	default:
		black = append(black, fmt.Sprintf("K%d", place(1, 50)))
	}
	turn := "W"
	if rng.IntN(2) == 0 {
		turn = "B"
	}
	fen := turn + ":W" + strings.Join(white, ",") + ":B" + strings.Join(black, ",")
	p, err := draughts.ParseFEN(intl, fen)
	return p, err == nil && len(p.Moves()) > 0
}

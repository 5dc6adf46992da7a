package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard10"
	"metz/tables"
)

// df-pn's answers must agree with the retrograde tables on king endings,
// where every draw is a web of repetitions: a proof where the table says
// the side to move wins, a disproof where it says draw or loss. A
// disproof by repetition reused where it no longer holds (the
// graph-history problem) would show up as a missed win. df-pn leaves most
// of these draws open (it must exhaust the cycles; the tables are the
// tool for them): the test asks for agreement on those it settles.
func TestDfpnAgreesWithTables(t *testing.T) {
	var a agreement
	eachTableEnding(t, 7, 120, func(p draughts.Position, want tables.Result, _ int) {
		s, c := fastSearch(p, 20_000)
		s.noClosure = true // df-pn itself is under test
		a.check(t, p, s.prove(&c), want)
	})
	t.Logf("%d agree, %d left open", a.agree, a.open)
	if a.agree < 30 {
		t.Errorf("only %d positions settled (%d open): the test says little", a.agree, a.open)
	}
}

// agreement counts df-pn's answers against the tables' values.
type agreement struct{ agree, disproofs, open int }

// check reports an answer that contradicts the tables and counts the rest.
func (a *agreement) check(t *testing.T, p draughts.Position, got outcome, want tables.Result) {
	t.Helper()
	switch {
	case got == unknown:
		a.open++
	case (got == proven) != (want == tables.Win):
		t.Errorf("%s: df-pn %v, tables %v", p.FEN(), got, want)
	default:
		a.agree++
		if got == disproven {
			a.disproofs++
		}
	}
}

// eachTableEnding calls f on n random three-piece king endings (seeded by
// seed) with their values and distances from the 3-piece tables.
func eachTableEnding(t *testing.T, seed uint64, n int, f func(p draughts.Position, want tables.Result, plies int)) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the 3-piece tables")
	}
	tb := tables3(t)
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for range n {
		if p, ok := randomEnding(rng); ok {
			if want, plies, ok, _ := tb.Probe(p); ok {
				f(p, want, plies)
			}
		}
	}
}

// fastSearch is a win search for the side to move in p on the bitboard
// game, with its root.
func fastSearch(p draughts.Position, budget int64) (*search[bitboard10.Position, bitboard10.Move], child[bitboard10.Position, bitboard10.Move]) {
	g := newFastGame(intl)
	q := from(g, p)
	s := newSearch[bitboard10.Position, bitboard10.Move](g, q, p.Turn, Win, newLimits(nodes(budget)), 8)
	return s, s.at(q, false)
}

// squareDealer returns a function that deals a random square of lo..hi
// not dealt before.
func squareDealer(rng *rand.Rand) func(lo, hi int) int {
	used := map[int]bool{}
	return func(lo, hi int) int {
		for {
			if sq := lo + rng.IntN(hi-lo+1); !used[sq] {
				used[sq] = true
				return sq
			}
		}
	}
}

// randomEnding is a position of three pieces with a white king, written
// as a FEN (men never on their own crowning row).
func randomEnding(rng *rand.Rand) (draughts.Position, bool) {
	place := squareDealer(rng)
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

// The same on four-piece endings with two kings or more, searched with
// the 3-piece tables and checked against the 4-piece ones: here df-pn
// settles most draws by repetition, and those resting on the repetition
// of a position above them are kept and read again where that position is
// on the path (repTag). The test checks the whole at scale and that such
// records were made; a record read off its path is rarely wrong in these
// endings (reading them anywhere disagrees with no table value on 1,500
// positions), so the rule itself is tested on its own
// (TestRepetitionDisproofReadOnItsPath).
func TestDfpnRepetitionsAgreeWithTables4(t *testing.T) {
	tb4 := tables4(t)
	tb3 := fresh3(t)
	rng := rand.New(rand.NewPCG(5, 6))
	var a agreement
	records := 0
	for range 300 {
		p, ok := randomKingsEnding(rng)
		if !ok {
			continue
		}
		want, _, ok, _ := tb4.Probe(p)
		if !ok {
			continue
		}
		s, c := fastSearch(p, 50_000)
		s.noClosure = true
		s.useTables(tb3.System(intl))
		s.smallLeft = 0 // the 3-piece tables only: none built
		a.check(t, p, s.prove(&c), want)
		records += s.deps.Len()
	}
	t.Logf("%d agree (%d disproofs), %d left open; %d repetition records", a.agree, a.disproofs, a.open, records)
	if a.disproofs < 60 || records == 0 {
		t.Errorf("only %d disproofs, %d repetition records: the test says little", a.disproofs, records)
	}
}

// randomKingsEnding is a quiet position of four pieces, a king on each
// side and two more pieces (kings or men) dealt at random.
func randomKingsEnding(rng *rand.Rand) (draughts.Position, bool) {
	place := squareDealer(rng)
	side := [2][]string{{fmt.Sprintf("K%d", place(1, 50))}, {fmt.Sprintf("K%d", place(1, 50))}}
	for range 2 {
		w := rng.IntN(2)
		switch {
		case rng.IntN(3) == 0:
			side[w] = append(side[w], fmt.Sprintf("K%d", place(1, 50)))
		case w == 0:
			side[w] = append(side[w], fmt.Sprint(place(6, 50)))
		default:
			side[w] = append(side[w], fmt.Sprint(place(1, 45)))
		}
	}
	turn := "W"
	if rng.IntN(2) == 0 {
		turn = "B"
	}
	p, err := draughts.ParseFEN(intl, turn+":W"+strings.Join(side[0], ",")+":B"+strings.Join(side[1], ","))
	if err != nil {
		return p, false
	}
	ms := p.Moves()
	return p, len(ms) > 0 && len(ms[0].Captured) == 0
}

var tables4Once struct {
	sync.Once
	t   *tables.Tables
	err error
}

// fresh3 are tables of one test alone, built in memory (the international
// ones of up to 3 pieces at once): those the searches build on demand are
// not shared with the other tests (testTables' are).
func fresh3(t *testing.T) *tables.Tables {
	t.Helper()
	return tables.InMemory()
}

// tables4 are the endgame tables up to four pieces, built in memory once
// per test run (about 6 s on two cores); skipped with -short.
func tables4(t *testing.T) *tables.Tables {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the 4-piece tables (seconds)")
	}
	tables4Once.Do(func() {
		tables4Once.t = tables.InMemory()
		tables4Once.err = tables4Once.t.Build(context.Background(), draughts.International, 4, nil)
	})
	if tables4Once.err != nil {
		t.Fatal(tables4Once.err)
	}
	return tables4Once.t
}

// After Van Tenac II's 13-9 and IV's 16-11, Black to move, White's win is
// disproven within 3M nodes with the 4-piece tables: the black king's
// defence ends in repetitions. With summed proof numbers this search
// saturated at inf undecided and spun without searching (60M nodes, no
// new position); with every repetition disproof thrown away it stayed
// open at 30M.
func TestKingDefenceDisprovenAfterVanTenacTries(t *testing.T) {
	tb := tables4(t)
	for _, fen := range []string{
		"B:W9,12,24,25,31:B3,5,6,K10,11",         // II after 13-9
		"B:W11,14,23,28,32,33,34:BK4,6,17,22,35", // IV after 16-11
	} {
		p := mustFEN(t, intl, fen)
		g := newFastGame(intl)
		q := from(g, p)
		lim := newLimits(nodes(3_000_000))
		s := newSearch[bitboard10.Position, bitboard10.Move](g, q, draughts.White, Win, lim, 64)
		s.useTables(tb.System(intl))
		c := s.at(q, false)
		if got := s.prove(&c); got != disproven {
			t.Errorf("%s: White's win %v after %d nodes, want disproven", fen, got, lim.nodes)
		}
	}
}

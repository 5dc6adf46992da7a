package solver

import (
	"math/rand/v2"
	"strings"
	"testing"

	"metz/draughts"
	"metz/tables"
	"metz/verdict"
)

// The closure's values and distances must be the tables' on random
// three-piece king endings (the tables were built by a separate
// retrograde pass over whole signatures and checked against a search).
func TestClosureAgreesWithTables(t *testing.T) {
	closureAgreesWithTables(t, 3, 30, 20, func(p draughts.Position) (status, int, bool) {
		s, c := fastSearch(p, 5_000_000)
		return s.closure(&c, 1_000_000)
	})
}

// The generic engine's closure (its own hashes, from draughts.HashAfter)
// must agree with the tables as the bitboards' does.
func TestGenericClosureAgreesWithTables(t *testing.T) {
	closureAgreesWithTables(t, 4, 8, 5, func(p draughts.Position) (status, int, bool) {
		s := newSearch[draughts.Position, draughts.Move](draughts.Generic(intl), p, p.Turn, Win, newLimits(nodes(5_000_000)), 8)
		c := s.at(p, false)
		return s.closure(&c, 1_000_000)
	})
}

// closureAgreesWithTables compares closure (one engine's) with the tables
// on n random endings of the seed, of which at least least must settle.
func closureAgreesWithTables(t *testing.T, seed uint64, n, least int, closure func(draughts.Position) (status, int, bool)) {
	settled := 0
	eachTableEnding(t, seed, n, func(p draughts.Position, want tables.Result, plies int) {
		st, d, ok := closure(p)
		if !ok {
			t.Errorf("%s: closure not complete", p.FEN())
			return
		}
		settled++
		if (st == won) != (want == tables.Win) || (st == won && d != plies) {
			t.Errorf("%s: closure %v in %d, tables %v in %d", p.FEN(), st, d, want, plies)
		}
	})
	if settled < least {
		t.Errorf("only %d positions compared", settled)
	}
}

// On the 8x8 boards, where no table exists, the closure's value and
// distance must be those of the plain brute-force search, within its
// horizon: a win in d ≤ horizon plies exactly when the closure finds one
// that long, and no win that short otherwise. Three pieces: two for the
// side to move (a king and a man, or two kings), one for the other.
func TestClosureAgreesWithBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force to 7 plies")
	}
	const horizon = 7
	for _, r := range []*draughts.Rules{draughts.Russian, draughts.Italian, draughts.Turkish, draughts.Brazilian, draughts.Francaise} {
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(21, uint64(r.GameType)))
			wins, other := 0, 0
			for range 8 {
				p := randomThreePieces(rng, r)
				s := newSearch[draughts.Position, draughts.Move](draughts.Generic(r), p, p.Turn, Win, newLimits(nodes(5_000_000)), 8)
				c := s.at(p, false)
				st, d, ok := s.closure(&c, 1_000_000)
				if !ok {
					t.Fatalf("%s: closure not complete", p.FEN())
				}
				memo := map[string]bool{}
				want := -1
				for k := 0; k <= horizon && want < 0; k++ {
					if bruteWithinMemo(p, p.Turn, k, memo) {
						want = k
					}
				}
				got := -1
				if st == won && d <= horizon {
					got = d
				}
				if got != want {
					t.Errorf("%s: closure %v in %d; brute force: shortest win %d (-1: none within %d)", p.FEN(), st, d, want, horizon)
				}
				if want >= 0 {
					wins++
				} else {
					other++
				}
			}
			if wins == 0 || other == 0 {
				t.Errorf("weak sample: %d wins within %d plies, %d other", wins, horizon, other)
			}
		})
	}
}

// A closure the attacker does not win answers for the other side too
// (search.otherWins, read by Solve instead of a second closure): the same
// as a closure run for the other side. The side to move has one piece and
// the other two, so that both answers occur.
func TestClosureAnswersForTheOtherSide(t *testing.T) {
	others, neither := 0, 0
	for _, r := range []*draughts.Rules{draughts.Russian, draughts.Italian, draughts.Brazilian, draughts.Spanish} {
		rng := rand.New(rand.NewPCG(22, uint64(r.GameType)))
		for range 6 {
			p := randomPieces(rng, r, []bool{rng.IntN(2) == 0}, []bool{true, rng.IntN(2) == 0})
			s := newSearch[draughts.Position, draughts.Move](draughts.Generic(r), p, p.Turn, Win, newLimits(nodes(5_000_000)), 8)
			c := s.at(p, false)
			st, _, ok := s.closure(&c, 1_000_000)
			if !ok || st == won {
				continue
			}
			o := newSearch[draughts.Position, draughts.Move](draughts.Generic(r), p, p.Turn.Opponent(), Win, newLimits(nodes(5_000_000)), 8)
			oc := o.at(p, false)
			ost, _, ook := o.closure(&oc, 1_000_000)
			if got, known := s.otherWins[c.h]; !ook || !known || got != (ost == won) {
				t.Errorf("%s %s: the closure says the other side wins: %v (known %v); its own closure: %v", r.Name, p.FEN(), got, known, ost)
			}
			if ost == won {
				others++
			} else {
				neither++
			}
		}
	}
	if others < 3 || neither < 3 {
		t.Errorf("weak sample: the other side wins %d times, neither side %d", others, neither)
	}
}

// randomThreePieces deals a king and a man (or two kings) to the side to
// move and one piece to the other.
func randomThreePieces(rng *rand.Rand, r *draughts.Rules) draughts.Position {
	return randomPieces(rng, r, []bool{true, rng.IntN(2) == 0}, []bool{rng.IntN(3) == 0})
}

// randomPieces deals the side to move (chosen at random) a piece for each
// entry of mine and the other side one for each of theirs (true: a king),
// on random squares, men off their crowning row, until the side to move
// has a move.
func randomPieces(rng *rand.Rand, r *draughts.Rules, mine, theirs []bool) draughts.Position {
	for {
		p := draughts.NewPosition(r)
		p.Turn = draughts.Color(rng.IntN(2))
		ok := true
		deal := func(c draughts.Color, king bool) {
			s := rng.IntN(r.Geo.N)
			if p.Board[s] != draughts.Empty || (!king && r.PromotionRow(s, c)) {
				ok = false
				return
			}
			p.Board[s] = draughts.ManOf(c)
			if king {
				p.Board[s] = draughts.KingOf(c)
			}
		}
		for _, k := range mine {
			deal(p.Turn, k)
		}
		for _, k := range theirs {
			deal(p.Turn.Opponent(), k)
		}
		if n, _ := p.CountMoves(); ok && n > 0 {
			return p
		}
	}
}

// At the root of a solve, small material goes to the closure on the whole
// budget: this Italian king ending lists 284,229 positions (the other
// side's win, 284,229 more), and 700,000 nodes decide it; when the
// forcing search came first and the closure had half of what it left,
// the answer was unknown.
func TestRootClosureOnTheWholeBudget(t *testing.T) {
	p := mustFEN(t, draughts.Italian, "W:WK13,K17:BK16,26")
	sol := solveWithT(p, Win, Options{Budget: nodes(700_000), NoTables: true}) // closures, not tables
	if sol.Result == verdict.ResultUnknown || sol.Result == verdict.ResultWin {
		t.Fatalf("%s: %s after %d nodes; want a draw or a loss", p.FEN(), sol.Result, sol.Nodes)
	}
	t.Logf("%s: %s, %d nodes", p.FEN(), sol.Result, sol.Nodes)
}

// An ending too large for a closure within the memory budget is unknown,
// and the note says that more memory may settle it (this German ending
// reaches 1,416,025 positions; 64 MB lists 400,000).
func TestUnknownNoteAsksForMemory(t *testing.T) {
	p := mustFEN(t, draughts.German, "W:Wd6,a3:Bb8,Kf4")
	sol := solveWithT(p, Win, Options{Budget: nodes(600_000), NoTables: true}) // closures, not tables
	if sol.Result != verdict.ResultUnknown || !strings.Contains(sol.Note, "a larger memory budget may settle it") {
		t.Errorf("%s: %s, note %q", p.FEN(), sol.Result, sol.Note)
	}
}

// The first moves of a solve whose root was settled by a closure are read
// from it, not listed again each in a closure of its own: three kings
// against one under the Russian rules, every first move decided within
// twice the closure's size.
func TestFirstMovesReadTheRootsClosure(t *testing.T) {
	p := mustFEN(t, draughts.Russian, "W:WKa1,Kc1,Kh2:BKd8")
	s := newSearch[draughts.Position, draughts.Move](draughts.Generic(p.Rules), p, p.Turn, Win, newLimits(nodes(5_000_000)), 64)
	c := s.at(p, false)
	g := closureGraph[draughts.Position, draughts.Move]{s: s, index: newPosIndex()}
	if !g.explore(&c, 1_000_000) {
		t.Fatal("closure not complete")
	}
	sol := solveWithT(p, Win, Options{Budget: nodes(5_000_000), NoTables: true}) // closures, not tables
	if sol.Result != verdict.ResultWin || len(sol.Undecided) > 0 || sol.Nodes > 2*int64(len(g.nodes)) {
		t.Errorf("%s: %s, %d undecided first moves, %d nodes (the closure lists %d positions)", p.FEN(), sol.Result, len(sol.Undecided), sol.Nodes, len(g.nodes))
	}
}

// A four-piece ending whose closure fits is listed, not built into
// tables (0.16 s against 2.2 s for this Russian ending); one whose closure
// is too large and whose tables are too large too (a 12x12 ending of
// 20 M positions) builds no more than a search's allowance of smaller
// tables.
func TestClosureBeforeTables(t *testing.T) {
	for _, c := range []struct {
		rules *draughts.Rules
		fen   string
		most  int64 // positions the tables may build
	}{
		{draughts.Russian, "W:W22,K1:B13,K4", 0},
		{draughts.Canadian, "W:W30,31:B18,K5", smallPositions * 32 / 72},
	} {
		p := mustFEN(t, c.rules, c.fen)
		s := newSearch[draughts.Position, draughts.Move](draughts.Generic(p.Rules), p, p.Turn, Win, newLimits(nodes(2_000_000)), 64)
		s.useTables(tables.InMemory().System(c.rules))
		root := s.at(p, false)
		out, _ := s.decide(&root)
		if out == unknown {
			t.Errorf("%s: unknown", c.fen)
		}
		if built := s.built.Load(); built > c.most {
			t.Errorf("%s: %d positions of tables built, at most %d wanted", c.fen, built, c.most)
		}
	}
}

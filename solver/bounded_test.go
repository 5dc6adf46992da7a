package solver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard10"
	"metz/tables"
)

// bruteGoal is the reference for within with any goal and with the
// forcing restriction: a plain depth-limited AND/OR search over the rules
// engine, written from the goals' definitions (goal.go), with no table and
// no ordering. promoted says the move that led to q was the attacker's
// crowning; rootBal is the balance at the root, for GoalGain.
func bruteGoal(q draughts.Position, promoted bool, attacker draughts.Color, goal Goal, rootBal, d int, forcing bool) bool {
	ms := q.Moves()
	if met, over := bruteStatus(q, ms, promoted, attacker, goal, rootBal); met || over {
		return met
	}
	if d <= 0 {
		return false
	}
	if q.Turn == attacker {
		for _, m := range ms {
			next := q.Play(m)
			crowned := m.Promotes
			if forcing && !m.IsCapture() {
				// A forcing move leaves the defender a capture to make, or
				// no move, or meets the goal.
				nm := next.Moves()
				met, _ := bruteStatus(next, nm, crowned, attacker, goal, rootBal)
				if len(nm) > 0 && !nm[0].IsCapture() && !met {
					continue
				}
			}
			if bruteGoal(next, crowned, attacker, goal, rootBal, d-1, forcing) {
				return true
			}
		}
		return false
	}
	for _, m := range ms {
		if !bruteGoal(q.Play(m), false, attacker, goal, rootBal, d-1, forcing) {
			return false
		}
	}
	return true
}

// bruteStatus says whether the goal is met at q (met) or the game is over
// without it (over).
func bruteStatus(q draughts.Position, ms []draughts.Move, promoted bool, attacker draughts.Color, goal Goal, rootBal int) (met, over bool) {
	if goal.Kind == GoalPromote && promoted {
		return true, true
	}
	if len(ms) == 0 {
		attackerWins := (q.Turn != attacker) != q.Rules.LosingGame
		return attackerWins, true // the game's end decides every goal
	}
	if goal.Kind == GoalGain && !ms[0].IsCapture() && balance(q, attacker)-rootBal >= goal.N {
		return true, true
	}
	return false, false
}

// boundedProbe is one search on p (the generator Solve would use), whose
// within and shortest the tests call in any order, so that the table
// carries results from one question to the next.
type boundedProbe struct {
	prove    func() outcome
	within   func(d int, forcing bool) (win, ok bool)
	refute   func(d int) (win, ok bool) // within, the moves unrestricted, as refute searches
	children func(d int, forcing bool)  // within on each move's position, answers kept in the table only
	shortest func(limit int, forcing bool) (d int, found, ok bool)
	nodes    func() int64
}

func newProbe(p draughts.Position, attacker draughts.Color, goal Goal, tb *tables.Tables, n int64) boundedProbe {
	if e, err := bitboard10.New(p.Rules); err == nil {
		return probeIn(e, p, attacker, goal, tb, n)
	}
	return probeIn(draughts.Generic(p.Rules), p, attacker, goal, tb, n)
}

func probeIn[P, M any](g game[P, M], p draughts.Position, attacker draughts.Color, goal Goal, tb *tables.Tables, n int64) boundedProbe {
	q := from(g, p)
	b := nodes(n).WithDefaults()
	lim := newLimits(b)
	s := newSearch(g, q, attacker, goal, lim, b.MemoryMB)
	s.useTables(tb.System(p.Rules))
	s.noClosure = true // prove only orders moves here: a short df-pn look
	root := s.at(q, false)
	return boundedProbe{
		prove: func() (out outcome) {
			s.share(1000, func() { out = s.prove(&root) }) // a draw may keep df-pn busy
			return out
		},
		within: func(d int, forcing bool) (bool, bool) { return s.within(&root, d, forcing) },
		refute: func(d int) (bool, bool) { return s.refute(&root, d) },
		children: func(d int, forcing bool) {
			for _, c := range s.children(&root, nil) {
				s.within(&c, d, forcing)
			}
		},
		shortest: func(limit int, forcing bool) (int, bool, bool) { return s.shortest(&root, limit, forcing) },
		nodes:    func() int64 { return lim.nodes },
	}
}

// randomPosition puts a few pieces on the 50 squares of a 10x10 board (or
// the 32 of an 8x8 one), men never on their own crowning row.
func randomPosition(t *testing.T, rng *rand.Rand, r *draughts.Rules, squares, row, pieces, kings int) draughts.Position {
	t.Helper()
	for {
		perm := rng.Perm(squares)[:pieces]
		var side [2][]string
		for i, sq := range perm {
			sq++
			// Both sides have a piece; White mostly has the others, so
			// that wins for one side or the other are common.
			color := min(i, 1)
			if i >= 2 && rng.IntN(4) == 0 {
				color = 1
			}
			king := i >= 2 && i < 2+kings
			if !king && ((color == 0 && sq <= row) || (color == 1 && sq > squares-row)) {
				king = true // a man cannot stand on its crowning row
			}
			s := fmt.Sprint(sq)
			if king {
				s = "K" + s
			}
			side[color] = append(side[color], s)
		}
		turn := "W"
		if rng.IntN(2) == 1 {
			turn = "B"
		}
		fen := turn + ":W" + strings.Join(side[0], ",") + ":B" + strings.Join(side[1], ",")
		p, err := draughts.ParseFEN(r, fen)
		if err == nil && len(p.Moves()) > 0 {
			return p
		}
	}
}

// checkWithin compares within, asked for d = 0..maxD upwards, then
// downwards, then upwards again on one search (so that every answer may
// come from the table), and shortest on a fresh search, with the brute
// force, for both attackers and with and without the forcing restriction.
// With tables only the full search is checked: the forcing search takes a
// table's win as it comes, whatever its moves.
func checkWithin(t *testing.T, p draughts.Position, goal Goal, tb *tables.Tables, maxD int) {
	t.Helper()
	modes := []bool{false, true}
	if tb != nil {
		modes = modes[:1]
	}
	for _, attacker := range []draughts.Color{p.Turn, p.Turn.Opponent()} {
		rootBal := balance(p, attacker)
		for _, forcing := range modes {
			want := make([]bool, maxD+1)
			first := -1
			for d := range want {
				want[d] = bruteGoal(p, false, attacker, goal, rootBal, d, forcing)
				if want[d] && first < 0 {
					first = d
				}
			}
			probe := newProbe(p, attacker, goal, tb, 10_000_000)
			order := make([]int, 0, 3*(maxD+1))
			for d := 0; d <= maxD; d++ {
				order = append(order, d)
			}
			for d := maxD; d >= 0; d-- {
				order = append(order, d)
			}
			order = append(order, order[:maxD+1]...)
			for _, d := range order {
				got, ok := probe.within(d, forcing)
				if !ok || got != want[d] {
					t.Fatalf("%s %s attacker %v forcing %v: within %d = %v (ok %v), brute force %v",
						p.FEN(), goal, attacker, forcing, d, got, ok, want[d])
				}
			}
			if !forcing { // as refute searches: another order, lean nodes five plies from the bound
				probe := newProbe(p, attacker, goal, tb, 10_000_000)
				for _, d := range order {
					if got, ok := probe.refute(d); !ok || got != want[d] {
						t.Fatalf("%s %s attacker %v: refute %d = %v (ok %v), brute force %v",
							p.FEN(), goal, attacker, d, got, ok, want[d])
					}
				}
			}
			// With every move's position decided first, so that the
			// root's moves are settled from the table, both ways.
			for d := 1; d <= maxD; d++ {
				probe := newProbe(p, attacker, goal, tb, 10_000_000)
				probe.children(d-1, forcing)
				if got, ok := probe.within(d, forcing); !ok || got != want[d] {
					t.Fatalf("%s %s attacker %v forcing %v: after its moves, within %d = %v (ok %v), brute force %v",
						p.FEN(), goal, attacker, forcing, d, got, ok, want[d])
				}
			}
			// Fresh, and (the full search) after df-pn has filled its
			// table, whose proven moves the bounded search tries first.
			proofModes := []bool{false}
			if !forcing {
				proofModes = append(proofModes, true)
			}
			for _, proveFirst := range proofModes {
				probe := newProbe(p, attacker, goal, tb, 10_000_000)
				if proveFirst {
					probe.prove()
				}
				d, found, ok := probe.shortest(maxD, forcing)
				if !ok || found != (first >= 0) || (found && d != first) {
					t.Fatalf("%s %s attacker %v forcing %v proof first %v: shortest %d found %v (ok %v), brute force %d",
						p.FEN(), goal, attacker, forcing, proveFirst, d, found, ok, first)
				}
			}
		}
	}
}

// Random small positions, every goal, international, qui perd gagne (the
// bitboard generator) and the French game (the generic engine).
func TestWithinAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	goals := []Goal{Win, {Kind: GoalGain, N: 1}, {Kind: GoalPromote}}
	systems := []struct {
		r            *draughts.Rules
		squares, row int
	}{{intl, 50, 5}, {draughts.QuiPerdGagne, 50, 5}, {draughts.Francaise, 32, 4}}
	count := caseCount(36, 6)
	for _, sys := range systems {
		for i := range count {
			// Men only search deeper; a flying king multiplies the brute
			// force's tree, so those positions are searched less deep.
			kings, depth := 0, 9
			if i%3 == 2 {
				kings, depth = 1, 6
			}
			p := randomPosition(t, rng, sys.r, sys.squares, sys.row, 3+i%3, kings)
			checkWithin(t, p, goals[i%len(goals)], nil, depth)
		}
	}
}

// With the endgame tables, the distances they give stand for searches:
// four-piece positions whose captures fall into the three-piece tables.
func TestWithinTablesAgainstBrute(t *testing.T) {
	tb := tables3(t)
	rng := rand.New(rand.NewPCG(3, 5))
	count := caseCount(16, 4)
	for i := range count {
		p := randomPosition(t, rng, intl, 50, 5, 4, i%2)
		checkWithin(t, p, Win, tb, 7-i%2)
	}
}

// The frontier arguments (bounded_frontier.go) never call a won position
// lost: on random international positions of up to a dozen pieces, kings
// included, whenever lastMoveFails says the side to move cannot win with
// one move, or stepEscapes that the side to move escapes a two-ply win,
// the brute force agrees. Both must fire often enough to be tested.
func TestFrontierAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	var searches [2]*search[bitboard10.Position, bitboard10.Move]
	g := newFastGame(intl)
	for i, attacker := range []draughts.Color{draughts.White, draughts.Black} {
		b := nodes(1).WithDefaults()
		searches[i] = newSearch(g, bitboard10.Position{}, attacker, Win, newLimits(b), 1)
	}
	searchFor := func(attacker draughts.Color) *search[bitboard10.Position, bitboard10.Move] {
		if attacker == draughts.White {
			return searches[0]
		}
		return searches[1]
	}
	count := caseCount(20000, 4000)
	var last, step, lastWins, stepWins int
	for i := range count {
		p := randomPosition(t, rng, intl, 50, 5, 3+i%10, i%4)
		c := searchFor(p.Turn).at(from(g, p), false)
		if searchFor(p.Turn).lastMoveFails(&c) {
			last++
			if bruteWithin(p, p.Turn, 1) {
				t.Fatalf("%s: lastMoveFails, but the side to move wins with one move", p.FEN())
			}
		} else if bruteWithin(p, p.Turn, 1) {
			lastWins++
		}
		c = searchFor(p.Turn.Opponent()).at(from(g, p), false)
		if searchFor(p.Turn.Opponent()).stepEscapes(&c) {
			step++
			if bruteWithin(p, p.Turn.Opponent(), 2) {
				t.Fatalf("%s: stepEscapes, but the side not to move wins within two plies", p.FEN())
			}
		} else if bruteWithin(p, p.Turn.Opponent(), 2) {
			stepWins++
		}
	}
	t.Logf("%d positions: lastMoveFails %d times (wins in one found %d times), stepEscapes %d (wins in two %d)", count, last, lastWins, step, stepWins)
	if last < count/4 || step < count/4 || lastWins == 0 || stepWins == 0 {
		t.Errorf("too few cases: lastMoveFails %d, stepEscapes %d, wins %d and %d", last, step, lastWins, stepWins)
	}
}

// shortWithin, which decides the last three plies without the search's
// tables, agrees with the brute force on "win within d" for d = 1, 2, 3,
// with and without the forcing restriction, on random international
// positions of up to fourteen pieces, kings included; wins and escapes
// must both be common.
func TestShortWithinAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 29))
	g := newFastGame(intl)
	count := caseCount(6000, 1500)
	var cases cases
	for i := range count {
		p := randomPosition(t, rng, intl, 50, 5, 3+i%12, i%3)
		for _, attacker := range []draughts.Color{draughts.White, draughts.Black} {
			s := newSearch(g, from(g, p), attacker, Win, newLimits(nodes(1_000_000).WithDefaults()), 1)
			c := s.at(from(g, p), false)
			if s.statusOf(&c) != open {
				continue
			}
			for d := 1; d <= 3; d++ {
				q, ok := s.shortApplies(&c, d)
				if !ok {
					continue
				}
				for _, forcing := range []bool{false, true} {
					got, done := s.shortWithin(&c, q, d, forcing)
					want := bruteGoal(p, false, attacker, Win, 0, d, forcing)
					if !done || got != want {
						t.Fatalf("%s, %s attacking, within %d (forcing %v): %v (done %v), brute force %v", p.FEN(), attacker, d, forcing, got, done, want)
					}
					cases.add(want)
				}
			}
		}
	}
	cases.check(t, count, count/20, count/4)
}

// A table entry settles a child only the way it points: a child known to
// fail settles an AND node (an escape), never an OR node, and a child known
// to win the other way round.
func TestSettlesDirection(t *testing.T) {
	p := mustFEN(t, intl, "W:W32,33,44:B14,28")
	g := newFastGame(intl)
	b := nodes(1000).WithDefaults()
	s := newSearch(g, from(g, p), draughts.White, Win, newLimits(b), 1)
	root := s.at(from(g, p), false)
	c := s.children(&root, nil)[0]
	// c has Black to move: wins from it take an even number of plies.
	record(s.bounded, c.h, 4, false, 1) // no win within 4
	if s.settles(&c, 4, true, s.bounded) || !s.settles(&c, 4, false, s.bounded) || s.settles(&c, 6, false, s.bounded) {
		t.Error("a failing child: settles an OR node, or not an AND node, or beyond its depth")
	}
	record(s.bounded, c.h, 6, true, 1) // a win within 6
	if !s.settles(&c, 6, true, s.bounded) || s.settles(&c, 6, false, s.bounded) || s.settles(&c, 5, true, s.bounded) {
		t.Error("a winning child: does not settle an OR node, or settles an AND node, or below its depth")
	}
}

// TestOrderDefence checks the defender's order on children whose keys are
// counted by hand: twice the attacker's moves (n, set here) plus the
// defender's steps in the child. Black defends, White is to move. Steps:
// a man on 1 has 6 and 7; men on 1, 2, 3 have 6 to 9 (four); a king on 28
// its four neighbours. Equal keys keep their order; off the bitboard the
// key is the moves alone.
func TestOrderDefence(t *testing.T) {
	e, err := bitboard10.New(draughts.International)
	if err != nil {
		t.Fatal(err)
	}
	at := func(fen string, n int) child[bitboard10.Position, bitboard10.Move] {
		return child[bitboard10.Position, bitboard10.Move]{q: from(e, mustFEN(t, draughts.International, fen)), n: n}
	}
	oneMan, threeMen, king := "W:W50:B1", "W:W50:B1,2,3", "W:W50:BK28"
	for fen, want := range map[string]int{oneMan: 2, threeMen: 4, king: 4} {
		c := at(fen, 0)
		if got := stepsLeft(&c.q); got != want {
			t.Errorf("%s: %d steps, want %d", fen, got, want)
		}
	}
	cs := []child[bitboard10.Position, bitboard10.Move]{
		at(threeMen, 3), // key 10
		at(oneMan, 4),   // 10
		at(king, 2),     // 8
		at(threeMen, 1), // 6
	}
	orderDefence(cs)
	var got []int
	for _, c := range cs {
		got = append(got, 2*c.n+stepsLeft(&c.q))
	}
	if fmt.Sprint(got) != "[6 8 10 10]" || cs[2].n != 3 || cs[3].n != 4 {
		t.Errorf("keys %v, second-last n %d: want [6 8 10 10], the equal keys in their order (n 3, then 4)", got, cs[2].n)
	}
	g := draughts.Generic(draughts.International)
	gs := []child[draughts.Position, draughts.Move]{{n: 5}, {n: 2}, {n: 3}}
	for i := range gs {
		gs[i].q = from(g, mustFEN(t, draughts.International, threeMen))
	}
	orderDefence(gs)
	if gs[0].n != 2 || gs[1].n != 3 || gs[2].n != 5 {
		t.Errorf("generic order %d %d %d, want 2 3 5", gs[0].n, gs[1].n, gs[2].n)
	}
}

// TestOrderAttackRefuting: a search sorts the attacker's moves fewest
// replies first, stably; under refute it leaves them as the generator
// listed them (orderAttack), and after refute it sorts again.
func TestOrderAttackRefuting(t *testing.T) {
	e, err := bitboard10.New(draughts.International)
	if err != nil {
		t.Fatal(err)
	}
	// White to move, quiet moves only, listed 32-27, 33-28, 45-40, 32-28,
	// 33-29: the last two leave Black a capture (one reply each), the
	// others two or three replies.
	q := from(e, mustFEN(t, draughts.International, "W:W32,33,45:B19,23"))
	s := newSearch(e, q, draughts.White, Goal{Kind: GoalWin}, newLimits(nodes(1000).WithDefaults()), 1)
	root := s.at(q, false)
	listed := s.children(&root, nil)
	replies := func(cs []child[bitboard10.Position, bitboard10.Move]) (ns []int) {
		for _, c := range cs {
			ns = append(ns, c.n)
		}
		return ns
	}
	order := func() []int {
		return replies(s.orderAttack(append([]child[bitboard10.Position, bitboard10.Move](nil), listed...), false))
	}
	if slices.IsSorted(replies(listed)) {
		t.Fatalf("the generator's order %v is sorted already: the test tells nothing", replies(listed))
	}
	if got := order(); !slices.IsSorted(got) || len(got) != len(listed) {
		t.Errorf("outside refute: replies %v, want them sorted, fewest first", got)
	}
	s.race = refuteRace // as refute sets it
	if !s.refuting() {
		t.Fatal("refuting is false under refute's rule")
	}
	inside := order()
	s.race = raceRule{}
	if !slices.Equal(inside, replies(listed)) {
		t.Errorf("under refute: replies %v, want the generator's order %v", inside, replies(listed))
	}
	if got := order(); !slices.IsSorted(got) {
		t.Errorf("after refute: replies %v, want them sorted again", got)
	}
}

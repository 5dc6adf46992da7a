package solver

import (
	"strconv"
	"testing"

	"metz/draughts"
)

// bruteWithin is the independent reference: a plain depth-limited AND/OR
// search over the rules engine's legal moves, with no table, no proof
// numbers, no move ordering. It answers "does the side attacker force a win
// (the opponent to move cannot play) within d plies?".
func bruteWithin(q draughts.Position, attacker draughts.Color, d int) bool {
	return bruteAnswer(q, attacker, d, func(c draughts.Position) bool { return bruteWithin(c, attacker, d-1) })
}

// bruteWithinMemo is bruteWithin remembering each (position, plies) it
// has answered, keyed by FEN: deeper wins with kings on the board stay
// within reach of a test.
func bruteWithinMemo(q draughts.Position, attacker draughts.Color, d int, memo map[string]bool) bool {
	key := q.FEN() + "/" + strconv.Itoa(d)
	if r, ok := memo[key]; ok {
		return r
	}
	r := bruteAnswer(q, attacker, d, func(c draughts.Position) bool { return bruteWithinMemo(c, attacker, d-1, memo) })
	memo[key] = r
	return r
}

// bruteAnswer is one node of bruteWithin: the rules' verdict when q has
// no move, else the AND/OR of within(child) over q's moves.
func bruteAnswer(q draughts.Position, attacker draughts.Color, d int, within func(draughts.Position) bool) bool {
	ms := q.Moves()
	if len(ms) == 0 {
		return (q.Turn != attacker) != q.Rules.LosingGame
	}
	if d <= 0 {
		return false
	}
	or := q.Turn == attacker
	for _, m := range ms {
		if within(q.Play(m)) == or {
			return or // OR: one winning move; AND: one escaping reply
		}
	}
	return !or
}

// bruteShortest is the least d ≤ limit with bruteWithin for the side to
// move, or -1.
func bruteShortest(q draughts.Position, limit int) int {
	return bruteShortestFor(q, q.Turn, limit)
}

// bruteShortestFor is bruteShortest for the given attacker.
func bruteShortestFor(q draughts.Position, attacker draughts.Color, limit int) int {
	for d := 0; d <= limit; d++ {
		if bruteWithin(q, attacker, d) {
			return d
		}
	}
	return -1
}

// mustFEN parses a test position.
func mustFEN(t testing.TB, r *draughts.Rules, fen string) draughts.Position {
	t.Helper()
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// playLine plays moves written as a source prints them ("28 à 23", "19x39").
func playLine(t testing.TB, p draughts.Position, moves ...string) draughts.Position {
	t.Helper()
	for _, s := range moves {
		m, err := draughts.ParseMove(p, s)
		if err != nil {
			t.Fatalf("%s in %s: %v", s, p.FEN(), err)
		}
		p = p.Play(m)
	}
	return p
}

package solver

import (
	"testing"

	"metz/draughts"
)

// bruteWithin is the independent reference: a plain depth-limited AND/OR
// search over the rules engine's legal moves, with no table, no proof
// numbers, no move ordering. It answers "does the side attacker force a win
// (the opponent to move cannot play) within d plies?".
func bruteWithin(q draughts.Position, attacker draughts.Color, d int) bool {
	ms := q.Moves()
	if len(ms) == 0 {
		return (q.Turn != attacker) != q.Rules.LosingGame
	}
	if d <= 0 {
		return false
	}
	if q.Turn == attacker {
		for _, m := range ms {
			if bruteWithin(q.Play(m), attacker, d-1) {
				return true
			}
		}
		return false
	}
	for _, m := range ms {
		if !bruteWithin(q.Play(m), attacker, d-1) {
			return false
		}
	}
	return true
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

package themes

import (
	"testing"

	"metz/draughts"
)

// playLine parses a FEN and a line of moves written in any notation the
// engine reads, failing the test on an illegal move.
func playLine(t *testing.T, r *draughts.Rules, fen string, moves ...string) (draughts.Position, []draughts.Move) {
	t.Helper()
	start, err := draughts.ParseFEN(r, fen)
	if err != nil {
		t.Fatal(err)
	}
	p := start
	var ms []draughts.Move
	for _, text := range moves {
		m, err := draughts.ParseMove(p, text)
		if err != nil {
			t.Fatalf("%s after %v: %v", fen, moves, err)
		}
		ms = append(ms, m)
		p = p.Play(m)
	}
	return start, ms
}

// find returns the themes of a given name.
func find(fs []Found, name string) []Found {
	var out []Found
	for _, f := range fs {
		if f.Name == name {
			out = append(out, f)
		}
	}
	return out
}

package app

import (
	"testing"

	"metz/draughts"
)

// The start of the international game has 9 moves, none a capture; a man
// with two captures in a row lists the path and both squares taken.
func TestMoves(t *testing.T) {
	if ms := Moves(draughts.Start(draughts.International)); len(ms) != 9 || len(ms[0].Captured) != 0 {
		t.Errorf("start: %+v", ms)
	}
	p, err := draughts.ParseFEN(draughts.International, "W:W37:B32,22")
	if err != nil {
		t.Fatal(err)
	}
	ms := Moves(p)
	if len(ms) != 1 || ms[0].Move != "37x17" || len(ms[0].Path) != 3 || len(ms[0].Captured) != 2 {
		t.Errorf("double capture: %+v", ms)
	}
}

// A position is "start" or a FEN under the named rules; an empty board and
// unknown rules are refused.
func TestParsePosition(t *testing.T) {
	if p, err := ParsePosition("russian", "start"); err != nil || len(Moves(p)) != 7 {
		t.Errorf("russian start: %v", err)
	}
	p, err := ParsePosition("international", "W:W:B")
	if err != nil || NotEmpty(p, "W:W:B") == nil {
		t.Errorf("an empty board: %v, refused: %v", err, NotEmpty(p, "W:W:B"))
	}
	if _, err := ParsePosition("chess", "start"); err == nil {
		t.Error("rules chess accepted")
	}
}

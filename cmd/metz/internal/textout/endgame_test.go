package textout

import (
	"bytes"
	"testing"

	"metz/app"
)

// A probe prints the position's value, then each move, the best ones
// starred, a draw without a distance.
func TestProbedText(t *testing.T) {
	var b bytes.Buffer
	Probed(&b, app.Probed{FEN: "W:WK46:BK23", Result: "win", Plies: 1, Moves: []app.ProbedMove{
		{Move: "46x19", Result: "win", Plies: 1, Best: true}, {Move: "46-41", Result: "draw"}, {Move: "46-37", Result: "loss", Plies: 3}}})
	want := "W:WK46:BK23: win in 1 ply\n* 46x19    win in 1 ply\n  46-41    draw\n  46-37    loss in 3 plies\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// The listing counts the tables of each rule system and piece count and
// adds up their sizes.
func TestTableListGroups(t *testing.T) {
	var b bytes.Buffer
	TableList(&b, "/egt", []app.TableEntry{{Rules: "international", Sig: "KvK", Pieces: 2, Bytes: 2500},
		{Rules: "international", Sig: "KvM", Pieces: 2, Bytes: 2250}, {Rules: "russian", Sig: "KvK", Pieces: 2, Bytes: 4100}})
	want := "/egt\n  international   2 pieces:   2 tables, 4.8 kB\n  russian         2 pieces:   1 tables, 4.1 kB\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	TableList(&b, "/egt", nil)
	if want := "/egt\n  no table yet (metz endgame build, or any probe or solve, builds them)\n"; b.String() != want {
		t.Errorf("empty: %q", b.String())
	}
}

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
	Probed(&b, app.Probed{FEN: "W:WK46:BK23", Result: "win", Plies: new(1), Moves: []app.ProbedMove{
		{Move: "46x19", Result: "win", Plies: new(1), Best: true}, {Move: "46-41", Result: "draw", Plies: new(0)}, {Move: "46-37", Result: "loss", Plies: new(3)}}})
	want := "W:WK46:BK23: win in 1 ply\n* 46x19    win in 1 ply\n  46-41    draw\n  46-37    loss in 3 plies\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// From a table without distances (the international 6-piece tables) the
// value is printed with "distance not stored", never a number of plies; a
// move into a table with distances (after a capture) keeps its own.
func TestProbedTextWithoutDistance(t *testing.T) {
	var b bytes.Buffer
	Probed(&b, app.Probed{FEN: "W:WK1,K2,K3,K4:BK46,K50", Result: "win", Moves: []app.ProbedMove{
		{Move: "1-7", Result: "win", Best: true}, {Move: "2-8", Result: "draw", Plies: new(0)}, {Move: "3x25", Result: "win", Plies: new(9), Best: true}}})
	want := "W:WK1,K2,K3,K4:BK46,K50: win, distance not stored\n* 1-7      win, distance not stored\n  2-8      draw\n* 3x25     win in 9 plies\n"
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

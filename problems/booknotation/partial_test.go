package booknotation

import (
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
)

// Van Tenac III, White to move: W 9,22,27,32,35,38; B 12,15,26, king 50.
const vt3 = "W:W9,22,27,32,35,38:B12,15,26,K50"

// buildLine builds cells from fen and returns the main line's moves and
// comments and the warnings' expectations.
func buildLine(fen string, cells ...Cell) (moves, comments, warns []string) {
	tr, ws := Build("p", cells, draughts.International, problems.MustPosition(draughts.International, fen))
	for _, n := range tr.MainLine() {
		moves = append(moves, n.Move)
		comments = append(comments, n.Comment)
	}
	for _, w := range ws {
		warns = append(warns, w.Expected)
	}
	return moves, comments, warns
}

// An implied origin resolves to the one legal move ending on the square;
// when several end there it is ambiguous, and the warning lists them.
func TestPartialImpliedOrigin(t *testing.T) {
	moves, comments, warns := buildLine(vt3, Cell{White: true, Text: "? à 4", Partial: &Partial{To: 4, Words: "le pion blanc dame à la case 4"}})
	if len(warns) != 0 || moves[0] != "9-4" || !strings.Contains(comments[0], "the only legal move of white ending on 4") ||
		!strings.Contains(comments[0], "le pion blanc dame à la case 4") {
		t.Fatalf("%v %q %v", moves, comments, warns)
	}
	// From the initial position both 32 and 33 can go to 28.
	start := draughts.Start(draughts.International).FEN()
	moves, _, warns = buildLine(start, Cell{White: true, Text: "? à 28", Partial: &Partial{To: 28, Words: "un pion blanc va à 28"}})
	if moves[0] != "" || len(warns) != 1 || !strings.Contains(warns[0], "ambiguous") ||
		!strings.Contains(warns[0], "32-28") || !strings.Contains(warns[0], "33-28") {
		t.Errorf("%v %v", moves, warns)
	}
}

// After 9-4 the king on 50 takes 22 and may stop on 17, 11 or 6: a free
// landing keeps the first legal one the book names, else the first legal
// one; a landing neither free nor named is ambiguous.
func TestPartialLandings(t *testing.T) {
	first := Cell{White: true, Text: "9 à 4"}
	take := func(q Partial) Cell {
		q.From, q.Takes = 50, append(q.Takes, 22)
		return Cell{Text: "50 prend 22", Partial: &q}
	}
	cases := []struct {
		q            Partial
		move, inNote string
	}{
		{Partial{Free: true, Landings: []int{44, 11, 6}}, "50x11", "11 kept, the first the book names"},
		{Partial{Free: true}, "50x17", "17 kept, the first legal"},
		{Partial{Unstated: true}, "50x17", "the book names no landing"},
		{Partial{To: 6}, "50x6", "the only legal move"},
		{Partial{}, "", "ambiguous: 3 legal moves of black from 50, taking 22"},
		{Partial{Takes: []int{27}, Free: true}, "", "no legal move of black from 50, taking 27, 22"},
	}
	for _, c := range cases {
		moves, comments, warns := buildLine(vt3, first, take(c.q))
		got := comments[1] + strings.Join(warns, " ")
		if moves[1] != c.move || !strings.Contains(got, c.inNote) {
			t.Errorf("%+v: %q, %q; want %q with %q", c.q, moves[1], got, c.move, c.inNote)
		}
	}
}

// Where the piece stands may be left implied among squares the book allows.
func TestPartialOrigins(t *testing.T) {
	moves, comments, warns := buildLine(vt3, Cell{White: true, Text: "9 à 4"}, Cell{Text: "50 à 11"}, Cell{White: true, Text: "38 à 33"},
		Cell{Text: "? prend 33", Partial: &Partial{Origins: []int{6, 11, 17}, Takes: []int{33}, Free: true, Landings: []int{50}}})
	if len(warns) != 0 || moves[3] != "11x50" || !strings.Contains(comments[3], "from one of 6, 11, 17, taking 33") {
		t.Errorf("%v %q %v", moves, comments, warns)
	}
}

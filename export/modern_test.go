package export

import (
	"testing"

	"metz/draughts"
	"metz/problems"
)

// The verified tree of the small problem in modern notation: the stated
// 42-38 18-23, then the two omitted defences in parentheses with the
// solver's answers, every solver move starred, Black moves numbered after
// a comment or a variation. Checked by eye against the solver's report.
func TestModernVerifiedTree(t *testing.T) {
	v, _ := Verified(smallProblem(), smallReport(t), English)
	want := "1. 42-38 18-23 " +
		"(1... 6-11* {metz: defence the source omits; it loses too} 2. 16x7* 18-22* " +
		"(2... 18-23* 3. 38-33* 23-28* (3... 23-29* 4. 33x24* gagne) 4. 33x22* gagne) " +
		"3. 38-32* 22-27* (3... 22-28* 4. 32x23* gagne) 4. 32x21* gagne) " +
		"(1... 18-22* {metz: defence the source omits; it loses too} 2. 38-32* 22-27* " +
		"(2... 6-11* 3. 16x7* 22-27* (3... 22-28* 4. 32x23* gagne) 4. 32x21* gagne) " +
		"(2... 22-28* 3. 32x23* 6-11* 4. 16x7* gagne) 3. 32x21* 6-11* 4. 16x7* gagne)"
	if got := Modern(v, draughts.International); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// Van Tenac's Problem I: captures by their ends, the book's mark and
// comment, the "si" branch of Black's fifth move as a variation.
func TestModernVanTenacI(t *testing.T) {
	p := vanTenacI(t)
	got := Modern(&problems.Tree{Start: p.Position, Children: p.Solution.Children}, draughts.International)
	want := "1. 28-23 19x39 2. 30x10 4x15 3. 37-31 26x37 4. 38-32 37x28 5. 40-34 29x40 " +
		"{sept pions de l'un ou de l'autre côté} (5... 39x30 6. 35x22 gagne) 6. 35x22 gagne"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A tree that starts with Black numbers its first move "1..."; a move that
// cannot be played is written as printed between brackets; without a
// start position the stored moves are written as they are.
func TestModernBlackFirstAndUnresolved(t *testing.T) {
	tr := &problems.Tree{Start: problems.MustPosition(draughts.International, "B:W31,42:B6,18"), Children: []*problems.Node{
		{Move: "18-23", Children: []*problems.Node{
			{Text: "43 à 39", White: true, Issue: "no piece on 43", Children: []*problems.Node{{Move: "23-28"}}}}}}}
	if got, want := Modern(tr, draughts.International), "1... 18-23 2. [43 à 39?] 23-28"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	tr.Start = nil
	tr.Children[0].Children[0].Move, tr.Children[0].Children[0].Text = "31x22", ""
	if got, want := Modern(tr, draughts.International), "1... 18-23 2. 31x22 23-28"; got != want {
		t.Errorf("no start: got %q, want %q", got, want)
	}
	if Modern(nil, draughts.International) != "" || Modern(&problems.Tree{}, nil) != "" {
		t.Error("an empty tree is not written empty")
	}
}

// A capture is written in full when another legal capture joins the same
// two squares by another path (found by the engine in this position: the
// king on 26 can reach 27 by two routes taking different men).
func TestShortestNameAmbiguousCapture(t *testing.T) {
	pos := mustFEN(t, draughts.International, "W:WK26:B4,18,21,32,33,37,44")
	ambiguous := 0
	for _, m := range pos.Moves() {
		text := shortestName(pos, m)
		full := draughts.International.FormatMove(m, true)
		short := draughts.International.FormatMove(m, false)
		if m.From() == 25 && m.To() == 26 {
			ambiguous++
			if text != full {
				t.Errorf("ambiguous capture written %q, want %q", text, full)
			}
		} else if text != short {
			t.Errorf("unambiguous capture written %q, want %q", text, short)
		}
	}
	if ambiguous < 2 {
		t.Fatalf("%d captures 26x27 found, the test needs two", ambiguous)
	}
}

// In English checkers Black opens the game: its moves carry the numbers
// ("1. 11-15 23-19 2. 8-11"), and a White move that opens a line is "1...".
func TestModernEnglishBlackOpens(t *testing.T) {
	start := draughts.Start(draughts.English)
	tr := &problems.Tree{Start: &start, Children: []*problems.Node{
		{Move: "11-15", Children: []*problems.Node{
			{Move: "23-19", White: true, Children: []*problems.Node{{Move: "8-11"}}}}}}}
	if got, want := Modern(tr, draughts.English), "1. 11-15 23-19 2. 8-11"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	tr = &problems.Tree{Start: problems.MustPosition(draughts.English, "W:W23:B11"), Children: []*problems.Node{
		{Move: "23-19", White: true, Children: []*problems.Node{{Move: "11-15"}}}}}
	if got, want := Modern(tr, draughts.English), "1... 23-19 2. 11-15"; got != want {
		t.Errorf("White first: got %q, want %q", got, want)
	}
}

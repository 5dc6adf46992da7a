package booknotation

import (
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
)

// finalPosition replays the main line of a tree and returns the position
// at its end; it fails the test on any unresolved move.
func finalPosition(t *testing.T, tr *problems.Tree, line []*problems.Node) draughts.Position {
	t.Helper()
	p, err := draughts.ParseFEN(draughts.International, tr.StartFEN())
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range line {
		if n.Move == "" {
			t.Fatalf("line %d %q unresolved: %s", n.Line, n.Text, n.Issue)
		}
		m, err := draughts.ParseMove(p, n.Move)
		if err != nil {
			t.Fatalf("resolved move %q does not replay: %v", n.Move, err)
		}
		p = p.Play(m)
	}
	return p
}

// Van Tenac, Problem IV, typed as the book prints it. The book says the
// last move "prennent la dame noire et deux pions noirs", and Black's
// 15 à 21 "prend 2 p.".
func TestExecutionVanTenacIV(t *testing.T) {
	fen, err := ParsePosition("Noirs : (4, dame noire) 6, 17, 22, 35\nBlancs : 14, 16, 23, 28, 32, 33, 34")
	if err != nil {
		t.Fatal(err)
	}
	rows := []string{
		"BLANCS          NOIRS",
		"34 à 30         35 à 24",
		"14 à 10         4 à 15",
		"23 à 19         24 à 13",
		"32 à 27         15 à 21 {prend 2 p.}",
		"16 à 9 gagne.",
	}
	tr, ws := ParseExecution(rows, draughts.International, fen)
	if len(ws) != 0 {
		t.Fatalf("warnings: %v", ws)
	}
	line := tr.MainLine()
	if len(line) != 9 || tr.Size() != 9 {
		t.Fatalf("main line %d plies, tree %d nodes; want 9", len(line), tr.Size())
	}
	before := finalPosition(t, tr, line[:7])
	m, _ := draughts.ParseMove(before, line[7].Move)
	if len(m.Captured) != 2 {
		t.Errorf("15 à 21 takes %d, the book says 2", len(m.Captured))
	}
	men, kings := finalPosition(t, tr, line).Count(draughts.Black)
	if kings != 0 || men != 2 {
		t.Errorf("Black ends with %d men %d kings; the book: the king and two of the four men taken", men, kings)
	}
	if line[8].Mark != MarkGagne || line[7].Comment != "prend 2 p." || !line[0].White || line[1].White {
		t.Errorf("marks/comment/columns wrong: %+v %+v", line[8], line[7])
	}
}

// Van Tenac, Problem I as the prose tells it (26 takes 31 and lands on 37),
// with the two black captures of the prose as "si" branches. The prose: in
// either branch the white man 35 takes seven pieces.
func TestExecutionSiBranches(t *testing.T) {
	fen, err := ParsePosition("Noirs : 4, 7, 8, 12, 14, 17, 18, 19, 24, 26, 29\nBlancs : 25, 28, 30, 33, 35, 37, 38, 40")
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(`BLANCS.         NOIRS.
28 à 23         19 à 39
30 à 10         4 à 15
37 à 31         26 à 37
38 à 32         37 à 28
40 à 34         si 39 à 30
35 à 24 à 33 à 22 gagne.
                si 29 à 40
35 à 44 à 33 à 22 gagne.`, "\n")
	tr, ws := ParseExecution(rows, draughts.International, fen)
	if len(ws) != 0 {
		t.Fatalf("warnings: %v", ws)
	}
	if tr.Size() != 13 {
		t.Fatalf("tree has %d nodes, want 13", tr.Size())
	}
	var point *problems.Node
	tr.Walk(func(n *problems.Node, ply int) {
		if len(n.Children) == 2 {
			point = n
			if ply != 9 {
				t.Errorf("branch point at ply %d, want 9 (40 à 34)", ply)
			}
		}
	})
	if point == nil {
		t.Fatal("no branch point")
	}
	line := tr.MainLine()
	for i, alt := range point.Children {
		full := append(append([]*problems.Node{}, line[:9]...), alt, alt.Children[0])
		before := finalPosition(t, tr, full[:10])
		m, _ := draughts.ParseMove(before, alt.Children[0].Move)
		if len(m.Captured) != 7 {
			t.Errorf("branch %d: the white man takes %d, the book says seven", i, len(m.Captured))
		}
	}
}

// Nested branches: the structure follows usage note 6° whatever the
// position (none here).
func TestExecutionNesting(t *testing.T) {
	rows := strings.Split(`20 à 14   4 à 10
24 à 19   si 13 à 24
29 à 20   deuxième si 10 à 19
31 à 27
          deuxième si 10 à 15
33 à 28
          si 13 à 18
34 à 30   deuxième si 18 à 23
22 à 28 gagne
          deuxième si 18 à 22
39 34 gagne.`, "\n")
	tr, ws := ParseExecution(rows, draughts.International, "")
	if len(ws) != 0 {
		t.Fatalf("warnings: %v", ws)
	}
	// ply 3 (24 à 19) has two black answers; the first has two at ply 6.
	n3 := tr.Children[0].Children[0].Children[0]
	if n3.Text != "24 à 19" || len(n3.Children) != 2 {
		t.Fatalf("24 à 19 has %d answers", len(n3.Children))
	}
	a, b := n3.Children[0], n3.Children[1]
	if a.Text != "13 à 24" || b.Text != "13 à 18" {
		t.Fatalf("answers %q %q", a.Text, b.Text)
	}
	if x := a.Children[0]; x.Text != "29 à 20" || len(x.Children) != 2 || x.Children[1].Text != "10 à 15" {
		t.Fatalf("second level wrong under %q", x.Text)
	}
	if y := b.Children[0]; y.Text != "34 à 30" || len(y.Children) != 2 || y.Children[1].Children[0].Mark != MarkGagne {
		t.Fatalf("third level wrong under %q", y.Text)
	}
	if tr.Size() != 15 {
		t.Errorf("tree has %d nodes, want 15", tr.Size())
	}
}

// The ending of the execution in the chapter "Du coup de repos": "si 35 40
// ou non" is a move the defender may or may not play, not a branch.
func TestExecutionOuNon(t *testing.T) {
	rows := []string{"24 à 35", "          si 35 40 ou non", "39 34 gagne."}
	tr, ws := ParseExecution(rows, draughts.International, "")
	if len(ws) != 0 {
		t.Fatal(ws)
	}
	line := tr.MainLine()
	if len(line) != 3 || tr.Size() != 3 || line[1].Mark != MarkOuNon || line[1].White || line[2].Mark != MarkGagne {
		t.Fatalf("got %d plies: %+v", len(line), line)
	}
	if out := Write(tr, draughts.International); !strings.Contains(out, "si 35 40 ou non") || !strings.Contains(out, "39 34 gagne.") {
		t.Errorf("written as:\n%s", out)
	}
}

// A printed misprint is kept, with its place, and the line after it is kept
// as not replayed (Van Tenac VI: no white piece on 43).
func TestExecutionMisprint(t *testing.T) {
	fen, _ := ParsePosition("Noirs : 1, 2, 6, 16, (28, dame) 34\nBlancs : 20, 27, 37, 38, 41, 42, 45, 47")
	rows := []string{"37 à 31   28 à 46", "27 à 21   16 à 36", "43 à 39   34 à 32"}
	tr, ws := ParseExecutionAt("vi.txt", 10, rows, draughts.International, fen)
	line := tr.MainLine()
	if len(line) != 6 {
		t.Fatalf("%d plies", len(line))
	}
	for i := 0; i < 4; i++ {
		if line[i].Move == "" {
			t.Errorf("ply %d %q unresolved: %s", i+1, line[i].Text, line[i].Issue)
		}
	}
	if line[4].Move != "" || !strings.Contains(line[4].Issue, "no piece on 43") {
		t.Errorf("43 à 39: move %q issue %q", line[4].Move, line[4].Issue)
	}
	if line[5].Move != "" || !strings.Contains(line[5].Issue, "not replayed") {
		t.Errorf("34 à 32: move %q issue %q", line[5].Move, line[5].Issue)
	}
	if len(ws) != 1 || ws[0].File != "vi.txt" || ws[0].Line != 12 || ws[0].Text != "43 à 39" || ws[0].Ply != 5 ||
		!strings.Contains(ws[0].Expected, "legal move for white") {
		t.Errorf("warnings: %+v", ws)
	}
}

// A level skipped is reported where it stands, and read as if the missing
// levels were opened there.
func TestExecutionSkippedLevel(t *testing.T) {
	_, ws := ParseExecution([]string{"20 à 14   troisième si 4 à 10"}, draughts.International, "")
	if len(ws) != 1 || ws[0].Line != 1 || !strings.Contains(ws[0].Expected, "inside a branch of level 2") {
		t.Fatalf("warnings %+v", ws)
	}
}

func TestExecutionUnknownWords(t *testing.T) {
	tr, ws := ParseExecution([]string{"20 à 14 hélas 4 à 10"}, draughts.International, "")
	if tr.Size() != 2 || len(ws) != 1 || ws[0].Text != "hélas" {
		t.Fatalf("size %d warnings %+v", tr.Size(), ws)
	}
}

// "ou non" on the first way of a branch point: written on a row of its own,
// it is read back as that way, and the next "si" restarts from the same
// point (on one row, "si X ou non" is the idiom and opens no branch).
func TestOuNonFirstAlternative(t *testing.T) {
	start := draughts.Start(draughts.International).FEN()
	cases := []struct {
		rows  []string
		point func(*problems.Tree) []*problems.Node
		moves [2]string
		after string // the move after the second way
	}{
		{[]string{"si 32 à 28", "ou non", "si 33 à 28", "                18 à 23"},
			func(tr *problems.Tree) []*problems.Node { return tr.Children }, [2]string{"32-28", "33-28"}, "18-23"},
		{[]string{"32 à 28         si 18 à 23", "                ou non", "                si 19 à 23", "28 à 19"},
			func(tr *problems.Tree) []*problems.Node { return tr.Children[0].Children }, [2]string{"18-23", "19-23"}, "28x19"},
	}
	for _, c := range cases {
		tr, ws := ParseExecution(c.rows, draughts.International, start)
		if len(ws) != 0 {
			t.Fatalf("%q: %v", c.rows, ws)
		}
		p := c.point(tr)
		if len(p) != 2 || p[0].Mark != MarkOuNon || p[0].Move != c.moves[0] || p[1].Move != c.moves[1] ||
			p[1].Mark != "" || len(p[1].Children) != 1 || p[1].Children[0].Move != c.after {
			t.Fatalf("%q: branch point %+v", c.rows, p)
		}
		roundTrip(t, "ou non first", tr)
		out := Write(tr, draughts.International)
		if !strings.Contains(out, "\nou non\n") && !strings.Contains(out, "  ou non\n") {
			t.Errorf("ou non not on a row of its own:\n%s", out)
		}
	}
	// The same words on one row are the idiom: no branch, so the second
	// "si" opens one after 32-28, where it is Black's turn.
	tr, ws := ParseExecution([]string{"si 32 à 28 ou non", "si 33 à 28"}, draughts.International, start)
	if len(tr.Children) != 1 || len(ws) != 1 || !strings.Contains(ws[0].Expected, "legal move for black") {
		t.Errorf("idiom: %d first moves, warnings %+v", len(tr.Children), ws)
	}
}

// The levels of "si" typed as figures ("2e si", "3ème si") and beyond the
// tenth ("11e si", as Write prints it) read as the words do.
func TestSiLevelsTyped(t *testing.T) {
	for _, w := range []string{"deuxième", "2e", "2ème", "2eme", "2me"} {
		if k, _ := readSi(tokenize(w+" si 19 à 23", false), 0); k != 2 {
			t.Errorf("%q si: level %d, want 2", w, k)
		}
	}
	for k := 1; k <= 12; k++ {
		if got, _ := readSi(tokenize(siWord(k)+" 19 à 23", false), 0); got != k {
			t.Errorf("%q: level %d, want %d", siWord(k), got, k)
		}
	}
}

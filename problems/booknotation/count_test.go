package booknotation

import (
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
)

func TestSplitCount(t *testing.T) {
	cases := []struct {
		in, move string
		n        int
	}{
		{"14 à 35 prennent 3 p.", "14 à 35", 3}, // Van Tenac VII
		{"Noirs de 14 à 35 prennent 3 p.", "Noirs de 14 à 35", 3},
		{"19 à 39 2 p.", "19 à 39", 2},         // Van Tenac I
		{"10 à 8, prend 3 pions", "10 à 8", 3}, // Van Tenac II
		{"15 à 21 prend 2 p.", "15 à 21", 2},   // Van Tenac IV
		{"35 à 44 1 pion", "35 à 44", 1},
		{"28 à 23", "28 à 23", 0},
		{"3 p.", "3 p.", 0}, // a count with no move is left to the caller
		{"14 à 35 0 p.", "14 à 35 0 p.", 0},
	}
	for _, c := range cases {
		if m, n := SplitCount(c.in); m != c.move || n != c.n {
			t.Errorf("SplitCount(%q) = %q, %d; want %q, %d", c.in, m, n, c.move, c.n)
		}
	}
}

// Van Tenac VII (n° 77): "Noirs de 14 à 35 prennent 3 p." The 3 is a count:
// the black king goes 14x28x44x35, taking the three white men the book's
// "3 p." counts, whether the row is read by ReadCells or handed to Build.
func TestCountNotASquare(t *testing.T) {
	fen, err := ParsePosition("Noirs : 10, (14, dame), (34, dame).\nBlancs : 24, 29, 33, 40, 49.")
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, tr *problems.Tree, ws []problems.Warning) {
		t.Helper()
		line := tr.MainLine()
		if len(ws) != 0 || len(line) != 2 || line[1].Move != "14x28x44x35" {
			t.Fatalf("%s: warnings %v, line %+v", name, ws, line)
		}
		p, _ := draughts.ParseFEN(draughts.International, fen)
		p = p.Play(mustMove(t, p, line[0].Move))
		if m := mustMove(t, p, line[1].Move); len(m.Captured) != 3 {
			t.Errorf("%s: takes %d", name, len(m.Captured))
		}
	}
	tr, ws := ParseExecution([]string{"24 à 19   14 à 35 prennent 3 p."}, draughts.International, fen)
	check("rows", tr, ws)
	if c := tr.MainLine()[1].Comment; c != "prend 3 p." {
		t.Errorf("count kept as %q", c)
	}
	tr, ws = Build("vii", []Cell{{White: true, Text: "24 à 19"}, {Text: "14 à 35 prennent 3 p."}}, draughts.International, problems.MustPosition(draughts.International, fen))
	check("cells", tr, ws)
	if out := Write(tr, draughts.International); !strings.Contains(out, "14 à 35 prennent 3 p.") {
		t.Errorf("the printed text is not kept:\n%s", out)
	}
}

func mustMove(t *testing.T, p draughts.Position, s string) draughts.Move {
	t.Helper()
	m, err := draughts.ParseMove(p, s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func FuzzSplitCount(f *testing.F) {
	for _, s := range []string{"14 à 35 prennent 3 p.", "19 à 39 2 p.", "10 à 8, prend 3 pions", "3 p.", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, n := SplitCount(s)
		ok := m == s
		if n != 0 {
			ok = n > 0 && n < 100 && m != s && strings.HasPrefix(strings.TrimSpace(s), m)
		}
		if !ok {
			t.Fatalf("SplitCount(%q) = %q, %d", s, m, n)
		}
	})
}

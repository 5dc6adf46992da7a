package booknotation

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
)

const sampleFile = `# Two records typed from Van Tenac's Traité (1868).
Problème IV
Source : Van Tenac, Traité du jeu de dames, n° 74
Noirs : (4, dame noire) 6, 17, 22, 35, pions noirs.
Blancs : 14, 16, 23, 28, 32, 33, 34.
But : gagne
BLANCS          NOIRS
34 à 30         35 à 24
14 à 10         4 à 15
23 à 19         24 à 13
32 à 27         15 à 21
16 à 9 gagne.

Coup nº 41 — Coup de repos
Classe : pions seulement
Règles : polonaise
Commentaire : the one execution of the first part; no diagram.
20 à 14   4 à 10
`

func TestParseFile(t *testing.T) {
	ps, ws, err := Parse(strings.NewReader(sampleFile), "sample.metz")
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 0 || len(ps) != 2 {
		t.Fatalf("%d records, warnings %v", len(ps), ws)
	}
	iv, c41 := ps[0], ps[1]
	if iv.Number != 4 || iv.Source != "vantenac" || iv.FEN() != "W:W14,16,23,28,32,33,34:BK4,6,17,22,35" ||
		iv.Stipulation != problems.StipWin || iv.Solution.Size() != 9 || iv.Location != "sample.metz:2" {
		t.Errorf("IV: %+v", iv)
	}
	if c41.Number != 41 || c41.Title != "Coup de repos" || c41.Class != "pions seulement" || c41.FEN() != "" ||
		c41.RulesName() != "international" || c41.Solution.Size() != 2 || c41.Solution.Start != nil ||
		!strings.Contains(c41.Commentary, "one execution") {
		t.Errorf("41: %+v", c41)
	}
	if c41.Solution.Children[0].Move != "" {
		t.Errorf("a move resolved without a position")
	}
}

func TestParseBadInput(t *testing.T) {
	cases := []struct{ name, text, err string }{
		{"empty", "", "no record"},
		{"only comments", "# nothing\n\n", "no record"},
		{"no header", "Noirs : 4\n", `expected a record header`},
		{"not utf-8", "Coup 1\nNoirs : 4\xff\n", "sample:2: not UTF-8"},
	}
	for _, c := range cases {
		_, _, err := Parse(strings.NewReader(c.text), "sample")
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.err)
		}
	}
}

// Bad records are kept, each with one warning naming its line.
func TestParseBadRecords(t *testing.T) {
	text := "Coup 1\nNoirs : 4, 77\nBlancs : 32\n32 à 28\n" +
		"Coup 2\nRègles : martienne\n" +
		"Coup 3\nBut : pat\n" +
		"Coup 4\nNoirs : 19\nBlancs : 32\n33 à 28\n"
	ps, ws, err := Parse(strings.NewReader(text), "bad.metz")
	if err != nil || len(ps) != 4 {
		t.Fatalf("%d records, %v", len(ps), err)
	}
	wantLines := []int{2, 6, 8, 12}
	if len(ws) != len(wantLines) {
		t.Fatalf("warnings %+v", ws)
	}
	for i, w := range ws {
		if w.File != "bad.metz" || w.Line != wantLines[i] || len(ps[i].Warnings) != 1 {
			t.Errorf("warning %d: %+v", i, w)
		}
	}
	if ps[0].FEN() != "" || !strings.Contains(ws[0].Expected, "off the board") {
		t.Errorf("unknown square: FEN %q, %+v", ps[0].FEN(), ws[0])
	}
	if !strings.Contains(ws[3].Expected, "no piece on 33") || ps[3].Solution.Children[0].Issue == "" {
		t.Errorf("unresolved move: %+v", ws[3])
	}
}

func TestParseTurn(t *testing.T) {
	ps, _, err := Parse(strings.NewReader("Coup 9\nTrait : Noirs\nNoirs : 19\nBlancs : 32\n...  19 à 23\n"), "t")
	if err != nil || ps[0].FEN() != "B:W32:B19" || ps[0].Solution.Children[0].Move != "19-23" {
		t.Fatalf("%+v %v", ps[0], err)
	}
}

// sameTree compares what a tree says (moves, columns, marks, comments,
// issues and shape), not where it was printed.
func sameTree(a, b []*problems.Node, path string) error {
	if len(a) != len(b) {
		return fmt.Errorf("%s: %d alternatives, then %d", path, len(a), len(b))
	}
	for i := range a {
		x, y := a[i], b[i]
		here := fmt.Sprintf("%s/%d %q", path, i, x.Text)
		if (x.Text != "" && x.Text != y.Text) || x.Move != y.Move || x.White != y.White || x.Mark != y.Mark ||
			x.Comment != y.Comment || (x.Issue == "") != (y.Issue == "") {
			return fmt.Errorf("%s: %+v became %+v", here, *x, *y)
		}
		if err := sameTree(x.Children, y.Children, here); err != nil {
			return err
		}
	}
	return nil
}

func roundTrip(t *testing.T, name string, tr *problems.Tree) {
	t.Helper()
	roundTripRules(t, name, tr, draughts.International)
}

func roundTripRules(t *testing.T, name string, tr *problems.Tree, r *draughts.Rules) {
	t.Helper()
	out := Write(tr, r)
	back, ws := ParseExecution(strings.Split(out, "\n"), r, tr.StartFEN())
	if err := sameTree(tr.Children, back.Children, name); err != nil {
		t.Errorf("%v\n%s", err, out)
	}
	if len(ws) != 0 && !hasIssue(tr) {
		t.Errorf("%s: warnings on re-reading: %v", name, ws)
	}
	if again := Write(back, r); again != out {
		t.Errorf("%s: Write is not stable:\n%s\n---\n%s", name, out, again)
	}
}

func hasIssue(tr *problems.Tree) bool {
	found := false
	tr.Walk(func(n *problems.Node, _ int) { found = found || n.Issue != "" })
	return found
}

func TestRoundTripBookTrees(t *testing.T) {
	ps, _, err := Parse(strings.NewReader(sampleFile), "s")
	if err != nil {
		t.Fatal(err)
	}
	roundTrip(t, "IV", ps[0].Solution)
	roundTrip(t, "41", ps[1].Solution)
	nest := strings.Split("20 à 14   4 à 10\n24 à 19   si 13 à 24\n29 à 20   deuxième si 10 à 19 {a}\n31 à 27\n"+
		"          deuxième si 10 à 15\n33 à 28\n          si 13 à 18\n34 à 30   deuxième si 18 à 23 ou non\n"+
		"22 à 28 gagne\n          deuxième si 18 à 22\n          si 35 40 ou non\n39 34 gagne.", "\n")
	tr, _ := ParseExecution(nest, draughts.International, "")
	roundTrip(t, "nesting", tr)
	fen, _ := ParsePosition("Noirs : 1, 2, 6, 16, (28, dame) 34\nBlancs : 20, 27, 37, 38, 41, 42, 45, 47")
	tr, _ = ParseExecution([]string{"37 à 31   28 à 46", "43 à 39   34 à 32"}, draughts.International, fen)
	roundTrip(t, "misprint", tr)
}

// randomTree grows a tree of legal moves from p, branching at random, with
// no printed text: Write must then choose how to print each move.
func randomTree(rng *rand.Rand, p draughts.Position, depth int) []*problems.Node {
	ms := p.Moves()
	if depth == 0 || len(ms) == 0 {
		return nil
	}
	k := 1
	if rng.Intn(3) == 0 {
		k = 1 + rng.Intn(3)
	}
	rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	var out []*problems.Node
	for _, m := range ms[:min(k, len(ms))] {
		n := &problems.Node{Move: p.Rules.FormatMove(m, true), White: p.Turn == draughts.White}
		switch rng.Intn(8) {
		case 0:
			n.Mark = MarkGagne
		case 1:
			n.Mark = MarkOuNon
		}
		n.Children = randomTree(rng, p.Play(m), depth-1)
		out = append(out, n)
	}
	return out
}

func TestRoundTripRandomTrees(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	fens := []string{draughts.Start(draughts.International).FEN(),
		"W:W25,28,30,33,35,37,38,40:B4,7,8,12,14,17,18,19,24,26,29",
		"W:W14,16,23,28,32,33,34:BK4,6,17,22,35",
		"B:W27,28,32,33,37,K46:B12,13,17,19,K5"}
	for i := 0; i < 60; i++ {
		p, _ := draughts.ParseFEN(draughts.International, fens[i%len(fens)])
		tr := &problems.Tree{Start: &p, Children: randomTree(rng, p, 8)}
		roundTrip(t, fmt.Sprint("random ", i), tr)
	}
}

// Every rule system's trees read back as written: the boards named by
// column and row too ("c3 à d4" was not read back as a move).
func TestRoundTripEveryRules(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, r := range draughts.AllRules() {
		p := draughts.Start(r)
		for i := 0; i < 10; i++ {
			tr := &problems.Tree{Start: &p, Children: randomTree(rng, p, 8)}
			roundTripRules(t, fmt.Sprint(r.Name, " ", i), tr, r)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(sampleFile))
	f.Add([]byte("Coup 1\nNoirs : 19\nBlancs : 32\nBLANCS NOIRS\n32 à 28   si 19 à 23 ou non\n   si 19 à 24\n28 à 19 gagne"))
	f.Add([]byte("Problème VI\nNoirs : (28, dame) 34\nBlancs : 20-25, D47\n43 à 39\n{x} ... 3 à 21 }{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, _, err := Parse(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		for _, p := range ps {
			if p.Solution == nil {
				continue
			}
			r, err := draughts.RulesByName(p.RulesName())
			if err != nil {
				t.Fatalf("record with unknown rules %q", p.Rules)
			}
			out := Write(p.Solution, r)
			back, _ := ParseExecution(strings.Split(out, "\n"), r, p.Solution.StartFEN())
			if again := Write(back, r); again != out {
				t.Fatalf("Write not stable:\n%s\n---\n%s", out, again)
			}
		}
	})
}

// Under rules whose boards are named by column and row the squares may be
// written so, in the position and the execution ("a5" is a square there,
// not the separator "a" before 5); numbers still work beside them.
func TestParseAlgebraicSquares(t *testing.T) {
	const text = `Problème 1
Règles : russe
Noirs : b6, d6, (f8, dame)
Blancs : c3, e3, Ka1
BLANCS.         NOIRS.
c3 à d4         f8 à g7
d4 a c5         d6xb4
a1 x h8         b6 a5

Problème 2
Règles : brésilienne
Noirs : 9, 10
Blancs : c3
22 à 18         b6 à a5
`
	ps, ws, err := Parse(strings.NewReader(text), "ru.metz")
	if err != nil || len(ws) != 0 || len(ps) != 2 {
		t.Fatalf("%d records, warnings %v, err %v", len(ps), ws, err)
	}
	want := []string{"W:Wc3,e3,Ka1:BKf8,b6,d6 c3-d4 f8-g7 d4-c5 d6:b4 a1:h8 b6-a5", "W:Wc3:Bb6,d6 c3-d4 b6-a5"}
	// An error names the square as written.
	_, ws, _ = Parse(strings.NewReader("Problème 3\nRègles : russe\nNoirs : b6, d6, b6\n"), "ru.metz")
	if len(ws) != 1 || !strings.Contains(ws[0].Expected, "square b6 is given twice") {
		t.Errorf("duplicate square: %v", ws)
	}
	for i, p := range ps {
		got := []string{p.FEN()}
		for _, n := range p.Solution.MainLine() {
			got = append(got, n.Move)
		}
		if len(p.Warnings) != 0 || strings.Join(got, " ") != want[i] {
			t.Errorf("record %d: %v, warnings %v; want %s", i+1, got, p.Warnings, want[i])
		}
	}
}

// The lines of metz's book export read back: its header (source, number,
// label), the stipulation sentence (side to move and goal), kings named in
// the plural, "aucune pièce", the themes; the verdict and warning lines are
// dropped, not read as moves.
func TestParseBookExportLines(t *testing.T) {
	in := "club n° 12 — Problème XII\nTitre : Deux dames\nAuteur : R. Fabre\nDate : 1891\nRègles : english\n" +
		"BLANCS : pions 22, 23 ; dames 30, 31.\nNOIRS : pions 9, 10.\nLes Noirs jouent et gagnent 2 pions.\n\n" +
		"BLANCS.         NOIRS.\n                10 à 14\n\nVerdict : unsound — refuted: 22-17\nThèmes : coup turc, Lunette\n" +
		"Attention (club.metz:7) : Problème XII: table move \"25 à 27\"\n\n" +
		"club #3\n(position inconnue)\nLes Blancs jouent et font remise.\n\n" +
		"club n° 4\nBLANCS : dame 1.\nNOIRS : aucune pièce.\nLes Blancs jouent : dame.\n"
	ps, _, err := Parse(strings.NewReader(in), "club.metz")
	if err != nil || len(ps) != 3 {
		t.Fatalf("%v, %d records", err, len(ps))
	}
	p := ps[0]
	if p.Label != "Problème XII" || p.Number != 12 || p.Title != "Deux dames" || p.RulesName() != "english" || p.Author != "R. Fabre" || p.Date != "1891" ||
		p.FEN() != "B:W22,23,K30,K31:B9,10" || p.Stipulation.String() != "gain:2" || len(p.Warnings) != 0 {
		t.Errorf("first record: %+v", p)
	}
	if len(p.Themes) != 2 || p.Themes[0].Name != "coup-turc" || p.Themes[1].Name != "lunette" || p.Themes[0].Origin != problems.OriginBook {
		t.Errorf("themes %+v", p.Themes)
	}
	if p.Solution == nil || len(p.Solution.Children) != 1 || p.Solution.Children[0].Move != "10-14" || len(p.Solution.Children[0].Children) != 0 {
		t.Errorf("solution %+v", p.Solution)
	}
	if q := ps[1]; q.Label != "club #3" || q.Number != 0 || q.FEN() != "" || q.Stipulation != problems.StipDraw || q.Solution != nil || len(q.Warnings) != 0 {
		t.Errorf("second record: %+v", q)
	}
	if q := ps[2]; q.FEN() != "W:WK1:B" && q.FEN() != "W:WK1" || q.Stipulation != problems.StipPromote {
		t.Errorf("third record: %+v", q)
	}
}

package vantenac

import (
	"slices"
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
	"metz/sources"
)

func bookProblems(t *testing.T) []*problems.Problem {
	t.Helper()
	data, err := sources.Read(sources.VanTenac)
	if err != nil {
		t.Fatal(err)
	}
	ps, _, err := Parse(data, sources.VanTenac)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 7 {
		t.Fatalf("%d problems, the book has seven", len(ps))
	}
	return ps
}

// The positions as the book states them, typed from the text (I–III in
// prose, IV–VII as lists); White is to move in all seven.
func TestPositions(t *testing.T) {
	want := []struct {
		number int
		label  string
		fen    string
	}{
		{71, "Problème I", "W:W25,28,30,33,35,37,38,40:B4,7,8,12,14,17,18,19,24,26,29"},
		{72, "Problème II", "W:W12,13,24,25,31:B3,5,6,K10,11"},
		{73, "Problème III", "W:W9,22,27,32,35,38:B12,15,26,K50"},
		{74, "Problème IV", "W:W14,16,23,28,32,33,34:BK4,6,17,22,35"},
		{75, "Problème V", "W:W13,21,23,27,28,48:B2,4,12,15,17,K47"},
		{76, "Problème VI", "W:W20,27,37,38,41,42,45,47:B1,2,6,16,K28,34"},
		{77, "Problème VII", "W:W24,29,33,40,49:B10,K14,K34"},
	}
	for i, p := range bookProblems(t) {
		w := want[i]
		if p.Number != w.number || p.Label != w.label || p.FEN() != w.fen || p.Source != Key ||
			p.RulesName() != "international" || p.Stipulation != problems.StipWin {
			t.Errorf("%s: got %d %q %s %s %s", w.label, p.Number, p.Label, p.FEN(), p.Rules, p.Stipulation)
		}
	}
}

// count tallies the stated moves: resolved, misprinted (unresolved at the
// root) and not replayed (after a misprint).
func count(tr *problems.Tree) (resolved, misprints, notReplayed int) {
	tr.Walk(func(n *problems.Node, _ int) {
		switch {
		case n.Move != "":
			resolved++
		case strings.HasPrefix(n.Issue, "not replayed"):
			notReplayed++
		default:
			misprints++
		}
	})
	return
}

// How many stated moves each problem prints (counted in the book: table
// rows and column rows), and which of them replay.
func TestStatedMovesResolved(t *testing.T) {
	want := map[int][3]int{
		71: {5, 1, 5}, // "25 à 27" at ply 6: 25 is a white man
		72: {3, 0, 0},
		// III prints no rows: its stated moves are what the prose reader
		// finds, nine of them, some named only in part (see TestProseIII).
		73: {9, 0, 0},
		74: {9, 0, 0},
		75: {5, 0, 0},
		76: {4, 1, 12}, // "43 à 39" at ply 5: no piece on 43
		77: {5, 0, 0},
	}
	for _, p := range bookProblems(t) {
		w, ok := want[p.Number]
		if !ok {
			continue
		}
		r, m, n := count(p.Solution)
		if [3]int{r, m, n} != w {
			t.Errorf("%s: resolved %d, misprinted %d, not replayed %d; want %v", p.Label, r, m, n, w)
		}
	}
}

func TestMisprintVI(t *testing.T) {
	p := bookProblems(t)[5]
	line := p.Solution.MainLine()
	if line[4].Text != "43 à 39" || line[4].Move != "" || !strings.Contains(line[4].Issue, "no piece on 43") {
		t.Fatalf("ply 5: %+v", line[4])
	}
	var found bool
	for _, w := range p.Warnings {
		if w.Ply == 5 && w.Line == 555 && strings.Contains(w.Text, "Problème VI") && strings.Contains(w.Text, "43 à 39") &&
			strings.Contains(w.Expected, "no piece on 43") {
			found = true
		}
	}
	if !found {
		t.Errorf("no warning naming problem, line, ply and text: %+v", p.Warnings)
	}
	if !strings.Contains(p.SolutionText, "| 43 à 39 |") {
		t.Error("the table is not kept as printed")
	}
}

// Problem I: the table's "25 à 27" against the prose, "Le pion noir 26
// prend ce pion blanc 31, en se plaçant à 37"; the prose also gives the
// other capture at ply 10 ("Si le pion noir 39 prend à 30").
func TestDisagreementI(t *testing.T) {
	p := bookProblems(t)[0]
	if len(p.Witnesses) != 1 || p.Witnesses[0].Name != "prose" {
		t.Fatalf("witnesses: %+v", p.Witnesses)
	}
	w := p.Witnesses[0]
	joined := strings.Join(w.Disagreements, "\n")
	if !strings.Contains(joined, `ply 6: the table prints "25 à 27" (line 450), the prose "26 à 37"`) {
		t.Errorf("ply 6 disagreement missing:\n%s", joined)
	}
	if !strings.Contains(joined, `ply 10: the prose also gives "39 à 30"`) {
		t.Errorf("ply 10 alternative missing:\n%s", joined)
	}
	r, m, _ := count(w.Tree)
	if m != 0 || r != 13 {
		t.Errorf("prose witness: %d resolved, %d unresolved; want 13 and 0", r, m)
	}
	// The misprint's warning names the prose's reading; the table's moves
	// after it stay unreplayed but say how they read with that repair.
	var warned bool
	for _, x := range p.Warnings {
		warned = warned || (x.Ply == 6 && x.Line == 450 && strings.Contains(x.Expected, `the prose says "26 à 37" (26x37, line 457)`))
		if strings.Contains(x.Text, "prose move") {
			t.Errorf("the prose witness has an unresolved move: %+v", x)
		}
	}
	if !warned {
		t.Errorf("no repair in the warnings: %+v", p.Warnings)
	}
	line := p.Solution.MainLine()
	for i, want := range []string{"38-32", "37x28", "40-34", "29x40"} {
		n := line[6+i]
		if n.Move != "" || !strings.Contains(n.Issue, "not replayed") || !strings.Contains(n.Issue, "with the prose's 26x37 at ply 6 it reads as "+want) {
			t.Errorf("ply %d %q: move %q issue %q", 7+i, n.Text, n.Move, n.Issue)
		}
	}
	// "35 à 22" then takes seven, as the prose says ("sept pions").
	_, after, ok := strings.Cut(line[10].Issue, "it reads as ")
	if !ok || !strings.HasPrefix(after, "35x") || strings.Count(after, "x") != 7 {
		t.Errorf("ply 11 %q: %q", line[10].Text, line[10].Issue)
	}
}

// A misprint with no second witness (VI prints no prose) gets no repair.
func TestNoRepairVI(t *testing.T) {
	for _, w := range bookProblems(t)[5].Warnings {
		if strings.Contains(w.Expected, "the prose says") {
			t.Errorf("%+v", w)
		}
	}
}

// replayLine plays a main line (or a given line) and returns the position
// before and after its last move, and that move.
func replayLine(t *testing.T, start string, line []*problems.Node) (draughts.Position, draughts.Move, draughts.Position) {
	t.Helper()
	p, err := draughts.ParseFEN(draughts.International, start)
	if err != nil {
		t.Fatal(err)
	}
	var last draughts.Move
	var before draughts.Position
	for _, n := range line {
		m, err := draughts.ParseMove(p, n.Move)
		if err != nil {
			t.Fatalf("%q (%q): %v", n.Text, n.Move, err)
		}
		before, last, p = p, m, p.Play(m)
	}
	return before, last, p
}

// The material the book states at the end of the solutions.
func TestStatedFinalMaterial(t *testing.T) {
	ps := bookProblems(t)
	// I: "sept pions de l'un ou de l'autre côté" — in both branches.
	w := ps[0].Witnesses[0].Tree
	line := w.MainLine()
	branch := line[9-1]
	for _, alt := range branch.Children {
		full := append(append([]*problems.Node{}, line[:9]...), alt, alt.Children[0])
		if _, m, _ := replayLine(t, w.StartFEN(), full); len(m.Captured) != 7 {
			t.Errorf("I, after %s: the last capture takes %d, the book says seven", alt.Text, len(m.Captured))
		}
	}
	// II: "13 à 2; prennent la dame noire" and the man "devient dame".
	if _, m, _ := replayLine(t, ps[1].FEN(), ps[1].Solution.MainLine()); m.CapturedKings() != 1 || len(m.Captured) != 1 || !m.Promotes {
		t.Errorf("II: last move %+v", m)
	}
	// IV: "en allant de 16 à 9, prennent la dame noire et deux pions noirs".
	if _, m, end := replayLine(t, ps[3].FEN(), ps[3].Solution.MainLine()); m.CapturedKings() != 1 || len(m.Captured) != 3 {
		t.Errorf("IV: last move takes %d (%d kings)", len(m.Captured), m.CapturedKings())
	} else if _, k := end.Count(draughts.Black); k != 0 {
		t.Errorf("IV: Black keeps %d kings", k)
	}
	// V: "prennent un pion noir, la dame noire, dament à la case 3".
	if _, m, _ := replayLine(t, ps[4].FEN(), ps[4].Solution.MainLine()); len(m.Captured) != 2 || m.CapturedKings() != 1 || !m.Promotes || m.To() != 2 {
		t.Errorf("V: last move %+v", m)
	}
	// VII: "Les deux dames noires sont prises".
	if _, _, end := replayLine(t, ps[6].FEN(), ps[6].Solution.MainLine()); true {
		if _, k := end.Count(draughts.Black); k != 0 {
			t.Errorf("VII: Black keeps %d kings", k)
		}
	}
}

// The capture counts the rows print ("2 p.", "prend 3 pions") agree with
// the board; the counts the book states for the diagrams agree too, but for
// VII, which says "un pion noir et une dame noire" beside two black kings.
func TestCountsAndMaterial(t *testing.T) {
	ps := bookProblems(t)
	stated := map[int]int{}
	for _, p := range ps {
		for _, n := range p.Solution.MainLine() {
			if strings.HasPrefix(n.Comment, "prend ") {
				stated[p.Number]++
			}
		}
		for _, w := range p.Warnings {
			if strings.Contains(w.Text, "printed as taking") {
				t.Errorf("%s: %s", p.Label, w.Text)
			}
			hasMaterial := strings.Contains(w.Text, "count of the pieces")
			if hasMaterial != (p.Number == 77) {
				t.Errorf("%s: material warning %v: %+v", p.Label, hasMaterial, w)
			}
		}
	}
	if want := map[int]int{71: 2, 72: 1, 74: 1, 77: 1}; len(stated) != len(want) || stated[71] != 2 || stated[77] != 1 {
		t.Errorf("printed counts found: %v, want %v", stated, want)
	}
}

func TestThemes(t *testing.T) {
	want := map[int]string{71: "pion-en-prise", 72: "pion-en-prise", 73: "coup-de-repos", 76: "fermeture", 77: "lunette"}
	for _, p := range bookProblems(t) {
		var names []string
		for _, th := range p.Themes {
			if th.Origin != problems.OriginBook {
				t.Errorf("%s: theme origin %q", p.Label, th.Origin)
			}
			names = append(names, th.Name)
		}
		if got := strings.Join(names, ","); got != want[p.Number] {
			t.Errorf("%s: themes %q, want %q", p.Label, got, want[p.Number])
		}
	}
}

func TestBadInput(t *testing.T) {
	if _, _, err := Parse([]byte("Rien ici."), "x.md"); err == nil || !strings.Contains(err.Error(), "x.md: no problem found") {
		t.Errorf("error %v", err)
	}
	text := "71. — PROBLÈME I. Les pions noirs occupent les cases 4, 77. Les pions blancs occupent les cases 25.\n*Solution.*\n\nBlancs 25 à 20\n"
	ps, ws, err := Parse([]byte(text), "x.md")
	if err != nil || len(ps) != 1 || ps[0].FEN() != "" || len(ws) == 0 || ws[0].Line != 1 || !strings.Contains(ws[0].Expected, "off the board") {
		t.Fatalf("%v %+v %+v", err, ps, ws)
	}
	if ps[0].Solution == nil || ps[0].Solution.Size() != 1 || ps[0].Solution.Children[0].Move != "" {
		t.Errorf("the stated move is not kept unresolved: %+v", ps[0].Solution)
	}
}

func FuzzParse(f *testing.F) {
	data, _ := sources.Read(sources.VanTenac)
	f.Add(data[len(data)/2:])
	f.Add([]byte("71. — PROBLÈME I. Les pions noirs occupent les cases 4. Les pions blancs sont sur les cases 25.\n*Solution.*\n| 25 à 20 | 4 à 9 |"))
	f.Fuzz(func(t *testing.T, b []byte) {
		ps, _, err := Parse(b, "fuzz")
		if err == nil && len(ps) == 0 {
			t.Fatal("no error and no problem")
		}
	})
}

// VII: "Noirs de 14 à 35 prennent 3 p." — the 3 is the count of the pieces
// taken, not a square: the king goes 14x28x44x35 and takes three.
func TestCountVII(t *testing.T) {
	p := bookProblems(t)[6]
	line := p.Solution.MainLine()
	if len(line) != 5 || line[1].Text != "14 à 35" || line[1].Move != "14x28x44x35" || line[1].Comment != "prend 3 p." {
		t.Fatalf("ply 2: %+v", line[1])
	}
	before, m, _ := replayLine(t, p.FEN(), line[:2])
	if len(m.Captured) != 3 || before.Turn != draughts.Black {
		t.Errorf("14 à 35 takes %d", len(m.Captured))
	}
}

// Problem III exists only as prose. Its nine moves, as the book tells them:
// "le pion blanc dame à la case 4" (only 9 can), "la dame noire 50 prend le
// pion blanc 22 et s'arrête au delà à volonté" (the next sentence lists 6,
// 11, 17), 38 à 33, the king "placée soit à 6, soit à 11, soit à 17, prend
// pion blanc 33 et se place … à volonté, soit à la case 50", 27 à 21, 26
// takes and stops on 17, 32 à 28, the king takes 28 and must stay on 22,
// "où elle [est] prise par la dame blanche de la case 4".
func TestProseIII(t *testing.T) {
	p := bookProblems(t)[2]
	line := p.Solution.MainLine()
	want := []struct {
		from, to int // square numbers the book names or implies
		takes    int // square of a piece taken, 0 if none
	}{{9, 4, 0}, {50, 6, 22}, {38, 33, 0}, {6, 50, 33}, {27, 21, 0}, {26, 17, 21}, {32, 28, 0}, {50, 22, 28}, {4, 0, 22}}
	if len(line) != len(want) || p.Solution.Size() != len(want) {
		t.Fatalf("%d plies, %d nodes; want %d", len(line), p.Solution.Size(), len(want))
	}
	pos, _ := draughts.ParseFEN(draughts.International, p.FEN())
	crowns := false
	for i, n := range line {
		m, err := draughts.ParseMove(pos, n.Move)
		if err != nil {
			t.Fatalf("ply %d %q: %q %v (%s)", i+1, n.Text, n.Move, err, n.Issue)
		}
		w := want[i]
		if m.From() != w.from-1 || (w.to > 0 && m.To() != w.to-1) ||
			(w.takes > 0 && !slices.Contains(m.Captured, w.takes-1)) || n.White != (i%2 == 0) {
			t.Errorf("ply %d %q read as %s; want %d to %d taking %d", i+1, n.Text, n.Move, w.from, w.to, w.takes)
		}
		crowns = crowns || (i == 0 && m.Promotes)
		pos = pos.Play(m)
	}
	if _, k := pos.Count(draughts.Black); k != 0 {
		t.Errorf("the black king survives: %s", pos.FEN())
	}
	if !crowns {
		t.Error("9-4 does not crown")
	}
	// Every inference says what it did and from which words.
	for i, words := range map[int]string{0: "le pion blanc dame à la case 4", 1: "à volonté", 3: "soit à la case 50", 8: "prise par la dame blanche de la case 4"} {
		if c := line[i].Comment; !strings.Contains(c, "read as "+line[i].Move) || !strings.Contains(c, words) {
			t.Errorf("ply %d: comment %q", i+1, c)
		}
	}
	if c := line[1].Comment; !strings.Contains(c, "free") || !strings.Contains(c, "6 kept, the first the book names") {
		t.Errorf("ply 2: the free landing is not said: %q", line[1].Comment)
	}
	if c := line[8].Comment; !strings.Contains(c, "names no landing") {
		t.Errorf("ply 9: %q", c)
	}
	for _, w := range p.Warnings {
		t.Errorf("warning %+v", w)
	}
}

// V: "Les blancs prennent un pion noir, la dame noire, dament à la case 3"
// names the last move by its landing only; the prose witness finds it at
// ply 5, where the table's "21 à 3" stands, and agrees with it.
func TestProseV(t *testing.T) {
	p := bookProblems(t)[4]
	if len(p.Witnesses) != 1 || p.Witnesses[0].Tree == nil {
		t.Fatalf("witnesses %+v", p.Witnesses)
	}
	w := p.Witnesses[0]
	last := p.Solution.MainLine()[4]
	if len(w.Tree.Children) != 1 || w.Tree.Children[0].Move != last.Move || last.Move == "" || len(w.Disagreements) != 0 {
		t.Errorf("prose %+v, table %q, disagreements %q", w.Tree.Children, last.Move, w.Disagreements)
	}
	if c := w.Tree.Children[0].Comment; !strings.Contains(c, "dament à la case 3") {
		t.Errorf("comment %q", c)
	}
}

package draughts

// Rule examples printed in the source texts (sources/*.txt, *.md), each
// reproduced as a position and its exact set of legal moves.
//
// The Livre de Metz draws its examples on five diagrams ("Damiers") that are
// not in the digitised text; only the prose survives. Each position below is
// therefore the minimal one the prose describes: the pieces it names, on the
// squares it names, and nothing else unless a stated fact needs it (then
// the comment says which piece was added and why). Line numbers refer to
// the files in sources/.

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

// describe writes a move by its effect: origin, destination, the captured
// squares in increasing order, and a "+" when the man is crowned. Capture
// paths with the same effect are one move, so this is what the books state.
func describe(r *Rules, m Move) string {
	sep := "-"
	if m.IsCapture() {
		sep = string(r.CaptureSep)
	}
	s := r.SquareName(m.From()) + sep + r.SquareName(m.To())
	if m.IsCapture() {
		names := make([]string, len(m.Captured))
		for i, c := range m.Captured {
			names[i] = r.SquareName(c)
		}
		sort.Slice(names, func(i, j int) bool { // numbers by value, names alphabetically
			if len(names[i]) != len(names[j]) && !r.Algebraic {
				return len(names[i]) < len(names[j])
			}
			return names[i] < names[j]
		})
		s += "(" + strings.Join(names, ",") + ")"
	}
	if m.Promotes {
		s += "+"
	}
	return s
}

func describeAll(r *Rules, ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = describe(r, m)
	}
	sort.Strings(out)
	return out
}

// bookPosition parses a FEN that a test builds from a text.
func bookPosition(t *testing.T, r *Rules, fen string) Position {
	t.Helper()
	p, err := ParseFEN(r, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// expectLegal asserts the exact set of legal moves of p, by effect.
func expectLegal(t *testing.T, where string, p Position, want ...string) {
	t.Helper()
	got := describeAll(p.Rules, p.Moves())
	sort.Strings(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s (%s, %s):\n got  %v\n want %v", where, p.Rules.Name, p.FEN(), got, want)
	}
}

// play plays a move given in book notation, failing the test if it is not
// legal; the books' executions are sequences of such moves.
func play(t *testing.T, p Position, text string) Position {
	t.Helper()
	m, err := ParseMove(p, text)
	if err != nil {
		t.Fatalf("%s: %v", p.FEN(), err)
	}
	return p.Play(m)
}

// movable lists, for one side, the pieces that could move if capture were
// not compulsory, with their destinations: the books' "jouable" pieces.
func movable(p Position, c Color) []string {
	p.Turn = c
	var out []string
	for _, m := range append(p.captures(), p.quietMoves()...) {
		out = append(out, describe(p.Rules, m))
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// Damier n° 1 (Livre de Metz, lines 678-790, 985-994): White men 28, 29, 31,
// 32, 33, 36, 38 and a king on 35; Black men 14, 21, 27, 39. The prose names
// every piece it uses and says which can move and where.
const damier1 = "W28,29,31,32,33,36,38,K35:B14,21,27,39"

func TestLivreDeMetzDamier1(t *testing.T) {
	p := bookPosition(t, International, "W:"+damier1)
	// Lines 680-694: 31 takes forward or plays to 26, 33 takes backward,
	// 28 and 29 step forward; 32, 36 and 38 cannot move. Lines 732-737: 28
	// goes to 22 or 23, 29 to 23 or 24. Lines 985-994 (14th rule): the king
	// on 35 may go to any of the six empty squares towards 2, or to 40, 44, 49.
	want := []string{"28-22", "28-23", "29-23", "29-24", "31-26", "31x22(27)", "33x44(39)",
		"35-30", "35-24", "35-19", "35-13", "35-8", "35-2", "35-40", "35-44", "35-49"}
	sort.Strings(want)
	if got := movable(p, White); !slices.Equal(got, want) {
		t.Errorf("white pieces that can move:\n got  %v\n want %v", got, want)
	}
	// Capture is compulsory (rule V, lines 341-345; rule XII): White's only
	// legal moves are the two captures of lines 741-751.
	expectLegal(t, "Damier 1, White to move", p, "31x22(27)", "33x44(39)")
	// Lines 732-737 and 688-694: Black 14 goes to 19 or 20, 21 only to 26;
	// 27 is blocked (31 and 32 are not en prise, 36 and 38 stand behind
	// them); 39 can step forward (line 680).
	expectLegal(t, "Damier 1, Black to move", bookPosition(t, International, "B:"+damier1),
		"14-19", "14-20", "21-26", "39-43", "39-44")
}

// Damier n° 2 (lines 753-757, 791-822, 926-964): White men 22 and 35;
// Black men 7, 8, 9, 18 and kings 20 and 30.
func TestLivreDeMetzDamier2(t *testing.T) {
	p := bookPosition(t, International, "W:W22,35:B7,8,9,18,K20,K30")
	// Rule XII (lines 926-939): 35 could take the two kings, 22 could take
	// 18 and 9 and stop on 4 (a crowning square), but the side of the
	// greater number must be taken: 18, 8 and 7. Rule XIII (lines 941-964):
	// the man passes over 2 without stopping there, ends on 11 and is not
	// crowned.
	expectLegal(t, "Damier 2", p, "22x11(7,8,18)")
	m := p.Moves()[0]
	if want := []int{22, 13, 2, 11}; !slices.Equal(squareNumbers(m.Path), want) {
		t.Errorf("Damier 2: path %v, the book's is %v (lines 799-803)", squareNumbers(m.Path), want)
	}
	if q := p.Play(m); q.Board[10] != WhiteMan {
		t.Errorf("Damier 2: after the capture 11 holds %v, want an uncrowned white man", q.Board[10])
	}
}

func squareNumbers(path []int) []int {
	out := make([]int, len(path))
	for i, s := range path {
		out[i] = s + 1
	}
	return out
}

// Damier n° 3, first example (lines 760-767, 861-882): White man 21; Black
// men 7, 8, 9, 17, 18, 19, 27. Black 1 is added: the prose says the only
// reason the man stops on 12 is that it may not pass 17 again, so the way
// over 7 must be closed, and in the book's diagram it is.
func TestLivreDeMetzDamier3Man(t *testing.T) {
	const fen = "W:W21:B1,7,8,9,17,18,19,27"
	p := bookPosition(t, International, fen)
	// 21-12-3-14-23-12 takes 17, 8, 9, 19, 18; it stops on 12 although 27
	// would follow 17, because 17 cannot be jumped twice.
	expectLegal(t, "Damier 3 (man)", p, "21x12(8,9,17,18,19)")
	// The same five pieces can be taken round the loop the other way: two
	// paths in perft's keep mode, one move.
	if n := len(p.Generate(Keep)); n != 2 {
		t.Errorf("Damier 3: %d capture paths in keep mode, want 2 (both ways round)", n)
	}
	// Lines 878-882: Black 7 then takes the piece left on 12 and lands on 18.
	expectLegal(t, "Damier 3, Black's reply", play(t, p, "21x12"), "7x18(12)")
}

// The same with a king on 21 (lines 875-877: "il en serait de même"). A
// flying king would run on along 23-28-32 in the minimal position, so the
// white man on 28, which the same diagram shows (line 853), is put back.
func TestLivreDeMetzDamier3King(t *testing.T) {
	p := bookPosition(t, International, "W:WK21,28:B1,7,8,9,17,18,19,27")
	expectLegal(t, "Damier 3 (king)", p, "21x12(8,9,17,18,19)")
	expectLegal(t, "Damier 3 (king), Black's reply", play(t, p, "21x12"), "7x18(12)")
}

// Damier n° 3, second example (lines 848-859): Black man 25 takes six white
// men, passing twice over the empty square 34, and lands on 45. The route
// 25-34-23-32-43-34-45 fixes the six white men: 30, 29, 28, 38, 39, 40.
func TestLivreDeMetzDamier3Black(t *testing.T) {
	p := bookPosition(t, International, "B:W28,29,30,38,39,40:B25")
	expectLegal(t, "Damier 3 (black man)", p, "25x45(28,29,30,38,39,40)")
	var through34 bool
	for _, m := range p.Generate(Keep) {
		n := 0
		for _, s := range m.Path {
			if s == 33 {
				n++
			}
		}
		through34 = through34 || n == 2
	}
	if !through34 {
		t.Error("Damier 3: no capture path passes square 34 twice")
	}
}

// Damier n° 4 (lines 824-846, 883-895, 966-983, 996-1022): White men 24, 33,
// 34, 40 and a king on 43; Black king 13 and men 7, 8, 14, 18, 27.
const damier4 = "W24,33,34,40,K43:B7,8,14,18,27,K13"

func TestLivreDeMetzDamier4(t *testing.T) {
	black := bookPosition(t, International, "B:"+damier4)
	// The black king takes 24, 40, 43 and 33 and must stop on 29: it may not
	// pass 24 twice, and 34 is backed by 40, which is taken but not yet
	// lifted (lines 829-837, 885-893).
	expectLegal(t, "Damier 4, Black to move", black, "13x29(24,33,40,43)")
	// Then 34 takes the king and 18, and 7 or 8 at its choice, ending on 1
	// or 3 where it is crowned because the move ends there (lines 839-846,
	// 973-983).
	after := play(t, black, "13x29")
	expectLegal(t, "Damier 4, White's reply", after, "34x1(7,18,29)+", "34x3(8,18,29)+")
	// 14th rule (lines 996-1022): the white king 43 takes 27 (passing 21
	// without stopping), 8 (touching 3) and 14, and stops on 20 or 25.
	white := bookPosition(t, International, "W:"+damier4)
	expectLegal(t, "Damier 4, White to move", white, "43x20(8,14,27)", "43x25(8,14,27)")
	for _, m := range white.Moves() {
		if got := squareNumbers(m.Path); !slices.Equal(got[:3], []int{43, 21, 3}) {
			t.Errorf("Damier 4: king path %v, the book's goes 43-21-3", got)
		}
	}
}

// Livre de Metz, Grégoire's foreword (lines 35-56): formerly a king had to
// be taken rather than a man, and a man and a king rather than two men;
// today one takes a king or a man at will but the greater number must be
// taken. Van Tenac n° 54-56 (lines 346-356) says the same: Manoury wants the
// king taken (n° 55); the modern rule (n° 56) takes two men rather than a
// king, three men rather than two kings, and is free between two kings and
// two men. Minimal positions, built for each sentence.
func TestOlderAndModernPrecedence(t *testing.T) {
	cases := []struct {
		what, fen          string
		international, old []string
	}{
		{"a king or a man", "W:W28:B22,K23",
			[]string{"28x17(22)", "28x19(23)"}, []string{"28x19(23)"}},
		{"a man and a king or two men", "W:W28,47:B12,22,K33,42",
			[]string{"28x8(12,22)", "47x29(33,42)"}, []string{"47x29(33,42)"}},
		{"two men or a king", "W:W28,47:B12,22,K42",
			[]string{"28x8(12,22)"}, []string{"28x8(12,22)"}},
		{"three men or two kings", "W:W28,47:B12,13,22,K33,K42",
			[]string{"28x19(12,13,22)"}, []string{"28x19(12,13,22)"}},
		{"two kings or two men", "W:W28,47:B12,22,K33,K42",
			[]string{"28x8(12,22)", "47x29(33,42)"}, []string{"47x29(33,42)"}},
	}
	for _, tc := range cases {
		expectLegal(t, "modern rule, "+tc.what, bookPosition(t, International, tc.fen), tc.international...)
		expectLegal(t, "Manoury's rule, "+tc.what, bookPosition(t, Manoury, tc.fen), tc.old...)
	}
}

// Van Tenac, Problem II (n° 72, lines 475-486): a full position. White plays
// 24 à 19; the black king 10 must take 19, 31 and 12 and stop on 8; the
// white man 13 takes it and is crowned on 2. The text adds that if pieces
// were lifted as they are taken (n° 30), 19 would no longer back 13 and the
// stroke would fail: checked with a copy of the rules that removes at once.
func TestVanTenacProblemII(t *testing.T) {
	p := bookPosition(t, International, "W:W12,13,24,25,31:B3,5,6,K10,11")
	p = play(t, p, "24 à 19")
	expectLegal(t, "Problem II, Black to move", p, "10x8(12,19,31)")
	if got := squareNumbers(p.Moves()[0].Path); !slices.Equal(got, []int{10, 37, 26, 8}) {
		t.Errorf("Problem II: path %v, the prose lands on 37 and 26 on the way to 8", got)
	}
	expectLegal(t, "Problem II, White's reply", play(t, p, "10 à 8"), "13x2(8)+")

	atOnce := *International
	atOnce.Name, atOnce.ImmediateRemoval = "international-immediate", true
	q := p
	q.Rules = &atOnce
	for _, m := range q.Moves() {
		if !slices.Contains(m.Captured, 12) { // square 13
			t.Errorf("lifting pieces at once: %s should also take 13", describe(q.Rules, m))
		}
	}
}

// Van Tenac n° 51 (lines 332-336) and the Brazilian rules 4.15 (line 78): a
// man that only passes over the crowning row during a capture goes on as a
// man and stays one. The variants article (line 145) says the same for the
// 100-square game, and (lines 288-290) that in the Russian game the man is
// crowned there and goes on taking as a king. Minimal positions.
func TestPassingTheCrowningRow(t *testing.T) {
	p := bookPosition(t, International, "W:W14:B9,8")
	expectLegal(t, "international, passing 3", p, "14x12(8,9)")
	b := bookPosition(t, Brazilian, "W:Wb6:Bc7,e7")
	expectLegal(t, "Brazilian 4.15", b, "b6xf6(c7,e7)")
	if q := b.Play(b.Moves()[0]); q.Board[mustSquare(t, Brazilian, "f6")] != WhiteMan {
		t.Error("Brazilian 4.15: the man must still be a man on f6")
	}
	r := bookPosition(t, Russian, "W:Wb6:Bc7,e7")
	expectLegal(t, "Russian, crowned on d8", r, "b6:f6(c7,e7)+", "b6:g5(c7,e7)+", "b6:h4(c7,e7)+")
}

func mustSquare(t *testing.T, r *Rules, name string) int {
	t.Helper()
	s, err := r.Geo.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Brazilian rules 4.13-4.14 (lines 76-77): the greater number must be taken,
// a king counts as one piece and gives no priority either as the capturing
// or as the captured piece; between equal numbers the choice is free, with a
// man or with a king. Minimal positions.
func TestBrazilianPrecedence(t *testing.T) {
	expectLegal(t, "4.13, two men or one", bookPosition(t, Brazilian, "W:Wc3:Bb4,d4,f6"), "c3xg7(d4,f6)")
	expectLegal(t, "4.13, two men or a king", bookPosition(t, Brazilian, "W:Wc3:BKb4,d4,f6"), "c3xg7(d4,f6)")
	expectLegal(t, "4.14, equal: man or king, man or king taken",
		bookPosition(t, Brazilian, "W:We3,Kh8:BKf4,e5"),
		"e3xg5(f4)", "h8xa1(e5)", "h8xb2(e5)", "h8xc3(e5)", "h8xd4(e5)")
}

// Variants article, majority rule (lines 176-191, diagram 9): after White's
// 35-30, Black may take 28 or 39 with the king on 33 or two men with the man
// on 25 going to 43; the two-piece capture is compulsory, and White answers
// 28x48 taking the king and a man. The diagram is not in the text: minimal
// position with the pieces the prose names.
func TestVariantsMajorityExample(t *testing.T) {
	p := bookPosition(t, International, "W:W28,35,39:B25,K33")
	p = play(t, p, "35-30")
	expectLegal(t, "diagram 9, Black to move", p, "25x43(30,39)")
	expectLegal(t, "diagram 9, White's reply", play(t, p, "25x43"), "28x48(33,43)")
}

// Variants article, the coup turc (lines 205-219, diagram 10): after 28-22
// the black king on 4 must take four men, 4x31, 31x48, 48x39, 39x28, and
// stops on 28: 22, already taken, blocks the way on, and 32 is backed by 37,
// taken but still on the board. Minimal position: the black king and the
// five white men the prose names (28 before it moves to 22, 32, 33, 37, 43).
func TestVariantsCoupTurc(t *testing.T) {
	p := bookPosition(t, International, "W:W28,32,33,37,43:BK4")
	p = play(t, p, "28-22")
	expectLegal(t, "coup turc", p, "4x28(22,33,37,43)")
	if got := squareNumbers(p.Moves()[0].Path); !slices.Equal(got, []int{4, 31, 48, 39, 28}) {
		t.Errorf("coup turc: path %v, the article's is 4-31-48-39-28", got)
	}
	// White now takes the king (line 219); here 32 does it.
	expectLegal(t, "coup turc, White's reply", play(t, p, "4x28"), "32x23(28)")
}

// Variants article, Russian game (lines 286-291): no majority rule, one may
// take fewer pieces. Minimal position: one man can take five pieces round a
// loop, or a single one.
func TestVariantsRussianFreeChoice(t *testing.T) {
	const fen = "W:Wa3:Bb2,b4,d4,d6,f4,f6"
	expectLegal(t, "Russian", bookPosition(t, Russian, fen), "a3:c1(b2)", "a3:c5(b4,d4,d6,f4,f6)")
	expectLegal(t, "Brazilian", bookPosition(t, Brazilian, fen), "a3xc5(b4,d4,d6,f4,f6)")
}

// Variants article, Turkish game (lines 325-333): kings move like rooks and
// take at a distance, and captured men are lifted as they are taken, so a
// square freed earlier in the move can be landed on. Minimal position: the
// fourth capture lands on b3, freed by the first.
func TestVariantsTurkishRemovalAsTaken(t *testing.T) {
	const fen = "W:WKb1:Bb3,c3,d5,f4"
	expectLegal(t, "Turkish", bookPosition(t, Turkish, fen), "b1xa3(b3,c3,d5,f4)", "b1xb3(b3,c3,d5,f4)")
	// Lifting the pieces only at the end, b3 stays occupied and c3 cannot be taken.
	atEnd := *Turkish
	atEnd.Name, atEnd.ImmediateRemoval = "turkish-at-end", false
	p := bookPosition(t, &atEnd, fen)
	for _, m := range p.Moves() {
		if len(m.Captured) != 3 {
			t.Errorf("end-of-move removal: %s, want three pieces", describe(&atEnd, m))
		}
	}
}

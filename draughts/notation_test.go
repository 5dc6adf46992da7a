package draughts

// Notation: every written form of a move and a position that the parsers
// accept, and every error they give, with the error text checked.

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// ambiguousFEN is a French-game position with the white man on d2 and black
// men on c3, c5, e3, e5: two captures d2-b4-d6 and d2-f4-d6 that take
// different men end on the same square (men capture forward only, so the
// man cannot come back round the loop).
const ambiguousFEN = "W:Wd2:Bc3,c5,e3,e5"

func TestParseMoveAcceptedForms(t *testing.T) {
	cases := []struct {
		rules *Rules
		fen   string
		text  string
		want  string // describe() of the move
	}{
		{International, "W:W31-50:B1-20", "32-28", "32-28"},
		{International, "W:W31-50:B1-20", "32 - 28", "32-28"},
		{International, "W:W31-50:B1-20", "32-28.", "32-28"},
		{International, "W:W33:B28", "33x22", "33x22(28)"},
		{International, "W:W33:B28", "33X22", "33x22(28)"},
		{International, "W:W33:B28", "33:22", "33x22(28)"}, // the Russian sign (variants article line 56)
		{International, "W:W33:B28", "33×22", "33x22(28)"},
		{International, "W:W33:B28,18", "33x13", "33x13(18,28)"},
		{International, "W:W33:B28,18", "33x22x13", "33x13(18,28)"},
		{International, "W:W33:B28,18", "33 x 22 x 13", "33x13(18,28)"},
		{International, "W:W28:B1", "28 à 23", "28-23"},
		{International, "W:W28:B1", "28 a 23", "28-23"},
		{International, "W:W28:B1", "28à23", "28-23"},
		{International, "W:W28:B1", "28 À 22", "28-22"},
		{International, "B:W23,33:B19", "prennent de 19 à 39", "19x39(23,33)"},
		{International, "W:W6:B2", "6-1", "6-1+"},
		{Russian, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6", "c3-d4", "c3-d4"},
		{Russian, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6", "C3-D4", "c3-d4"},
		{Russian, "W:Wc3,e3:Bd4,f4,b6", "c3:e5:g3", "c3:g3(d4,f4)"},
		{Russian, "W:Wc3,e3:Bd4,f4,b6", "c3:g3", "c3:g3(d4,f4)"},
		{Brazilian, "W:Wc3,e3:Bd4,f4,b6", "e3xc5xa7", "e3xa7(b6,d4)"},
		{Turkish, "W:Wd4:Bd5", "d4xd6", "d4xd6(d5)"},
		{Canadian, "W:W45:B39,27,28,16", "45x10", "45x10(16,28,39)"},
		{Italian, "W:WK30:B10,12,18,K20,K26,27", "30x5", "30x5(10,18,26)"},
	}
	for _, tc := range cases {
		p := bookPosition(t, tc.rules, tc.fen)
		m, err := ParseMove(p, tc.text)
		if err != nil {
			t.Errorf("%s %s: %q: %v", tc.rules.Name, tc.fen, tc.text, err)
			continue
		}
		if got := describe(tc.rules, m); got != tc.want {
			t.Errorf("%s %s: %q read as %s, want %s", tc.rules.Name, tc.fen, tc.text, got, tc.want)
		}
	}
}

// ambiguous returns the French position above with its two captures.
func ambiguous(t *testing.T) (Position, string, string) {
	p := bookPosition(t, Francaise, ambiguousFEN)
	name := func(a string) string { return Francaise.SquareName(mustSquare(t, Francaise, a)) }
	via1 := name("d2") + "x" + name("b4") + "x" + name("d6")
	via2 := name("d2") + "x" + name("f4") + "x" + name("d6")
	return p, via1, via2
}

// A capture written with its complete path names that path, even when the
// path is also part of a longer one (Russian, no majority rule), and either
// way round a loop names the one move both paths make.
func TestParseMoveFullPaths(t *testing.T) {
	cases := []struct {
		rules     *Rules
		fen, text string
		wantPath  string
	}{
		{Russian, "B:WKh8,f6,Kg5,b4,d4,Kc3,b2,d2,f2:Bg7,Kg1", "g1:e3:h6", "g1:e3:h6"},
		{Russian, "B:WKh8,f6,Kg5,b4,d4,Kc3,b2,d2,f2:Bg7,Kg1", "g1:e3:c5:a3:c1:e3:h6", "g1:e3:c5:a3:c1:e3:h6"},
		{International, "W:W21:B1,7,8,9,17,18,19,27", "21x12x3x14x23x12", "21x12x3x14x23x12"},
		{International, "W:W21:B1,7,8,9,17,18,19,27", "21x12x23x14x3x12", "21x12x23x14x3x12"},
	}
	for _, tc := range cases {
		p := bookPosition(t, tc.rules, tc.fen)
		m, err := ParseMove(p, tc.text)
		if err != nil {
			t.Errorf("%s %q: %v", tc.fen, tc.text, err)
			continue
		}
		if got := tc.rules.FormatMove(m, true); got != tc.wantPath {
			t.Errorf("%s %q: read as %s, want %s", tc.fen, tc.text, got, tc.wantPath)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	start := Start(International)
	amb, via1, via2 := ambiguous(t)
	short := strings.Split(via1, "x")
	cases := []struct {
		p          Position
		text       string
		reason     string   // a fragment of MoveError.Reason
		candidates []string // exactly, in any order; nil = none expected
	}{
		{start, "27-22", "no piece on 27", nil},
		{start, "19-23", "19 holds a black piece but White is to move", nil},
		{start, "46-41", "not legal: the piece on 46 has no legal move", formatAll(start.Moves())},
		{start, "31-22", "not legal", []string{"31-26", "31-27"}},
		{start, "32x28", "written as a capture but it takes nothing", []string{"32-28"}},
		{start, "51-46", "square 51 is off the board (expected 1-50)", nil},
		{start, "0-5", "square 0 is off the board (expected 1-50)", nil},
		{start, "32", "expected an origin and a destination square", nil},
		{start, "", "expected an origin and a destination square", nil},
		{bookPosition(t, International, "W:W33,40:B28"), "40-34", "not legal: a capture is compulsory", []string{"33x22"}},
		{bookPosition(t, Russian, "W:Wc3:Bh8"), "z9-a1", `"z9" is not a square of a 8x8 board`, nil},
		{bookPosition(t, Russian, "W:Wc3:Bh8"), "a2-b3", `"a2" is not a playable square`, nil},
		{amb, short[0] + "x" + short[2], "ambiguous: several capture paths take different pieces", []string{via1, via2}},
	}
	for _, tc := range cases {
		_, err := ParseMove(tc.p, tc.text)
		var me *MoveError
		if !errors.As(err, &me) {
			t.Errorf("%s %q: got %v, want a *MoveError", tc.p.FEN(), tc.text, err)
			continue
		}
		if !strings.Contains(me.Reason, tc.reason) || me.Text != tc.text {
			t.Errorf("%s %q: reason %q, want it to contain %q", tc.p.FEN(), tc.text, me.Reason, tc.reason)
		}
		got, want := slices.Sorted(slices.Values(me.Candidates)), slices.Sorted(slices.Values(tc.candidates))
		if !slices.Equal(got, want) {
			t.Errorf("%s %q: candidates %v, want %v", tc.p.FEN(), tc.text, got, want)
		}
		if !strings.HasPrefix(err.Error(), `move "`+tc.text+`": `) {
			t.Errorf("%q: error text %q does not start by quoting the move", tc.text, err)
		}
	}
	// The full path resolves the ambiguity.
	for _, via := range []string{via1, via2} {
		m, err := ParseMove(amb, via)
		if err != nil || Francaise.FormatMove(m, true) != via {
			t.Errorf("%s: got %v, %v", via, m.Path, err)
		}
	}
}

func formatAll(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = International.FormatMove(m, true)
	}
	return out
}

func TestParseFENAcceptedForms(t *testing.T) {
	cases := []struct {
		rules *Rules
		fen   string
		want  string // canonical FEN
	}{
		{International, "W:W31-50:B1-20", "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"},
		{International, "B:WK46,28:B17,K3.", "B:W28,K46:BK3,17"},
		{International, " W : W 28 , K 46 : B 17 ", "W:W28,K46:B17"},
		{International, "w:w28:b17", "W:W28:B17"},
		{International, `"W:W28:B17"`, "W:W28:B17"},
		{International, "W:W28:B17:H0:F1", "W:W28:B17"},
		{International, "W:W28-30,K31-32:B", "W:W28,29,30,K31,K32:B"},
		{International, "B:W:B", "B:W:B"},
		{International, "W:Wc3", "W:W37:B"}, // algebraic squares are read on any diagonal board
		{Russian, "W:Wa1,c1:Bh8", "W:Wa1,c1:Bh8"},
		{Turkish, "W:Wa2-h2:Ba7", "W:Wa2,b2,c2,d2,e2,f2,g2,h2:Ba7"},
		{Canadian, "W:WK67:B6", "W:WK67:B6"},
		{International, "w:w28,k46:bk3", "W:W28,K46:BK3"},
		{Russian, "W:Wkc3:Bh8", "W:WKc3:Bh8"},
		{International, `[FEN "B:W28:B17"]`, "B:W28:B17"},
		{International, `[fen "W:W28:B17"]`, "W:W28:B17"},
	}
	for _, tc := range cases {
		p, err := ParseFEN(tc.rules, tc.fen)
		if err != nil {
			t.Errorf("%s %q: %v", tc.rules.Name, tc.fen, err)
			continue
		}
		if got := p.FEN(); got != tc.want {
			t.Errorf("%s %q: read as %q, want %q", tc.rules.Name, tc.fen, got, tc.want)
		}
	}
}

func TestParseFENErrors(t *testing.T) {
	cases := []struct {
		rules  *Rules
		fen    string
		field  int
		detail string
	}{
		{International, "", 0, "empty (expected something like W:W31-50:B1-20)"},
		{International, "X:W31", 1, `side to move "X" (expected W or B)`},
		{International, "W:Q31", 2, `"Q31" does not start with W or B`},
		{International, "W:W31,31", 2, "square 31 is given twice"},
		{International, "W:W31:B31", 3, "square 31 is given twice"},
		{International, "W:W51", 2, "square 51 is off the board (expected 1-50)"},
		{International, "W:W35-31", 2, `range "35-31" runs backwards`},
		{International, "W:W3x", 2, `"3x" is not a square (expected a number 1-50 or a name like c3)`},
		{International, "W:WK", 2, "empty square"},
		{Russian, "W:Wc9", 2, `"c9" is not a square of a 8x8 board`},
		{Russian, "W:Wa2", 2, `"a2" is not a playable square`},
	}
	for _, tc := range cases {
		_, err := ParseFEN(tc.rules, tc.fen)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("%q: got %v, want a *FENError", tc.fen, err)
			continue
		}
		if fe.Field != tc.field || fe.Detail != tc.detail || fe.FEN != tc.fen {
			t.Errorf("%q: field %d %q, want field %d %q", tc.fen, fe.Field, fe.Detail, tc.field, tc.detail)
		}
		if !strings.Contains(err.Error(), tc.detail) {
			t.Errorf("%q: error text %q lacks the detail", tc.fen, err)
		}
	}
}

// Every legal move, written with its full path, reads back as itself, in
// every rule system; written short it reads back as itself or is reported
// ambiguous with itself among the candidates.
func TestFormatParseRoundTrip(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	for _, r := range AllRules() {
		rng := rand.New(rand.NewPCG(5, uint64(r.GameType)))
		for range n {
			p := randomPosition(rng, r, 0.3)
			for _, m := range p.Moves() {
				full := r.FormatMove(m, true)
				got, err := ParseMove(p, full)
				if err != nil || !got.SameEffect(m) {
					t.Fatalf("%s %s: %s read back as %v, %v", r.Name, p.FEN(), full, got.Path, err)
				}
				short := r.FormatMove(m, false)
				got, err = ParseMove(p, short)
				var me *MoveError
				switch {
				case err == nil && got.SameEffect(m):
				case errors.As(err, &me) && strings.HasPrefix(me.Reason, "ambiguous") && slices.Contains(me.Candidates, full):
				default:
					t.Fatalf("%s %s: %s read back as %v, %v", r.Name, p.FEN(), short, got.Path, err)
				}
			}
		}
	}
}

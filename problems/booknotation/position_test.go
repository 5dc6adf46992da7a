package booknotation

import (
	"strings"
	"testing"

	"metz/draughts"
)

// The expected FENs are typed from the books' own lists (Van Tenac,
// Problems IV–VII), not produced by the parser.
func TestParsePositionBooks(t *testing.T) {
	cases := []struct{ name, text, fen string }{
		{"VanTenac IV", "Noirs : (4, dame noire) 6, 17, 22, 35, pions noirs.\nBlancs : 14, 16, 23, 28, 32, 33, 34.",
			"W:W14,16,23,28,32,33,34:BK4,6,17,22,35"},
		{"VanTenac V", "Noirs :    2,    4,    12,    15,    17,    (47, dame noire)  \n Blancs : 13,    21,    23,    27,    28,    48",
			"W:W13,21,23,27,28,48:B2,4,12,15,17,K47"},
		{"VanTenac VI", "Noirs : 1, 2, 6, 16, (28, dame) 34,\nBlancs : 20, 27, 37, 38, 41, 42, 45, 47.",
			"W:W20,27,37,38,41,42,45,47:B1,2,6,16,K28,34"},
		{"VanTenac VII", "Noirs : 10, (14, dame), (34, dame).\nBlancs : 24, 29, 33, 40, 49.",
			"W:W24,29,33,40,49:B10,K14,K34"},
		{"ranges and short kings", "Blancs : 31-35, D46, 47 à 48\nNoirs : K1, dame 2, 3 D",
			"W:W31,32,33,34,35,K46,47,48:BK1,K2,K3"},
		{"english keys", "White: 32\nBlack: 19", "W:W32:B19"},
	}
	for _, c := range cases {
		got, err := ParsePosition(c.text)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got != c.fen {
			t.Errorf("%s: got %s, want %s", c.name, got, c.fen)
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	cases := []struct{ text, want string }{
		{"Noirs : 4, 51", "off the board"},
		{"Noirs : 0", "off the board"},
		{"Noirs : 4\nBlancs : 4", "given twice"},
		{"Noirs : (4, dame blanche)", "other side"},
		{"Noirs : 4, quatre", `"quatre" is not a square`},
		{"Rouges : 4", `expected "Noirs" or "Blancs"`},
		{"4, 5, 6", `expected "Noirs : …"`},
		{"", "no \"Noirs :\""},
		{"Noirs : (4, 5)", "two squares"},
		{"Blancs : 35-31", "backwards"},
	}
	for _, c := range cases {
		_, err := ParsePosition(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.text, err, c.want)
		}
	}
}

func TestParsePositionOtherBoard(t *testing.T) {
	got, err := ParsePositionFor(draughts.Francaise, "Blancs : 21, 22\nNoirs : D9")
	if err != nil || got != "W:W21,22:BK9" {
		t.Fatalf("got %q, %v", got, err)
	}
	if _, err := ParsePositionFor(draughts.Francaise, "Blancs : 33"); err == nil {
		t.Fatal("square 33 accepted on a 64-square board")
	}
}

// FuzzParsePosition: whatever is accepted is a position the engine reads
// back to the same FEN.
func FuzzParsePosition(f *testing.F) {
	f.Add("Noirs : (4, dame noire) 6, 17, 22, 35, pions noirs.\nBlancs : 14, 16, 23, 28, 32, 33, 34.")
	f.Add("Blancs : 31-35, D46, 47 à 48\nNoirs : K1, dame 2, 3 D")
	f.Add("Noirs : (4,, dame (5)")
	f.Fuzz(func(t *testing.T, text string) {
		fen, err := ParsePosition(text)
		if err != nil {
			return
		}
		p, err := draughts.ParseFEN(draughts.International, fen)
		if err != nil || p.FEN() != fen {
			t.Fatalf("%q gave %q, which reads back as %q (%v)", text, fen, p.FEN(), err)
		}
	})
}

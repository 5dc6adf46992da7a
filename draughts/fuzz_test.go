package draughts

// Fuzz tests of the two parsers. Run each for a while with, e.g.,
//
//	go test -run '^$' -fuzz FuzzParseFEN -fuzztime 30s ./draughts
//	go test -run '^$' -fuzz FuzzParseMove -fuzztime 30s ./draughts
//
// Without -fuzz, `go test` runs the seeds below (and any crashers saved in
// testdata/fuzz) as ordinary tests.

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func FuzzParseFEN(f *testing.F) {
	seeds := []string{
		"W:W31-50:B1-20", "B:WK46,28:B17,K3.", "W:Wc3,e3:Bd4", " W : W 31 - 35 : B 1 ", "[FEN \"W:W32:B19\"]",
		"W:W31-50:B1-20:H0:F1", "W:WK:B", "X:W1", "W:W1,1", "W:W50-31", "W:W0", "W:W51", "W:Wz9",
		"W:W1-", "W", "", ".", "W::", "B:B:W", "W:W1-50:B1", "W:Wa1,h8:Bb2", "W:W+5", "W:W-5",
		"W:W99999999999999999999", "W:WK2,Kx", "W:W1\x00", "W:Wé3",
		"W:W45,K50:B3,K7:+207+350", "W:W45,K50:B3:+0+3", "W:W45,K50:B3:+0+", "W:W45:B3:+9+9", "W:WK5:B3:++",
	}
	for _, s := range seeds {
		for i := range allRules {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, fen string) {
		r := allRules[int(which)%len(allRules)]
		p, err := ParseFEN(r, fen)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) || err.Error() == "" {
				t.Fatalf("%q: error %v is not a *FENError with a message", fen, err)
			}
			return
		}
		if len(p.Board) != r.Geo.N || p.Rules != r {
			t.Fatalf("%q: board of %d squares under %v", fen, len(p.Board), p.Rules)
		}
		out := p.FEN()
		q, err := ParseFEN(r, out)
		if err != nil {
			t.Fatalf("%q wrote %q, which does not parse: %v", fen, out, err)
		}
		if !q.Equal(p) || q.FEN() != out {
			t.Fatalf("%q: round trip %q -> %q", fen, out, q.FEN())
		}
		// Any position that parses must also be playable without a crash.
		start := time.Now()
		for _, m := range p.Moves() {
			_ = p.Play(m).Hash()
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("%q under %s: move generation took %v", p.FEN(), r.Name, d)
		}
		_ = p.Diagram(DiagramOptions{ASCII: true, Numbers: true})
		_ = p.Validate()
	})
}

// fuzzPositions are positions of different kinds to read moves against.
var fuzzPositions = []struct {
	rules *Rules
	fen   string
}{
	{International, "W:W31-50:B1-20"},
	{International, "B:" + damier4},
	{International, "W:W28,29,31,32,33,36,38,K35:B14,21,27,39"},
	{Russian, "W:Wa3:Bb2,b4,d4,d6,f4,f6"},
	{Brazilian, "W:Wc3,e3:Bd4,f4,b6"},
	{Italian, "W:WK30:B10,12,18,K20,K26,27"},
	{Spanish, "W:W11:B15,22,K14"},
	{Turkish, "W:WKb1:Bb3,c3,d5,f4"},
	{Canadian, "W:W45:B39,27,28,16"},
	{Francaise, "W:W21-32:B1-12"},
}

func FuzzParseMove(f *testing.F) {
	seeds := []string{
		"32-28", "33x22", "33x22x13", "33:22", "c3-d4", "c3:e5:g3", "28 à 23", "28 a 23", "28à23",
		"prennent de 19 à 39", "13x29", "13 x 35 x 49 x 38 x 29", "a3:c5:e7:g5:e3:c5", "b1xb3", "", "x",
		"99-100", "0-1", "1", "-", "ééé", "a", "z9-z8", "31 27 22", "à", "\xff\xfe", "12345678901234567890-1",
	}
	for _, s := range seeds {
		for i := range fuzzPositions {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		fp := fuzzPositions[int(which)%len(fuzzPositions)]
		p, err := ParseFEN(fp.rules, fp.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseMove(p, text)
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) || me.Reason == "" {
				t.Fatalf("%q: error %v is not a *MoveError with a reason", text, err)
			}
			if utf8.ValidString(text) && !strings.Contains(err.Error(), fmt.Sprintf("%q", text)) {
				t.Fatalf("%q: the error %q does not quote the text", text, err)
			}
			return
		}
		for _, l := range p.Generate(Keep) {
			if l.SameEffect(m) {
				return
			}
		}
		t.Fatalf("%q on %s gave %v, which is not a legal move", text, p.FEN(), m)
	})
}

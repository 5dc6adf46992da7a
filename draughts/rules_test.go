package draughts

import (
	"sort"
	"strings"
	"testing"
)

// Rule vectors of rules-and-variants.md: the exact set of legal moves.
// Expected moves are written as in the reference; a written move matches a
// legal move when origin and destination agree and any written intermediate
// squares lie on its path in order.
var ruleVectors = []struct {
	rules *Rules
	fen   string
	want  string // space-separated
}{
	// International extras (§2).
	{International, "W:WK46:B37,28", "46x23 46x19 46x14 46x10 46x5"},
	{International, "W:WK46:B37,29", "46x23x34 46x23x40 46x23x45"},
	// Qui perd gagne moves like international (§3).
	{QuiPerdGagne, "W:WK46:B37,28", "46x23 46x19 46x14 46x10 46x5"},
	// Brazilian vs Russian (§4, §7).
	{Brazilian, "W:Wb6:Bc7,f6", "b6xd8"},
	{Russian, "W:Wb6:Bc7,f6", "b6:d8:g5 b6:d8:h4"},
	{Brazilian, "W:Wa3,h2:Bb4,g3,e5", "h2xf4xd6"},
	{Russian, "W:Wa3,h2:Bb4,g3,e5", "a3:c5 h2:f4:d6"},
	{Brazilian, "W:Wc3,e3:Bd4,f4,b6", "c3xe5xg3 e3xc5xa7"},
	{Russian, "W:Wc3,e3:Bd4,f4,b6", "c3:e5:g3 e3:c5:a7 e3:g5"},
	{Brazilian, "W:Wc3:Bb4,d2", "c3xa5 c3xe1"},
	{Russian, "W:Wc3:Bb4,d2", "c3:a5 c3:e1"},
	{Russian, "W:WKa1:Bc3,f2", "a1:d4:g1"},
	{Russian, "W:WKa1:Bb2,d4", "a1:c3:e5 a1:c3:f6 a1:c3:g7 a1:c3:h8"},
	// German = international on 8x8 (§6 G1, decision 14.1).
	{German, "W:WKa1:Bd4", "a1xe5 a1xf6 a1xg7 a1xh8"},
	{German, "W:Wa1,e1:Bb2,f2,f4", "e1xg3xe5"},
	// Canadian numbering (§5).
	{Canadian, "W:W67", "67-61"},
	{Canadian, "W:W72", "72-65 72-66"},
	{Canadian, "W:WK67", "67-61 67-56 67-50 67-45 67-39 67-34 67-28 67-23 67-17 67-12 67-6"},
	{Canadian, "B:B1", "1-7 1-8"},
	{Canadian, "W:W45:B39,27,28,16", "45x34x23x10"},
	// Spanish (§8).
	{Spanish, "W:W9", "9-13"},
	{Spanish, "W:W10", "10-13 10-14"},
	{Spanish, "W:W11:B15,K14", "11x18"},
	{Spanish, "W:W11:B15,22,K14", "11x27"},
	{Spanish, "W:WK1:B10", "1x14 1x19 1x23 1x28 1x32"},
	// Italian (§9, FID rule figures).
	{Italian, "W:W30:B27", "30x23"},
	{Italian, "W:W31:B12,20,28", "31x8"},
	{Italian, "W:WK22:B18,19,27", "22x13 22x15 22x31"},
	{Italian, "W:WK27:B5,6,13,15,21,23", "27x25"},
	{Italian, "W:WK21,31:B10,18,27", "31x6"},
	{Italian, "W:WK23,31:B19,26,27", "23x21"},
	{Italian, "W:WK23:B19,K28", "23x32"},
	{Italian, "W:WK30:B10,12,18,K20,K26,27", "30x5"},
	{Italian, "W:WK30:B10,K12,K18,20,K26,K27", "30x5"},
	{Italian, "W:WK31:B18,20,K27,K28", "31x13 31x15"},
	{Italian, "W:W24:B20,28", "24x15"},
	{Italian, "W:W30:BK26", "30-27"},
	{Italian, "W:WK24:B20,28", "24x15 24x31"},
	{Italian, "W:WK30:BK26", "30x21"},
	// Turkish (§10).
	{Turkish, "W:Wd6:Bd7,c8", "d6xd8xb8"},
	{Turkish, "W:WKd4:Bd6,d2", "d4xd7 d4xd8 d4xd1"},
	{Turkish, "W:Wd4:Bd5", "d4xd6"},
	{Turkish, "W:Wd4:Bd3", "d4-c4 d4-d5 d4-e4"},
	{Turkish, "W:Wd4:Be4,g4,c4", "d4xf4xh4"},
	// English checkers (§11b: the française's moves, captures chosen
	// freely): a shorter capture may be taken, men never capture backwards,
	// kings are short, a man crowned by a capture stops there.
	{English, "W:W22:B17,18,10", "22x13 22x15x6"},
	{Francaise, "W:W22:B17,18,10", "22x15x6"},
	{English, "W:W22:B26", "22-17 22-18"},
	{English, "W:WK22:B18", "22x15"},
	{English, "W:W11:B7,6", "11x2"},
	{Russian, "W:Wf6:Be7,c7", "f6:d8:b6 f6:d8:a5"},
	// Thai (MindSports' rules, dctl thai.hpp): a flying king stops right
	// behind its victim; a piece taken leaves at once, and the capture may
	// turn back over its square; free choice among captures.
	{Thai, "W:WK29:B18", "29x15"},
	{Thai, "W:WK22:B15,25", "22x11x29 22x29x11"},
	{Thai, "W:WK22:B18,11,25", "22x15x8x29 22x15x29x8"},
	{Thai, "W:Wa3,h2:Bb4,g3,e5", "21x14 28x19x10"},
	// Czech (dctl czech.hpp: the capture made with a king is preferred,
	// nothing else): the king's capture excludes the man's, even one of
	// more pieces; among men's captures the choice is free; a man crowned
	// by a capture stops there (men capture forward only).
	{Czech, "W:WKa7,e3:Bb6,d4", "a7:c5"},
	{Czech, "B:Wg3,e5:BKh2,d6", "h2:f4"},
	{Czech, "W:WKh2,a3,c7:Bg3,b4,d6", "h2:f4 h2:e5"}, // not a3:c5:e7, of two pieces
	{Russian, "W:WKh2,a3,c7:Bg3,b4,d6", "c7:e5 a3:c5:e7 h2:f4 h2:e5"},
	{Czech, "W:Wa3,h2:Bb4,g3,e5", "a3:c5 h2:f4:d6"},
	{Czech, "W:Wb6:Bc7,f6", "b6:d8"},
	{Czech, "W:Wc3:Bb4,d2", "c3:a5"},
	// Pool (§6 G2, dctl pool.hpp): men capture backward, a man that
	// passes the last row goes on as a man, free choice.
	{Pool, "W:Wb6:Bc7,f6", "9x2"},
	{Pool, "W:Wa3,h2:Bb4,g3,e5", "21x14 28x19x10"},
	{Pool, "W:Wc3:Bb4,d2", "22x13 22x31"},
	{Pool, "W:Wa1,e1:Bb2,f2,f4", "29x22 31x24x15"},
	// Manoury's older rule (§11a, decision 14.2: quantity, then kings).
	{International, "W:W26:B12,K21,31,32", "26x8 26x28"},
	{Manoury, "W:W26:B12,K21,31,32", "26x8"},
	{International, "W:W48:B24,K31,34,K42,43", "48x19"},
	{Manoury, "W:W48:B24,K31,34,K42,43", "48x19"},
	// Frisian (docs/rules.md; lidraughts Frisian.scala, dctl frisian.hpp):
	// men and kings capture along files and ranks too, two cells a step
	// (27 = c5 takes c7 = 17 landing on c9 = 7); the capture of highest
	// value, a man 1 and a king just under 2: two men beat a king, a king
	// beats a man, two kings beat three men, four men beat two kings; at
	// equal value the king captures.
	{Frisian, "W:W27:B17", "27x7"},
	{International, "W:W27:B17", "27-21 27-22"},
	{Frisian, "W:WK50:B40", "50x30 50x20 50x10"},
	{Frisian, "W:W28,46:BK22,36,16", "46x26x6"},
	{Frisian, "W:W28,K50:BK22,40", "28x17"},
	{Frisian, "W:W28,K50:B22,40", "50x30 50x20 50x10"},
	{Frisian, "W:W46,9,K50:B36,16,7,K40,K20", "50x30x10"},
	{Frisian, "W:W46,9,K50:B36,16,7,18,K40,K20", "46x26x6x8x28"},
	// A king that has made three quiet moves in a row (lidraughts' run
	// field +B+W: White's king on 50, three moves) makes no fourth while
	// its side has men; it may capture, and another king may move; with
	// no men left the limit is lifted (the field reads as no run).
	{Frisian, "W:WK50,45:B3:+0+350", "45-40"},
	{Frisian, "W:WK50,K46,45:B3:+0+350", "45-40 46-41 46-37 46-32 46-28 46-23 46-19 46-14 46-10 46-5"},
	{Frisian, "W:WK50,41:B40:+0+350", "50x30 50x20 50x10"},
	{Frisian, "W:WK50:B3:+0+350", "50-45 50-44 50-39 50-33 50-28 50-22 50-17 50-11 50-6"},
	{Frisian, "W:WK50,45:B3:+0+250", "45-40 50-44 50-39 50-33 50-28 50-22 50-17 50-11 50-6"},
}

func TestRuleVectors(t *testing.T) {
	for _, tc := range ruleVectors {
		p, err := ParseFEN(tc.rules, tc.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.rules.Name, tc.fen, err)
		}
		checkMoveSet(t, p, strings.Fields(tc.want))
	}
}

// checkMoveSet asserts that the legal moves of p are exactly want.
func checkMoveSet(t *testing.T, p Position, want []string) {
	t.Helper()
	legal := p.Moves()
	var got []string
	for _, m := range legal {
		got = append(got, p.Rules.FormatMove(m, true))
	}
	sort.Strings(got)
	if len(legal) != len(want) {
		t.Errorf("%s %s: got %d moves %v, want %v", p.Rules.Name, p.FEN(), len(legal), got, want)
		return
	}
	matched := map[string]string{}
	for _, w := range want {
		m, err := ParseMove(p, w)
		if err != nil {
			t.Errorf("%s %s: %s: %v (legal: %v)", p.Rules.Name, p.FEN(), w, err, got)
			continue
		}
		key := p.Rules.FormatMove(m, true)
		if prev, dup := matched[key]; dup {
			t.Errorf("%s %s: %s and %s name the same move %s", p.Rules.Name, p.FEN(), prev, w, key)
		}
		matched[key] = w
	}
}

func TestQuiPerdGagneTerminal(t *testing.T) {
	// No piece or no move: in qui perd gagne the side to move has won.
	for _, fen := range []string{"W:B1", "B:W1"} {
		p, err := ParseFEN(QuiPerdGagne, fen)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Moves()) != 0 || !p.Rules.LosingGame {
			t.Errorf("%s: expected a terminal position under a losing-game rule", fen)
		}
	}
}

// A transcription names its rules in French ("Règles : russe"): every
// system answers to its French name, accents and capitals or not.
func TestFrenchRuleNames(t *testing.T) {
	want := map[string]string{
		"Internationale": "international", "jeu à la polonaise": "international", "À la française": "francaise",
		"Russe": "russian", "brésilienne": "brazilian", "Bresilien": "brazilian", "allemande": "german",
		"italien": "italian", "Espagnole": "spanish", "turque": "turkish", "canadienne": "canadian",
		"qui perd gagne": "qui-perd-gagne", "Manoury": "manoury", "frison": "frisian",
	}
	for name, key := range want {
		r, err := RulesByName(name)
		if err != nil || r.Name != key {
			t.Errorf("%q: %v, %v; want %s", name, r, err, key)
		}
	}
	if _, err := RulesByName("dameo"); err == nil {
		t.Error("dameo: no error")
	}
}

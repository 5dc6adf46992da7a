package draughts

import (
	"testing"
)

// Published perft tables (rules-and-variants.md; dctl test files, kish).
// Depths are cut so that `go test` stays fast; `make bench` goes deeper.
var perftTables = []struct {
	id    string
	rules *Rules
	fen   string // "" = initial position
	mode  Mode
	want  []uint64
	depth int // how deep the normal test goes (short mode: 2 less)
}{
	{"I1 international drop", International, "", Drop, []uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483961}, 6},
	{"I1k international keep", International, "", Keep, []uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483971}, 6},
	{"I6 FrontRows keep", International, "W:B16,17,18,19,20:W31,32,33,34,35", Keep, []uint64{9, 81, 534, 2538, 9052, 29999, 98971, 310315, 1008317}, 7},
	{"QPG = international", QuiPerdGagne, "", Drop, []uint64{9, 81, 658, 4265, 27117, 167140}, 5},
	{"B1 brazilian keep", Brazilian, "", Keep, []uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907836, 4431847}, 7},
	{"B1d brazilian drop", Brazilian, "", Drop, []uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766}, 8},
	{"G1 german = brazilian", German, "", Drop, []uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907830}, 7},
	{"C1 canadian drop", Canadian, "", Drop, []uint64{11, 121, 1222, 10053, 79049, 584100, 4369366}, 5},
	{"R1 russian keep", Russian, "", Keep, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667}, 7},
	{"R1d russian drop", Russian, "", Drop, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586}, 8},
	{"S1 spanish keep", Spanish, "", Keep, []uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866}, 7},
	{"T1 italian keep", Italian, "", Keep, []uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875}, 7},
	{"T2 italian gilbert", Italian, "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3", Keep, []uint64{5, 13, 42, 107, 360, 1099, 3736, 12495, 43686, 164177}, 9},
	{"T3 italian gilbert", Italian, "B:W30,21,22,17,20,K6:B25,28,9,5,1,3", Keep, []uint64{6, 47, 271, 1916, 10810, 73137, 389809}, 6},
	{"T4 italian gilbert", Italian, "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4", Keep, []uint64{13, 112, 828, 6756, 46241, 368908}, 5},
	// dctl board_08x08.cpp: Czech from the FMJD forum's "Perft for all
	// recognized draughts variants" (t=2822), Pool from the shashki.com
	// forum (t=627). Czech equals English checkers to depth 8 (no king
	// appears earlier to make the king-must-capture rule bite).
	{"Z1 czech keep", Czech, "", Keep, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918}, 8},
	{"Z1d czech drop", Czech, "", Drop, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918}, 9},
	{"P1 pool keep", Pool, "", Keep, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929902, 4570615}, 7},
	{"P1d pool drop", Pool, "", Drop, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534}, 8},
	// dctl board_08x08.cpp, Thai (FMJD forum t=2822): Thai rules from the
	// 12-man start of the other 8x8 games, not Thai's own 8-man start.
	{"H1 thai keep, 12 men", Thai, "W:W21-32:B1-12", Keep, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523}, 8},
	{"H1d thai drop, 12 men", Thai, "W:W21-32:B1-12", Drop, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523}, 9},
	// dctl board_10x10.cpp, Frisian (FMJD forum t=2822): the published
	// counts to depth 11 in both modes; depth 8 here, the rest in
	// TestDeepPerft. No king makes three quiet moves in a row this early.
	{"F1 frisian keep", Frisian, "", Keep, []uint64{9, 81, 658, 3880, 21345, 103584, 550314, 2907905, 16204497, 90161025, 521287205}, 8},
	{"F1d frisian drop", Frisian, "", Drop, []uint64{9, 81, 658, 3874, 21265, 102431, 540126, 2825779, 15605069, 85817725, 491186430}, 8},
	{"K1 turkish keep", Turkish, "", Keep, []uint64{8, 64, 708, 7538, 85090, 931312, 10782382}, 5},
	{"K1d turkish drop", Turkish, "", Drop, []uint64{8, 64, 708, 7538, 85090, 931312, 10782308}, 5},
}

func TestPerftTables(t *testing.T) {
	for _, tc := range perftTables {
		t.Run(tc.id, func(t *testing.T) {
			t.Parallel()
			p := Start(tc.rules)
			if tc.fen != "" {
				var err error
				if p, err = ParseFEN(tc.rules, tc.fen); err != nil {
					t.Fatal(err)
				}
			}
			depth := min(tc.depth, len(tc.want))
			if testing.Short() {
				depth = max(1, depth-2)
			}
			for d := 1; d <= depth; d++ {
				if got := Perft(p, d, tc.mode); got != tc.want[d-1] {
					t.Fatalf("depth %d: got %d, want %d", d, got, tc.want[d-1])
				}
			}
		})
	}
}

// English checkers perft (dctl's E1): the jeu à la française's generator
// with a free choice of captures. It checks the capture machinery of short
// kings and forward-only men; the majority rule is checked by rule vectors.
func TestPerftEnglish(t *testing.T) {
	want := []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931}
	depth := 7
	if testing.Short() {
		depth = 5
	}
	p := Start(English)
	if p.Turn != Black {
		t.Fatalf("English checkers starts with %v to move, want Black", p.Turn)
	}
	for d := 1; d <= depth; d++ {
		if got := Perft(p, d, Keep); got != want[d-1] {
			t.Fatalf("depth %d: got %d, want %d", d, got, want[d-1])
		}
	}
}

func TestPoolPerftGermanG2(t *testing.T) {
	// Rules with no majority rule on 8x8 with backward men captures and flying
	// kings = dctl "Pool" (German G2). A check of the Free precedence path.
	pool := *Brazilian
	pool.Precedence = Free
	want := []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929902}
	p := Start(&pool)
	depth := 7
	if testing.Short() {
		depth = 5
	}
	for d := 1; d <= depth; d++ {
		if got := Perft(p, d, Keep); got != want[d-1] {
			t.Fatalf("depth %d: got %d, want %d", d, got, want[d-1])
		}
	}
}

// A king that takes a piece and goes straight on over the next one follows
// one capture sequence whichever square it passes between them: keep mode
// counts sequences (3 here, as dctl and the bitboard generator count), not
// landing squares. The published FrontRows table (I6) needs it at depth 10.
func TestKeepCountsSequencesNotLandings(t *testing.T) {
	p, err := ParseFEN(International, "W:WK1:B5,12,24,K29")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(p.Generate(Keep)); n != 3 {
		t.Fatalf("keep mode: %d moves, want 3", n)
	}
	if n := len(p.allPaths()); n <= 3 {
		t.Fatalf("every path: %d, want more than the 3 sequences", n)
	}
	if testing.Short() {
		return
	}
	front, err := ParseFEN(International, "W:B16,17,18,19,20:W31,32,33,34,35")
	if err != nil {
		t.Fatal(err)
	}
	if got := Perft(front, 10, Keep); got != 3174159 {
		t.Fatalf("I6 keep depth 10: %d, want 3174159", got)
	}
}

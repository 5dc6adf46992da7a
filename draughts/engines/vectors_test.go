package engines

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"metz/draughts"
	"metz/draughts/internal/enginetest"
)

// ruleVectors are the 8x8 rule vectors of rules-and-variants.md (as
// draughts/rules_test.go lists them): the exact set of legal moves, written
// as the document writes them. They check the engine against the rules as
// written, not only against the generic engine.
var ruleVectors = []struct {
	rules *draughts.Rules
	fen   string
	want  string // space-separated
}{
	{draughts.Brazilian, "W:Wb6:Bc7,f6", "b6xd8"},
	{draughts.Russian, "W:Wb6:Bc7,f6", "b6:d8:g5 b6:d8:h4"}, // crowned at once, goes on as a king
	{draughts.Brazilian, "W:Wa3,h2:Bb4,g3,e5", "h2xf4xd6"},
	{draughts.Russian, "W:Wa3,h2:Bb4,g3,e5", "a3:c5 h2:f4:d6"}, // free choice
	{draughts.Brazilian, "W:Wc3,e3:Bd4,f4,b6", "c3xe5xg3 e3xc5xa7"},
	{draughts.Russian, "W:Wc3,e3:Bd4,f4,b6", "c3:e5:g3 e3:c5:a7 e3:g5"},
	{draughts.Brazilian, "W:Wc3:Bb4,d2", "c3xa5 c3xe1"},
	{draughts.Russian, "W:WKa1:Bc3,f2", "a1:d4:g1"},
	{draughts.Russian, "W:WKa1:Bb2,d4", "a1:c3:e5 a1:c3:f6 a1:c3:g7 a1:c3:h8"},
	{draughts.German, "W:WKa1:Bd4", "a1xe5 a1xf6 a1xg7 a1xh8"},
	{draughts.German, "W:Wa1,e1:Bb2,f2,f4", "e1xg3xe5"},
	{draughts.Spanish, "W:W9", "9-13"},
	{draughts.Spanish, "W:W10", "10-13 10-14"},
	{draughts.Spanish, "W:W11:B15,K14", "11x18"},
	{draughts.Spanish, "W:W11:B15,22,K14", "11x27"},
	{draughts.Spanish, "W:WK1:B10", "1x14 1x19 1x23 1x28 1x32"},
	{draughts.Italian, "W:W30:B27", "30x23"},
	{draughts.Italian, "W:W31:B12,20,28", "31x8"},
	{draughts.Italian, "W:WK22:B18,19,27", "22x13 22x15 22x31"},
	{draughts.Italian, "W:WK27:B5,6,13,15,21,23", "27x25"},
	{draughts.Italian, "W:WK21,31:B10,18,27", "31x6"},
	{draughts.Italian, "W:WK23,31:B19,26,27", "23x21"},
	{draughts.Italian, "W:WK23:B19,K28", "23x32"},
	{draughts.Italian, "W:WK30:B10,12,18,K20,K26,27", "30x5"},
	{draughts.Italian, "W:WK30:B10,K12,K18,20,K26,K27", "30x5"},
	{draughts.Italian, "W:WK31:B18,20,K27,K28", "31x13 31x15"},
	{draughts.Italian, "W:W24:B20,28", "24x15"},
	{draughts.Italian, "W:W30:BK26", "30-27"}, // a man does not take a king
	{draughts.Italian, "W:WK24:B20,28", "24x15 24x31"},
	{draughts.Italian, "W:WK30:BK26", "30x21"},
	{draughts.English, "W:W22:B17,18,10", "22x13 22x15x6"},
	{draughts.Francaise, "W:W22:B17,18,10", "22x15x6"},
	{draughts.English, "W:W22:B26", "22-17 22-18"},
	{draughts.English, "W:WK22:B18", "22x15"},
	{draughts.English, "W:W11:B7,6", "11x2"},
	{draughts.Russian, "W:Wf6:Be7,c7", "f6:d8:b6 f6:d8:a5"},
	// Thai (MindSports' rules, dctl thai.hpp): a flying king stops right
	// behind its victim; a piece taken leaves at once, and the capture may
	// turn back over its square; free choice among captures.
	{draughts.Thai, "W:WK29:B18", "29x15"},
	{draughts.Thai, "W:WK22:B15,25", "22x11x29 22x29x11"},
	{draughts.Thai, "W:WK22:B18,11,25", "22x15x8x29 22x15x29x8"},
	{draughts.Thai, "W:Wa3,h2:Bb4,g3,e5", "21x14 28x19x10"},
	// Czech (dctl czech.hpp: the capture made with a king is preferred,
	// nothing else): the king's capture excludes the man's, even one of
	// more pieces; among men's captures the choice is free; a man crowned
	// by a capture stops there (men capture forward only).
	{draughts.Czech, "W:WKa7,e3:Bb6,d4", "a7:c5"},
	{draughts.Czech, "B:Wg3,e5:BKh2,d6", "h2:f4"},
	{draughts.Czech, "W:WKh2,a3,c7:Bg3,b4,d6", "h2:f4 h2:e5"}, // not a3:c5:e7, of two pieces
	{draughts.Russian, "W:WKh2,a3,c7:Bg3,b4,d6", "c7:e5 a3:c5:e7 h2:f4 h2:e5"},
	{draughts.Czech, "W:Wa3,h2:Bb4,g3,e5", "a3:c5 h2:f4:d6"},
	{draughts.Czech, "W:Wb6:Bc7,f6", "b6:d8"},
	{draughts.Czech, "W:Wc3:Bb4,d2", "c3:a5"},
	// Pool (§6 G2, dctl pool.hpp): men capture backward, a man that
	// passes the last row goes on as a man, free choice.
	{draughts.Pool, "W:Wb6:Bc7,f6", "9x2"},
	{draughts.Pool, "W:Wa3,h2:Bb4,g3,e5", "21x14 28x19x10"},
	{draughts.Pool, "W:Wc3:Bb4,d2", "22x13 22x31"},
	{draughts.Pool, "W:Wa1,e1:Bb2,f2,f4", "29x22 31x24x15"},
	// Turkish (§10, K2-K6): a man crowned by a capture ends it as a man
	// (K2), no 180-degree turn between two captures (K3), men capture
	// forward and sideways, never backward (K4, K5), the majority rule (K6).
	{draughts.Turkish, "W:Wd6:Bd7,c8", "d6xd8xb8"},
	{draughts.Turkish, "W:WKd4:Bd6,d2", "d4xd7 d4xd8 d4xd1"},
	{draughts.Turkish, "W:Wd4:Bd5", "d4xd6"},
	{draughts.Turkish, "W:Wd4:Bd3", "d4-c4 d4-d5 d4-e4"},
	{draughts.Turkish, "W:Wd4:Be4,g4,c4", "d4xf4xh4"},
	// kish's single-position counts (§10): a man alone 3 moves, a king
	// alone 14.
	{draughts.Turkish, "W:Wd4", "d4-c4 d4-d5 d4-e4"},
	{draughts.Turkish, "W:WKd4", "d4-a4 d4-b4 d4-c4 d4-e4 d4-f4 d4-g4 d4-h4 d4-d1 d4-d2 d4-d3 d4-d5 d4-d6 d4-d7 d4-d8"},
	// The variants article's Turkish coup (draughts/books_test.go): the
	// pieces lifted as they are taken, the fourth capture lands on b3,
	// freed by the first.
	{draughts.Turkish, "W:WKb1:Bb3,c3,d5,f4", "b1xb5xf5xf3xa3 b1xb5xf5xf3xb3"},
}

// TestRuleVectors checks every engine that plays a vector's rules against
// the moves written by hand, and against the generic engine.
func TestRuleVectors(t *testing.T) {
	for _, tc := range ruleVectors {
		gp, err := draughts.ParseFEN(tc.rules, tc.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.rules.Name, tc.fen, err)
		}
		var want []string
		for _, w := range strings.Fields(tc.want) {
			m, err := draughts.ParseMove(gp, w)
			if err != nil {
				t.Fatalf("%s %s: %s: %v", tc.rules.Name, tc.fen, w, err)
			}
			want = append(want, enginetest.GenericKey(m))
		}
		checkVector(t, tc.rules.Name+" "+tc.fen, gp, want)
	}
}

// checkVector checks the moves of every engine that plays gp's rules
// against want (EffectKeys), and against the generic engine.
func checkVector(t *testing.T, name string, gp draughts.Position, want []string) {
	t.Helper()
	sort.Strings(want)
	ss := subjects(gp.Rules)
	if len(ss) == 0 {
		t.Fatalf("%s: no engine plays %s", name, gp.Rules.Name)
	}
	for _, s := range ss {
		if got := s.effects(t, gp); strings.Join(want, " ") != strings.Join(got, " ") {
			t.Errorf("%s %s: got %v, want %v", s.kind, name, got, want)
		}
		s.compare(t, gp)
	}
}

// canadianVectors are Canadian positions with their exact set of legal moves,
// worked out by hand from the rules (rules-and-variants.md §2 and §5):
// they check the engine against the rules as written, not only against
// the generic engine. A move is written from-to, or fromxto[captured
// squares], with a trailing * when the man is crowned; squares are numbers
// or, for the constructed positions, algebraic (a1 = 67, l12 = 6).
var canadianVectors = []struct {
	name string
	fen  string
	want string // space-separated
}{
	// The numbering checks of §5.
	{"man on a1", "W:W67", "67-61"},
	{"man on k1", "W:W72", "72-65 72-66"},
	{"king on the long diagonal", "W:WK67", "67-61 67-56 67-50 67-45 67-39 67-34 67-28 67-23 67-17 67-12 67-6"},
	{"black man on b12", "B:B1", "1-7 1-8"},
	{"three captures, a fourth piece left", "W:W45:B39,27,28,16", "45x10[39,28,16]"},
	// A man captures backward.
	{"backward capture", "W:Wd4:Bc3", "d4xb2[c3]"},
	// Majority: two men (c5, c7) rather than one (e5), and a king counts
	// as one piece, no more.
	{"majority", "W:Wd4:Be5,c5,c7", "d4xd8[c5,c7]"},
	{"majority over a king", "W:Wd4:BKe5,c5,c7", "d4xd8[c5,c7]"},
	// A flying king lands on any square behind its victim...
	{"king, many landings", "W:WKa1:Bd4", "a1xe5[d4] a1xf6[d4] a1xg7[d4] a1xh8[d4] a1xi9[d4] a1xj10[d4] a1xk11[d4] a1xl12[d4]"},
	// ...but only on those from which it can go on: g7, to take f8.
	{"king, must continue", "W:WKa1:Bd4,f8", "a1xe9[d4,f8] a1xd10[d4,f8] a1xc11[d4,f8] a1xb12[d4,f8]"},
	// Crowning: by a step, by a capture ending on the crowning row; a man
	// that passes the row during a capture and leaves it stays a man; and
	// one that stops there (it cannot go on as a man) is crowned, though
	// as a king it could have taken i9.
	{"crowning step", "W:Wc11", "c11-b12* c11-d12*"},
	{"crowning capture", "B:Wd2:Bc3", "c3xe1[d2]*"},
	{"passing the crowning row", "W:Wd10:Be11,g11", "d10xh10[e11,g11]"},
	{"crowned at the end only", "W:Wd10:Be11,i9", "d10xf12[e11]*"},
	// A man goes round a diamond of four pieces back to its origin: one
	// move (From == To), the two directions round merged, and no piece
	// taken twice (it could go round for ever).
	{"back to the origin", "W:Wd4:Be5,g5,g3,e3", "d4xd4[e5,g5,g3,e3]"},
	// Captured pieces stay on the board until the move ends: from e1, c3
	// (taken first) blocks the ray to b4, so the king stops there after
	// three pieces instead of taking a fourth on b4. Without b4, c3 may not
	// be jumped a second time.
	{"taken pieces block", "W:WKa1:Bc3,f4,f2,b4", "a1xe1[c3,f4,f2]"},
	{"no piece jumped twice", "W:WKa1:Bc3,f4,f2", "a1xe1[c3,f4,f2]"},
}

// TestCanadianVectors checks every engine that plays Canadian draughts
// against canadianVectors.
func TestCanadianVectors(t *testing.T) {
	for _, tc := range canadianVectors {
		gp, err := draughts.ParseFEN(draughts.Canadian, tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var want []string
		for _, w := range strings.Fields(tc.want) {
			k, err := parseVectorMove(gp.Rules.Geo, w)
			if err != nil {
				t.Fatalf("%s: %s: %v", tc.name, w, err)
			}
			want = append(want, k)
		}
		checkVector(t, tc.name+" "+tc.fen, gp, want)
	}
}

// parseVectorMove reads a move as canadianVectors write it and returns its key.
func parseVectorMove(g *draughts.Geometry, w string) (string, error) {
	promotes := strings.HasSuffix(w, "*")
	w = strings.TrimSuffix(w, "*")
	w, victims, _ := strings.Cut(w, "[")
	from, to, ok := strings.Cut(w, "-")
	if !ok {
		from, to, ok = strings.Cut(w, "x")
	}
	if !ok {
		return "", fmt.Errorf("no - or x")
	}
	var sq [2]int
	for i, s := range []string{from, to} {
		n, err := g.ParseSquare(s)
		if err != nil {
			return "", err
		}
		sq[i] = n
	}
	var captured [3]uint64
	for _, v := range strings.FieldsFunc(strings.TrimSuffix(victims, "]"), func(r rune) bool { return r == ',' }) {
		n, err := g.ParseSquare(v)
		if err != nil {
			return "", err
		}
		captured[n/64] |= 1 << (n % 64)
	}
	return enginetest.EffectKey(sq[0], sq[1], captured, promotes), nil
}

// manyCaptures are positions found by hill-climbing on the number of
// merged captures: more than CountMoves' small list holds (its fallback),
// and the most found for each system, far below MaxMoves on the diagonal
// boards. Turkish kings, the pieces they take lifted at once, have many
// more: 374, 1144 with 8 kings against 16 pieces (more than MaxMoves: the
// list's slice), 2245 with 4 against 25 (more than that slice's first size,
// 4*MaxMoves: it grows). A short search found them; they are not bounds.
var manyCaptures = []struct {
	rules *draughts.Rules
	fen   string
	n     int
}{
	{draughts.Russian, "W:WKb8,Kh4,Kh2,Ka1,Kc1,Kg1:Be7,g7,Kb6,e5,Kg5,b4,Ke3,Kg3,Kb2", 68},
	{draughts.Russian, "W:WKb8,Kf8,Kh6,Kh2,Ka1,Kc1,Ke1,Kg1:BKb6,d6,Kf6,Kb4,Kd4,Kf4,b2,f2", 65},
	{draughts.Brazilian, "W:WKb8,Kb6,Kh6,Kb4,Kh4,Kb2,Kh2:Ba7,c7,Ka5,Kc5,g5,Kc3,Kg3,a1", 30},
	{draughts.German, "W:WKf8,Kh6,Ka5,Kh4,Ka3,Kh2,Kc1,e1:Be7,Kg7,Ke5,Kg5,Kb4,Kd4,g3,b2,Kd2", 30},
	{draughts.Spanish, "W:WK1,K3,K9,K11,K17,K25,K29,K30,K31,K32:B5,6,7,13,21,26,27,28", 30},
	{draughts.English, "W:WK1,K2,K6,K12,K16,K21,K24:B9,10,11,K17,18,K19,20,K25,26,K27,28", 28},
	{draughts.Francaise, "W:WK10,K11,K12,K13,K14,K15,K16,28,29,K30,31,32:BK7,8,9,17,K18,19,20,25,26,27", 18},
	{draughts.Italian, "W:WK9,K10,K11,K12,K16,K25,K26,K27,K28,K29,30:BK5,K6,K7,K8,K13,K14,K15,K21,K22,K23,K24,31,32", 18},
	{draughts.Turkish, "W:WKd4,Ke4,Kf4,Ke5,Kd7,Kb8,Kh8:BKc1,c2,d3,a4,b4,Kc4,Kg4,d5,Kf5,Ke6,c7,Kf7,Kh7,Kc8,e8", 374},
	{draughts.Turkish, "W:WKa1,Kb1,Kg1,Kh1,Ka7,Kh7,Kb8,Kh8:BKc2,f2,a3,b3,Kd3,Ke3,Kf3,Kg3,Kh3,Kc4,Kc5,Kc6,c7,g7,c8,Kg8", 1144},
	{draughts.Turkish, "W:WKa3,Ka4,Kd5,Kb7:BKg1,Ka2,Kb2,Kc2,d2,Ke2,f2,g2,h2,Kc3,Kg3,g4,b5,f5,g5,e6,Kg6,Ka7,Kc7,d7,e7,Kf7,g7,h7,Kg8", 2245},
	{draughts.Canadian, "W:WK1,K2,K5,K6,K7,K18,30,K32,K33,36,K41,42,K50,54,55,K66,K67,K68,K69:B13,K14,15,K19,22,K26,28,K29,37,K45,K47,48,K49,59,61,K62,K63,K64", 79},
	{draughts.Canadian, "W:WK4,K6,K7,K18,K27,K30,K33,42,K50,K51,K56,K67,K70:B1,K2,K8,11,12,13,14,K19,K23,K24,K26,34,35,38,39,K44,K47,48,K49,54,K55,K57,K59,K61,K63,64", 140},
	{draughts.Canadian, "W:WK1,K7,K18,K24,K30,K35,K42,55,66:BK2,K8,12,K13,17,21,25,27,K28,36,39,K40,K44,46,49,51,52,K59,61,K65", 486},
	{draughts.Canadian, "W:WK1,K2,K7,K19,K31,K58,K63,K67,K68,K69:B8,9,K10,K11,K13,25,27,30,34,K40,41,K47,K51,52,K53,K57,K60,K61,62,K66", 1009},
}

// TestManyCaptures checks the positions with many merged captures in
// every engine that plays them: more than CountMoves' small list holds
// (its fallback list), and more than bitgen.MaxMoves (a list grown once
// and then kept: the same position again does not allocate).
func TestManyCaptures(t *testing.T) {
	for _, tc := range manyCaptures {
		gp, err := draughts.ParseFEN(tc.rules, tc.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.rules.Name, tc.fen, err)
		}
		for _, s := range subjects(tc.rules) {
			if tc.n <= 512 || s.kind != Board12 || !testing.Short() {
				s.compare(t, gp)
			}
			if n, c, allocs := s.count(gp); n != tc.n || !c || allocs != 0 {
				t.Errorf("%s %s %s: %d moves (capture %v, %v allocations again), want %d captures",
					s.kind, tc.rules.Name, tc.fen, n, c, allocs, tc.n)
			}
		}
	}
}

// TestNoAllocs checks that the operations of the contract a search calls
// at every node do not allocate once its buffer has grown, on positions
// with long king captures (Russian: the captured pieces block, the coup
// turc; Turkish: they are lifted at once; Canadian on 12x12) and with
// quiet moves only. (Lists of more captures than CountMoves' small list
// fall back on a sync.Pool, which the race detector empties at random:
// not measured here.)
func TestNoAllocs(t *testing.T) {
	for _, tc := range []struct {
		rules *draughts.Rules
		fen   string
	}{
		{draughts.Russian, "B:Wb4,Kd4,Kf4,g3,Kd2,Kh2:BKb8,Kh4,b2"},
		{draughts.Russian, "W:W21-32:B1-12"},
		{draughts.Turkish, "W:WKb1:Bb3,c3,d5,f4"},
		{draughts.Turkish, "W:WKd4,Kf4,Kb2:Bd6,d7,c4,f6,f2,b5,b6,e4,g4,a2,h2"},
		{draughts.Turkish, "W:Wa2-h3:Ba6-h7"},
		{draughts.Canadian, "W:W43-72:B1-30"},
		{draughts.Canadian, "W:WKa1:Bc3,f4,f2,b4"},
		{draughts.Canadian, "W:WK1,K2,K3,K4,K5,K6,K7,K18,K19,K30,K31,K42,K43,K54,K55,K66,K67,K68,K69,K70,K71,K72"},
		{draughts.Canadian, "W:W60,K62,66:BK2,K14,K15,K16,K17,29,K31,K34,K39,52,63,64,K67"},
		{draughts.Canadian, "W:Wd4:Be5,g5,g3,e3"},
	} {
		gp, err := draughts.ParseFEN(tc.rules, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range subjects(tc.rules) {
			if a := s.allocs(gp); a != 0 {
				t.Errorf("%s %s %s: %v allocations per run", s.kind, tc.rules.Name, tc.fen, a)
			}
		}
	}
}

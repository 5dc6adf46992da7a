package bitboard12

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"metz/draughts"
	"metz/draughts/internal/enginetest"
)

// ruleVectors are Canadian positions with their exact set of legal moves,
// worked out by hand from the rules (rules-and-variants.md §2 and §5):
// they check the engine against the rules as written, not only against
// the generic engine. A move is written from-to, or fromxto[captured
// squares], with a trailing * when the man is crowned; squares are numbers
// or, for the constructed positions, algebraic (a1 = 67, l12 = 6).
var ruleVectors = []struct {
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

func TestRuleVectors(t *testing.T) {
	e := enginetest.Must(New(draughts.Canadian))
	for _, tc := range ruleVectors {
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
		sort.Strings(want)
		if got := enginetest.Effects(t, e, gp); strings.Join(want, " ") != strings.Join(got, " ") {
			t.Errorf("%s %s: got %v, want %v (%s)", tc.name, tc.fen, got, want, tc.want)
		}
		enginetest.Compare(t, e, gp)
	}
}

// parseVectorMove reads a move as ruleVectors write it and returns its key.
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
	var captured Bits
	for _, v := range strings.FieldsFunc(strings.TrimSuffix(victims, "]"), func(r rune) bool { return r == ',' }) {
		n, err := g.ParseSquare(v)
		if err != nil {
			return "", err
		}
		captured = captured.Or(bit(n))
	}
	return enginetest.EffectKey(sq[0], sq[1], [3]uint64{captured.Lo, captured.Hi}, promotes), nil
}

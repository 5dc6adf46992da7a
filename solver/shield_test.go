package solver

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard10"
)

// randomLoneDefender puts a lone king of either colour against pieces of
// the other side (some of them kings, men never on their crowning row),
// the attacker to move, the king's square drawn near the others half the
// time so that the attacker's moves often touch its escapes.
func randomLoneDefender(t *testing.T, rng *rand.Rand, n int) draughts.Position {
	t.Helper()
	for {
		perm := rng.Perm(50)[:n+1]
		if rng.IntN(2) == 0 { // the attackers around the king
			perm = nearSquares(rng, perm[0], n)
		}
		black := rng.IntN(2) == 0 // the defender's colour
		var att []string
		for _, sq := range perm[1:] {
			sq++
			crowning := sq <= 5 // White's men crown there
			if !black {
				crowning = sq >= 46
			}
			if rng.IntN(4) == 0 || crowning {
				att = append(att, fmt.Sprintf("K%d", sq))
			} else {
				att = append(att, fmt.Sprint(sq))
			}
		}
		king := fmt.Sprintf("K%d", perm[0]+1)
		fen := fmt.Sprintf("W:W%s:B%s", strings.Join(att, ","), king)
		if !black {
			fen = fmt.Sprintf("B:W%s:B%s", king, strings.Join(att, ","))
		}
		p, err := draughts.ParseFEN(intl, fen)
		if err == nil && len(p.Moves()) > 0 {
			return p
		}
	}
}

// nearSquares returns the 0-based square king followed by n others drawn
// from the squares at most two rows and two files from it (as many as
// there are).
func nearSquares(rng *rand.Rand, king, n int) []int {
	rowCol := func(i int) (int, int) { r := i / 5; return r, 2*(i%5) + 1 - r%2 }
	kr, kc := rowCol(king)
	var near []int
	for i := range 50 {
		r, c := rowCol(i)
		if i != king && max(r-kr, kr-r) <= 2 && max(c-kc, kc-c) <= 2 {
			near = append(near, i)
		}
	}
	rng.Shuffle(len(near), func(i, j int) { near[i], near[j] = near[j], near[i] })
	return append([]int{king}, near[:min(n, len(near))]...)
}

// Every escape the shield leaves standing after a move holds: after the
// move the king may slide there, and then the attacker does not win with
// one move (the brute force, bruteGoal); so every move it refutes fails
// within two plies more. On random positions of a lone king of either
// colour against three to nine pieces. The shield must refute many moves
// and leave many, or the test proves nothing.
func TestShieldAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(83, 89))
	g := newFastGame(intl)
	refuted, left, shields := 0, 0, 0
	for i := range caseCount(3000, 600) {
		p := randomLoneDefender(t, rng, 3+i%7)
		q := from(g, p)
		sh, ok := loneShield(&q)
		if !ok {
			continue
		}
		shields++
		for _, m := range p.Moves() {
			bm, err := bitboard10.MoveFromGeneric(p, m)
			if err != nil {
				t.Fatal(err)
			}
			standing := sh.standing(&q, bm)
			if standing == 0 {
				left++
				continue
			}
			refuted++
			after := p.Play(m)
			for b := standing; b != 0; b &= b - 1 {
				checkEscape(t, after, p.Turn, bitboard10.BitSquare(bits.TrailingZeros64(b)))
			}
		}
	}
	t.Logf("%d shields: %d moves refuted, %d left to the search", shields, refuted, left)
	if refuted < shields || left < shields/4 {
		t.Errorf("too few of one kind: %d refuted, %d left, %d shields", refuted, left, shields)
	}
}

// checkEscape fails unless the lone king to move in p may slide to square
// to, after which the attacker does not win with one move.
func checkEscape(t *testing.T, p draughts.Position, attacker draughts.Color, to int) {
	t.Helper()
	for _, m := range p.Moves() {
		if m.IsCapture() || m.To()+1 != to { // Path counts squares from 0
			continue
		}
		if bruteGoal(p.Play(m), false, attacker, Win, 0, 1, false) {
			t.Fatalf("%s: the king's escape to %d loses at once", p.FEN(), to)
		}
		return
	}
	t.Fatalf("%s: the king cannot slide to %d", p.FEN(), to)
}

// loneShield holds only against a lone king that cannot capture.
func TestShieldNeedsLoneKing(t *testing.T) {
	for _, c := range []struct{ fen, why string }{
		{"W:W31,32,33:B18,K10", "two defending pieces"},
		{"W:W31,32,33:B18", "a lone man"},
		{"W:W31,32,33:BK26", "the king can take 31"},
	} {
		p, err := draughts.ParseFEN(intl, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		q := from(newFastGame(intl), p)
		if _, ok := loneShield(&q); ok {
			t.Errorf("%s (%s): a shield", c.fen, c.why)
		}
	}
	his, _ := draughts.ParseFEN(intl, "B:W31,32,33:BK26")
	if ms := his.Moves(); len(ms) == 0 || !ms[0].IsCapture() {
		t.Error("the king on 26 has no capture: the last case proves nothing")
	}
}

// A slide to a square with one step is no escape: in the corner 46, the
// king's last step 41 is closed by 47-41 (37 stops him taking it), so
// the shield must leave it out.
func TestShieldNeedsTwoSteps(t *testing.T) {
	p, err := draughts.ParseFEN(intl, "W:W32,37,47:BK41")
	if err != nil {
		t.Fatal(err)
	}
	q := from(newFastGame(intl), p)
	sh, ok := loneShield(&q)
	if !ok {
		t.Fatal("no shield")
	}
	corner := bitboard10.SquareBit(46)
	if bitboard10.KingSlides(q.Black, ^(q.White|q.Black)&bitboard10.BoardMask)&corner == 0 {
		t.Fatal("the king cannot go to 46")
	}
	if sh.safe&corner != 0 {
		t.Error("46 counted as an escape")
	}
	there, err := draughts.ParseFEN(intl, "W:W32,37,47:BK46")
	if err != nil {
		t.Fatal(err)
	}
	if !bruteGoal(there, false, draughts.White, Win, 0, 1, false) {
		t.Error("White does not win at once with the king on 46")
	}
}

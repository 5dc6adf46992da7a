package draughts_test

import (
	"math/rand/v2"
	"testing"

	"metz/draughts"
	"metz/draughts/internal/randpos"
)

// ParseMove looks among the capture paths only when a capture is due, and
// else among the quiet moves of the piece on the first square written: on
// random positions of every rule system it reads back every legal move
// written in full, and refuses a quiet move when a capture is due (unless
// a capture joins the same two squares).
func TestParseMoveEveryLegalMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, r := range draughts.AllRules() {
		for i := 0; i < 300; i++ {
			p := randpos.Scatter(rng, r, 1+rng.IntN(8), 1+rng.IntN(8), 0.3)
			if rng.IntN(2) == 0 {
				p.Turn = p.Turn.Opponent()
			}
			legal := p.Moves()
			for _, m := range legal {
				text := r.FormatMove(m, true)
				got, err := draughts.ParseMove(p, text)
				if err != nil || !got.SameEffect(m) {
					t.Fatalf("%s %s: %q read as %v (%v)", r.Name, p.FEN(), text, got, err)
				}
			}
			capture := len(legal) > 0 && legal[0].IsCapture()
			p.EachQuiet(func(s, d int, _ bool) {
				for _, m := range legal {
					if m.From() == s && m.To() == d {
						return // a capture between the same squares, written with "-"
					}
				}
				text := r.SquareName(s) + "-" + r.SquareName(d)
				_, err := draughts.ParseMove(p, text)
				if capture != (err != nil) {
					t.Fatalf("%s %s: quiet %s read with error %v, a capture due: %v", r.Name, p.FEN(), text, err, capture)
				}
			})
		}
	}
}

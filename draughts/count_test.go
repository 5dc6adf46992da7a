package draughts

import (
	"math/rand/v2"
	"testing"
)

// CountMoves must agree with the moves it stands for, in every rule
// system, on quiet positions and on capture positions alike.
func TestCountMovesAgreesWithMoves(t *testing.T) {
	for _, r := range AllRules() {
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(11, uint64(r.GameType)))
			quiet, captures := 0, 0
			for i := range 2000 {
				p := randomPosition(rng, r, []float64{0.1, 0.3, 0.6}[i%3])
				ms := p.Moves()
				n, capture := p.CountMoves()
				wantCapture := len(ms) > 0 && ms[0].IsCapture()
				if n != len(ms) || capture != wantCapture {
					t.Fatalf("%s: CountMoves = %d, %v; Moves has %d, capture %v", p.FEN(), n, capture, len(ms), wantCapture)
				}
				if wantCapture {
					captures++
				} else if n > 0 {
					quiet++
				}
			}
			if quiet < 200 || captures < 200 {
				t.Errorf("weak sample: %d quiet and %d capture positions of 2000", quiet, captures)
			}
		})
	}
}

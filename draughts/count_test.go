package draughts

import (
	"math/rand/v2"
	"slices"
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

// HashAfter must give the hash Hash computes from scratch after every move,
// captures (kings and men, several at once) and crownings included.
func TestHashAfterAgreesWithHash(t *testing.T) {
	for _, r := range AllRules() {
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(12, uint64(r.GameType)))
			moves, captures, crowns := 0, 0, 0
			for i := range 1000 {
				p := randomPosition(rng, r, []float64{0.1, 0.3, 0.6}[i%3])
				h := p.Hash()
				for _, m := range p.Moves() {
					if got, want := p.HashAfter(h, m), p.Play(m).Hash(); got != want {
						t.Fatalf("%s, %v: HashAfter gives %x, Hash of the child %x", p.FEN(), m.Path, got, want)
					}
					moves++
					captures += min(len(m.Captured), 1)
					if m.Promotes {
						crowns++
					}
				}
			}
			if captures < 100 || crowns < 20 || moves < 2000 {
				t.Errorf("weak sample: %d moves, %d captures, %d crownings", moves, captures, crowns)
			}
		})
	}
}

// AppendMoves must append exactly Moves, after what the buffer holds.
func TestAppendMovesAgreesWithMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	for _, r := range AllRules() {
		for i := range 300 {
			p := randomPosition(rng, r, []float64{0.1, 0.3, 0.6}[i%3])
			prefix := Move{Path: []int{0, 0}}
			got := p.AppendMoves([]Move{prefix})
			want := p.Moves()
			if len(got) != len(want)+1 || !slices.Equal(got[0].Path, prefix.Path) {
				t.Fatalf("%s %s: AppendMoves gives %d moves after the prefix, Moves %d", r.Name, p.FEN(), len(got)-1, len(want))
			}
			for j, m := range want {
				if g := got[j+1]; !slices.Equal(g.Path, m.Path) || !slices.Equal(g.Captured, m.Captured) || g.Promotes != m.Promotes {
					t.Fatalf("%s %s: move %d: AppendMoves %v, Moves %v", r.Name, p.FEN(), j, g.Path, m.Path)
				}
			}
		}
	}
}

func TestCount(t *testing.T) {
	p, err := ParseFEN(International, "W:W31,32,K33:B1,K2,K3,K4")
	if err != nil {
		t.Fatal(err)
	}
	if men, kings := p.Count(White); men != 2 || kings != 1 {
		t.Errorf("White: %d men, %d kings; want 2, 1", men, kings)
	}
	if men, kings := p.Count(Black); men != 1 || kings != 3 {
		t.Errorf("Black: %d men, %d kings; want 1, 3", men, kings)
	}
}

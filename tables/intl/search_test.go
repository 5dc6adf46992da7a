package intl

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard10"
	"metz/tables/base"
)

// This file checks the tables against a plain exhaustive search written on
// the generic rules engine (metz/draughts), which shares no code with the
// builder (bitboard generator, un-moves, index).

// hres is the outcome of a search bounded by a horizon.
type hres struct {
	r       base.Result
	plies   int
	decided bool
}

type hkey struct {
	h uint64
	d int
}

// horizon returns the value of p if one side forces the end within d plies
// (then it is the exact value and distance), else undecided.
func horizon(p draughts.Position, d int, memo map[hkey]hres) hres {
	moves := p.Moves()
	if len(moves) == 0 {
		return hres{base.Loss, 0, true}
	}
	if d == 0 {
		return hres{}
	}
	k := hkey{p.Hash(), d}
	if v, ok := memo[k]; ok {
		return v
	}
	win, loss, allWon := -1, 0, true
	for _, m := range moves {
		c := horizon(p.Play(m), d-1, memo)
		switch {
		case !c.decided:
			allWon = false
		case c.r == base.Loss:
			if win < 0 || c.plies+1 < win {
				win = c.plies + 1
			}
		default:
			loss = max(loss, c.plies+1)
		}
	}
	v := hres{}
	if win >= 0 {
		v = hres{base.Win, win, true}
	} else if allWon {
		v = hres{base.Loss, loss, true}
	}
	memo[k] = v
	return v
}

var (
	smallOnce sync.Once
	smallDir  string
	smallErr  error
)

// smallTables builds every table of 2 and 3 pieces once for the package's
// tests (about a second).
func smallTables(t *testing.T) *Tables {
	t.Helper()
	smallOnce.Do(func() {
		smallDir, smallErr = tempDir()
		if smallErr == nil {
			smallErr = Build(context.Background(), smallDir, 3, nil)
		}
	})
	if smallErr != nil {
		t.Fatal(smallErr)
	}
	tabs, err := Open(smallDir)
	if err != nil {
		t.Fatal(err)
	}
	return tabs
}

// toDraughts converts a bitboard position to the generic engine's form.
func toDraughts(t *testing.T, p bitboard10.Position) draughts.Position {
	t.Helper()
	dp, err := draughts.ParseFEN(draughts.International, p.FEN())
	if err != nil {
		t.Fatalf("FEN %s: %v", p.FEN(), err)
	}
	return dp
}

// randomPosition draws a valid position of s, with Black to move half of the
// time (the same position flipped).
func randomPosition(rng *rand.Rand, s stmSig) bitboard10.Position {
	for {
		p, ok := s.Position(rng.Int64N(s.Size()))
		if !ok {
			continue
		}
		if rng.IntN(2) == 0 {
			p = flip(p)
		}
		return p
	}
}

func TestTablesAgreeWithSearch(t *testing.T) {
	tabs := smallTables(t)
	const depth = 7
	rng := rand.New(rand.NewPCG(7, 11))
	var sigs []stmSig
	for n := 2; n <= 3; n++ {
		sigs = append(sigs, signatures(n)...)
	}
	samples := 80
	if testing.Short() {
		samples = 40
	}
	short, long := 0, 0
	memo := map[hkey]hres{}
	for i := 0; i < samples; i++ {
		s := sigs[rng.IntN(len(sigs))]
		p := randomPosition(rng, s)
		r, plies, ok, err := tabs.ProbeBitboard(p)
		if err != nil || !ok {
			t.Fatalf("%s: probe failed (ok=%v, err=%v)", p.FEN(), ok, err)
		}
		if i%2 == 0 && (r == base.Draw || plies > depth) {
			i-- // keep half of the samples short wins or losses
			continue
		}
		if len(memo) > 1<<20 {
			memo = map[hkey]hres{}
		}
		h := horizon(toDraughts(t, p), depth, memo)
		if r != base.Draw && plies <= depth {
			short++
			if !h.decided || h.r != r || h.plies != plies {
				t.Errorf("%s (%v): table %v in %d, search %+v", p.FEN(), s, r, plies, h)
			}
		} else {
			long++
			if h.decided {
				t.Errorf("%s (%v): table %v in %d, but search decides %+v within %d", p.FEN(), s, r, plies, h, depth)
			}
		}
	}
	if short < samples/2 || long == 0 {
		t.Fatalf("samples: %d short, %d long", short, long)
	}
}

package intl

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"metz/draughts/bitboard10"
)

func TestSizes(t *testing.T) {
	// Counted by hand: a king anywhere (50), a man on 45 squares.
	cases := map[string]int64{"KvK": 2500, "MvK": 2250, "KvM": 2250, "MvM": 2025, "KKvK": 1225 * 50, "KMvMM": 50 * 45 * 990}
	for name, want := range cases {
		s, err := parseSig(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Size(); got != want {
			t.Errorf("%s: size %d, want %d", name, got, want)
		}
		if s.String() != name {
			t.Errorf("parseSig(%q).String() = %q", name, s.String())
		}
	}
	// Sides 1v3, 2v2, 3v1, each side split into men and kings in (n+1) ways.
	if n := len(signatures(4)); n != 2*4+3*3+4*2 {
		t.Errorf("signatures(4): %d signatures, want 25", n)
	}
	for _, bad := range []string{"", "KK", "vK", "KvX", "KKKKKKKKvK"} {
		if _, err := parseSig(bad); err == nil {
			t.Errorf("parseSig(%q): no error", bad)
		}
	}
}

func TestIndexRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range append(signatures(3), signatures(5)...) {
		valid := 0
		for range 200 {
			i := rng.Int64N(s.Size())
			p, ok := s.Position(i)
			if !ok {
				continue
			}
			valid++
			if p.White&bitboard10.WhitePromo&^p.Kings != 0 || p.Black&bitboard10.BlackPromo&^p.Kings != 0 {
				t.Fatalf("%v index %d: man on its crowning row: %s", s, i, p.FEN())
			}
			if got := s.Index(p); got != i {
				t.Fatalf("%v: index %d -> %s -> %d", s, i, p.FEN(), got)
			}
			if sigOf(p) != s {
				t.Fatalf("%v: position %s has signature %v", s, p.FEN(), sigOf(p))
			}
		}
		if valid == 0 {
			t.Errorf("%v: no valid index drawn", s)
		}
	}
}

// Every quiet move inside a group must be found back by the un-move
// generator, and every un-move whose origin has no capture must be a move.
func TestPredecessorsMatchMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var ml bitboard10.MoveList
	for _, s := range signatures(4) {
		for range 300 {
			p := randomPosition(rng, s)
			p = normalize(p)
			p.Generate(&ml)
			for _, m := range ml.Moves[:ml.N] {
				if m.Captured != 0 || (p.Kings>>m.From&1 == 0 && (1<<m.To)&bitboard10.WhitePromo != 0) {
					continue
				}
				q := flip(p.Play(m))
				found := false
				forEachPredecessor(q, func(pp bitboard10.Position) { found = found || pp == p })
				if !found {
					t.Fatalf("%s: move %v to %s not found by un-moves", p.FEN(), m, q.FEN())
				}
			}
			q := p
			ps := sigOf(flip(q)) // the predecessors' signature: q's Black is White there
			var want []int64
			forEachPredecessor(q, func(pp bitboard10.Position) { want = append(want, ps.Index(pp)) })
			got := predecessorIndices(q, ps, nil)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: predecessor indices %v, want %v", q.FEN(), got, want)
			}
			forEachPredecessor(q, func(pp bitboard10.Position) {
				if pp.HasCapture() {
					return
				}
				pp.Generate(&ml)
				for _, m := range ml.Moves[:ml.N] {
					if flip(pp.Play(m)) == q {
						return
					}
				}
				t.Fatalf("un-move %s from %s is not a legal move", pp.FEN(), q.FEN())
			})
		}
	}
}

// A walker decodes every index as Position does: whole small signatures,
// and stretches of the large ones across the carries of every digit
// (from the start, just before each digit wraps, to the last index).
func TestWalkerMatchesPosition(t *testing.T) {
	check := func(s stmSig, lo, hi int64) {
		t.Helper()
		w := s.walk(lo)
		for i := lo; i < hi; i++ {
			gp, gok := w.position()
			wp, wok := s.Position(i)
			if gok != wok || (wok && gp != wp) {
				t.Fatalf("%v index %d: walker %v %v, Position %v %v", s, i, gp.FEN(), gok, wp.FEN(), wok)
			}
			w.next()
		}
	}
	for n := 2; n <= 3; n++ {
		for _, s := range signatures(n) {
			check(s, 0, s.Size())
		}
	}
	check(stmSig{WK: 4}, 0, binom[50][4]) // a placement's kings (placement.go): four squares, the fastest digit
	for _, s := range []stmSig{{WM: 2, WK: 1, BM: 1, BK: 1}, {WM: 1, WK: 1, BM: 2, BK: 1}, {WK: 3, BK: 2}, {WM: 4, BK: 1}, {WM: 1, BM: 3, BK: 1}, {WK: 1, BK: 5}, {WM: 1, WK: 4, BM: 1}} {
		size := s.Size()
		nbk, nbm, nwk := binom[50][s.BK], binom[menSquares][s.BM], binom[50][s.WK]
		for _, at := range []int64{0, nbk - 3, nbk * nbm, nbk*nbm - 5, nbk * nbm * nwk, nbk*nbm*nwk - 7, size / 3, size - 2000} {
			lo := max(at, 0)
			check(s, lo, min(lo+4000, size))
		}
	}
}

// TestUnrankLarge checks unrank's coarse search for groups of 4 to
// maxSide squares against the plain walk down the domain (unrankMask), at
// both ends of each stretch of its table and at random ranks.
func TestUnrankLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, d := range []struct {
		n     int
		toBit *[50]uint8
	}{{50, &bitK}, {menSquares, &bitWM}, {menSquares, &bitBM}} {
		for k := 4; k <= maxSide; k++ {
			count := binom[d.n][k]
			var rs []int64
			for i := int64(0); i < count; i += 1 << coarseTop[k].shift {
				rs = append(rs, i, max(i-1, 0), min(i+1, count-1))
			}
			for range 20000 {
				rs = append(rs, rng.Int64N(count))
			}
			rs = append(rs, count-1)
			for _, r := range rs {
				if got, want := unrank(r, k, d.n, d.toBit), onBoard(unrankMask(r, k, d.n), d.toBit); got != want {
					t.Fatalf("%d squares of %d, rank %d: %#x, expected %#x", k, d.n, r, got, want)
				}
			}
		}
	}
}

// TestFlippedIndex checks flippedIndex against flip, sigOf and Index on
// random positions of every 5-piece signature, Black to move.
func TestFlippedIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, s := range signatures(5) {
		for range 300 {
			q := normalize(randomPosition(rng, s))
			c := flip(q) // the position a move of White's would give: Black to move
			gs, gi := flippedIndex(c)
			if ws, wi := sigOf(q), s.Index(q); gs != ws || gi != wi {
				t.Fatalf("%s: %v %d, expected %v %d", c.FEN(), gs, gi, ws, wi)
			}
		}
	}
}

// TestExitRanks checks exitRanks against flippedIndex on every exit move
// (captures, promotions) of random positions of every 5-piece signature.
func TestExitRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var ml bitboard10.MoveList
	var e exitRanks
	moves := 0
	for _, s := range signatures(5) {
		for range 300 {
			p := normalize(randomPosition(rng, s))
			_, exits := exitMoves(&p, &ml)
			e.reset(&p)
			for _, m := range exits {
				gs, gi := e.index(m)
				if ws, wi := flippedIndex(p.Play(m)); gs != ws || gi != wi {
					t.Fatalf("%s, move %v: %v %d, expected %v %d", p.FEN(), m, gs, gi, ws, wi)
				}
				moves++
			}
		}
	}
	if moves < 1000 {
		t.Fatalf("only %d exits checked", moves)
	}
}

// flippedIndex returns the signature of flip(c) and its index there (-1
// if a man of it stands on its crowning row): c is a position after
// White's move, Black to move, as flip and Index would, without the three
// bit reversals of the flip: the reference exitRanks (the first pass's
// exit indices) is checked against, TestFlippedIndex checking it in turn.
func flippedIndex(c bitboard10.Position) (stmSig, int64) {
	wm, wk := c.Black&^c.Kings, c.Black&c.Kings // White's after the flip
	bm, bk := c.White&^c.Kings, c.White&c.Kings
	s := stmSig{WM: bits.OnesCount64(wm), WK: bits.OnesCount64(wk), BM: bits.OnesCount64(bm), BK: bits.OnesCount64(bk)}
	a, b, cc, d := rankRotated(wm, &rotWM), rankRotated(wk, &rotK), rankRotated(bm, &rotBM), rankRotated(bk, &rotK)
	if a < 0 || cc < 0 {
		return s, -1
	}
	return s, ((a*binom[50][s.WK]+b)*binom[menSquares][s.BM]+cc)*binom[50][s.BK] + d
}

// A flipCursor gives the groups of flip(Position(i)), and their ranks in
// the flipped table, for every valid index
// it is asked, in runs of consecutive indices (the stretches of its cached
// digits crossed) and in jumps forwards and back, on signatures with and
// without each group.
func TestFlipCursor(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	for _, name := range []string{"KvK", "MvM", "KMvMM", "KKvKMM", "MMvKKK", "KKKKvMM", "MMvKKKK", "KKMvKKM", "MMMvMM"} {
		s, err := parseSig(name)
		if err != nil {
			t.Fatal(err)
		}
		var c flipCursor
		c.reset(s)
		i := int64(0)
		for range 20000 {
			switch rng.IntN(50) {
			case 0:
				i = rng.Int64N(s.Size()) // a jump, forwards or back
			default:
				i++
			}
			if i >= s.Size() {
				i = 0
			}
			p, ok := s.Position(i)
			if !ok {
				continue
			}
			fp := flip(p)
			f := c.at(i)
			if f.wm != fp.White&^fp.Kings || f.wk != fp.White&fp.Kings || f.bm != fp.Black&^fp.Kings || f.bk != fp.Black&fp.Kings {
				t.Fatalf("%v index %d: cursor %+v, flip(Position) %s", s, i, *f, fp.FEN())
			}
			if idx := s.Flip().index(f.wm, f.wk, f.bm, f.bk); idx != ((f.a*binom[50][s.Flip().WK]+f.b)*binom[menSquares][s.Flip().BM]+f.c)*binom[50][s.Flip().BK]+f.d {
				t.Fatalf("%v index %d: the cursor's ranks %+v are not those of index %d", s, i, *f, idx)
			}
		}
	}
}

// TestRotatedRanks checks the placements' table of the kings' ranks
// turned to the other side's frame against ranking the turned squares
// (every rank up to four kings, a sample of five: a 6-piece side's most).
func TestRotatedRanks(t *testing.T) {
	for k := 0; k <= 5; k++ {
		tab, step := rotatedRanks(k), int64(1)
		if k > 4 {
			step = 97
		}
		for r := int64(0); r < binom[50][k]; r += step {
			if got, want := int64(tab[r]), rank(bitboard10.Rotate(unrank(r, k, 50, &bitK)), &termK); got != want {
				t.Fatalf("%d kings of rank %d: turned %d, expected %d", k, r, got, want)
			}
		}
	}
}

package generic

import (
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"metz/draughts"
	"metz/tables/base"
)

// brute is a plain depth-limited minimax: the value of p for its side to
// move when it is decided within depth plies, with the exact distance
// (the winner's shortest, the loser's longest), else ok false. It shares
// nothing with the builder but the move generator.
type brute struct {
	memo map[[2]uint64]bruteVal
}

type bruteVal struct {
	v     base.Result
	plies int
	ok    bool
}

func (b *brute) solve(p draughts.Position, depth int) bruteVal {
	key := [2]uint64{p.Hash(), uint64(depth)}
	if r, ok := b.memo[key]; ok {
		return r
	}
	ms := p.Moves()
	var r bruteVal
	switch {
	case len(ms) == 0:
		r = bruteVal{base.Loss, 0, true}
		if p.Rules.LosingGame {
			r.v = base.Win
		}
	case depth > 0:
		win, unknown, loss := -1, false, 0
		for _, m := range ms {
			c := b.solve(p.Play(m), depth-1)
			switch {
			case !c.ok:
				unknown = true
			case c.v == base.Loss && (win < 0 || c.plies+1 < win):
				win = c.plies + 1
			case c.v == base.Win:
				loss = max(loss, c.plies+1)
			}
		}
		switch {
		case win >= 0:
			r = bruteVal{base.Win, win, true}
		case !unknown:
			r = bruteVal{base.Loss, loss, true}
		}
	}
	b.memo[key] = r
	return r
}

// randomIn is a random position of signature s under r (men off their
// crowning rows), with a random side to move.
func randomIn(rng *rand.Rand, r *draughts.Rules, s base.Sig) draughts.Position {
	p := draughts.NewPosition(r)
	if rng.IntN(2) == 1 {
		p.Turn = draughts.Black
	}
	put := func(pc draughts.Piece, n int) {
		for n > 0 {
			sq := rng.IntN(r.Geo.N)
			if p.Board[sq] != draughts.Empty || (pc.IsMan() && r.PromotionRow(sq, pc.Color())) {
				continue
			}
			p.Board[sq] = pc
			n--
		}
	}
	put(draughts.WhiteMan, s.WM)
	put(draughts.WhiteKing, s.WK)
	put(draughts.BlackMan, s.BM)
	put(draughts.BlackKing, s.BK)
	return p
}

// In every rule system the tables and a plain minimax agree on random
// positions: a value the tables give within the horizon is the minimax's,
// distance included, and one beyond it (or a draw) is not decided by the
// minimax within the horizon.
func TestAgreesWithBruteForce(t *testing.T) {
	type trial struct {
		rules   *draughts.Rules
		sigs    []base.Sig
		horizon int
	}
	small := []base.Sig{{WK: 2, BK: 1}, {WM: 1, WK: 1, BM: 1}, {WM: 2, BM: 1}, {WK: 1, BM: 2}}
	eight := append([]base.Sig{{WK: 2, BK: 2}, {WM: 2, BM: 2}, {WK: 1, WM: 1, BM: 2}, {WK: 3, BK: 1}}, small...)
	trials := []trial{
		{draughts.Russian, eight, 5}, {draughts.Italian, eight, 7}, {draughts.Brazilian, small, 5},
		{draughts.German, small, 5}, {draughts.Spanish, small, 5}, {draughts.Francaise, small, 7},
		{draughts.Turkish, small, 5}, {draughts.Canadian, small, 5}, {draughts.International, small, 5},
		{draughts.Manoury, small, 5}, {draughts.QuiPerdGagne, small, 5}, {draughts.English, small, 7},
	}
	if testing.Short() {
		trials = trials[:3]
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for _, tr := range trials {
		start := time.Now()
		tabs := New(tr.rules)
		b := &brute{memo: map[[2]uint64]bruteVal{}}
		decided := 0
		for _, s := range tr.sigs {
			if err := tabs.Ensure(s, Limit{Bytes: 1 << 30}); err != nil {
				t.Fatal(err)
			}
			for range 12 {
				p := randomIn(rng, tr.rules, s)
				v, plies, ok := tabs.Probe(p)
				if !ok {
					t.Fatalf("%s %s: not built", tr.rules.Name, p.FEN())
				}
				want := b.solve(p, tr.horizon)
				inside := v != base.Draw && plies <= tr.horizon
				if inside != want.ok || (inside && (v != want.v || plies != want.plies)) {
					t.Fatalf("%s %s: tables %s in %d plies, minimax within %d: %+v",
						tr.rules.Name, p.FEN(), v, plies, tr.horizon, want)
				}
				if inside {
					decided++
				}
			}
		}
		t.Logf("%s: %d of %d positions decided within %d plies (%v)", tr.rules.Name, decided, 12*len(tr.sigs), tr.horizon, time.Since(start).Round(time.Millisecond))
		if decided == 0 {
			t.Errorf("%s: no position decided within the horizon: the test shows nothing", tr.rules.Name)
		}
	}
}

// Searches on several cores probe and build at once: every answer must be
// the one a table built alone gives (run under the race detector by make
// test).
func TestConcurrentBuilds(t *testing.T) {
	r := draughts.Italian
	shared, alone := New(r), New(r)
	sigs := []base.Sig{{WK: 2, BK: 1}, {WM: 1, WK: 1, BK: 1}, {WK: 1, BM: 2}, {WK: 2, BM: 1}, {WM: 2, BK: 1}}
	var wg sync.WaitGroup
	var results sync.Map
	var decided atomic.Int64
	errs := make(chan string, 64)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 3))
			for k := range 40 {
				p := randomIn(rng, r, sigs[(w+k)%len(sigs)])
				v, plies, ok, _ := shared.ProbeOrBuild(p, Limit{Bytes: 1 << 28})
				if !ok {
					errs <- p.FEN() + ": not built"
					return
				}
				if v != base.Draw || plies != 0 {
					decided.Add(1)
				}
				results.Store(p.FEN(), [2]int{int(v), plies})
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
	n := 0
	results.Range(func(k, val any) bool {
		p, err := draughts.ParseFEN(r, k.(string))
		if err != nil {
			t.Fatal(err)
		}
		if err := alone.Ensure(base.SigOf(p), Limit{Bytes: 1 << 28}); err != nil {
			t.Fatal(err)
		}
		v, plies, _ := alone.Probe(p)
		if got := val.([2]int); got != [2]int{int(v), plies} {
			t.Errorf("%s: %v built concurrently, %s in %d alone", k, got, v, plies)
		}
		n++
		return true
	})
	if n < 100 || decided.Load() == 0 {
		t.Errorf("%d positions, %d decided: too few to show anything", n, decided.Load())
	}
}

// Material the tables cannot hold is refused with an error, never a
// crash: more than MaxSide pieces a side, or sizes past any memory (whose
// arithmetic must not overflow into a small number that passes).
func TestTooLarge(t *testing.T) {
	tabs := New(draughts.Canadian)
	if err := tabs.Ensure(base.Sig{WK: 8, BK: 1}, Limit{Bytes: 1 << 30}); err == nil || !strings.Contains(err.Error(), "at most 7 pieces a side") {
		t.Errorf("8 kings: %v", err)
	}
	if b, n := tabs.Cost(base.Sig{WK: 8, BK: 1}); b != 0 || n != 0 {
		t.Errorf("cost of an invalid signature: %d bytes, %d positions", b, n)
	}
	huge := base.Sig{WM: 3, WK: 4, BM: 3, BK: 4} // about 2·10^21 positions on 12x12
	err := tabs.Ensure(huge, Limit{Bytes: 1 << 62})
	if err == nil || !strings.Contains(err.Error(), huge.String()) {
		t.Errorf("%s: %v", huge, err)
	}
	if b, n := tabs.Cost(huge); b <= 0 || n <= 0 {
		t.Errorf("%s: cost %d bytes, %d positions: overflowed", huge, b, n)
	}
	if tabs.Bytes() != 0 {
		t.Errorf("%d bytes built for refused signatures", tabs.Bytes())
	}
}

// A FEN may stand a man on its own crowning row, where no game puts one
// and no table has an index for it: the probe says "not held" and builds
// nothing (it used to index outside the table and panic). Its signature,
// built for another position, still answers the positions it holds.
func TestManOnCrowningRow(t *testing.T) {
	cases := []struct {
		rules        *draughts.Rules
		odd, regular string
	}{
		{draughts.Turkish, "W:WK1:B8", "W:WK1:B16"},
		{draughts.Russian, "W:WKa1:Bc1", "W:WKa1:Bc3"},
		{draughts.Italian, "B:W4:BK30", "B:W8:BK30"},
		{draughts.Canadian, "W:W1:BK70", "W:W13:BK70"},
	}
	for _, c := range cases {
		tabs := New(c.rules)
		odd, err := draughts.ParseFEN(c.rules, c.odd)
		if err != nil {
			t.Fatal(err)
		}
		if len(odd.Validate()) == 0 {
			t.Fatalf("%s %s: no man on its crowning row", c.rules.Name, c.odd)
		}
		if _, _, ok, built := tabs.ProbeOrBuild(odd, Limit{Bytes: 1 << 28}); ok || built != 0 {
			t.Errorf("%s %s: ok %v, %d positions built", c.rules.Name, c.odd, ok, built)
		}
		reg, err := draughts.ParseFEN(c.rules, c.regular)
		if err != nil {
			t.Fatal(err)
		}
		if base.SigOf(reg) != base.SigOf(odd) {
			t.Fatalf("%s: %s and %s differ in material", c.rules.Name, c.odd, c.regular)
		}
		if _, _, ok, _ := tabs.ProbeOrBuild(reg, Limit{Bytes: 1 << 28}); !ok {
			t.Errorf("%s %s: not built", c.rules.Name, c.regular)
		}
		if _, _, ok := tabs.Probe(odd); ok {
			t.Errorf("%s %s: read from the built table", c.rules.Name, c.odd)
		}
	}
}

// Code numbers every signature a table may have apart, within 0..4095,
// and refuses the others (a side of more than MaxSide pieces, a count
// below zero).
func TestSigCode(t *testing.T) {
	seen := map[int]base.Sig{}
	for wm := range MaxSide + 1 {
		for wk := range MaxSide + 1 - wm {
			for bm := range MaxSide + 1 {
				for bk := range MaxSide + 1 - bm {
					s := base.Sig{WM: wm, WK: wk, BM: bm, BK: bk}
					c, ok := s.Code()
					if !ok || c < 0 || c >= 1<<12 {
						t.Fatalf("%v: code %d, ok %v", s, c, ok)
					}
					if o, dup := seen[c]; dup {
						t.Fatalf("%v and %v: both code %d", s, o, c)
					}
					seen[c] = s
				}
			}
		}
	}
	for _, s := range []base.Sig{{WM: MaxSide, WK: 1}, {BK: MaxSide + 1}, {WM: -1, BK: 1}} {
		if _, ok := s.Code(); ok {
			t.Errorf("%v: a code for a signature no table has", s)
		}
	}
}

package intl

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"metz/draughts/bitboard10"
)

// The schedule of the whole 2-6-piece set: every signature in one group,
// the groups by level and the largest first within one, and each waiting
// for exactly the other groups that hold a signature its moves lead to,
// all of them earlier in the order.
func TestScheduleWaitsForWhatItReads(t *testing.T) {
	var sigs []stmSig
	for n := 2; n <= MaxPieces; n++ {
		sigs = append(sigs, signatures(n)...)
	}
	sc := newSchedule(closure(sigs))
	of := map[stmSig]int{}
	level := func(g []stmSig) [2]int { return [2]int{g[0].Pieces(), g[0].Men()} }
	for i, g := range sc.groups {
		for _, s := range g {
			if _, twice := of[s]; twice {
				t.Fatalf("%v in two groups", s)
			}
			of[s] = i
		}
		if i > 0 {
			a, b := level(sc.groups[i-1]), level(g)
			if b[0] < a[0] || b == a && groupSize(g) > groupSize(sc.groups[i-1]) || b[0] == a[0] && b[1] < a[1] {
				t.Errorf("group %v after %v", g, sc.groups[i-1])
			}
		}
	}
	if len(of) != len(sigs) {
		t.Fatalf("%d signatures scheduled, want %d", len(of), len(sigs))
	}
	for i, g := range sc.groups {
		reads := map[int]bool{}
		for _, s := range g {
			for _, n := range next(s) {
				j, ok := of[n]
				if !ok {
					t.Fatalf("%v leads to %v, not scheduled", s, n)
				}
				if j != i {
					reads[j] = true
				}
			}
		}
		if sc.waiting[i] != len(reads) || len(sc.reads[i]) != len(reads) {
			t.Errorf("%v waits for %d groups, lists %d, reads %d", g, sc.waiting[i], len(sc.reads[i]), len(reads))
		}
		for _, j := range sc.reads[i] {
			if !reads[j] || j >= i {
				t.Errorf("%v lists %v, which it does not read or which is not before it", g, sc.groups[j])
			}
			if !slices.Contains(sc.readers[j], i) {
				t.Errorf("%v not among the readers of %v", g, sc.groups[j])
			}
		}
		if sc.holders[i] != 1+len(sc.readers[i]) {
			t.Errorf("%v held by %d, has %d readers", g, sc.holders[i], len(sc.readers[i]))
		}
	}
}

// run releases each group once, when it and every group reading it are
// finished; and its tables are those a build with one goroutine (no
// group begun beside another) gives.
func TestRunReleasesWhenRead(t *testing.T) {
	want := closure(signatures(3))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	serial := &builder{}
	if err := serial.run(want, nil); err != nil {
		t.Fatal(err)
	}
	runtime.GOMAXPROCS(4)
	b := &builder{}
	sc := newSchedule(want)
	released := map[stmSig]int{}
	if err := b.run(want, func(g []stmSig) {
		released[g[0]]++
		i := slices.IndexFunc(sc.groups, func(h []stmSig) bool { return h[0] == g[0] })
		for _, r := range append([]int{i}, sc.readers[i]...) {
			for _, s := range sc.groups[r] {
				if b.done[s.code()] == nil {
					t.Errorf("%v released before %v was finished", g, s)
				}
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if len(released) != len(sc.groups) {
		t.Errorf("%d groups released, want %d", len(released), len(sc.groups))
	}
	for g, n := range released {
		if n != 1 {
			t.Errorf("%v released %d times", g, n)
		}
	}
	for _, s := range want {
		if !bytes.Equal(b.done[s.code()], serial.done[s.code()]) {
			t.Errorf("%v differs from the one-goroutine build", s)
		}
	}
}

// A run whose context is done begins no group and says why.
func TestRunStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	b := &builder{ctx: ctx}
	if err := b.run(closure(signatures(2)), nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("run: %v, want the context's error", err)
	}
	for _, s := range closure(signatures(2)) {
		if b.done[s.code()] != nil {
			t.Errorf("%v built after the context was done", s)
		}
	}
}

// next lists every signature a move leads to, checked against the move
// generator on random positions of every signature of 2 to 6 pieces:
// each move's position is s's own material (a quiet move), one of
// next(s), or the other side without a piece.
func TestNextHoldsEveryMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 6))
	var ml bitboard10.MoveList
	multi := 0
	for n := 2; n <= MaxPieces; n++ {
		for _, s := range signatures(n) {
			succ := next(s)
			for range 400 {
				p, ok := s.Position(rng.Int64N(s.Size()))
				if !ok {
					continue
				}
				p.Generate(&ml)
				for _, m := range ml.Moves[:ml.N] {
					c := sigOf(p.Play(m))
					if c.BM+c.BK <= s.BM+s.BK-2 {
						multi++
					}
					if c != s && c.BM+c.BK > 0 && !slices.Contains(succ, c) {
						t.Fatalf("%v: %v leads to %v, not in next %v", s, m, c, succ)
					}
				}
			}
		}
	}
	if multi < 100 {
		t.Fatalf("only %d captures of two pieces or more met", multi)
	}
}

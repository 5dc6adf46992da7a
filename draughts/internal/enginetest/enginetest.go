// Package enginetest checks an implementation of draughts.Engine against
// the generic engine, the specification: every operation of the contract
// on one position (Compare), along random games (Walk), and on the random
// positions of package randpos (Positions). The shared suites of
// draughts/engines run it on every generator and rule system; each
// generator's own tests (rule vectors, positions with many captures) call
// Compare on their positions.
package enginetest

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"

	"metz/draughts"
	"metz/draughts/internal/randpos"
)

// Compare checks every operation of e on gp against the generic engine and
// returns the generic moves (Drop mode). Moves are matched by the position
// each leads to, which names a move's effect (origin, destination,
// captured pieces, crowning), the identity of Drop mode: the two lists
// must name the same effects, once each. GenericMove, which runs the
// generic generator, is checked on every move of a list of at most 16 and
// on about eight spread over a longer one.
func Compare[P, M any](t testing.TB, e draughts.Engine[P, M], gp draughts.Position) []draughts.Move {
	t.Helper()
	p, err := e.FromGeneric(gp)
	if err != nil {
		t.Fatalf("%s under %s: %v", gp.FEN(), e.Rules().Name, err)
	}
	where := func() string { return gp.FEN() + " under " + e.Rules().Name + "\n" + diagram(gp) }
	if back := e.ToGeneric(p); !back.Equal(gp) {
		t.Fatalf("%s: conversion round trip gives %s", where(), back.FEN())
	}
	checkStatic(t, e, p, gp, where)
	gms := gp.Generate(draughts.Drop)
	byEffect := make(map[string]int, len(gms))
	for i, gm := range gms {
		byEffect[gp.Play(gm).FEN()] = i
	}
	ms := e.AppendMoves(p, nil)
	if len(ms) != len(gms) || len(byEffect) != len(gms) {
		t.Fatalf("%s: %d moves, generic %d (%d effects)", where(), len(ms), len(gms), len(byEffect))
	}
	every := max(1, len(ms)/8)
	if len(ms) <= 16 {
		every = 1
	}
	h := e.Hash(p)
	for i, m := range ms {
		q := e.Play(p, m)
		j, ok := byEffect[e.ToGeneric(q).FEN()]
		if !ok {
			t.Fatalf("%s: move %v leads to %s, which no generic move does", where(), m, e.ToGeneric(q).FEN())
		}
		delete(byEffect, e.ToGeneric(q).FEN()) // each effect once
		gm := gms[j]
		if e.IsCapture(m) != gm.IsCapture() || e.Promotes(p, m) != gm.Promotes {
			t.Fatalf("%s: %v capture %v promotes %v, generic %v %v", where(), m,
				e.IsCapture(m), e.Promotes(p, m), gm.IsCapture(), gm.Promotes)
		}
		if ha := e.HashAfter(p, h, m); ha != e.Hash(q) {
			t.Fatalf("%s: HashAfter %v %x, Hash %x", where(), m, ha, e.Hash(q))
		}
		if i%every == 0 {
			if tm, ok := e.GenericMove(p, m); !ok || !tm.SameEffect(gm) {
				t.Fatalf("%s: GenericMove %v = %v %v, want %v", where(), m, tm, ok, gm)
			}
		}
	}
	if len(ms) > 0 { // AppendMoves appends: what buf held stays
		again := e.Fork().AppendMoves(p, ms[:1:1])
		if len(again) != len(ms)+1 {
			t.Fatalf("%s: AppendMoves after one move gives %d, want %d", where(), len(again), len(ms)+1)
		}
	}
	return gms
}

// checkStatic compares what e says of p without moving: the side to move,
// the material and the number of moves.
func checkStatic[P, M any](t testing.TB, e draughts.Engine[P, M], p P, gp draughts.Position, where func() string) {
	t.Helper()
	if e.Turn(p) != gp.Turn {
		t.Fatalf("%s: turn %v", where(), e.Turn(p))
	}
	wm, wk, bm, bk := e.Material(p)
	gwm, gwk, gbm, gbk := gp.Material()
	if [4]int{wm, wk, bm, bk} != [4]int{gwm, gwk, gbm, gbk} {
		t.Fatalf("%s: material %v, generic %v", where(), [4]int{wm, wk, bm, bk}, [4]int{gwm, gwk, gbm, gbk})
	}
	gn, gcap := gp.CountMoves()
	if n, c := e.CountMoves(p); n != gn || c != gcap {
		t.Fatalf("%s: CountMoves %d %v, generic %d %v", where(), n, c, gn, gcap)
	}
}

// Walk plays a random game of plies plies from gp in both engines, the
// same move each time, comparing them at every ply and checking the hash
// kept incrementally.
func Walk[P, M any](t testing.TB, e draughts.Engine[P, M], rng *rand.Rand, gp draughts.Position, plies int) {
	t.Helper()
	p, err := e.FromGeneric(gp)
	if err != nil {
		t.Fatal(err)
	}
	h := e.Hash(p)
	var buf []M
	for range plies {
		gms := Compare(t, e, gp)
		if len(gms) == 0 {
			return
		}
		gm := gms[rng.IntN(len(gms))]
		gp = gp.Play(gm)
		want := gp.FEN()
		buf = e.AppendMoves(p, buf[:0])
		found := false
		for _, m := range buf {
			if q := e.Play(p, m); e.ToGeneric(q).FEN() == want {
				h, p, found = e.HashAfter(p, h, m), q, true
				break
			}
		}
		if !found {
			t.Fatalf("%s: no move leads to %s", e.ToGeneric(p).FEN(), want)
		}
		if h != e.Hash(p) {
			t.Fatalf("%s: incremental hash drifted", want)
		}
	}
}

// Positions returns n random positions of r: sparse and dense, men only,
// mixed and king-heavy (long king captures), either side to move, a third
// of them with men on their own crowning row and a third with men about to
// crown (by a step, by a capture, or passing the row in a capture). The piece counts scale with
// the board's squares (32 on 8x8).
func Positions(rng *rand.Rand, r *draughts.Rules, n int) []draughts.Position {
	kingProbs := []float64{0, 0.1, 0.3, 0.6, 1}
	k := max(1, r.Geo.N/32)
	out := make([]draughts.Position, 0, n)
	for j := range n {
		var gp draughts.Position
		kp := kingProbs[j%5]
		switch j % 4 {
		case 0: // sparse
			gp = randpos.Scatter(rng, r, 1+rng.IntN(6*k), 1+rng.IntN(6*k), kp)
		case 1: // dense
			gp = randpos.Scatter(rng, r, k*(8+rng.IntN(8)), k*(8+rng.IntN(8)), kp)
		case 2: // a few kings among many men
			gp = randpos.Scatter(rng, r, 1+rng.IntN(3*k), k*(6+rng.IntN(10)), 0.9)
		default:
			gp = randpos.Scatter(rng, r, 2+rng.IntN(12*k), 2+rng.IntN(12*k), kp)
		}
		switch j % 3 {
		case 0:
			randpos.MenOnCrowningRow(rng, gp, 1+rng.IntN(3))
		case 1:
			randpos.NearCrowning(rng, gp, 1+rng.IntN(3))
		}
		out = append(out, gp)
	}
	return out
}

func diagram(gp draughts.Position) string {
	return gp.Diagram(draughts.DiagramOptions{ASCII: true, Numbers: true})
}

// EffectKey names a move by its effect, the identity of Drop mode: origin
// and destination (square numbers), captured squares (bit i: index i) and
// crowning.
func EffectKey(from, to int, captured [3]uint64, promotes bool) string {
	return fmt.Sprintf("%d-%d/%x/%v", from+1, to+1, captured, promotes)
}

// GenericKey is the EffectKey of a generic move.
func GenericKey(m draughts.Move) string {
	return EffectKey(m.From(), m.To(), m.CapturedSet(), m.Promotes)
}

// Effects returns the sorted EffectKeys of e's moves in gp, named through
// GenericMove: for the tests that compare an engine with moves written by
// hand.
func Effects[P, M any](t testing.TB, e draughts.Engine[P, M], gp draughts.Position) []string {
	t.Helper()
	p, err := e.FromGeneric(gp)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range e.AppendMoves(p, nil) {
		gm, ok := e.GenericMove(p, m)
		if !ok {
			t.Fatalf("%s: %v is no generic move", gp.FEN(), m)
		}
		out = append(out, GenericKey(gm))
	}
	sort.Strings(out)
	return out
}

// Must returns e, or panics with err: for the tests' engines of preset
// rules, which compile.
func Must[E any](e E, err error) E {
	if err != nil {
		panic(err)
	}
	return e
}

// Allocs returns the allocations per run of what a search calls at every
// node of gp (AppendMoves into a grown buffer, CountMoves, Play, Hash,
// HashAfter): none is the contract of the bitboard generators.
func Allocs[P, M any](e draughts.Engine[P, M], gp draughts.Position) float64 {
	p := Must(e.FromGeneric(gp))
	buf := e.AppendMoves(p, nil)
	if len(buf) == 0 {
		return 0
	}
	m, h := buf[0], e.Hash(p)
	return testing.AllocsPerRun(100, func() {
		buf = e.AppendMoves(p, buf[:0])
		e.CountMoves(p)
		q := e.Play(p, m)
		h ^= e.HashAfter(p, h, m) ^ e.Hash(q)
	})
}

package bitboard8

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"metz/draughts"
)

// supportedRules are the systems the package compiles: every 8x8 preset,
// Turkish's orthogonal board among them.
var supportedRules = []*draughts.Rules{draughts.Brazilian, draughts.German, draughts.Francaise,
	draughts.Spanish, draughts.Italian, draughts.Russian, draughts.English, draughts.Turkish}

func mustNew(t testing.TB, r *draughts.Rules) *Engine {
	t.Helper()
	e, err := New(r)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// moveKey names a move by its effect, the identity of Drop mode.
func moveKey(from, to int, captured uint64, promotes bool) string {
	return fmt.Sprintf("%d-%d/%x/%v", from+1, to+1, captured, promotes)
}

func genericKey(m draughts.Move) string {
	return moveKey(m.From(), m.To(), m.CapturedSet()[0], m.Promotes)
}

func ourKey(m Move) string { return moveKey(int(m.From), int(m.To), m.Captured, m.Promotes) }

// compare checks every operation of e on p against the generic engine:
// the set of moves, CountMoves, HasCapture, Play, HashAfter, ToGenericMove
// and the conversions. It returns the generic moves for the caller's walk.
// ToGenericMove, which asks the generic engine for every move of p, is
// checked on every move of a list of at most 64, on eight or nine spread
// over a longer one (Turkish positions with more than a thousand captures).
func compare(t testing.TB, e *Engine, gp draughts.Position) []draughts.Move {
	t.Helper()
	p, err := e.FromGeneric(gp)
	if err != nil {
		t.Fatal(err)
	}
	if back := e.ToGeneric(p); !back.Equal(gp) {
		t.Fatalf("%s: conversion round trip gives %s", gp.FEN(), back.FEN())
	}
	gms := gp.Generate(draughts.Drop)
	var ml MoveList
	e.Generate(p, &ml)
	want := make([]string, len(gms))
	byKey := map[string]draughts.Move{}
	for i, gm := range gms {
		want[i] = genericKey(gm)
		byKey[want[i]] = gm
	}
	got := make([]string, ml.N)
	for i, m := range ml.Slice() {
		got[i] = ourKey(m)
	}
	sort.Strings(want)
	sort.Strings(got)
	if strings.Join(want, " ") != strings.Join(got, " ") {
		t.Fatalf("%s under %s:\ngeneric  %v\nbitboard %v\n%s", gp.FEN(), e.rules.Name, want, got, diagram(gp))
	}
	gn, gcap := gp.CountMoves()
	if n, c := e.CountMoves(p); n != gn || c != gcap {
		t.Fatalf("%s under %s: CountMoves %d %v, generic %d %v", gp.FEN(), e.rules.Name, n, c, gn, gcap)
	}
	if e.HasCapture(p) != gp.HasCapture() {
		t.Fatalf("%s under %s: HasCapture %v", gp.FEN(), e.rules.Name, e.HasCapture(p))
	}
	h := e.Hash(p)
	every := 1
	if ml.N > 64 {
		every = ml.N / 8
	}
	for i, m := range ml.Slice() {
		gm := byKey[ourKey(m)]
		q := e.Play(p, m)
		if gq := gp.Play(gm); !e.ToGeneric(q).Equal(gq) {
			t.Fatalf("%s under %s: after %v, %s; generic %s", gp.FEN(), e.rules.Name, m, e.ToGeneric(q).FEN(), gq.FEN())
		}
		if ha := e.HashAfter(p, h, m); ha != e.Hash(q) {
			t.Fatalf("%s under %s: HashAfter %v %x, Hash %x", gp.FEN(), e.rules.Name, m, ha, e.Hash(q))
		}
		if i%every != 0 {
			continue
		}
		if tm, ok := e.ToGenericMove(p, m); !ok || !tm.SameEffect(gm) {
			t.Fatalf("%s under %s: ToGenericMove %v = %v %v", gp.FEN(), e.rules.Name, m, tm, ok)
		}
	}
	return gms
}

func diagram(gp draughts.Position) string {
	return gp.Diagram(draughts.DiagramOptions{ASCII: true, Numbers: true})
}

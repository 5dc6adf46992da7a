package bitboard12

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"metz/draughts"
)

// compiledRules are the presets the package compiles: Canadian, its
// subject, and the same rules on the smaller boards (a check of the tables
// on other geometries).
var compiledRules = []*draughts.Rules{draughts.Canadian, draughts.Manoury, draughts.International, draughts.Brazilian, draughts.German}

func mustNew(t testing.TB, r *draughts.Rules) *Engine {
	t.Helper()
	e, err := New(r)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// moveKey names a move by its effect, the identity of Drop mode: origin,
// destination (square numbers), captured set and crowning.
func moveKey(from, to int, captured Bits, promotes bool) string {
	return fmt.Sprintf("%d-%d/%x.%x/%v", from+1, to+1, captured.Hi, captured.Lo, promotes)
}

func genericKey(m draughts.Move) string {
	set := m.CapturedSet()
	if set[2] != 0 {
		panic("a captured square beyond 127")
	}
	return moveKey(m.From(), m.To(), Bits{set[0], set[1]}, m.Promotes)
}

func ourKey(m Move) string { return moveKey(int(m.From), int(m.To), m.Captured, m.Promotes) }

func keysOf(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = ourKey(m)
	}
	sort.Strings(out)
	return out
}

// compare checks every operation of e on gp against the generic engine:
// the set of moves, CountMoves, HasCapture, Play, HashAfter, ToGenericMove
// and the conversions. It returns the generic moves for the caller's walk.
// ToGenericMove, which runs the generic generator, is checked on every move
// of a list of at most 16, on about eight spread over a longer one.
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
	sort.Strings(want)
	got := keysOf(ml.Slice())
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
	if ml.N > 16 {
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
		if m.NumCaptured() != len(gm.Captured) || m.IsCapture() != gm.IsCapture() {
			t.Fatalf("%s: %v takes %d pieces, generic %d", gp.FEN(), m, m.NumCaptured(), len(gm.Captured))
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

// nearCrowning adds up to n men of either colour on the three rows before
// their crowning row, and up to n enemy pieces among them: men that crown
// by a step, by a capture, or pass the crowning row during a capture.
func nearCrowning(rng *rand.Rand, gp draughts.Position, n int) {
	g := gp.Rules.Geo
	for range n {
		col := draughts.Color(rng.IntN(2))
		row := g.Height - 2 - rng.IntN(3)
		enemyRow := g.Height - 1 - rng.IntN(4)
		if col == draughts.Black {
			row, enemyRow = g.Height-1-row, g.Height-1-enemyRow
		}
		if s := g.Square(row, rng.IntN(g.Width)); s >= 0 && gp.Board[s] == draughts.Empty {
			gp.Board[s] = draughts.ManOf(col)
		}
		if s := g.Square(enemyRow, rng.IntN(g.Width)); s >= 0 && gp.Board[s] == draughts.Empty {
			gp.Board[s] = draughts.ManOf(col.Opponent())
			if rng.IntN(4) == 0 {
				gp.Board[s] = draughts.KingOf(col.Opponent())
			}
		}
	}
}

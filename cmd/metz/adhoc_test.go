package main

import (
	"context"
	"strings"
	"testing"
)

// verify --fen without --solution asks whether exactly one first move
// meets the goal: sound names it, cooked names them all, and neither
// calls the one key a cook.
func TestVerifyFENWithoutSolution(t *testing.T) {
	for _, c := range []struct {
		fen, goal string
		verdict   string
		has       string
	}{
		{"W:W27,28,32,33,37,38,39,41:B1,10,18,19,20,23,24,26", "promote", "sound", "one first move reaches the goal"},
		{"W:W6,7:B45", "promote", "cooked", "three first moves reach the goal"},
	} {
		out, errs, code := runStatus(t, context.Background(), "verify", "--fen", c.fen, "--goal", c.goal, "--within", "11", "--tables", "none")
		if code != 0 || !strings.Contains(out, c.verdict) || !strings.Contains(strings.Join(strings.Fields(out), " "), c.has) || strings.Contains(out, "cook:") {
			t.Errorf("%s: %d %s\n%s", c.fen, code, errs, out)
		}
	}
}

// A stated solution that holds no move is a mistake in what was typed:
// refused (exit 1) with what was expected, not a misprint with exit 0.
// Algebraic squares are read as squares whatever the rules number.
func TestVerifyFENSolutionRead(t *testing.T) {
	const fen = "W:Wc3,e3:Bf6,h8"
	for _, c := range []struct {
		solution string
		code     int
		has      string
	}{
		{"Coup 9", 1, `holds no move (expected a main line like 32-28`},
		{"e3-d4", 0, `"key":"38-32"`},
		{"1. e3-d4", 0, `"key":"38-32"`},
	} {
		out, errs, code := runStatus(t, context.Background(), "verify", "--fen", fen, "--solution", c.solution,
			"--goal", "promote", "--within", "3", "--tables", "none", "--json")
		if code != c.code || !strings.Contains(out+errs, c.has) || strings.Contains(out, "misprint") {
			t.Errorf("--solution %q: %d, want %d with %q\n%s%s", c.solution, code, c.code, c.has, out, errs)
		}
	}
}

package solver

import (
	"context"
	"testing"
	"time"

	"metz/draughts"
	"metz/tables"
	"metz/verdict"
)

// An English problem's draw is stated only when it is proven: by the
// tables, or by a search that went through every line (a repetition a
// draw only on the path it repeats, a line cut at a bound proving
// nothing). A search stopped by its budget says unknown, never draw. The
// positions are four-piece problems of Gould's book, decided against the
// generic builder's tables (checked in tables/generic against every
// position's children), and three-piece endings, which a search without
// tables goes through whole (the closure: every position the root
// reaches).
func TestEnglishDrawOnlyWhenProven(t *testing.T) {
	ref := tables.InMemory()
	drawsBySearch, decided := 0, 0
	for _, fen := range []string{
		"W:WK27,K23:BK28,12",
		"B:WK30,12:B13,5",
		"W:W32,K26:BK28,19",
		"W:WK27,K26:BK25,21",
		"W:W21,K7:B15,9",
		"W:W26,K18:BK16,9",
		"B:WK15,12:BK24,4",
		"W:W28,K10:B5,K2",
		"W:WK25,K17:BK23,9",
		"W:WK11,K2:BK29,10",
		"W:WK27,K23:BK28",
		"W:W28:BK3",
		"B:W28:BK3",
		"W:WK14:B5,K30",
		"B:WK1:B6,K32",
	} {
		p, err := draughts.ParseFEN(draughts.English, fen)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ref.Ensure(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		r, _, ok, err := ref.Probe(p)
		if !ok || err != nil {
			t.Fatalf("%s: not in the tables (%v)", fen, err)
		}
		want := map[tables.Result]string{tables.Win: verdict.ResultWin, tables.Draw: verdict.ResultDraw, tables.Loss: verdict.ResultLoss}[r]
		// No tables at all: a bounded search that is cut short, then
		// one that has the room to go through every line.
		budgets := []verdict.Budget{{Nodes: 300, Time: time.Minute}}
		if tables.SigOf(p).Pieces() <= 3 {
			budgets = append(budgets, verdict.Budget{Nodes: 5_000_000, Time: time.Minute})
		}
		for _, b := range budgets {
			sol := SolveWith(p, Win, Options{Budget: b})
			switch {
			case sol.Result == verdict.ResultUnknown:
			case sol.Result != want:
				t.Fatalf("%s within %d nodes: %s, the tables say %s", fen, b.Nodes, sol.Result, want)
			case b.Nodes == 300 && sol.Result == verdict.ResultDraw && sol.Nodes >= b.Nodes:
				t.Fatalf("%s: a draw stated by a search that ran out of nodes (%d)", fen, sol.Nodes)
			case sol.Result == verdict.ResultDraw:
				drawsBySearch++
			}
			if sol.Result != verdict.ResultUnknown {
				decided++
			}
		}
		// With the tables: the exact answer.
		if sol := SolveWith(p, Win, Options{Budget: verdict.Budget{Time: time.Minute}, Tables: ref}); sol.Result != want {
			t.Fatalf("%s with the tables: %s, want %s", fen, sol.Result, want)
		}
	}
	if drawsBySearch == 0 || decided == 0 {
		t.Fatalf("no draw proven by a search (%d decided): the test proves nothing", decided)
	}
	t.Logf("%d answers by search alone, %d of them draws", decided, drawsBySearch)
}

package generic_test

import (
	"context"
	"os"
	"testing"
	"time"

	"metz/draughts"
	"metz/pdn"
	"metz/solver"
	"metz/tables"
	"metz/verdict"
)

// statedResult is what metz solve must answer for the side to move of a
// problem of an English-checkers book, whose Result is written Black's
// score first (Black moves first): the winner to move wins, the other
// side to move loses, a drawn result is a draw.
func statedResult(result string, turn draughts.Color) (string, bool) {
	var winner draughts.Color
	switch result {
	case "1-0":
		winner = draughts.Black
	case "0-1":
		winner = draughts.White
	case "1/2-1/2":
		return verdict.ResultDraw, true
	default:
		return "", false
	}
	if winner == turn {
		return verdict.ResultWin, true
	}
	return verdict.ResultLoss, true
}

// TestEnglishBookResults solves problems written as the English problem
// books write them (testdata/english-problems.pdn: positions of those
// books, with a win for the side to move, a win for the side not to move
// and draws) and checks each gets its stated result within 10 s, the
// tables of its material built first when it has four pieces or fewer
// (the five-piece ones, which metz endgame build --pieces 5 builds, take
// minutes: scripts/english-books.sh runs whole books with them).
func TestEnglishBookResults(t *testing.T) {
	if testing.Short() {
		t.Skip("solves six positions")
	}
	f, err := os.Open("testdata/english-problems.pdn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, _, err := pdn.Parse(f, "english-problems.pdn")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 6 {
		t.Fatalf("%d games read, want 6", len(games))
	}
	r := draughts.English
	tb := tables.InMemory()
	tabs := tb.System(r)
	for _, g := range games {
		name, _ := g.Tag("Event")
		fen, _ := g.Tag("FEN")
		res, _ := g.Tag("Result")
		pos, err := draughts.ParseFEN(r, fen)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, ok := statedResult(res, pos.Turn)
		if !ok {
			t.Fatalf("%s: result %q is no stated result", name, res)
		}
		if sig := tables.SigOf(pos); sig.Pieces() > 4 {
			// No six-piece table: searched.
		} else if _, err := tabs.EnsureSig(context.Background(), sig); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		opt := solver.Options{Budget: verdict.Budget{Time: 10 * time.Second, Nodes: 1 << 40}, Tables: tb}
		sol := solver.SolveWith(pos, solver.Win, opt)
		if sol.Result != want {
			t.Errorf("%s (%s): %s, stated %s (%s)", name, fen, sol.Result, want, res)
		}
	}
}

package solver

import (
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
	"metz/tables"
	"metz/verdict"
)

// FuzzParseBudget: any text is refused or read as a budget whose fields
// are positive or unset and which writes back to the same budget.
func FuzzParseBudget(f *testing.F) {
	for _, s := range []string{"", "10s", "5M-nodes", "200k", "1.5k", "64MB", "10s,5M-nodes,128MB", "fast", "0", "-3s", "1e9g", "2m", "500ms,1G"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := verdict.ParseBudget(s)
		if err != nil {
			return
		}
		if b.Nodes < 0 || b.Time < 0 || b.MemoryMB < 0 {
			t.Fatalf("%q: negative field %+v", s, b)
		}
		back, err := verdict.ParseBudget(b.String())
		if err != nil || back != b {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", s, b, b.String(), back, err)
		}
	})
}

// FuzzSolve: any position a FEN can state under any rule system, regular
// or not (a man on its crowning row, a side without pieces), and any goal
// is solved on a small budget without a crash, to one of the four results;
// a win names its keys (or says why it has none: the game is over). The
// tables built in memory are kept small.
func FuzzSolve(f *testing.F) {
	seeds := []struct {
		rules     uint8
		fen, goal string
	}{
		{0, "W:W28,37:B32", "win"}, {0, "W:W3,K20:B45", "win"}, {0, "B:W:B1", "draw"},
		{1, "W:WK46:B37,29", "gain:1"}, {2, "W:WK1:B8", "win"}, {3, "W:WKa1:Bc1,h6", "promote"},
		{4, "W:W30,31:B18,K5", "win"}, {5, "B:W25,K3:B12", "draw"}, {6, "W:W22,K1:B13,K4", "win"},
		{7, "W:WK29:B18,K4", "gain:2"}, {8, "W:W32:B28", "win"}, {9, "W:W1,2,3:B30", "win"},
	}
	for _, s := range seeds {
		f.Add(s.rules, s.fen, s.goal)
	}
	all := draughts.AllRules()
	tb := tables.InMemory() // the fuzz run's one handle, as a program's
	defer func(n int64) { smallRootPositions = n }(smallRootPositions)
	smallRootPositions = 20_000
	f.Fuzz(func(t *testing.T, ri uint8, fen, goal string) {
		r := all[int(ri)%len(all)]
		p, err := draughts.ParseFEN(r, fen)
		if err != nil {
			return
		}
		if wm, wk, bm, bk := p.Material(); wm+wk+bm+bk > 8 {
			return // a fuzz run must stay short
		}
		g, err := problems.ParseStipulation(goal)
		if err != nil {
			return
		}
		sol := SolveWith(p, g, Options{Budget: verdict.Budget{Nodes: 3000, MemoryMB: 8}, Tables: tb})
		switch sol.Result {
		case "win", "loss", "draw", "unknown":
		default:
			t.Fatalf("%s %s %s: result %q", r.Name, fen, goal, sol.Result)
		}
		if sol.Result == "win" && len(sol.Keys) == 0 && sol.Note == "" {
			t.Fatalf("%s %s %s: a win without a key or a note saying why", r.Name, fen, goal)
		}
	})
}

// FuzzVerify: any position, any stated line (legal, illegal or unreadable
// moves) and any stipulation under any rule system is verified on a small
// budget without a crash, to one of the verdicts.
func FuzzVerify(f *testing.F) {
	seeds := []struct {
		rules           uint8
		fen, line, stip string
	}{
		{0, "W:W24,29,33,40,49:B10,K14,K34", "24-19 14x35 29x40 35x44 49x40", "win"},
		{0, "W:W28:B45", "28-22 45-50", "draw"}, {0, "W:W3,28:B45", "28-23 x 99", "win"},
		{2, "W:WK1:B8", "a1-b1 h1-g1 b1xh1", "win"}, {3, "W:WKa1:Bc1,h6", "a1-b2", "promote"},
		{6, "W:W22,K1:B13,K4", "22-18 13x22", "gain:1"}, {8, "W:W32:B28", "32x23", "win"},
	}
	for _, s := range seeds {
		f.Add(s.rules, s.fen, s.line, s.stip)
	}
	all := draughts.AllRules()
	verdicts := map[verdict.Verdict]bool{verdict.Sound: true, verdict.SoundIncomplete: true, verdict.Cooked: true, verdict.Unsound: true, verdict.Misprint: true, verdict.Unproven: true, verdict.NoPosition: true}
	tb := tables.InMemory() // the fuzz run's one handle, as a program's
	defer func(n int64) { smallRootPositions = n }(smallRootPositions)
	smallRootPositions = 20_000
	f.Fuzz(func(t *testing.T, ri uint8, fen, moves, stip string) {
		r := all[int(ri)%len(all)]
		// Text that does not read is refused where a record comes in
		// (problems.SetText, fuzzed there); what reads is verified.
		pos, err := problems.ParsePosition(r, fen)
		if err != nil {
			return
		}
		if pos != nil {
			if wm, wk, bm, bk := pos.Material(); wm+wk+bm+bk > 8 {
				return // a fuzz run must stay short
			}
		}
		g, err := problems.ParseStipulation(stip)
		if err != nil {
			return
		}
		fields := strings.Fields(moves)
		if len(fields) > 12 {
			return
		}
		p := &problems.Problem{Rules: r, Position: pos, Stipulation: g, Solution: line(fields...)}
		rep := Verify(p, Options{Budget: verdict.Budget{Nodes: 3000, MemoryMB: 8}, Tables: tb})
		if !verdicts[rep.Verdict] {
			t.Fatalf("%s %q %q %q: verdict %q", r.Name, fen, moves, stip, rep.Verdict)
		}
	})
}

package solver

import (
	"slices"
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
	"metz/tables"
	"metz/verdict"
)

// A key is judged by what it forces: a printed move of the solving side
// that fails where another move works is a flaw of the printed line
// (Report.LineFindings), not a refutation of the key.

// The combination (checked against an independent solver on 126
// real combinations, the one disagreement): the printed 32-27 fails to
// 8-13, but 28-22 crowns, every Black move forced. The key 27-21 forces
// a crowning within 15 plies; so does 27-22, a cook.
func TestKeyJudgedByWhatItForces(t *testing.T) {
	const fen = "W:W25,27,28,30,32,33,35,38,39,40,41:B3,8,11,12,14,15,18,19,24,26,29"
	c := combination{"a key whose printed line errs", fen,
		"27-21 26x17 32-27 18-23 25-20 14x21 35-30 24x44 33x2 23x32 2x7", "promote/15"}
	rep := verifyT(c.problem(t), Options{Budget: nodes(2_000_000)})
	if rep.Refutation != nil {
		t.Fatalf("refuted: %+v", rep.Refutation)
	}
	if rep.Verdict != verdict.Cooked || !slices.Contains(rep.Keys, "27-21") || !slices.Contains(rep.Keys, "27-22") || len(rep.Undecided) > 0 {
		t.Fatalf("verdict %s keys %v undecided %v; want cooked with the key 27-21 proven and 27-22 a cook", rep.Verdict, rep.Keys, rep.Undecided)
	}
	if len(rep.LineFindings) != 1 {
		t.Fatalf("line findings %+v, want the printed 32-27", rep.LineFindings)
	}
	f := rep.LineFindings[0]
	if f.Kind != verdict.FindingFails || f.Path != "1.1" || f.Ply != 3 || f.After != "27-21 26x17" || f.Printed != "32-27" ||
		!slices.Equal(f.Fails, []string{"32-27", "8-13"}) || f.Proof == nil {
		t.Fatalf("finding %+v, want 32-27 failing to 8-13 after 27-21 26x17, with a proof", f)
	}
	// Nothing found below the failing 32-27 is evidence about the key.
	for _, o := range rep.Omitted {
		if strings.HasPrefix(o.Path, "1.1.1") {
			t.Errorf("omitted defence %s kept below the failing move", o.Defence)
		}
	}
	// The reference: a plain brute force over the rules engine.
	pos := mustFEN(t, draughts.International, fen)
	goal, bal := Goal{Kind: GoalPromote}, balance(pos, draughts.White)
	memo := map[string]bool{}
	if keys := bruteKeys(pos, goal, 15); strings.Join(keys, " ") != "27-22 27-21" {
		t.Errorf("brute force: keys %v within 15, want 27-22 27-21", keys)
	}
	if bruteGoalMemo(playLine(t, pos, "27-21", "26x17", "32-27", "8-13"), draughts.White, goal, bal, 11, false, memo) {
		t.Error("brute force: White still crowns within 15 after 32-27 8-13")
	}
	if !bruteGoalMemo(playLine(t, pos, "27-21", "26x17", f.Works), draughts.White, goal, bal, 12, false, memo) {
		t.Errorf("brute force: %s does not crown within 15", f.Works)
	}
}

// A small one of the same kind: after 38-33 29x38x27 (forced) the printed
// 19-14 fails (Black escapes by 27-32), where 19-13 crowns on ply 7. The key is the
// only first move that crowns within 7 plies, so the problem is sound,
// incomplete for its line's flaw.
func TestPrintedMoveFailsWhereAnotherWins(t *testing.T) {
	const fen = "W:W19,32,38:B4,29,44"
	p := &problems.Problem{Label: "printed move fails", Rules: draughts.International, Position: problems.MustPosition(draughts.International, fen), Stipulation: problems.Stipulation{Kind: problems.GoalPromote, Within: 7},
		Solution: line("38-33", "29x27", "19-14", "4-10", "14x5")}
	rep := verifyT(p, Options{Budget: nodes(200_000)})
	if rep.Verdict != verdict.SoundIncomplete || rep.Refutation != nil || !slices.Equal(rep.Keys, []string{"38-33"}) {
		t.Fatalf("verdict %s keys %v refutation %+v; want sound-incomplete with the key 38-33", rep.Verdict, rep.Keys, rep.Refutation)
	}
	if len(rep.LineFindings) != 1 || rep.LineFindings[0].Printed != "19-14" || rep.LineFindings[0].Works != "19-13" ||
		rep.LineFindings[0].Plies != 5 {
		t.Fatalf("line findings %+v, want 19-14 failing where 19-13 crowns in 5 plies", rep.LineFindings)
	}
	if !strings.Contains(strings.Join(rep.Findings(), "; "), "one printed move fails where another works: 19-14 after 38-33 29x27") {
		t.Errorf("findings %q", rep.Findings())
	}
	pos := mustFEN(t, draughts.International, fen)
	goal, bal := Goal{Kind: GoalPromote}, balance(pos, draughts.White)
	if keys := bruteKeys(pos, goal, 7); !slices.Equal(keys, []string{"38-33"}) {
		t.Errorf("brute force: keys %v, want 38-33", keys)
	}
	memo := map[string]bool{}
	at := playLine(t, pos, "38-33", "29x27")
	if bruteGoalMemo(at.Play(mustMove(t, at, "19-14")), draughts.White, goal, bal, 4, false, memo) ||
		!bruteGoalMemo(at.Play(mustMove(t, at, "19-13")), draughts.White, goal, bal, 4, false, memo) {
		t.Error("brute force: 19-14 crowns within 7 or 19-13 does not")
	}
}

// A printed move that fails where every other move fails too leaves the
// key refuted: the stated line of TestPrintedMoveFailsWhereAnotherWins
// after a first move that lets Black escape.
func TestFailingLineStillRefutesAFailingKey(t *testing.T) {
	const fen = "W:W19,32,38:B4,29,44"
	p := &problems.Problem{Label: "key fails", Rules: draughts.International, Position: problems.MustPosition(draughts.International, fen), Stipulation: problems.Stipulation{Kind: problems.GoalPromote, Within: 5},
		Solution: line("38-33", "29x27", "19-14", "4-10", "14x5")}
	rep := verifyT(p, Options{Budget: nodes(200_000)})
	// Within 5 plies 19-13 crowns on ply 7 only: no move mends the line.
	pos := mustFEN(t, draughts.International, fen)
	if keys := bruteKeys(pos, Goal{Kind: GoalPromote}, 5); len(keys) != 0 {
		t.Fatalf("brute force: keys %v within 5", keys)
	}
	if rep.Verdict != verdict.Unsound || rep.Refutation == nil || len(rep.LineFindings) != 0 {
		t.Fatalf("verdict %s refutation %+v findings %+v; want unsound", rep.Verdict, rep.Refutation, rep.LineFindings)
	}
	if !strings.Contains(rep.Refutation.Note, "no other move works after 38-33 29x27") {
		t.Errorf("note %q", rep.Refutation.Note)
	}
}

// The game's end decides every goal: a defender left without a move (here
// without a piece) has lost, which meets a crowning or a gain as well as
// the win, for Solve, Verify and the brute force alike.
func TestGameEndMeetsEveryGoal(t *testing.T) {
	const fen = "W:W28,46:B23"
	pos := mustFEN(t, draughts.International, fen)
	for _, g := range []Goal{{Kind: GoalWin, Within: 1}, {Kind: GoalPromote, Within: 1}, {Kind: GoalGain, N: 3, Within: 1}} {
		sol := SolveWith(pos, g, Options{Budget: nodes(10_000), NoTables: true})
		if sol.Result != verdict.ResultWin || !slices.Equal(sol.Keys, []string{"28x19"}) {
			t.Errorf("%s: %s, keys %v; want a win by 28x19", g, sol.Result, sol.Keys)
		}
		if keys := bruteKeys(pos, Goal{Kind: g.Kind, N: g.N}, 1); !slices.Equal(keys, []string{"28x19"}) {
			t.Errorf("%s: brute force keys %v", g, keys)
		}
		p := &problems.Problem{Rules: draughts.International, Position: problems.MustPosition(draughts.International, fen), Stipulation: g, Solution: line("28x19")}
		if rep := verifyT(p, Options{Budget: nodes(10_000), NoTables: true}); rep.Verdict != verdict.Sound {
			t.Errorf("%s: verify %s", g, rep.Verdict)
		}
	}
}

// The same for a draw: after 14-9 41-36 the printed 48-43 loses, where
// 9-4 and 9-3 hold the draw. The endgame tables (retrograde analysis, not
// the solver) value every move; 14-9 is the only first move that draws.
func TestPrintedDrawingMoveFails(t *testing.T) {
	const fen = "W:W14,48:BK41"
	tb := tables3(t)
	rep := verifyT(problemOf(fen, "draw", "14-9", "41-36", "48-43"), Options{Budget: nodes(1_000_000), Tables: tb})
	if rep.Verdict != verdict.SoundIncomplete || rep.Refutation != nil || len(rep.LineFindings) != 1 {
		t.Fatalf("verdict %s refutation %+v findings %+v; want sound-incomplete, 48-43 a flaw of the line",
			rep.Verdict, rep.Refutation, rep.LineFindings)
	}
	f := rep.LineFindings[0]
	if f.Printed != "48-43" || f.After != "14-9 41-36" || f.Ply != 3 {
		t.Fatalf("finding %+v", f)
	}
	at := playLine(t, mustFEN(t, draughts.International, fen), "14-9", "41-36")
	for _, m := range at.Moves() {
		name := draughts.International.FormatMove(m, true)
		r, plies, ok, _ := tb.Probe(at.Play(m))
		switch {
		case !ok:
			t.Fatalf("no table after %s", name)
		case name == f.Works && r != tables.Draw:
			t.Errorf("the tables: %s is not a draw (%v)", name, r)
		case name == "48-43" && (r != tables.Win || !bruteWithin(at.Play(m), draughts.Black, plies)):
			t.Errorf("48-43: tables %v in %d, not confirmed by the brute force", r, plies)
		}
	}
}

// A cook settles the verdict; the first moves it leaves open are still
// listed (on a budget of 20,000 nodes the cook 27-22 is found in the first
// look at the other first moves, and the rest are not searched further).
func TestCookedListsUndecided(t *testing.T) {
	c := combination{"cooked early", "W:W25,27,28,30,32,33,35,38,39,40,41:B3,8,11,12,14,15,18,19,24,26,29",
		"27-21 26x17 32-27 18-23 25-20 14x21 35-30 24x44 33x2 23x32 2x7", "promote/15"}
	rep := verifyT(c.problem(t), Options{Budget: nodes(20_000)})
	if rep.Verdict != verdict.Cooked || len(rep.Undecided) == 0 {
		t.Fatalf("verdict %s undecided %v notes %v; want cooked with the open first moves listed", rep.Verdict, rep.Undecided, rep.Notes)
	}
	for _, u := range rep.Undecided {
		if slices.Contains(rep.Keys, u) || u == rep.Key {
			t.Errorf("%s both undecided and a key", u)
		}
	}
	if !strings.Contains(strings.Join(rep.Findings(), "; "), "left open: ") {
		t.Errorf("findings %q do not list the open first moves", rep.Findings())
	}
}

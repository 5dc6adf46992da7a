package solver

import (
	"testing"

	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// englishLoss is an English-checkers problem with the loss stipulation.
func englishLoss(fen string, moves ...string) *problems.Problem {
	var t *problems.Tree
	if len(moves) > 0 {
		t = line(moves...) // White to move in every position below
	}
	return &problems.Problem{Rules: draughts.English, Position: problems.MustPosition(draughts.English, fen), Stipulation: problems.StipLoss, Solution: t}
}

func englishPos(t *testing.T, fen string) draughts.Position {
	t.Helper()
	pos, err := draughts.ParseFEN(draughts.English, fen)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// A loss is sound when the other side wins against every move: White's man
// against Black's man and king. Independently of the loss search, every
// White move is solved as a win for Black, the side then to move.
func TestVerifyLossSound(t *testing.T) {
	const fen = "W:W30:B5,K9"
	pos := englishPos(t, fen)
	moves := pos.Moves()
	if len(moves) == 0 {
		t.Fatal("no move")
	}
	for _, m := range moves {
		sol := solveWithT(pos.Play(m), Win, Options{Budget: nodes(1_000_000), NoTables: true})
		if sol.Result != verdict.ResultWin {
			t.Fatalf("after %s: %s for Black, want win", pos.Rules.FormatMove(m, true), sol.Result)
		}
	}
	rep := verifyT(englishLoss(fen), Options{Budget: nodes(1_000_000), NoTables: true})
	if rep.Verdict != verdict.Sound || rep.Goal != "loss" || rep.Refutation != nil {
		t.Errorf("verdict %s, goal %s, refutation %+v; want sound loss", rep.Verdict, rep.Goal, rep.Refutation)
	}
	if sol := solveWithT(pos, Goal{Kind: GoalLoss}, Options{Budget: nodes(1_000_000), NoTables: true}); sol.Result != verdict.ResultLoss {
		t.Errorf("solve --goal loss: %s, want loss", sol.Result)
	}
}

// A side to move that can draw does not lose: king against king. The
// refutation names a first move after which the other side has no win.
func TestVerifyLossRefuted(t *testing.T) {
	const fen = "W:WK32:BK1"
	pos := englishPos(t, fen)
	if sol := solveWithT(pos, Goal{Kind: GoalDraw}, Options{Budget: nodes(1_000_000), NoTables: true}); sol.Result != verdict.ResultDraw {
		t.Fatalf("king against king: %s, want draw", sol.Result)
	}
	rep := verifyT(englishLoss(fen), Options{Budget: nodes(1_000_000), NoTables: true})
	if rep.Verdict != verdict.Unsound || rep.Refutation == nil || len(rep.Refutation.Line) != 1 {
		t.Fatalf("verdict %s, refutation %+v; want unsound with an escaping first move", rep.Verdict, rep.Refutation)
	}
	m, err := draughts.ParseMove(pos, rep.Refutation.Line[0])
	if err != nil {
		t.Fatal(err)
	}
	if sol := solveWithT(pos.Play(m), Win, Options{Budget: nodes(1_000_000), NoTables: true}); sol.Result == verdict.ResultWin {
		t.Errorf("after the escape %s Black still wins", rep.Refutation.Line[0])
	}
}

// A stated line opens with the losing side's move; each move of the
// winner must keep its win. Two black kings against one: 18-22 keeps it,
// 18-23 walks into 27x18x11 (and king against king is a draw). The loss
// is proven from the start, so 18-23 is a flaw of the line, reported with
// a move that keeps the win, not a refutation.
func TestVerifyLossStatedLines(t *testing.T) {
	const fen = "W:WK32:BK18,K15"
	after := englishPos(t, "W:WK27:BK15,K23")
	if sol := solveWithT(after, Goal{Kind: GoalDraw}, Options{Budget: nodes(1_000_000), NoTables: true}); sol.Result != verdict.ResultDraw {
		t.Fatalf("after 18-23: %s for White, want draw", sol.Result)
	}
	opt := Options{Budget: nodes(1_000_000), NoTables: true}
	if rep := verifyT(englishLoss(fen, "32-27", "18-22"), opt); rep.Verdict != verdict.Sound {
		t.Errorf("32-27 18-22: %s, want sound", rep.Verdict)
	}
	rep := verifyT(englishLoss(fen, "32-27", "18-23"), opt)
	if rep.Verdict != verdict.SoundIncomplete || rep.Refutation != nil || len(rep.LineFindings) != 1 {
		t.Fatalf("32-27 18-23: %s, refutation %+v, findings %+v; want sound-incomplete, 18-23 a flaw of the line",
			rep.Verdict, rep.Refutation, rep.LineFindings)
	}
	f := rep.LineFindings[0]
	if f.Path != "1" || f.Ply != 2 || f.Printed != "18-23" || f.Works == "18-23" {
		t.Fatalf("finding %+v, want 18-23 after 32-27 with another move", f)
	}
	at := englishPos(t, "B:WK27:BK18,K15")
	m, err := draughts.ParseMove(at, f.Works)
	if err != nil {
		t.Fatal(err)
	}
	if sol := SolveWith(at.Play(m), Goal{Kind: GoalDraw}, opt); sol.Result != verdict.ResultLoss {
		t.Errorf("after 32-27 %s: %s for White, want a loss", f.Works, sol.Result)
	}
	if rep := verifyT(englishLoss(fen, "32-27", "18-23", "27x18"), opt); rep.Verdict != verdict.Misprint {
		t.Errorf("an illegal stated move: %s, want misprint", rep.Verdict)
	}
}

// A loss the budget cannot settle is unproven, never sound.
func TestVerifyLossUnproven(t *testing.T) {
	rep := verifyT(englishLoss("W:W30:B5,K9"), Options{Budget: nodes(10), NoTables: true})
	if rep.Verdict != verdict.Unproven || len(rep.Unproven) != 1 {
		t.Errorf("10 nodes: %s, %d unproven places; want unproven", rep.Verdict, len(rep.Unproven))
	}
}

func TestParseGoalLoss(t *testing.T) {
	for _, s := range []string{"loss", "LOSS", " perd "} {
		if g, err := problems.ParseStipulation(s); err != nil || g.Kind != GoalLoss || g.String() != "loss" {
			t.Errorf("%q: %v %v", s, g, err)
		}
	}
	if _, err := problems.ParseStipulation("loss/5"); err == nil {
		t.Error("loss/5: a loss takes no bound")
	}
	if _, err := problems.StipLoss.Bound(5); err == nil {
		t.Error("--within 5 on a loss: accepted")
	}
}

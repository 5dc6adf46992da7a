package solver

import (
	"strconv"
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
)

// bruteGoalMemo is bruteGoal (bounded_test.go) remembering answers, for
// full-board positions: an independent reference for bounded goals, a plain
// depth-limited AND/OR search over the rules engine's legal moves,
// remembering each (position, plies) it has answered by FEN, with no
// ordering, no forcing search and no table of the solver's. It answers
// "does attacker force goal within d plies of q?"; bal is the attacker's
// balance at the start (for gain), crowned whether the move into q was
// the attacker's crowning.
func bruteGoalMemo(q draughts.Position, attacker draughts.Color, goal Goal, bal, d int, crowned bool, memo map[string]bool) bool {
	if goal.Kind == GoalPromote && crowned {
		return true
	}
	n, capt := q.CountMoves()
	if n == 0 {
		return goal.Kind != GoalPromote && q.Turn != attacker
	}
	if goal.Kind == GoalGain && !capt && balance(q, attacker)-bal >= goal.N {
		return true
	}
	if d <= 0 {
		return false
	}
	key := q.FEN() + "/" + strconv.Itoa(d)
	if r, ok := memo[key]; ok {
		return r
	}
	or := q.Turn == attacker
	r := !or
	for _, m := range q.Moves() {
		if bruteGoalMemo(q.Play(m), attacker, goal, bal, d-1, or && m.Promotes, memo) == or {
			r = or
			break
		}
	}
	memo[key] = r
	return r
}

// bruteKeys lists the first moves of q that force goal within d plies
// (the move counted), by bruteGoalMemo.
func bruteKeys(q draughts.Position, goal Goal, d int) []string {
	memo := map[string]bool{}
	var keys []string
	for _, m := range q.Moves() {
		if bruteGoalMemo(q.Play(m), q.Turn, goal, balance(q, q.Turn), d-1, m.Promotes, memo) {
			keys = append(keys, q.Rules.FormatMove(m, true))
		}
	}
	return keys
}

// combination is a full-board combination with its printed line, as a
// source gives it.
type combination struct {
	name, fen, line, goal string
}

// The two course exercises (a crowning at ply 7 that the printed
// line continues to ply 23; a crowning at ply 17).
var (
	crownThenContinue = combination{"course: crowning on 4, continued",
		"W:W27,28,32,33,37,38,39,41:B1,10,18,19,20,23,24,26",
		"37-31 26x46 33-29 24x31 38-33 46x28 33x4 31-36 4-10 23-29 10-32 1-7 32-37 7-12 37-32 12-17 32-46 17-22 46-14 22-27 14-19 27-31 19-32",
		"promote"}
	crownOn5 = combination{"course: crowning on 5 after a run of exchanges",
		"W:W27,28,30,32,33,35,37,38,39,40,45,48,49:B3,7,8,10,13,15,16,18,19,23,24,25,26",
		"48-43 25x34 40x20 15x24 35-30 24x35 33-29 23x34 39x30 35x24 28-23 18x29 38-33 29x38 37-31 26x28 43x5",
		"promote"}
)

func (c combination) problem(t testing.TB) *problems.Problem {
	t.Helper()
	pos := mustFEN(t, draughts.International, c.fen)
	tree := line(strings.Fields(c.line)...)
	if pos.Turn == draughts.Black { // line() starts with White
		t.Fatalf("%s: the tests' lines start with White", c.name)
	}
	return &problems.Problem{Label: c.name, Rules: "international", FEN: c.fen, Stipulation: c.goal, Solution: tree}
}

// TestGoalReachedThenContinued: the crowning on 4 at ply 7 meets the goal;
// the sixteen moves printed after it are its continuation, replayed and
// shown, and no reply there makes the goal "escape". Unbounded in the
// stipulation, the goal is bounded by the line: 7 plies plus the slack.
func TestGoalReachedThenContinued(t *testing.T) {
	c := crownThenContinue
	rep := Verify(c.problem(t), Options{Budget: nodes(2_000_000)})
	if rep.Verdict != Sound || rep.Goal != "promote/11" || rep.Within != 11 {
		t.Fatalf("verdict %s on %s, want sound on promote/11: %+v", rep.Verdict, rep.Goal, rep)
	}
	if len(rep.Reached) != 1 || rep.Reached[0].Ply != 7 || len(rep.Reached[0].Continuation) != 16 ||
		rep.Reached[0].After != "37-31 26x46 33-29 24x31 38-33 46x28 33x4" {
		t.Fatalf("reached %+v, want the crowning 33x4 at ply 7 and 16 moves of continuation", rep.Reached)
	}
	want := "the key crowns within 11 plies against every defence (the stated line at ply 7); no other first move does within 11"
	if rep.Stipulation != want {
		t.Errorf("words %q, want %q", rep.Stipulation, want)
	}
	// The reference: by brute force, 37-31 is the only first move that
	// crowns within 11 plies.
	pos := mustFEN(t, draughts.International, c.fen)
	if keys := bruteKeys(pos, Goal{Kind: GoalPromote}, 11); len(keys) != 1 || keys[0] != "37-31" {
		t.Fatalf("brute force: keys %v within 11 plies, want 37-31 alone", keys)
	}
}

// TestBoundedExactAgainstBrute: for bounds around the key's crowning,
// Solve's keys are the brute force's, exactly (a bound below the line's
// ply has no key at all).
func TestBoundedExactAgainstBrute(t *testing.T) {
	pos := mustFEN(t, draughts.International, crownThenContinue.fen)
	for _, d := range []int{5, 6, 7, 9} {
		g := Goal{Kind: GoalPromote, Within: d}
		sol := SolveWith(pos, g, Options{Budget: nodes(2_000_000)})
		want := bruteKeys(pos, Goal{Kind: GoalPromote}, d)
		if strings.Join(sol.Keys, " ") != strings.Join(want, " ") || len(sol.Undecided) > 0 {
			t.Errorf("promote/%d: keys %v (undecided %v), brute force %v", d, sol.Keys, sol.Undecided, want)
		}
		if (len(want) > 0) != (sol.Result == ResultWin) {
			t.Errorf("promote/%d: result %s with brute-force keys %v", d, sol.Result, want)
		}
	}
}

// TestLongCrowningBounded: the crowning at ply 17 is bounded by 21 plies;
// every other first move is refuted within them outright, so the verdict
// is exact, not "unproven", and the omitted defence is placed by its moves.
func TestLongCrowningBounded(t *testing.T) {
	rep := Verify(crownOn5.problem(t), Options{Budget: nodes(5_000_000)})
	if rep.Goal != "promote/21" {
		t.Fatalf("goal %s, want promote/21", rep.Goal)
	}
	if rep.Verdict != SoundIncomplete || len(rep.Undecided)+len(rep.InHorizon)+len(rep.Unproven) > 0 {
		t.Fatalf("verdict %s, want sound-incomplete with nothing left open: %+v", rep.Verdict, rep)
	}
	if len(rep.Omitted) != 1 || rep.Omitted[0].Defence != "19x28" ||
		rep.Omitted[0].After != "48-43 25x34 40x20 15x24 35-30 24x35 33-29 23x34 39x30 35x24 28-23" {
		t.Fatalf("omitted %+v, want 19x28 after 28-23", rep.Omitted)
	}
}

package solver

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
	"metz/verdict"
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
	if n == 0 { // the game is over: its end decides every goal
		return (q.Turn != attacker) != q.Rules.LosingGame
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
	return &problems.Problem{Label: c.name, Rules: draughts.International, Position: problems.MustPosition(draughts.International, c.fen), Stipulation: mustStip(c.goal), Solution: tree}
}

// TestGoalReachedThenContinued: the crowning on 4 at ply 7 meets the goal;
// the sixteen moves printed after it are its continuation, replayed and
// shown, and no reply there makes the goal "escape". Unbounded in the
// stipulation, the goal is bounded by the line: 7 plies plus the slack.
func TestGoalReachedThenContinued(t *testing.T) {
	c := crownThenContinue
	rep := verifyT(c.problem(t), Options{Budget: nodes(2_000_000)})
	if rep.Verdict != verdict.Sound || rep.Goal != "promote/11" || rep.Within != 11 {
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
		sol := solveWithT(pos, g, Options{Budget: nodes(2_000_000)})
		want := bruteKeys(pos, Goal{Kind: GoalPromote}, d)
		if strings.Join(sol.Keys, " ") != strings.Join(want, " ") || len(sol.Undecided) > 0 {
			t.Errorf("promote/%d: keys %v (undecided %v), brute force %v", d, sol.Keys, sol.Undecided, want)
		}
		if (len(want) > 0) != (sol.Result == verdict.ResultWin) {
			t.Errorf("promote/%d: result %s with brute-force keys %v", d, sol.Result, want)
		}
	}
}

// TestLongCrowningBounded: the crowning at ply 17 is bounded by 21 plies;
// every other first move is refuted within them outright, so the verdict
// is exact, not "unproven", and the omitted defence is placed by its moves.
func TestLongCrowningBounded(t *testing.T) {
	rep := verifyT(crownOn5.problem(t), Options{Budget: nodes(5_000_000)})
	if rep.Goal != "promote/21" {
		t.Fatalf("goal %s, want promote/21", rep.Goal)
	}
	if rep.Verdict != verdict.SoundIncomplete || len(rep.Undecided)+len(rep.InHorizon)+len(rep.Unproven) > 0 {
		t.Fatalf("verdict %s, want sound-incomplete with nothing left open: %+v", rep.Verdict, rep)
	}
	if len(rep.Omitted) != 1 || rep.Omitted[0].Defence != "19x28" ||
		rep.Omitted[0].After != "48-43 25x34 40x20 15x24 35-30 24x35 33-29 23x34 39x30 35x24 28-23" {
		t.Fatalf("omitted %+v, want 19x28 after 28-23", rep.Omitted)
	}
}

// TestImpliedGainVanTenacI: Van Tenac's Problem I (Traité, 1868, n° 71;
// the position as the text lists it, the line as its prose tells it, 26
// taking 31 to 37 where the table misprints "25 à 27"): "ils gagnent la
// partie", no more. The line wins three pieces at a quiet position at ply
// 11 (seven taken by 35x22 against four given), so the verdict is on
// gain:3/15; 37-31 wins them within 15 as well, a cook; and the literal
// win from the end of the line is its own line of the report.
func TestImpliedGainVanTenacI(t *testing.T) {
	c := combination{"Van Tenac I", "W:W25,28,30,33,35,37,38,40:B4,7,8,12,14,17,18,19,24,26,29",
		"28-23 19x39 30x10 4x15 37-31 26x37 38-32 37x28 40-34 29x40 35x22", problems.StipWin.String()}
	rep := verifyT(c.problem(t), Options{Budget: nodes(5_000_000)})
	if rep.Goal != "gain:3/15" || rep.Stated != "win" || rep.Verdict != verdict.Cooked {
		t.Fatalf("goal %s (stated %s), verdict %s; want cooked on gain:3/15", rep.Goal, rep.Stated, rep.Verdict)
	}
	if len(rep.Cooks) != 1 || rep.Cooks[0].Move != "37-31" {
		t.Fatalf("cooks %+v, want 37-31", rep.Cooks)
	}
	if !strings.HasPrefix(rep.Stipulation, "the key wins three pieces within 15 plies against every defence (the stated line at ply 11); one other first move also does within 15: 37-31") {
		t.Errorf("words %q", rep.Stipulation)
	}
	if !strings.HasPrefix(rep.Claim, "the win claimed: ") {
		t.Errorf("claim %q, want a line on the literal win", rep.Claim)
	}
	// The reference: the brute force agrees on the keys within 15 plies.
	pos := mustFEN(t, draughts.International, c.fen)
	if keys := bruteKeys(pos, Goal{Kind: GoalGain, N: 3}, 15); strings.Join(keys, " ") != "28-23 37-31" {
		t.Fatalf("brute force: keys %v, want 28-23 37-31", keys)
	}
}

// TestImpliedCrowningAndClaim: the crowning on 5 read from a plain win:
// the verdict is on promote/21 and the literal win, which no search of
// this budget finishes, is reported as not proven with the material the
// line ends on.
func TestImpliedCrowningAndClaim(t *testing.T) {
	c := crownOn5
	c.goal = problems.StipWin.String()
	rep := verifyT(c.problem(t), Options{Budget: nodes(1_000_000)})
	if rep.Goal != "promote/21" || rep.Verdict != verdict.SoundIncomplete {
		t.Fatalf("goal %s, verdict %s; want sound-incomplete on promote/21", rep.Goal, rep.Verdict)
	}
	if want := "the win claimed: not proven: the stated line ends 3 men and 1 king v 6 men"; rep.Claim != want {
		t.Errorf("claim %q, want %q", rep.Claim, want)
	}
}

// TestExerciseWinsMaterial: a course exercise (Goedemoed, A course in
// international draughts, exercise 1.2): from the opening 1.32-28 18-23
// 2.33-29 23x32 3.37x28 12-18?, "White can perform a combination", with
// no line printed. Bounded as gain:2/7 it has two keys, which the brute
// force confirms, and no third piece is won within 7 plies.
func TestExerciseWinsMaterial(t *testing.T) {
	pos := playLine(t, mustFEN(t, draughts.International, "W:W31-50:B1-20"), "32-28", "18-23", "33-29", "23x32", "37x28", "12-18")
	p := &problems.Problem{Label: "exercise 1.2", Rules: draughts.International, Position: problems.MustPosition(draughts.International, pos.FEN()), Stipulation: problems.Stipulation{Kind: problems.GoalGain, N: 2, Within: 7}}
	rep := verifyT(p, Options{Budget: nodes(2_000_000)})
	want := bruteKeys(pos, Goal{Kind: GoalGain, N: 2}, 7)
	if rep.Verdict != verdict.Cooked || strings.Join(rep.Keys, " ") != strings.Join(want, " ") || len(want) != 2 {
		t.Fatalf("verdict %s, keys %v; brute force %v", rep.Verdict, rep.Keys, want)
	}
	if w := "two first moves reach the goal within 7 plies: " + strings.Join(want, " "); rep.Stipulation != w {
		t.Errorf("words %q, want %q", rep.Stipulation, w)
	}
	if keys := bruteKeys(pos, Goal{Kind: GoalGain, N: 3}, 7); len(keys) != 0 {
		t.Fatalf("brute force: %v win three pieces within 7", keys)
	}
	sol := solveWithT(pos, Goal{Kind: GoalGain, N: 3, Within: 7}, Options{Budget: nodes(2_000_000)})
	if sol.Result != verdict.ResultDraw || len(sol.Keys) != 0 {
		t.Fatalf("gain:3/7: %s %v, want no key", sol.Result, sol.Keys)
	}
}

// TestShotWinsOutright: the first shot of Goedemoed's pre-course, as its
// text tells it: White gives 28-22, the black man on 17 takes to 28 (and
// stops: 37 is White's), and 32x5 takes the three black men, all there
// are. Bounded as win/3 the verdict is exact, and the key is the only
// first move, by brute force too.
func TestShotWinsOutright(t *testing.T) {
	c := combination{"pre-course shot", "W:W28,32,37:B10,17,19", "28-22 17x28 32x5", "win/3"}
	rep := verifyT(c.problem(t), Options{Budget: nodes(1_000_000)})
	if rep.Verdict != verdict.Sound || rep.Goal != "win/3" {
		t.Fatalf("verdict %s on %s, want sound on win/3: %+v", rep.Verdict, rep.Goal, rep)
	}
	if want := "the key wins outright within 3 plies against every defence (the stated line at ply 3); no other first move does within 3"; rep.Stipulation != want {
		t.Errorf("words %q, want %q", rep.Stipulation, want)
	}
	pos := mustFEN(t, draughts.International, c.fen)
	if keys := bruteKeys(pos, Win, 3); strings.Join(keys, " ") != "28-22" {
		t.Fatalf("brute force: %v", keys)
	}
}

// TestBoundCoversEveryLine: with the source's 19x28 stated first at ply
// 12 (answered by 32x1, a crowning at ply 13) and its 18x29 line (the
// crowning at ply 17) second, the bound read from the lines covers the
// longer one: with a slack of 1, 17+1 plies, not the main line's 13+1,
// which would refute the second line's end.
func TestBoundCoversEveryLine(t *testing.T) {
	p := crownOn5.problem(t)
	at := p.Solution.Children[0]
	for range 10 { // down to the defender's move at ply 12
		at = at.Children[0]
	}
	alt := line("19x28", "32x1").Children[0]
	alt.White, alt.Children[0].White = false, true
	at.Children = append([]*problems.Node{alt}, at.Children...)
	rep := verifyT(p, Options{Budget: nodes(5_000_000), Slack: 1})
	if rep.Goal != "promote/18" || rep.Verdict != verdict.Sound {
		t.Fatalf("goal %s, verdict %s (%v); want sound on promote/18", rep.Goal, rep.Verdict, rep.Findings())
	}
	if !strings.Contains(rep.Stipulation, "(the stated line at ply 13)") {
		t.Errorf("words %q: the main line crowns at ply 13", rep.Stipulation)
	}
}

// vinkOutright is a composition whose printed line wins outright: J. C.
// Vink, Leeuwarder Courant, 10 December 1971, White to play and win, as
// the composition collection Cat.B1.pdn of github.com/wiegerw/pdn
// (games/succeed, its Site tag naming the paper and the date) records it;
// position and line transcribed by hand from there. Nine men a side (the
// largest published position found whose printed line ends with the loser
// out of pieces or moves): White gives two men so that Black crowns twice
// (40x49, 37x48), takes both kings back, crowns on 1, and 1x3 takes five;
// king and man then run down Black's last two men, 36x27 at ply 21 taking
// the last one.
var vinkOutright = combination{"Vink, Leeuwarder Courant 1971",
	"W:W12,18,22,29,33,39,47,48,49:B9,11,13,30,31,32,36,37,40",
	"49-44 40x49 48-43 49x38 33x42 37x48 22-17 48x23 17x6 13x22 6-1 23x7 1x3 31-37 3-14 36-41 47x36 37-42 14-37 42x31 36x27",
	problems.StipWin.String()}

// TestProblemWinsOutright: stated as a plain win, eighteen pieces, so the
// goal is read from the line: it wins outright at ply 21, the verdict is
// on win/25. The line omits four defences of the ending, each answered;
// no other first move wins within 25. Before the bounded retry went in
// rounds, 29-24 stayed undecided on 50 M nodes. It takes 3.97 M nodes
// (4.67 M before a refutation tried the attacker's moves by their
// history: history.go; 4.53 M before the defender's nodes four plies
// from the bound were decided without a node's machinery: fourWins, for
// less CPU; 5.30 M
// before a refutation left the attacker's moves unsorted:
// orderAttack; 11.25 M before the defender's replies were raced far from
// the bound: race.go), so the 12 M budget leaves room.
func TestProblemWinsOutright(t *testing.T) {
	if testing.Short() {
		t.Skip("about 4 M nodes")
	}
	c := vinkOutright
	rep := verifyT(c.problem(t), Options{Budget: nodes(12_000_000)})
	if rep.Goal != "win/25" || rep.Stated != "win" || rep.Verdict != verdict.SoundIncomplete {
		t.Fatalf("goal %s (stated %s), verdict %s; want sound-incomplete on win/25: %v", rep.Goal, rep.Stated, rep.Verdict, rep.Findings())
	}
	if len(rep.Undecided)+len(rep.InHorizon)+len(rep.Unproven)+len(rep.Cooks) > 0 {
		t.Fatalf("left open or cooked: %+v", rep)
	}
	if want := "the key wins outright within 25 plies against every defence (the stated line at ply 21); no other first move does within 25"; rep.Stipulation != want {
		t.Errorf("words %q, want %q", rep.Stipulation, want)
	}
	if rep.Claim != "" || len(rep.Reached) != 0 {
		t.Errorf("claim %q, reached %+v: the goal is the literal win, met at the line's end", rep.Claim, rep.Reached)
	}
	if len(rep.Omitted) != 4 || rep.Omitted[0].Ply != 14 || rep.Omitted[0].Defence != "36-41" {
		t.Errorf("omitted %+v, want four, the first 36-41 at ply 14", rep.Omitted)
	}
}

// TestOutrightLineByReference checks the facts of vinkOutright without the
// solver: the printed line replays and leaves Black no piece at ply 21;
// from its position at ply 13 (king and man against two men, Black to
// move) White wins within 8 plies and not within 6, by brute force, so the
// line's ending is a fastest one; and no first move wins within 15 plies,
// by brute force as by the bounded solver.
func TestOutrightLineByReference(t *testing.T) {
	c := vinkOutright
	pos := mustFEN(t, draughts.International, c.fen)
	moves := strings.Fields(c.line)
	if end := playLine(t, pos, moves...); end.FEN() != "B:W27:B" {
		t.Fatalf("the line ends on %s, want Black without a piece", end.FEN())
	}
	at13 := playLine(t, pos, moves[:13]...)
	for d, want := range map[int]bool{6: false, 8: true} {
		if got := bruteGoalMemo(at13, draughts.White, Win, 0, d, false, map[string]bool{}); got != want {
			t.Errorf("from %s, win within %d plies: %v, want %v", at13.FEN(), d, got, want)
		}
	}
	if keys := bruteKeys(pos, Win, 15); len(keys) != 0 {
		t.Fatalf("brute force: %v win outright within 15", keys)
	}
	sol := solveWithT(pos, Goal{Kind: GoalWin, Within: 15}, Options{Budget: nodes(2_000_000)})
	if sol.Result != verdict.ResultDraw || len(sol.Keys)+len(sol.Undecided) > 0 {
		t.Fatalf("win/15: %s, keys %v, undecided %v; want no key", sol.Result, sol.Keys, sol.Undecided)
	}
}

// forcingOutright is a full-board combination whose line ends in a total
// capture two plies after the print: the forcing 39-34 of a composition by
// the author of the blog endgamesandmore.blogspot.com (article "Five
// Favorite 'Forse' Forcings", 26 September 2018,
// http://endgamesandmore.blogspot.com/2018/09/five-favorite-forse-forcings.html,
// the composition first shown there in June 2016), answered 23-28, the
// defence the article calls the main thing. The position after those two
// moves (twelve men against thirteen) and the combination printed from it
// are transcribed by hand from the article's PDN. The line stops at 3x46:
// White's king on 46, Black's last piece a king on 5, to move, whose
// corner square has one diagonal, the white king's, so any move of it is
// taken at once: the outright win is at ply 15. The goal is given, win/19
// (15 plus the slack): read from the line, which stops before the win, it
// would be the crowning at ply 7.
var forcingOutright = combination{"forcing 39-34 23-28, endgamesandmore 2018",
	"W:W25,26,29,31,33,34,35,37,38,42,44,47:B7,9,12,13,14,17,18,20,22,24,27,28,36",
	"29-23 18x49 35-30 49x41 30x10 28x39 25x3 41x5 47-41 36x38 26-21 17x37 3x46",
	"win/19"}

// TestFullBoardWinsOutright: on win/19 the combination is sound but for
// one defence the article leaves out (49x32x46 at ply 4, answered); the
// shortest outright win is 15 plies, by the solver as by the brute force,
// which finds 29-23 alone within 15 and 17 plies and no move within 13.
// Stated as a plain win, the line is read as a crowning at ply 7, which
// two other first moves also force within 11 (the brute force agrees),
// and the literal win is proven from the line's end.
func TestFullBoardWinsOutright(t *testing.T) {
	c := forcingOutright
	rep := verifyT(c.problem(t), Options{Budget: nodes(2_000_000)})
	if rep.Goal != "win/19" || rep.Verdict != verdict.SoundIncomplete || len(rep.Undecided)+len(rep.InHorizon)+len(rep.Unproven) > 0 {
		t.Fatalf("goal %s, verdict %s: %v; want sound-incomplete on win/19", rep.Goal, rep.Verdict, rep.Findings())
	}
	if want := "the key wins outright within 19 plies against every defence; no other first move does within 19"; rep.Stipulation != want {
		t.Errorf("words %q, want %q", rep.Stipulation, want)
	}
	if len(rep.Omitted) != 1 || rep.Omitted[0].Ply != 4 || rep.Omitted[0].Defence != "49x32x46" {
		t.Errorf("omitted %+v, want 49x32x46 at ply 4", rep.Omitted)
	}
	pos := mustFEN(t, draughts.International, c.fen)
	end := playLine(t, pos, strings.Fields(c.line)...)
	if end.FEN() != "B:WK46:BK5" || !bruteGoalMemo(end, draughts.White, Win, 0, 2, false, map[string]bool{}) {
		t.Fatalf("the line ends on %s, want Black's king on 5 lost in two plies", end.FEN())
	}
	for d, want := range map[int]string{13: "", 15: "29-23", 17: "29-23"} {
		if keys := strings.Join(bruteKeys(pos, Win, d), " "); keys != want {
			t.Errorf("brute force: keys %q within %d plies, want %q", keys, d, want)
		}
	}
	sol := solveWithT(pos, Goal{Kind: GoalWin, Within: 19}, Options{Budget: nodes(2_000_000)})
	if strings.Join(sol.Keys, " ") != "29-23" || sol.Plies != 15 {
		t.Errorf("win/19: keys %v in %d plies, want 29-23 in 15", sol.Keys, sol.Plies)
	}

	c.goal = problems.StipWin.String()
	rep = verifyT(c.problem(t), Options{Budget: nodes(2_000_000)})
	want := bruteKeys(pos, Goal{Kind: GoalPromote}, 11)
	if rep.Goal != "promote/11" || rep.Verdict != verdict.Cooked || strings.Join(rep.Keys, " ") != strings.Join(want, " ") || len(want) != 3 {
		t.Fatalf("stated win: goal %s, verdict %s, keys %v; want cooked on promote/11 with the brute force's %v", rep.Goal, rep.Verdict, rep.Keys, want)
	}
	if rep.Claim != "the win claimed: proven (the end of the stated line is a forced win)" {
		t.Errorf("claim %q", rep.Claim)
	}
}

// TestOutrightKeyDeep: the brute force agrees that 49-44 alone wins
// outright within 21 plies (its shortest win), as the bounded solver
// says, and that 29-23 alone wins the full-board forcing within its bound
// of 19. Minutes of brute force: run with METZ_DEEP=1.
func TestOutrightKeyDeep(t *testing.T) {
	if os.Getenv("METZ_DEEP") != "1" {
		t.Skip("set METZ_DEEP=1 (minutes of brute force)")
	}
	pos := mustFEN(t, draughts.International, vinkOutright.fen)
	if keys := bruteKeys(pos, Win, 21); strings.Join(keys, " ") != "49-44" {
		t.Fatalf("brute force: keys %v within 21 plies, want 49-44", keys)
	}
	sol := solveWithT(pos, Goal{Kind: GoalWin, Within: 21}, Options{Budget: nodes(20_000_000)})
	if strings.Join(sol.Keys, " ") != "49-44" || sol.Plies != 21 {
		t.Fatalf("win/21: keys %v in %d plies, want 49-44 in 21", sol.Keys, sol.Plies)
	}
	full := mustFEN(t, draughts.International, forcingOutright.fen)
	if keys := bruteKeys(full, Win, 19); strings.Join(keys, " ") != "29-23" {
		t.Fatalf("brute force: keys %v of the full-board forcing within 19 plies, want 29-23", keys)
	}
}

// mustStip reads a test's stipulation.
func mustStip(s string) problems.Stipulation {
	g, err := problems.ParseStipulation(s)
	if err != nil {
		panic(err)
	}
	return g
}

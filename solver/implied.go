package solver

import (
	"fmt"
	"strings"

	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// A full-board combination "wins" in the books' sense when its line ends
// a piece or two up, or with a crowning: what follows is technique no
// search finishes. So where the stipulation is the plain win (or the goal
// has no bound) the stated main line says what is claimed: Verify derives
// the goal the line reaches and where, bounds it by that ply plus the
// slack, and verifies that exact question. The literal win is then a
// separate line of the report (Report.Claim).

// fullBoard is the fewest pieces at the start for which a plain "win" is
// read as the stipulation its line implies: below it the whole game is
// searched, as the endings' proofs need (Van Tenac's problems, whose
// lines end in won endings, have at most a dozen pieces).
const fullBoard = 16

// lineFacts is what the stated main line (every first child) achieves,
// read with the generic engine; plies are counted from the start.
type lineFacts struct {
	plies  int               // the line's length
	ends   int               // the ply where the defender is left without a move (0: never)
	crown  int               // the ply of the attacker's first crowning (0: none)
	gains  []int             // the pieces won at each ply when quiet (-1: a capture is pending)
	end    draughts.Position // the position at the end of the line
	resign bool              // the line was cut by an unplayable move (replay reports it; no goal is read from it)
}

// mainLine reads the facts of t's main line from pos for attacker.
func mainLine(pos draughts.Position, t *problems.Tree, attacker draughts.Color) lineFacts {
	var path []*problems.Node
	for ns := t.Children; len(ns) > 0; ns = ns[0].Children {
		path = append(path, ns[0])
	}
	return lineOf(pos, path, attacker)
}

// lineOf reads the facts of the stated moves path from pos for attacker.
func lineOf(pos draughts.Position, path []*problems.Node, attacker draughts.Color) lineFacts {
	f := lineFacts{end: pos}
	root := balance(pos, attacker)
	q := pos
	for _, n := range path {
		m, mp := resolve(q, n)
		if mp != nil {
			f.resign = true
			break
		}
		mover := q.Turn
		q = q.Play(m)
		f.plies++
		if m.Promotes && mover == attacker && f.crown == 0 {
			f.crown = f.plies
		}
		n, capt := q.CountMoves()
		if n == 0 && q.Turn != attacker && !q.Rules.LosingGame && f.ends == 0 {
			f.ends = f.plies
		}
		g := -1
		if !capt {
			g = balance(q, attacker) - root
		}
		f.gains = append(f.gains, g)
	}
	f.end = q
	return f
}

// maxLines bounds the stated lines read for a bound: a tree with more is
// bounded by those first.
const maxLines = 4096

// latestReach is the greatest ply at which a stated line of t first meets
// goal (0: none does): a bound read from the lines must leave every one
// of them room to meet it.
func latestReach(pos draughts.Position, t *problems.Tree, attacker draughts.Color, goal Goal) int {
	most, lines := 0, 0
	var walk func(ns []*problems.Node, path []*problems.Node)
	walk = func(ns []*problems.Node, path []*problems.Node) {
		for _, n := range ns {
			if lines >= maxLines {
				return
			}
			p := append(path[:len(path):len(path)], n)
			if len(n.Children) > 0 {
				walk(n.Children, p)
				continue
			}
			lines++
			most = max(most, lineOf(pos, p, attacker).reachedAt(goal))
		}
	}
	walk(t.Children, nil)
	return most
}

// gainPly is the first ply at which the line is n pieces up at a quiet
// position (0: never).
func (f lineFacts) gainPly(n int) int {
	for i, g := range f.gains {
		if g >= n {
			return i + 1
		}
	}
	return 0
}

// bestGain is the most pieces the line is ever up at a quiet position.
func (f lineFacts) bestGain() int {
	n := 0
	for _, g := range f.gains {
		n = max(n, g)
	}
	return n
}

// reachedAt is the ply at which the main line meets goal (0: never). A
// line whose defender is left without a move has won outright, which
// meets every goal (stipulations.md): the game ends there.
func (f lineFacts) reachedAt(goal Goal) int {
	at := 0
	switch goal.Kind {
	case GoalPromote:
		at = f.crown
	case GoalGain:
		at = f.gainPly(goal.N)
	case GoalWin:
		return f.ends
	default:
		return 0
	}
	if f.ends > 0 && (at == 0 || f.ends < at) {
		return f.ends
	}
	return at
}

// impliedGoal is the goal Verify checks for a problem stated as goal with
// the stated tree t from pos (f: its main line's facts), and whether it
// was derived from the lines (literal is then the source's plain win,
// checked apart). A bound given is kept; a crowning or a gain without one
// is bounded by the latest ply where a stated line meets it plus slack; a
// plain win of a full-board position is read as what the main line does:
// wins outright, else crowns, else wins the most pieces it is ever up at
// a quiet position.
func impliedGoal(pos draughts.Position, t *problems.Tree, f lineFacts, goal Goal, slack int) (g Goal, derived, literal bool) {
	if goal.Within > 0 || goal.Kind == GoalDraw || f.plies == 0 || f.resign {
		return goal, false, false
	}
	g = goal
	if goal.Kind == GoalWin {
		wm, wk, bm, bk := pos.Material()
		if wm+wk+bm+bk < fullBoard {
			return goal, false, false
		}
		switch n := f.bestGain(); {
		case f.ends > 0:
		case f.crown > 0:
			g, literal = Goal{Kind: GoalPromote}, true
		case n > 0:
			g, literal = Goal{Kind: GoalGain, N: n}, true
		default:
			return goal, false, false
		}
	}
	if f.reachedAt(g) == 0 {
		return goal, false, false
	}
	// Every stated line, not the main one alone, must have room to meet
	// the goal: a longer variation would otherwise end past the bound.
	return g.WithBound(latestReach(pos, t, pos.Turn, g) + slack), true, literal
}

// describe says in words what was verified under a bound: what the key
// does, where the stated line does it, and what the other first moves do.
func describe(rep *verdict.Report, goal Goal, f lineFacts) string {
	if goal.Within == 0 || rep.Verdict == verdict.Misprint {
		return ""
	}
	what := goalWords(goal)
	if rep.Key == "" { // no stated solution: the first moves alone
		n := len(rep.Keys)
		words := fmt.Sprintf("%s within %d plies", verdict.Counted(n, "first move reaches the goal", "first moves reach the goal"), goal.Within)
		if n > 0 {
			words += ": " + strings.Join(rep.Keys, " ")
		}
		if u := len(rep.Undecided); u > 0 {
			words += fmt.Sprintf("; %s left undecided by the budget", verdict.Counted(u, "first move", "first moves"))
		}
		return words
	}
	var b strings.Builder
	switch {
	case rep.Refutation != nil:
		fmt.Fprintf(&b, "the key does not force that it %s within %d plies", what, goal.Within)
	case len(rep.Unproven) > 0:
		fmt.Fprintf(&b, "that the key %s within %d plies against every defence is not settled", what, goal.Within)
	default:
		fmt.Fprintf(&b, "the key %s within %d plies against every defence", what, goal.Within)
	}
	if k := f.reachedAt(goal); k > 0 {
		fmt.Fprintf(&b, " (the stated line at ply %d)", k)
	}
	switch n := len(rep.Cooks); {
	case n > 0:
		fmt.Fprintf(&b, "; %s also %s within %d: %s", verdict.Counted(n, "other first move", "other first moves"), doWord(n), goal.Within, cookNames(rep.Cooks))
	case len(rep.Undecided) > 0:
		fmt.Fprintf(&b, "; %s left undecided by the budget", verdict.Counted(len(rep.Undecided), "other first move", "other first moves"))
	case rep.Refutation == nil:
		fmt.Fprintf(&b, "; no other first move does within %d", goal.Within)
	}
	return b.String()
}

// goalWords is what the attacker does to meet goal, as a verb phrase.
func goalWords(goal Goal) string {
	switch goal.Kind {
	case GoalPromote:
		return "crowns"
	case GoalGain:
		if goal.N == 1 {
			return "wins a piece"
		}
		return fmt.Sprintf("wins %s pieces", verdict.Number(goal.N))
	}
	return "wins outright"
}

func doWord(n int) string {
	if n == 1 {
		return "does"
	}
	return "do"
}

func cookNames(cs []verdict.Cook) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Move
	}
	return strings.Join(names, " ")
}

// materialWords says what a position holds, side by side: "13 v 10 men",
// kings named apart ("12 men and a king v 10 men").
func materialWords(q draughts.Position, attacker draughts.Color) string {
	wm, wk, bm, bk := q.Material()
	am, ak, dm, dk := wm, wk, bm, bk
	if attacker == draughts.Black {
		am, ak, dm, dk = bm, bk, wm, wk
	}
	if ak == 0 && dk == 0 {
		return fmt.Sprintf("%d v %d men", am, dm)
	}
	return side(am, ak) + " v " + side(dm, dk)
}

func side(men, kings int) string {
	parts := []string{}
	if men > 0 || kings == 0 {
		parts = append(parts, fmt.Sprintf("%d %s", men, plural(men, "man", "men")))
	}
	if kings > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", kings, plural(kings, "king", "kings")))
	}
	return strings.Join(parts, " and ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

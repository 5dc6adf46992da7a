package solver

import (
	"fmt"
	"strconv"
	"strings"

	"metz/draughts"
)

// GoalKind is what the attacker (the side to move at the root) must achieve.
type GoalKind uint8

const (
	// GoalWin: the opponent is left with no piece or no legal move (under
	// qui perd gagne: the attacker is the one left without a move).
	GoalWin GoalKind = iota
	// GoalDraw: the attacker cannot lose (the opponent has no forced win).
	GoalDraw
	// GoalGain: the attacker is N pieces up on the starting balance at a
	// quiet position (no capture pending), or has won outright.
	GoalGain
	// GoalPromote: the attacker crowns a man, or has won outright.
	GoalPromote
	// GoalLoss: the side to move loses: the other side forces a win
	// against every move (problem books whose Result names the side not
	// to move as the winner).
	GoalLoss
)

// Goal is a stipulation the solver can prove.
type Goal struct {
	Kind GoalKind
	N    int // pieces to gain, for GoalGain
	// Within bounds the goal: it must be reached within that many plies
	// of the start, against every defence (0: no bound). A bounded goal
	// is a finite question, so every verdict on it is exact: "promote/9"
	// asks for a crowning within 9 plies, as a chess problem's "#3" asks
	// for mate in three moves.
	Within int
}

// Win is the default goal.
var Win = Goal{Kind: GoalWin}

// ParseGoal reads "win", "draw", "loss", "promote" or "gain:N", each optionally
// bounded by "/P" (within P plies: "gain:2/15", "promote/9", "win/11"),
// the stipulation strings of package problems; "" means win.
func ParseGoal(s string) (Goal, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	base, bound, bounded := strings.Cut(t, "/")
	g, err := parseKind(strings.TrimSpace(base), s)
	if err != nil || !bounded {
		return g, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(bound))
	switch {
	case err != nil || n < 1:
		return Goal{}, fmt.Errorf("goal %q: expected a bound in plies after the slash, a whole number ≥ 1, like gain:2/15", s)
	case !g.Boundable():
		return Goal{}, fmt.Errorf("goal %q: a %s cannot be bounded (expected win, promote or gain:N before the slash)", s, g)
	}
	g.Within = n
	return g, nil
}

// parseKind reads a goal without its bound; s is the whole text, for errors.
func parseKind(t, s string) (Goal, error) {
	switch {
	case t == "" || t == "win" || t == "gagne":
		return Goal{Kind: GoalWin}, nil
	case t == "draw" || t == "remise":
		return Goal{Kind: GoalDraw}, nil
	case t == "loss" || t == "perd":
		return Goal{Kind: GoalLoss}, nil
	case t == "promote" || t == "promotion":
		return Goal{Kind: GoalPromote}, nil
	case strings.HasPrefix(t, "gain:"):
		n, err := strconv.Atoi(strings.TrimPrefix(t, "gain:"))
		if err != nil || n < 1 {
			return Goal{}, fmt.Errorf("goal %q: expected gain:N with N a whole number ≥ 1, like gain:2", s)
		}
		return Goal{Kind: GoalGain, N: n}, nil
	}
	return Goal{}, fmt.Errorf("unknown goal %q (expected win, draw, loss, promote or gain:N)", s)
}

// String writes the goal as ParseGoal reads it.
func (g Goal) String() string {
	s := "win"
	switch g.Kind {
	case GoalDraw:
		s = "draw"
	case GoalLoss:
		s = "loss"
	case GoalGain:
		s = "gain:" + strconv.Itoa(g.N)
	case GoalPromote:
		s = "promote"
	}
	if g.Within > 0 {
		s += "/" + strconv.Itoa(g.Within)
	}
	return s
}

// Boundable reports whether the goal takes a bound in plies: a draw or a
// loss is the other side's win failing or succeeding, never bounded.
func (g Goal) Boundable() bool { return g.Kind != GoalDraw && g.Kind != GoalLoss }

// WithBound is g bounded by within plies (0: unbounded); a draw or a loss
// is never bounded.
func (g Goal) WithBound(within int) Goal {
	if g.Boundable() {
		g.Within = within
	}
	return g
}

// MarshalText lets a Goal appear in JSON as its string.
func (g Goal) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// balance is the attacker's piece count minus the defender's.
func balance(q draughts.Position, attacker draughts.Color) int {
	am, ak := q.Count(attacker)
	dm, dk := q.Count(attacker.Opponent())
	return am + ak - dm - dk
}

// BoundStipulation is the stipulation s bounded by within plies (a bound
// it has already is replaced; 0 leaves s as it is).
func BoundStipulation(s string, within int) (string, error) {
	g, err := ParseGoal(s)
	if err != nil || within == 0 {
		return s, err
	}
	if within < 0 || !g.Boundable() {
		return s, fmt.Errorf("--within %d on the goal %q: expected a number of plies ≥ 1 on win, promote or gain:N", within, s)
	}
	return g.WithBound(within).String(), nil
}

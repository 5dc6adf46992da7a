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
	// GoalPromote: the attacker crowns a man.
	GoalPromote
)

// Goal is a stipulation the solver can prove.
type Goal struct {
	Kind GoalKind
	N    int // pieces to gain, for GoalGain
}

// Win is the default goal.
var Win = Goal{Kind: GoalWin}

// ParseGoal reads "win", "draw", "promote" or "gain:N" (the stipulation
// strings of package problems; "" means win).
func ParseGoal(s string) (Goal, error) {
	switch t := strings.ToLower(strings.TrimSpace(s)); {
	case t == "" || t == "win" || t == "gagne":
		return Goal{Kind: GoalWin}, nil
	case t == "draw" || t == "remise":
		return Goal{Kind: GoalDraw}, nil
	case t == "promote" || t == "promotion":
		return Goal{Kind: GoalPromote}, nil
	case strings.HasPrefix(t, "gain:"):
		n, err := strconv.Atoi(strings.TrimPrefix(t, "gain:"))
		if err != nil || n < 1 {
			return Goal{}, fmt.Errorf("goal %q: expected gain:N with N a whole number ≥ 1, like gain:2", s)
		}
		return Goal{Kind: GoalGain, N: n}, nil
	}
	return Goal{}, fmt.Errorf("unknown goal %q (expected win, draw, promote or gain:N)", s)
}

// String writes the goal as ParseGoal reads it.
func (g Goal) String() string {
	switch g.Kind {
	case GoalDraw:
		return "draw"
	case GoalGain:
		return "gain:" + strconv.Itoa(g.N)
	case GoalPromote:
		return "promote"
	}
	return "win"
}

// MarshalText lets a Goal appear in JSON as its string.
func (g Goal) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// balance is the attacker's piece count minus the defender's.
func balance(q draughts.Position, attacker draughts.Color) int {
	am, ak := q.Count(attacker)
	dm, dk := q.Count(attacker.Opponent())
	return am + ak - dm - dk
}

package solver

import (
	"metz/draughts"
	"metz/problems"
)

// Goal is a stipulation the solver can prove: the problem's own,
// problems.Stipulation, read where the problem comes in
// (problems.ParseStipulation).
type Goal = problems.Stipulation

// GoalKind is what the attacker (the side to move at the root) must achieve.
type GoalKind = problems.GoalKind

// The goal kinds, as package problems names them.
const (
	GoalWin     = problems.GoalWin
	GoalDraw    = problems.GoalDraw
	GoalGain    = problems.GoalGain
	GoalPromote = problems.GoalPromote
	GoalLoss    = problems.GoalLoss
)

// Win is the default goal.
var Win = problems.StipWin

// balance is the attacker's piece count minus the defender's.
func balance(q draughts.Position, attacker draughts.Color) int {
	am, ak := q.Count(attacker)
	dm, dk := q.Count(attacker.Opponent())
	return am + ak - dm - dk
}

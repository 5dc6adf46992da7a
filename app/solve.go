package app

import (
	"metz/draughts"
	"metz/problems"
	"metz/solver"
	"metz/verdict"
)

// DefaultSolveBudget is the budget of a solve asked for without one (metz
// solve, the workbench's board): a time alone, whose node limit follows
// from it (verdict.Budget.WithDefaults).
const DefaultSolveBudget = "10s"

// ParseGoal reads a goal as a front end is given it (--goal, a form's
// field: win, draw, loss, promote or gain:N, /P bounding it), bounded by
// within plies when within is not 0 (--within, replacing a bound the text
// gives).
func ParseGoal(goal string, within int) (problems.Stipulation, error) {
	g, err := problems.ParseStipulation(goal)
	if err != nil {
		return g, err
	}
	return g.Bound(within)
}

// Solve proves goal from p within budget b, reading the App's endgame
// tables.
func (a *App) Solve(p draughts.Position, goal problems.Stipulation, b verdict.Budget) (*verdict.Solution, error) {
	return solver.SolveWith(p, goal, solver.Options{Budget: b, Tables: a.tables}), nil
}

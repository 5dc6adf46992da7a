package app

import (
	"metz/draughts"
	"metz/solver"
	"metz/verdict"
)

// DefaultSolveBudget is the budget of a solve asked for without one (metz
// solve, the workbench's board): a time alone, whose node limit follows
// from it (verdict.Budget.WithDefaults).
const DefaultSolveBudget = "10s"

// Solve proves goal (as --goal reads it: win, draw, promote/11 …) from p
// within budget b, reading the App's endgame tables.
func (a *App) Solve(p draughts.Position, goal string, b verdict.Budget) (*verdict.Solution, error) {
	g, err := solver.ParseGoal(goal)
	if err != nil {
		return nil, err
	}
	return solver.SolveWith(p, g, solver.Options{Budget: b, Tables: a.tables}), nil
}

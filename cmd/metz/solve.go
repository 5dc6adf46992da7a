package main

import (
	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// SolveOptions are metz solve's.
type SolveOptions struct {
	env
	Position                    string // the FEN argument
	Rules, Goal, Budget, Tables string
	Within                      int

	// What validate reads the flags into.
	pos    draughts.Position
	stip   problems.Stipulation
	budget verdict.Budget
}

func newCmdSolve(f *Factory, runF func(*SolveOptions) error) *cobra.Command {
	opts := &SolveOptions{}
	c := withHelp(&cobra.Command{
		Use:   "solve FEN",
		Short: "Prove a win, a draw or a weaker goal from a position",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.env, opts.Position = f.env(cmd), args[0]
			if err := opts.validate(); err != nil {
				return err
			}
			return runOr(runF, runSolve, opts)
		},
	}, "solve")
	addRulesFlag(c, &opts.Rules)
	c.Flags().StringVar(&opts.Goal, "goal", "win", "win, draw, loss, promote or gain:N; /P bounds it (gain:2/15)")
	c.Flags().IntVar(&opts.Within, "within", 0, "the goal must be met within this many plies: an exact, bounded question (docs/stipulations.md)")
	c.Flags().StringVar(&opts.Budget, "budget", app.DefaultSolveBudget, "limits: time, nodes, memory (e.g. 10s,5M-nodes,64MB)")
	addTablesFlag(c, &opts.Tables)
	return c
}

// validate reads the position, the goal and the budget, warning of a
// position no game reaches.
func (opts *SolveOptions) validate() error {
	rules, budget, goal, within := opts.Rules, opts.Budget, opts.Goal, opts.Within
	p, err := parsePosition(rules, opts.Position)
	if err != nil {
		return err
	}
	if err := notEmpty(p, opts.Position); err != nil {
		return err
	}
	warnImpossible(opts.IO.ErrOut, p)
	stip, err := app.ParseGoal(goal, within)
	if err != nil {
		return err
	}
	b, err := verdict.ParseBudget(budget)
	if err != nil {
		return err
	}
	opts.pos, opts.stip, opts.budget = p, stip, b
	return nil
}

func runSolve(opts *SolveOptions) error {
	p, stip, b := opts.pos, opts.stip, opts.budget
	a, err := opts.App(app.Config{Tables: opts.Tables})
	if err != nil {
		return err
	}
	stop := clockBar(newProgressBar(opts.IO, "solve", ""), b.WithDefaults().Time)
	sol, err := a.Solve(p, stip, b)
	stop()
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		return opts.IO.WriteJSON(sol)
	}
	textout.Solution(opts.IO.Out, sol, a.SavedPieces())
	return nil
}

// tablesHelp documents --tables, the one table setting of every command
// that reads or builds endgame tables (solve, verify, serve, endgame).
const tablesHelp = "endgame table directory, under every rule system; auto: $" + app.TablesEnv + ", else metz/endgame in the user cache (the 2-4-piece tables a position needs are built there on first use; solve builds only the slices of them its position reaches, kept in memory); none: no tables at all"

// addTablesFlag adds --tables (tablesHelp) to c, into dir.
func addTablesFlag(c *cobra.Command, dir *string) {
	c.Flags().StringVar(dir, "tables", "auto", tablesHelp)
}

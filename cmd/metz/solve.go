package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/internal/textout"
	"metz/solver"
)

func init() { commandAdders = append(commandAdders, addSolve) }

func addSolve(root *cobra.Command) {
	var rules, goal, budget, tables string
	var within int
	c := withHelp(&cobra.Command{
		Use:   "solve FEN",
		Short: "Prove a win, a draw or a weaker goal from a position",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := parsePosition(rules, args[0])
			if err != nil {
				return err
			}
			if err := notEmpty(p, args[0]); err != nil {
				return err
			}
			warnImpossible(cmd.ErrOrStderr(), p)
			stip, err := solver.BoundStipulation(goal, within)
			if err != nil {
				return err
			}
			g, err := solver.ParseGoal(stip)
			if err != nil {
				return err
			}
			b, err := solver.ParseBudget(budget)
			if err != nil {
				return err
			}
			tb, err := openTables(cmd, tables, 0)
			if err != nil {
				return err
			}
			stop := clockBar(newProgressBar(cmd.ErrOrStderr(), "solve"), b.WithDefaults().Time)
			sol := solver.SolveWith(p, g, solver.Options{Budget: b, Tables: tb})
			stop()
			if globalsOf(cmd).json {
				return writeJSON(cmd.OutOrStdout(), sol)
			}
			textout.Solution(cmd.OutOrStdout(), sol, app.SavedPieces(tb))
			return nil
		},
	}, "solve")
	addRulesFlag(c, &rules)
	c.Flags().StringVar(&goal, "goal", "win", "win, draw, loss, promote or gain:N; /P bounds it (gain:2/15)")
	c.Flags().IntVar(&within, "within", 0, "the goal must be met within this many plies: an exact, bounded question (docs/stipulations.md)")
	c.Flags().StringVar(&budget, "budget", "10s", "limits: time, nodes, memory (e.g. 10s,5M-nodes,64MB)")
	addTablesFlag(c, &tables)
	root.AddCommand(c)
}

// tablesHelp documents --tables, the one table setting of every command
// that reads or builds endgame tables (solve, verify, serve, endgame).
const tablesHelp = "endgame table directory, under every rule system; auto: $" + app.TablesEnv + ", else metz/endgame in the user cache (the 2-4-piece tables a position needs are built there on first use; solve builds only the slices of them its position reaches, kept in memory); none: no tables at all"

// addTablesFlag adds --tables (tablesHelp) to c, into dir.
func addTablesFlag(c *cobra.Command, dir *string) {
	c.Flags().StringVar(dir, "tables", "auto", tablesHelp)
}

// openTables opens the endgame tables --tables names (app.OpenTables:
// "auto" the default directory, "none" no tables at all), mem bounding
// the memory of the tables built for one probe (0: the default): the one
// way every command opens them. A directory that cannot be written is
// read for what it holds, the tables built kept in memory: said on
// stderr unless the output is JSON.
func openTables(cmd *cobra.Command, dir string, mem int64) (*app.Tables, error) {
	tb, err := app.OpenTables(dir, mem)
	if err == nil && tb.ReadOnly() && !globalsOf(cmd).json {
		fmt.Fprintf(cmd.ErrOrStderr(), "metz: %s cannot be written: its endgame tables are read, those built are kept in memory\n", tb.Dir())
	}
	return tb, err
}

package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/verdict"
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
			stip, err := app.ParseGoal(goal, within)
			if err != nil {
				return err
			}
			b, err := verdict.ParseBudget(budget)
			if err != nil {
				return err
			}
			a, err := openApp(cmd, app.Config{Tables: tables})
			if err != nil {
				return err
			}
			defer a.Close()
			stop := clockBar(newProgressBar(cmd, "solve", ""), b.WithDefaults().Time)
			sol, err := a.Solve(p, stip, b)
			stop()
			if err != nil {
				return err
			}
			if globalsOf(cmd).json {
				return writeJSON(cmd.OutOrStdout(), sol)
			}
			textout.Solution(cmd.OutOrStdout(), sol, a.SavedPieces())
			return nil
		},
	}, "solve")
	addRulesFlag(c, &rules)
	c.Flags().StringVar(&goal, "goal", "win", "win, draw, loss, promote or gain:N; /P bounds it (gain:2/15)")
	c.Flags().IntVar(&within, "within", 0, "the goal must be met within this many plies: an exact, bounded question (docs/stipulations.md)")
	c.Flags().StringVar(&budget, "budget", app.DefaultSolveBudget, "limits: time, nodes, memory (e.g. 10s,5M-nodes,64MB)")
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
// the memory of the tables built for one probe (0: the default), for a
// command that works on tables alone; the others open an App (openApp)
// that holds them.
func openTables(cmd *cobra.Command, dir string, mem int64) (*app.Tables, error) {
	tb, err := app.OpenTables(dir, mem)
	if err == nil {
		warnReadOnly(cmd, tb)
	}
	return tb, err
}

// openApp opens the App of a command (app.Open): its database and its
// one handle on the endgame tables.
func openApp(cmd *cobra.Command, cfg app.Config) (*app.App, error) {
	a, err := app.Open(cfg)
	if err == nil {
		warnReadOnly(cmd, a.Tables())
	}
	return a, err
}

// warnReadOnly says on stderr, unless the output is JSON, that tb's
// directory cannot be written: its tables are read, those built are kept
// in memory.
func warnReadOnly(cmd *cobra.Command, tb *app.Tables) {
	if tb.ReadOnly() && !globalsOf(cmd).json {
		fmt.Fprintf(cmd.ErrOrStderr(), "metz: %s cannot be written: its endgame tables are read, those built are kept in memory\n", tb.Dir())
	}
}

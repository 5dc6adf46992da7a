package main

import (
	"github.com/spf13/cobra"

	"metz/app"
	"metz/internal/textout"
	"metz/solver"
	"metz/tables"
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
			stip, err := solver.BoundStipulation(goal, within)
			if err != nil {
				return err
			}
			g, err := solver.ParseGoal(stip)
			if err != nil {
				return err
			}
			b, err := verdict.ParseBudget(budget)
			if err != nil {
				return err
			}
			tb, err := openTables(tables)
			if err != nil {
				return err
			}
			stop := clockBar(newProgressBar(cmd, "solve", ""), b.WithDefaults().Time)
			sol := solver.SolveWith(p, g, solver.Options{Budget: b, Tables: tb, NoTables: noTables(tables)})
			stop()
			if globalsOf(cmd).json {
				return writeJSON(cmd.OutOrStdout(), sol)
			}
			textout.Solution(cmd.OutOrStdout(), sol)
			return nil
		},
	}, "solve")
	addRulesFlag(c, &rules)
	c.Flags().StringVar(&goal, "goal", "win", "win, draw, loss, promote or gain:N; /P bounds it (gain:2/15)")
	c.Flags().IntVar(&within, "within", 0, "the goal must be met within this many plies: an exact, bounded question (docs/stipulations.md)")
	c.Flags().StringVar(&budget, "budget", "10s", "limits: time, nodes, memory (e.g. 10s,5M-nodes,64MB)")
	c.Flags().StringVar(&tables, "tables", "auto", tablesHelp)
	root.AddCommand(c)
}

// tablesHelp documents --tables for solve and verify.
const tablesHelp = "endgame table directory; auto: $" + tables.Env + ", else metz/endgame in the user cache (the 2-4-piece tables a position needs are built there on first use; solve builds only the slices of them its position reaches, kept in memory); none: no tables at all"

// noTables reports whether --tables asks for a search without any table.
func noTables(arg string) bool { return arg == "" || arg == "none" }

// openTables opens an endgame table directory as every command does
// (app.OpenTables): "auto" the default one, "" or "none" no tables at all.
func openTables(dir string) (*tables.Tables, error) { return app.OpenTables(dir) }

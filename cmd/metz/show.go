package main

import (
	"strings"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/db"
	"metz/draughts"
)

func init() { commandAdders = append(commandAdders, addShow) }

func addShow(root *cobra.Command) {
	var numbers, ascii, tree bool
	var notation string
	c := withHelp(&cobra.Command{
		Use:   "show SOURCE:NUMBER",
		Short: "Print a problem: diagram, FEN, solution as printed and parsed, themes, verdicts",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := textout.CheckNotation(notation); err != nil {
				return err
			}
			g := globalsOf(cmd)
			d, id, err := openAndResolve(g, args[0])
			if err != nil {
				return err
			}
			defer d.Close()
			rec, err := app.LoadRecord(d, id)
			switch {
			case err != nil:
				return err
			case tree && g.json:
				return writeJSON(cmd.OutOrStdout(), app.ShowTree(rec))
			case tree:
				return textout.VerifiedTree(cmd.OutOrStdout(), cmd.ErrOrStderr(), rec.Problem, app.ShowTree(rec).VerifiedTree, notation)
			case g.json:
				return writeJSON(cmd.OutOrStdout(), rec)
			}
			textout.Record(cmd.OutOrStdout(), rec, draughts.DiagramOptions{Numbers: numbers, ASCII: ascii})
			return nil
		},
	}, "show")
	c.Flags().BoolVar(&numbers, "numbers", false, "write square numbers on the empty squares")
	c.Flags().BoolVar(&ascii, "ascii", false, "draw with letters (w W b B) instead of Unicode pieces")
	c.Flags().BoolVar(&tree, "tree", false, "print only the verified solution tree (stated lines and the solver's, marked)")
	c.Flags().StringVar(&notation, "notation", "book", "notation of --tree: "+strings.Join(textout.TreeNotations, ", "))
	root.AddCommand(c)
}

// openAndResolve opens the existing database and finds the problem a user names.
func openAndResolve(g globalFlags, ref string) (*db.DB, int64, error) {
	d, err := db.OpenExisting(g.dbPath)
	if err != nil {
		return nil, 0, err
	}
	s, err := app.Resolve(d, ref)
	if err != nil {
		d.Close()
		return nil, 0, err
	}
	return d, s.ID, nil
}

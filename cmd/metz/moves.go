package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/draughts"
)

func init() { commandAdders = append(commandAdders, addMoves) }

func addMoves(root *cobra.Command) {
	var rules string
	var diagram, ascii bool
	c := withHelp(&cobra.Command{
		Use:   "moves FEN|start",
		Short: "List the legal moves of a position",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := parsePosition(rules, args[0])
			if err != nil {
				return err
			}
			out, ms := cmd.OutOrStdout(), app.Moves(p)
			if globalsOf(cmd).json {
				return writeJSON(out, ms)
			}
			if diagram {
				fmt.Fprint(out, p.Diagram(draughts.DiagramOptions{ASCII: ascii, Numbers: true}))
			}
			if len(ms) == 0 {
				result := "lost"
				if p.Rules.LosingGame {
					result = "won (qui perd gagne)"
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "no legal move: %s to move has none, and so has %s\n", p.Turn, result)
			}
			for _, m := range ms {
				fmt.Fprintf(out, "%-10s %s", m.Move, m.Long)
				if len(m.Captured) > 0 {
					fmt.Fprintf(out, "  takes %v", m.Captured)
				}
				if m.Promotes {
					fmt.Fprint(out, "  crowns")
				}
				fmt.Fprintln(out)
			}
			return nil
		},
	}, "moves")
	addRulesFlag(c, &rules)
	c.Flags().BoolVar(&diagram, "diagram", false, "draw the position first")
	c.Flags().BoolVar(&ascii, "ascii", false, "draw with ASCII letters instead of Unicode pieces")
	root.AddCommand(c)
}

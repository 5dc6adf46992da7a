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
	c := &cobra.Command{
		Use:   "moves FEN|start",
		Short: "List the legal moves of a position",
		Long: `moves prints every legal move of the side to move with its full capture path
and the captured squares. Capture paths that take the same pieces to the same
square are one move. With --diagram the position is drawn first. With --json
the output is one JSON array of the moves (empty when there is none).`,
		Example: `  metz moves start
  metz moves "W:WK46:B37,29" --json
  metz moves "W:Wb6:Bc7,f6" --rules russian`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := parsePosition(rules, args[0])
			if err != nil {
				return err
			}
			out, asJSON := cmd.OutOrStdout(), globalsOf(cmd).json
			ms := p.Moves()
			if asJSON {
				list := make([]app.MoveInfo, len(ms))
				for i, m := range ms {
					list[i] = moveToJSON(p.Rules, m)
				}
				return writeJSON(out, list)
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
				j := moveToJSON(p.Rules, m)
				fmt.Fprintf(out, "%-10s %s", j.Move, p.Rules.FormatMove(m, true))
				if len(j.Captured) > 0 {
					fmt.Fprintf(out, "  takes %v", j.Captured)
				}
				if m.Promotes {
					fmt.Fprint(out, "  crowns")
				}
				fmt.Fprintln(out)
			}
			return nil
		},
	}
	addRulesFlag(c, &rules)
	c.Flags().BoolVar(&diagram, "diagram", false, "draw the position first")
	c.Flags().BoolVar(&ascii, "ascii", false, "draw with ASCII letters instead of Unicode pieces")
	root.AddCommand(c)
}

func moveToJSON(r *draughts.Rules, m draughts.Move) app.MoveInfo { return app.DescribeMove(r, m) }

package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/draughts"
)

// MovesOptions are metz moves'.
type MovesOptions struct {
	env
	Position       string // FEN or start
	Rules          string
	Diagram, ASCII bool
}

func newCmdMoves(f *Factory, runF func(*MovesOptions) error) *cobra.Command {
	opts := &MovesOptions{}
	c := withHelp(&cobra.Command{
		Use:   "moves FEN|start",
		Short: "List the legal moves of a position",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.env, opts.Position = f.env(cmd), args[0]
			return runOr(runF, runMoves, opts)
		},
	}, "moves")
	addRulesFlag(c, &opts.Rules)
	c.Flags().BoolVar(&opts.Diagram, "diagram", false, "draw the position first")
	c.Flags().BoolVar(&opts.ASCII, "ascii", false, "draw with ASCII letters instead of Unicode pieces")
	return c
}

func runMoves(opts *MovesOptions) error {
	p, err := parsePosition(opts.Rules, opts.Position)
	if err != nil {
		return err
	}
	out, ms := opts.IO.Out, app.Moves(p)
	if opts.IO.JSON {
		return opts.IO.WriteJSON(ms)
	}
	if opts.Diagram {
		fmt.Fprint(out, p.Diagram(draughts.DiagramOptions{ASCII: opts.ASCII, Numbers: true}))
	}
	if len(ms) == 0 {
		result := "lost"
		if p.Rules.LosingGame {
			result = "won (qui perd gagne)"
		}
		fmt.Fprintf(opts.IO.ErrOut, "no legal move: %s to move has none, and so has %s\n", p.Turn, result)
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
}

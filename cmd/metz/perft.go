package main

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/draughts"
)

// PerftOptions are metz perft's.
type PerftOptions struct {
	env
	Position, Depth string // the arguments, as given
	rules           string
	divide          bool
	count           string
	bulk            bool
	hashMB          int
}

func newCmdPerft(f *Factory, runF func(*PerftOptions) error) *cobra.Command {
	o := &PerftOptions{}
	c := withHelp(&cobra.Command{
		Use:   "perft FEN|start DEPTH",
		Short: "Count the leaf nodes of the move tree (move generator test)",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.env, o.Position, o.Depth = f.env(cmd), args[0], args[1]
			return runOr(runF, runPerft, o)
		},
	}, "perft")
	addRulesFlag(c, &o.rules)
	c.Flags().BoolVar(&o.divide, "divide", false, "print the count below each legal move at the last depth")
	c.Flags().StringVar(&o.count, "count", "drop", "duplicate capture paths: drop (merge) or keep")
	c.Flags().BoolVar(&o.bulk, "bulk", false, "bulk-count the last ply")
	c.Flags().IntVar(&o.hashMB, "hash", 64, "transposition table size in MB for the fast generator (0 = none)")
	return c
}

func runPerft(o *PerftOptions) error {
	p, err := parsePosition(o.rules, o.Position)
	if err != nil {
		return err
	}
	depth, err := strconv.Atoi(o.Depth)
	if err != nil || depth < 0 || depth > 30 {
		return fmt.Errorf("depth %q: expected a whole number from 0 to 30", o.Depth)
	}
	mode := draughts.Drop
	switch o.count {
	case "drop":
	case "keep":
		mode = draughts.Keep
	default:
		return fmt.Errorf("--count %q: expected drop or keep", o.count)
	}
	out, asJSON := o.IO.Out, o.IO.JSON
	opt := app.PerftOptions{Mode: mode, Bulk: o.bulk, HashMB: o.hashMB, Divide: o.divide}
	res := app.Perft(p, depth, opt, func(d app.PerftDepth) {
		if !asJSON {
			textout.PerftDepth(out, d)
		}
	})
	if asJSON {
		return writeJSON(out, res)
	}
	textout.PerftDivide(out, res.Divide)
	return nil
}

package main

import (
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"metz/draughts"
	"metz/draughts/engines"
)

func init() { commandAdders = append(commandAdders, addPerft) }

type perftOptions struct {
	rules  string
	divide bool
	count  string
	bulk   bool
	hashMB int
}

func addPerft(root *cobra.Command) {
	var o perftOptions
	c := withHelp(&cobra.Command{
		Use:   "perft FEN|start DEPTH",
		Short: "Count the leaf nodes of the move tree (move generator test)",
		Args:  cobra.ExactArgs(2),
		RunE:  func(cmd *cobra.Command, args []string) error { return runPerft(cmd, args, o) },
	}, "perft")
	addRulesFlag(c, &o.rules)
	c.Flags().BoolVar(&o.divide, "divide", false, "print the count below each legal move at the last depth")
	c.Flags().StringVar(&o.count, "count", "drop", "duplicate capture paths: drop (merge) or keep")
	c.Flags().BoolVar(&o.bulk, "bulk", false, "bulk-count the last ply")
	c.Flags().IntVar(&o.hashMB, "hash", 64, "transposition table size in MB for the fast generator (0 = none)")
	root.AddCommand(c)
}

func runPerft(cmd *cobra.Command, args []string, o perftOptions) error {
	p, err := parsePosition(o.rules, args[0])
	if err != nil {
		return err
	}
	depth, err := strconv.Atoi(args[1])
	if err != nil || depth < 0 || depth > 30 {
		return fmt.Errorf("depth %q: expected a whole number from 0 to 30", args[1])
	}
	mode := draughts.Drop
	switch o.count {
	case "drop":
	case "keep":
		mode = draughts.Keep
	default:
		return fmt.Errorf("--count %q: expected drop or keep", o.count)
	}
	res := perftResult{Depths: []perftDepth{}}
	out, asJSON := cmd.OutOrStdout(), globalsOf(cmd).json
	counter := perftCounter(p, mode, o)
	for d := 1; d <= depth; d++ {
		start := time.Now()
		n := counter(d)
		pd := perftDepth{Depth: d, Nodes: n, Seconds: time.Since(start).Seconds()}
		res.Depths = append(res.Depths, pd)
		if !asJSON {
			fmt.Fprintf(out, "perft %2d %15d %10.3fs\n", pd.Depth, pd.Nodes, pd.Seconds)
		}
	}
	if o.divide && depth > 0 {
		for _, e := range draughts.Divide(p, depth, mode) {
			mv := perftMove{Move: p.Rules.FormatMove(e.Move, true), Nodes: e.Nodes}
			res.Divide = append(res.Divide, mv)
			if !asJSON {
				fmt.Fprintf(out, "%-20s %d\n", mv.Move, mv.Nodes)
			}
		}
	}
	if asJSON {
		return writeJSON(out, res)
	}
	return nil
}

// perftResult is perft's --json document.
type perftResult struct {
	Depths []perftDepth `json:"depths"`
	Divide []perftMove  `json:"divide,omitempty"` // with --divide: the count below each move at the last depth
}

type perftDepth struct {
	Depth   int     `json:"depth"`
	Nodes   uint64  `json:"nodes"`
	Seconds float64 `json:"seconds"`
}

type perftMove struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// perftCounter counts with the fastest engine for p's rules
// (engines.Perft; --bulk and --hash apply to the 10x10 generator).
func perftCounter(p draughts.Position, mode draughts.Mode, o perftOptions) func(int) uint64 {
	opt := engines.PerftOptions{Keep: mode == draughts.Keep, Bulk: o.bulk, HashMB: o.hashMB}
	return func(d int) uint64 {
		n, _ := engines.Perft(p, d, opt)
		return n
	}
}

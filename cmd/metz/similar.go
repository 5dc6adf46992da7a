package main

import (
	"errors"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
)

// SimilarOptions are metz similar's: the query its flags and argument make.
type SimilarOptions struct {
	env
	Query app.SimilarQuery
}

func newCmdSimilar(f *Factory, runF func(*SimilarOptions) error) *cobra.Command {
	opts := &SimilarOptions{}
	q := &opts.Query
	c := withHelp(&cobra.Command{
		Use:   "similar [SOURCE:NUMBER]",
		Short: "Find the records that anticipate or repeat a problem: same position, colours reversed, shifted, a piece or two different, the same final combination",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				q.Ref = args[0]
			} else if q.FEN == "" {
				return errors.New("name a problem (SOURCE:NUMBER) or give --fen FEN [--rules R]")
			}
			opts.env = f.env(cmd)
			return runOr(runF, runSimilar, opts)
		},
	}, "similar")
	c.Flags().StringVar(&q.FEN, "fen", "", "search for this position instead of a record's")
	c.Flags().StringVar(&q.Rules, "rules", "", "rule system of --fen (default international): "+joinNames())
	c.Flags().IntVar(&q.Limit, "limit", 0, "at most N matches (0: all)")
	return c
}

func runSimilar(opts *SimilarOptions) error {
	a, err := opts.App(app.Config{DB: opts.DB, Create: true, Tables: "none"})
	if err != nil {
		return err
	}
	opts.Query.Progress = newProgressBar(opts.IO, "indexing", "records").updateFinishing
	res, err := a.Similar(opts.Query)
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		return opts.IO.WriteJSON(res)
	}
	return textout.Similar(opts.IO.Out, res)
}

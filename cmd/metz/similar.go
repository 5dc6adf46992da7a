package main

import (
	"errors"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/db"
)

func init() { commandAdders = append(commandAdders, addSimilar) }

func addSimilar(root *cobra.Command) {
	var q app.SimilarQuery
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
			g := globalsOf(cmd)
			d, err := db.Open(g.dbPath)
			if err != nil {
				return err
			}
			defer d.Close()
			q.Progress = newProgressBar(cmd, "indexing", "records").updateFinishing
			res, err := app.Similar(d, q)
			if err != nil {
				return err
			}
			if g.json {
				return writeJSON(cmd.OutOrStdout(), res)
			}
			return textout.Similar(cmd.OutOrStdout(), res)
		},
	}, "similar")
	c.Flags().StringVar(&q.FEN, "fen", "", "search for this position instead of a record's")
	c.Flags().StringVar(&q.Rules, "rules", "", "rule system of --fen (default international): "+joinNames())
	c.Flags().IntVar(&q.Limit, "limit", 0, "at most N matches (0: all)")
	root.AddCommand(c)
}

package main

import (
	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/db"
)

func init() { commandAdders = append(commandAdders, addReport) }

func addReport(root *cobra.Command) {
	var sources []string
	c := withHelp(&cobra.Command{
		Use:   "report",
		Short: "Summarise the database: sources, verdicts, evidence and themes of each problem",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			g := globalsOf(cmd)
			d, err := db.OpenExisting(g.dbPath)
			if err != nil {
				return err
			}
			defer d.Close()
			reports, err := app.Report(d, sources)
			if err != nil {
				return err
			}
			if g.json {
				return writeJSON(cmd.OutOrStdout(), reports)
			}
			return textout.Report(cmd.OutOrStdout(), reports)
		},
	}, "report")
	c.Flags().StringSliceVar(&sources, "source", nil, "only these sources (repeatable)")
	root.AddCommand(c)
}

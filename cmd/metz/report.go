package main

import (
	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
)

// ReportOptions are metz report's.
type ReportOptions struct {
	env
	Sources []string // --source: only these (all when none)
}

func newCmdReport(f *Factory, runF func(*ReportOptions) error) *cobra.Command {
	opts := &ReportOptions{}
	c := withHelp(&cobra.Command{
		Use:   "report",
		Short: "Summarise the database: sources, verdicts, evidence and themes of each problem",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.env = f.env(cmd)
			return runOr(runF, runReport, opts)
		},
	}, "report")
	c.Flags().StringSliceVar(&opts.Sources, "source", nil, "only these sources (repeatable)")
	return c
}

func runReport(opts *ReportOptions) error {
	a, err := opts.App(app.Config{DB: opts.DB, Tables: "none"})
	if err != nil {
		return err
	}
	reports, err := a.Report(opts.Sources)
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		return opts.IO.WriteJSON(reports)
	}
	return textout.Report(opts.IO.Out, reports)
}

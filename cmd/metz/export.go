package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/export"
)

// ExportOptions are metz export's.
type ExportOptions struct {
	env
	searchFlags
	Refs                  []string
	Format, Output, Title string
	PerPage               int
	Numbers, Plain        bool
	// format is the format the flags settle on (app.ExportFormat).
	format string
}

func newCmdExport(f *Factory, runF func(*ExportOptions) error) *cobra.Command {
	opts := &ExportOptions{}
	c := withHelp(&cobra.Command{
		Use:   "export [SOURCE:NUMBER ...] [filters] --format book|pdn|json|html|pdf -o FILE",
		Short: "Export problems for print or for other software (book text, PDN, JSON, HTML, PDF)",
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.env, opts.Refs = f.env(cmd), args
			if err := opts.validate(); err != nil {
				return err
			}
			return runOr(runF, runExport, opts)
		},
	}, "export")
	opts.bind(c)
	c.Flags().StringVar(&opts.Format, "format", "", "output format: "+strings.Join(export.Formats, ", "))
	c.Flags().StringVarP(&opts.Output, "output", "o", "-", "output file, - for standard output")
	c.Flags().IntVar(&opts.PerPage, "per-page", 2, "problems per printed page for html and pdf (1 to 4)")
	c.Flags().BoolVar(&opts.Numbers, "numbers", true, "print square numbers on the diagrams")
	c.Flags().StringVar(&opts.Title, "title", "", "document title for html and pdf")
	c.Flags().BoolVar(&opts.Plain, "plain", false, "leave the comments out of the solutions")
	_ = c.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return export.Formats, cobra.ShellCompDirectiveNoFileComp
	})
	return c
}

// validate settles the format and checks --per-page.
func (opts *ExportOptions) validate() error {
	format, err := app.ExportFormat(opts.Format, opts.Output, opts.IO.JSON)
	if err != nil {
		return err
	}
	if opts.PerPage < 1 || opts.PerPage > 4 {
		return fmt.Errorf("--per-page %d: expected 1 to 4", opts.PerPage)
	}
	opts.format = format
	return nil
}

func runExport(opts *ExportOptions) error {
	q, err := opts.Query()
	if err != nil {
		return err
	}
	a, err := opts.App(app.Config{DB: opts.DB, Tables: "none"})
	if err != nil {
		return err
	}
	// No problem named and no filter: the whole database.
	selection := app.Selection{Refs: opts.Refs, Query: q, All: len(opts.Refs) == 0, WithEmpty: opts.WithEmpty}
	sel, err := a.Select(selection)
	if err != nil {
		return err
	}
	truths, err := a.ExportTruths(selection)
	if err != nil {
		return err
	}
	errw := opts.IO.ErrOut
	if sel.LeftOut > 0 {
		fmt.Fprintf(errw, "metz: %s without a diagram left out (--with-empty keeps them)\n", count(sel.LeftOut, "record", "records"))
	}
	items, notes, err := a.ExportItems(sel.IDs())
	if err != nil {
		return err
	}
	for _, n := range notes {
		fmt.Fprintln(errw, "metz: "+n)
	}
	if len(items) == 0 && len(truths) == 0 {
		// An empty file would pass for an export (and replace a good one).
		return errors.New("no problem matches the filters: nothing written (metz search with the same filters lists what they select)")
	}
	for i := range items {
		items[i].Plain = opts.Plain
	}
	o := export.HTMLOptions{Title: opts.Title, PerPage: opts.PerPage, Numbers: opts.Numbers, Truths: truths}
	if err := app.WriteExport(opts.IO.Out, opts.Output, opts.format, items, o); err != nil || opts.Output == "-" {
		return err
	}
	with := ""
	if len(truths) > 0 && opts.format != "pdn" {
		with = " with the truth of the books"
	}
	fmt.Fprintf(errw, "metz: %s%s written to %s (%s)\n", count(len(items), "problem", "problems"), with, opts.Output, opts.format)
	return nil
}

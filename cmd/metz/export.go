package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/db"
	"metz/export"
)

func init() { commandAdders = append(commandAdders, addExport) }

type exportFlags struct {
	search                searchFlags
	format, output, title string
	perPage               int
	numbers, plain        bool
}

func addExport(root *cobra.Command) {
	var f exportFlags
	c := withHelp(&cobra.Command{
		Use:   "export [SOURCE:NUMBER ...] [filters] --format book|pdn|json|html|pdf -o FILE",
		Short: "Export problems for print or for other software (book text, PDN, JSON, HTML, PDF)",
		RunE:  func(cmd *cobra.Command, args []string) error { return runExport(cmd, args, &f) },
	}, "export")
	f.search.bind(c)
	f.search.bindWithEmpty(c)
	c.Flags().StringVar(&f.format, "format", "", "output format: "+strings.Join(export.Formats, ", "))
	c.Flags().StringVarP(&f.output, "output", "o", "-", "output file, - for standard output")
	c.Flags().IntVar(&f.perPage, "per-page", 2, "problems per printed page for html and pdf (1 to 4)")
	c.Flags().BoolVar(&f.numbers, "numbers", true, "print square numbers on the diagrams")
	c.Flags().StringVar(&f.title, "title", "", "document title for html and pdf")
	c.Flags().BoolVar(&f.plain, "plain", false, "leave the comments out of the solutions")
	_ = c.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return export.Formats, cobra.ShellCompDirectiveNoFileComp
	})
	root.AddCommand(c)
}

func runExport(cmd *cobra.Command, args []string, f *exportFlags) error {
	g := globalsOf(cmd)
	format, err := app.ExportFormat(f.format, f.output, g.json)
	if err != nil {
		return err
	}
	if f.perPage < 1 || f.perPage > 4 {
		return fmt.Errorf("--per-page %d: expected 1 to 4", f.perPage)
	}
	q, err := f.search.query()
	if err != nil {
		return err
	}
	d, err := db.OpenExisting(g.dbPath)
	if err != nil {
		return err
	}
	defer d.Close()
	// No problem named and no filter: the whole database.
	selection := app.Selection{Refs: args, Query: q, All: len(args) == 0, WithEmpty: f.search.withEmpty}
	sel, err := app.Select(d, selection)
	if err != nil {
		return err
	}
	truths, err := app.ExportTruths(d, selection)
	if err != nil {
		return err
	}
	errw := cmd.ErrOrStderr()
	if sel.LeftOut > 0 {
		fmt.Fprintf(errw, "metz: %s without a diagram left out (--with-empty keeps them)\n", count(sel.LeftOut, "record", "records"))
	}
	items, notes, err := app.ExportItems(d, sel.IDs())
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
		items[i].Plain = f.plain
	}
	o := export.HTMLOptions{Title: f.title, PerPage: f.perPage, Numbers: f.numbers, Truths: truths}
	if err := app.WriteExport(cmd.OutOrStdout(), f.output, format, items, o); err != nil || f.output == "-" {
		return err
	}
	with := ""
	if len(truths) > 0 && format != "pdn" {
		with = " with the truth of the books"
	}
	fmt.Fprintf(errw, "metz: %s%s written to %s (%s)\n", count(len(items), "problem", "problems"), with, f.output, format)
	return nil
}

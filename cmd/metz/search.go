package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/draughts"
)

// searchFlags are the filters list, search and export share: app.Filters,
// whose values stay text until run time so that a bad one is reported
// with its flag's name.
type searchFlags struct {
	app.Filters
	WithEmpty bool
}

func (f *searchFlags) bind(c *cobra.Command) {
	fl := c.Flags()
	fl.StringSliceVar(&f.Sources, "source", nil, "source keys (metz, vantenac, a PDN file's base name)")
	fl.StringVar(&f.Number, "number", "", "number range in the source: N, N-M, N-, -M")
	fl.StringVar(&f.Class, "class", "", "class key within the source")
	fl.StringVar(&f.Rules, "rules", "", "rule system: "+joinNames())
	fl.StringVar(&f.Themes, "theme", "", `theme expression, e.g. "lunette AND NOT coup-de-repos"`)
	fl.StringVar(&f.Origin, "theme-origin", "", "only themes of this origin count: book, user, detected")
	fl.StringVar(&f.Verdict, "verdict", "", "latest verdict of the current version (or none, or outdated: verified only before it changed)")
	fl.StringVar(&f.WhitePieces, "white-pieces", "", "white men+kings: N, N-M, N-, -M")
	fl.StringVar(&f.WhiteMen, "white-men", "", "white men: N, N-M, N-, -M")
	fl.StringVar(&f.WhiteKings, "white-kings", "", "white kings: N, N-M, N-, -M")
	fl.StringVar(&f.BlackPieces, "black-pieces", "", "black men+kings: N, N-M, N-, -M")
	fl.StringVar(&f.BlackMen, "black-men", "", "black men: N, N-M, N-, -M")
	fl.StringVar(&f.BlackKings, "black-kings", "", "black kings: N, N-M, N-, -M")
	fl.StringVar(&f.Side, "side", "", "side to move: white or black")
	fl.StringVar(&f.Pattern, "pattern", "", "pieces on squares, FEN syntax: 'W:W28,37:B32'")
	fl.StringVar(&f.Text, "text", "", "text in the commentary or title")
	fl.StringVar(&f.Author, "author", "", "text in the composer's name")
	fl.BoolVar(&f.Position, "position", false, "only records with a diagram")
	fl.BoolVar(&f.NoPosition, "no-position", false, "only records without a diagram")
	fl.IntVar(&f.Limit, "limit", 0, "at most N results (0: all)")
	fl.IntVar(&f.Offset, "offset", 0, "skip the first N results")
	_ = c.RegisterFlagCompletionFunc("rules", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return draughts.RuleNames(), cobra.ShellCompDirectiveNoFileComp
	})
	c.Flags().BoolVar(&f.WithEmpty, "with-empty", false, "keep the records without a diagram (left out and counted by default)")
}

// SearchOptions are metz search's, and metz list's.
type SearchOptions struct {
	env
	searchFlags
}

// newCmdSearch is metz search.
func newCmdSearch(f *Factory, runF func(*SearchOptions) error) *cobra.Command {
	return newSearchLike(f, runF, "search", "Find problems by source, number, theme, material, verdict or pattern")
}

// newCmdList is metz list, search under another name.
func newCmdList(f *Factory, runF func(*SearchOptions) error) *cobra.Command {
	return newSearchLike(f, runF, "list", "List the problems of the database")
}

func newSearchLike(f *Factory, runF func(*SearchOptions) error, name, short string) *cobra.Command {
	opts := &SearchOptions{}
	c := withHelp(&cobra.Command{
		Use:   name + " [flags]",
		Short: short,
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.env = f.env(cmd)
			return runOr(runF, runSearch, opts)
		},
	}, name)
	opts.bind(c)
	return c
}

func runSearch(opts *SearchOptions) error {
	q, err := opts.Query()
	if err != nil {
		return err
	}
	a, err := opts.App(app.Config{DB: opts.DB, Tables: "none"})
	if err != nil {
		return err
	}
	res, err := a.Select(app.Selection{Query: q, All: true, WithEmpty: opts.WithEmpty})
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		// The document holds the records found; what the filters left out
		// is said beside it, as the text does under its table.
		if res.LeftOut > 0 {
			fmt.Fprintf(opts.IO.ErrOut, "metz: %s without a diagram left out (--with-empty shows them)\n",
				count(res.LeftOut, "record", "records"))
		}
		return opts.IO.WriteJSON(res.Problems)
	}
	return textout.Summaries(opts.IO.Out, res)
}

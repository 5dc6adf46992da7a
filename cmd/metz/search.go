package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/db"
	"metz/draughts"
	"metz/internal/textout"
)

// searchFlags are the filters list and search share; ranges stay strings
// until run time so a bad one is reported with its flag's name.
type searchFlags struct {
	sources                              []string
	number, class, rules, themes, origin string
	verdict, side, pattern, text, author string
	whitePieces, whiteMen, whiteKings    string
	blackPieces, blackMen, blackKings    string
	position, noPosition, withEmpty      bool
	limit, offset                        int
}

func (f *searchFlags) bind(c *cobra.Command) {
	fl := c.Flags()
	fl.StringSliceVar(&f.sources, "source", nil, "source keys (metz, vantenac, a PDN file's base name)")
	fl.StringVar(&f.number, "number", "", "number range in the source: N, N-M, N-, -M")
	fl.StringVar(&f.class, "class", "", "class key within the source")
	fl.StringVar(&f.rules, "rules", "", "rule system: "+joinNames())
	fl.StringVar(&f.themes, "theme", "", `theme expression, e.g. "lunette AND NOT coup-de-repos"`)
	fl.StringVar(&f.origin, "theme-origin", "", "only themes of this origin count: book, user, detected")
	fl.StringVar(&f.verdict, "verdict", "", "latest verdict of the current version (or none, or outdated: verified only before it changed)")
	fl.StringVar(&f.whitePieces, "white-pieces", "", "white men+kings: N, N-M, N-, -M")
	fl.StringVar(&f.whiteMen, "white-men", "", "white men: N, N-M, N-, -M")
	fl.StringVar(&f.whiteKings, "white-kings", "", "white kings: N, N-M, N-, -M")
	fl.StringVar(&f.blackPieces, "black-pieces", "", "black men+kings: N, N-M, N-, -M")
	fl.StringVar(&f.blackMen, "black-men", "", "black men: N, N-M, N-, -M")
	fl.StringVar(&f.blackKings, "black-kings", "", "black kings: N, N-M, N-, -M")
	fl.StringVar(&f.side, "side", "", "side to move: white or black")
	fl.StringVar(&f.pattern, "pattern", "", "pieces on squares, FEN syntax: 'W:W28,37:B32'")
	fl.StringVar(&f.text, "text", "", "text in the commentary or title")
	fl.StringVar(&f.author, "author", "", "text in the composer's name")
	fl.BoolVar(&f.position, "position", false, "only records with a diagram")
	fl.BoolVar(&f.noPosition, "no-position", false, "only records without a diagram")
	fl.IntVar(&f.limit, "limit", 0, "at most N results (0: all)")
	fl.IntVar(&f.offset, "offset", 0, "skip the first N results")
	_ = c.RegisterFlagCompletionFunc("rules", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return draughts.RuleNames(), cobra.ShellCompDirectiveNoFileComp
	})
}

// bindWithEmpty adds list's and search's --with-empty.
func (f *searchFlags) bindWithEmpty(c *cobra.Command) {
	c.Flags().BoolVar(&f.withEmpty, "with-empty", false, "keep the records without a diagram (left out and counted by default)")
}

// query turns the flags into a db.Query, naming the flag of a bad value.
func (f *searchFlags) query() (db.Query, error) {
	q := db.Query{Sources: f.sources, Class: f.class, Rules: f.rules, Themes: f.themes, ThemeOrigin: f.origin,
		Verdict: f.verdict, Side: f.side, Pattern: f.pattern, Text: f.text, Author: f.author,
		Limit: f.limit, Offset: f.offset}
	ranges := []struct {
		flag, value string
		dst         *db.Range
	}{
		{"number", f.number, &q.Number},
		{"white-pieces", f.whitePieces, &q.WhitePieces}, {"white-men", f.whiteMen, &q.WhiteMen},
		{"white-kings", f.whiteKings, &q.WhiteKings}, {"black-pieces", f.blackPieces, &q.BlackPieces},
		{"black-men", f.blackMen, &q.BlackMen}, {"black-kings", f.blackKings, &q.BlackKings},
	}
	for _, r := range ranges {
		if r.value == "" {
			continue
		}
		v, err := db.ParseRange(r.value)
		if err != nil {
			return q, fmt.Errorf("--%s: %v", r.flag, err)
		}
		*r.dst = v
	}
	if f.position && f.noPosition {
		return q, fmt.Errorf("--position and --no-position exclude each other")
	}
	if f.position || f.noPosition {
		has := f.position
		q.HasPosition = &has
	}
	if f.limit < 0 || f.offset < 0 {
		return q, fmt.Errorf("--limit and --offset must not be negative")
	}
	return q, nil
}

func runSearch(cmd *cobra.Command, f *searchFlags) error {
	g := globalsOf(cmd)
	q, err := f.query()
	if err != nil {
		return err
	}
	d, err := db.OpenExisting(g.dbPath)
	if err != nil {
		return err
	}
	defer d.Close()
	res, err := app.Select(d, app.Selection{Query: q, All: true, WithEmpty: f.withEmpty})
	if err != nil {
		return err
	}
	if g.json {
		return writeJSON(cmd.OutOrStdout(), res.Problems)
	}
	return textout.Summaries(cmd.OutOrStdout(), res)
}

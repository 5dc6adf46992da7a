package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/db"
	"metz/draughts"
	"metz/internal/texttable"
)

func init() { commandAdders = append(commandAdders, addSearch) }

// searchFlags are the filters list and search share: app.Filters, whose
// values stay text until run time so that a bad one is reported with its
// flag's name.
type searchFlags struct {
	app.Filters
	withEmpty bool
}

const searchHelp = `Filters (all must hold):
  --source metz,vantenac   sources by key (repeat or separate with commas)
  --number 10-20           number range: N, N-M, N- (at least), -M (at most)
  --class KEY              the source's class key
  --rules NAME             rule system (aliases accepted: french, polish, ...)
  --theme EXPR             theme expression: names joined by AND, OR, NOT and
                           parentheses, e.g. "lunette AND NOT coup-de-repos",
                           "(lunette OR dame) AND coup de repos"; NOT binds
                           tighter than AND, AND tighter than OR; a name may
                           be written in words, with or without accents
                           ("pion en prise", "coup turc" are pion-en-prise,
                           coup-turc); metz themes list names them, and
                           a name no problem has is refused with the
                           nearest known one
  --theme-origin ORIGIN    count only themes from book, user or detected
  --verdict V              latest solver verdict: sound, sound-incomplete,
                           cooked, unsound, misprint, unproven, no-position,
                           or none (never verified)
  --white-pieces, --white-men, --white-kings,
  --black-pieces, --black-men, --black-kings RANGE
                           material of the diagram (records with a position)
  --side white|black       side to move
  --pattern 'W:W28,37:B32' these pieces on these squares (FEN syntax; W28 is a
                           white man, WK28 a white king; other squares free),
                           numbered as --rules numbers them (international by
                           default); without --rules an algebraic pattern such
                           as 'W:Wc3:Bd6' looks at every board written so
                           (Russian, Brazilian, Turkish, ...)
  --text WORDS             substring of the commentary or title
  --author NAME            substring of the composer's name (a PDN Author or
                           Composer tag, a transcription's Auteur line)
  --position / --no-position  only records with / without a diagram
  --limit N --offset N     page through long results`

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
}

// bindWithEmpty adds list's and search's --with-empty.
func (f *searchFlags) bindWithEmpty(c *cobra.Command) {
	c.Flags().BoolVar(&f.withEmpty, "with-empty", false, "keep the records without a diagram (left out and counted by default)")
}

// query turns the flags into a db.Query, naming the flag of a bad value.
func (f *searchFlags) query() (db.Query, error) { return f.Filters.Query() }

func addSearch(root *cobra.Command) {
	var f searchFlags
	c := &cobra.Command{
		Use:   "search [flags]",
		Short: "Find problems by source, number, theme, material, verdict or pattern",
		Long: `search lists the problems of the database that match every filter given,
ordered by source and number: a table that fits the terminal by default,
or with --json one JSON array of objects (id, source, number, label, title,
author, class, rules, fen, side, themes, verdict). Records without a
diagram are left out, and counted in one line, unless --with-empty (or
--no-position) asks for them.

` + searchHelp,
		Example: `  metz search --source metz --theme "lunette AND NOT coup-de-repos"
  metz search --source metz --number 373-388 --json
  metz search --white-pieces 3-5 --black-kings 1 --side white
  metz search --pattern 'W:W28,37:B32'
  metz search --verdict cooked --text "dame"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runSearch(cmd, &f) },
	}
	f.bind(c)
	f.bindWithEmpty(c)
	root.AddCommand(c)
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
	return printSummaries(cmd.OutOrStdout(), res)
}

// labelTitle is what names a record in a table: its label (Van Tenac's
// "Problème III", the Livre de Metz's "Coup nº 2"), else its title (a PDN
// file's Event), which is otherwise left to show.
func labelTitle(s db.Summary) string {
	if s.Label == "" {
		return s.Title
	}
	return s.Label
}

// printSummaries prints the problems found as a table that fits the
// terminal, then their count and the records without a diagram left out.
func printSummaries(w io.Writer, res app.Selected) error {
	if len(res.Problems) == 0 {
		fmt.Fprintln(w, "no problem matches")
	} else {
		t := texttable.New("problem", "label", "class", "themes", "verdict", "position")
		t.Flex = 5
		for _, s := range res.Problems {
			pos := s.FEN
			if pos == "" {
				pos = "(no position)"
			}
			t.Add(app.Name(s.Source, s.Number), labelTitle(s), s.Class, strings.Join(s.Themes, ", "), s.VerdictText(), pos)
		}
		if err := t.Render(w, texttable.Width(w)); err != nil {
			return err
		}
		fmt.Fprintln(w, count(len(res.Problems), "problem", "problems"))
	}
	if res.LeftOut > 0 {
		fmt.Fprintf(w, "%s without a diagram left out (--with-empty shows them)\n", count(res.LeftOut, "record", "records"))
	}
	return nil
}

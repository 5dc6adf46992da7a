package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/db"
	"metz/internal/texttable"
	"metz/problems"
	"metz/themes"
)

func init() { commandAdders = append(commandAdders, addThemes) }

func addThemes(root *cobra.Command) {
	var compare bool
	var sources []string
	c := &cobra.Command{
		Use:   "themes",
		Short: "Detect the books' themes in stated solutions, list their definitions, compare with the books",
		Long: `themes works with the themes the detector finds in solution lines (lunette,
coup de repos, pion en prise, coup turc, rafle, fermeture, coup de dame, gagner
le coup, tant pour tant, sacrifice). Each has a written definition precise
enough to test: "metz themes list" prints them.

  detect   replays stored stated solutions and stores what is found, with
           origin "detected", the ply and the squares (search them with
           metz search --theme NAME --theme-origin detected; metz show
           lists them)
  list     the definitions, and how the books' index themes map to them
  compare  where the detector and the book's index disagree

"metz themes --compare" is the same as "metz themes compare".`,
		Example: `  metz themes detect --all
  metz themes detect vantenac:77 --json
  metz themes list
  metz themes compare --source vantenac`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if compare {
				return runThemesCompare(cmd, sources)
			}
			return cmd.Help()
		},
	}
	c.Flags().BoolVar(&compare, "compare", false, "run the comparison report (as metz themes compare)")
	c.Flags().StringSliceVar(&sources, "source", nil, "with --compare: only these sources")
	c.AddCommand(themesDetectCmd(), themesListCmd(), themesCompareCmd())
	root.AddCommand(c)
}

// detectResult is one problem's line of "themes detect".
type detectResult struct {
	ID    int64  `json:"id"`
	Ref   string `json:"ref"`
	Label string `json:"label,omitempty"`
	app.ThemeResult
}

func themesDetectCmd() *cobra.Command {
	var all bool
	var sources []string
	c := &cobra.Command{
		Use:   "detect [SOURCE:NUMBER...]",
		Short: "Find themes in stored stated solutions and store them",
		Long: `detect replays each problem's stated solution (and the witness transcriptions
that start from the same position, such as Van Tenac's prose) from its
position under its rules, with the lines its latest verdict added, finds the
themes of every line, and stores them with origin "detected", replacing what
an earlier run stored. The book's themes and the user's tags are never
changed. metz verify does the same for every problem it verifies.

A line is analysed up to its first move that does not resolve (a misprint),
so a misprinted solution yields the themes of its readable part. Problems
without a position or a solution are skipped and counted.

Choose the problems as SOURCE:NUMBER (metz:125, vantenac:76), --all or
--source (repeatable).`,
		Example: `  metz themes detect --all
  metz themes detect --source vantenac
  metz themes detect vantenac:77 vantenac:72 --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if (len(args) > 0) == (all || len(sources) > 0) {
				return errors.New("name the problems: SOURCE:NUMBER, or --all, or --source S (not both names and a selection)")
			}
			if all && len(sources) > 0 {
				return errors.New("--all and --source exclude each other")
			}
			g := globalsOf(cmd)
			d, err := db.OpenExisting(g.dbPath)
			if err != nil {
				return err
			}
			defer d.Close()
			sel := app.Selection{Refs: args, All: all}
			sel.Query.Sources = sources
			picked, err := app.Select(d, sel) // records without a position have nothing to replay
			if err != nil {
				return err
			}
			bar := newProgressBar(cmd.ErrOrStderr(), "themes")
			res := make([]detectResult, 0, len(picked.Problems))
			for i, s := range picked.Problems {
				_, tr := app.DetectThemes(d, s.ID)
				res = append(res, detectResult{ID: s.ID, Ref: app.Name(s.Source, s.Number), Label: s.Label, ThemeResult: tr})
				bar.update(i+1, len(picked.Problems))
			}
			bar.finish()
			return printDetect(cmd.OutOrStdout(), g.json, res)
		},
	}
	c.Flags().BoolVar(&all, "all", false, "every problem with a position")
	c.Flags().StringSliceVar(&sources, "source", nil, "every problem with a position of these sources")
	return c
}

func printDetect(w io.Writer, asJSON bool, res []detectResult) error {
	failed := 0
	for _, r := range res {
		if r.Error != "" {
			failed++
		}
	}
	var err error
	if failed > 0 {
		err = fmt.Errorf("%d of %d problems failed (see the error column)", failed, len(res))
	}
	if asJSON {
		if jerr := writeJSON(w, res); jerr != nil {
			return jerr
		}
		return err
	}
	t := texttable.New("problem", "label", "detected at ply")
	t.Flex, t.Wrap = 2, true
	stored, skipped := 0, 0
	for _, r := range res {
		cell := themeCell(r.Themes)
		switch {
		case r.Error != "":
			cell = "error: " + r.Error
		case r.Skipped != "":
			cell, skipped = "skipped: "+r.Skipped, skipped+1
		default:
			stored++
		}
		t.Add(r.Ref, r.Label, cell)
	}
	if ferr := t.Render(w, texttable.Width(w)); ferr != nil {
		return ferr
	}
	fmt.Fprintf(w, "%s analysed and stored, %d skipped, %d failed\n", count(stored, "problem", "problems"), skipped, failed)
	return err
}

// themeCell writes "lunette@3, rafle@2" in the order of the plies.
func themeCell(ts []problems.Theme) string {
	if len(ts) == 0 {
		return "-"
	}
	var parts []string
	seen := map[string]bool{}
	for _, t := range ts {
		s := fmt.Sprintf("%s@%d", t.Name, t.Ply)
		if !seen[s] { // two branches may hold the same theme at one ply
			seen[s] = true
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}

func themesListCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "Print each detector theme with its definition, and the book-theme mapping",
		Long: `list prints every theme key the detector stores, with the French words of the
books, where the idea comes from and the exact rule applied, then the table
that maps the books' index themes to detector keys for metz themes compare.`,
		Example: `  metz themes list
  metz themes list --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			w := cmd.OutOrStdout()
			if globalsOf(cmd).json {
				return writeJSON(w, map[string]any{"themes": themes.Definitions, "book_keys": themes.BookKeys})
			}
			for _, d := range themes.Definitions {
				fmt.Fprintf(w, "%s — %s (%s)\n%s\n\n", d.Key, d.Label, d.Source, wrap(d.Text, 76, "  "))
			}
			fmt.Fprintln(w, "Book index themes, compared as:")
			books := make([]string, 0, len(themes.BookKeys))
			for b := range themes.BookKeys {
				books = append(books, b)
			}
			sort.Strings(books)
			for _, b := range books {
				fmt.Fprintf(w, "  %-30s %s\n", b, strings.Join(themes.BookKeys[b], ", "))
			}
			return nil
		},
	}
}

// wrap breaks text into lines of at most width characters, each indented.
func wrap(text string, width int, indent string) string {
	lines := texttable.Wrap(text, width-utf8.RuneCountInString(indent))
	return indent + strings.Join(lines, "\n"+indent)
}

func themesCompareCmd() *cobra.Command {
	var sources []string
	c := &cobra.Command{
		Use:   "compare",
		Short: "Where the detector and the book's index disagree",
		Long: `compare takes every problem that carries both book themes and detected themes
(run metz themes detect first) and reports, through the mapping printed by
metz themes list, the book themes the detector did not find (BOOK ONLY) and
the detector themes no book theme covers (DETECTED ONLY). Book themes the
detector has no definition for (taking kings, endgames, …) are not
compared; the JSON lists them as no_detector. The text table shows only the
problems that disagree; the JSON gives every problem compared.`,
		Example: `  metz themes compare
  metz themes compare --source vantenac --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runThemesCompare(cmd, sources)
		},
	}
	c.Flags().StringSliceVar(&sources, "source", nil, "only these sources (repeatable)")
	return c
}

func runThemesCompare(cmd *cobra.Command, sources []string) error {
	g := globalsOf(cmd)
	d, err := db.OpenExisting(g.dbPath)
	if err != nil {
		return err
	}
	defer d.Close()
	rows, uncompared, err := app.CompareThemes(d, sources)
	if err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	if g.json {
		return writeJSON(w, rows)
	}
	if err := printCompare(w, rows); err != nil {
		return err
	}
	if len(uncompared) > 0 {
		printNote(w, texttable.Width(w), "not compared (book themes, nothing detected): "+strings.Join(uncompared, ", "))
	}
	return nil
}

func printCompare(w io.Writer, rows []app.ThemeComparison) error {
	if len(rows) == 0 {
		fmt.Fprintln(w, "no problem carries both book and detected themes (run metz themes detect first)")
		return nil
	}
	t := texttable.New("problem", "label", "agree", "book only", "detected only")
	dis := 0
	for _, r := range rows {
		if r.Agrees {
			continue
		}
		dis++
		t.Add(r.Ref, r.Label, orDash(r.Agree), orDash(r.BookOnly), orDash(r.DetectedOnly))
	}
	if dis > 0 {
		if err := t.Render(w, texttable.Width(w)); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "%s compared, %d disagree\n", count(len(rows), "problem", "problems"), dis)
	return nil
}

func orDash(xs []string) string {
	if len(xs) == 0 {
		return "-"
	}
	return strings.Join(xs, ", ")
}

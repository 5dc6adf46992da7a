package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/spf13/cobra"

	"metz/db"
	"metz/export"
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
  metz themes detect vantenac:7 --json
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
	ID      int64            `json:"id"`
	Ref     string           `json:"ref"`
	Label   string           `json:"label,omitempty"`
	Themes  []problems.Theme `json:"themes"`
	Skipped string           `json:"skipped,omitempty"` // why nothing was analysed
	Error   string           `json:"error,omitempty"`
}

func themesDetectCmd() *cobra.Command {
	var all bool
	var sources []string
	c := &cobra.Command{
		Use:   "detect [ID...]",
		Short: "Find themes in stored stated solutions and store them",
		Long: `detect replays each problem's stated solution (and the witness transcriptions
that start from the same position, such as Van Tenac's prose) from its
position under its rules, finds the themes of every line, and stores them
with origin "detected", replacing what an earlier run stored. The book's
themes and the user's tags are never changed.

A line is analysed up to its first move that does not resolve (a misprint),
so a misprinted solution yields the themes of its readable part. Problems
without a position or a solution are skipped and counted.

ID is a database id or source:number (metz:125, vantenac:6). Choose the
problems by IDs, --all or --source (repeatable).`,
		Example: `  metz themes detect --all
  metz themes detect --source vantenac
  metz themes detect vantenac:7 vantenac:2 --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if (len(args) > 0) == (all || len(sources) > 0) {
				return errors.New("name the problems: IDs, or --all, or --source S (not both IDs and a selection)")
			}
			if all && len(sources) > 0 {
				return errors.New("--all and --source exclude each other")
			}
			d, err := db.OpenExisting(global.dbPath)
			if err != nil {
				return err
			}
			defer d.Close()
			ids, err := detectIDs(d, args, sources)
			if err != nil {
				return err
			}
			res := runDetect(d, ids, newProgressBar(cmd.ErrOrStderr(), "themes"))
			return printDetect(cmd.OutOrStdout(), res)
		},
	}
	c.Flags().BoolVar(&all, "all", false, "every problem with a position")
	c.Flags().StringSliceVar(&sources, "source", nil, "every problem with a position of these sources")
	return c
}

// detectIDs resolves the user's references, or selects the problems with a
// position (only those can be replayed) of the sources, or of all.
func detectIDs(d *db.DB, refs, sources []string) ([]int64, error) {
	var ids []int64
	for _, r := range refs {
		id, err := d.Resolve(r)
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	if len(refs) > 0 {
		return ids, nil
	}
	withPos := true
	ss, err := d.Search(db.Query{Sources: sources, HasPosition: &withPos})
	if err != nil {
		return nil, err
	}
	for _, s := range ss {
		ids = append(ids, s.ID)
	}
	return ids, nil
}

// runDetect detects and stores, one problem at a time: one bad record is
// reported and the others go on.
func runDetect(d *db.DB, ids []int64, bar *progressBar) []detectResult {
	out := make([]detectResult, 0, len(ids))
	for i, id := range ids {
		out = append(out, detectOne(d, id))
		bar.update(i+1, len(ids))
	}
	bar.finish()
	return out
}

func detectOne(d *db.DB, id int64) detectResult {
	r := detectResult{ID: id, Themes: []problems.Theme{}}
	p, err := d.Get(id)
	if err != nil {
		r.Error = err.Error()
		return r
	}
	r.Ref, r.Label = fmt.Sprintf("%s:%d", p.Source, p.Number), p.Label
	if err := withSolverLines(d, p); err != nil {
		r.Error = err.Error()
		return r
	}
	ts, err := themes.ForProblem(p)
	switch {
	case errors.Is(err, themes.ErrNoPosition), errors.Is(err, themes.ErrNoSolution):
		r.Skipped = err.Error()
		return r // an earlier run's themes stay: nothing new was learnt
	case err != nil:
		r.Error = err.Error()
		return r
	}
	if err := d.SetDetectedThemes(id, ts); err != nil {
		r.Error = err.Error()
		return r
	}
	if ts != nil {
		r.Themes = ts
	}
	return r
}

func printDetect(w io.Writer, res []detectResult) error {
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
	if global.json {
		if jerr := writeJSON(w, res); jerr != nil {
			return jerr
		}
		return err
	}
	t := tablewriter.NewWriter(w)
	t.Header("id", "problem", "label", "detected at ply")
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
		if aerr := t.Append(fmt.Sprint(r.ID), r.Ref, r.Label, cell); aerr != nil {
			return aerr
		}
	}
	if ferr := t.Render(); ferr != nil {
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
			if global.json {
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
	var b strings.Builder
	n := 0
	for _, word := range strings.Fields(text) {
		if n > 0 && n+1+len([]rune(word)) > width {
			b.WriteString("\n")
			n = 0
		}
		if n == 0 {
			b.WriteString(indent)
			n = len(indent)
		} else {
			b.WriteString(" ")
			n++
		}
		b.WriteString(word)
		n += len([]rune(word))
	}
	return b.String()
}

// compareRow is one problem of "themes compare".
type compareRow struct {
	ID     int64  `json:"id"`
	Ref    string `json:"ref"`
	Label  string `json:"label,omitempty"`
	Agrees bool   `json:"agrees"`
	themes.Comparison
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
	d, err := db.OpenExisting(global.dbPath)
	if err != nil {
		return err
	}
	defer d.Close()
	rows, err := compareRows(d, sources)
	if err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	if global.json {
		return writeJSON(w, rows)
	}
	if err := printCompare(w, rows); err != nil {
		return err
	}
	return printUncompared(w, d, sources)
}

// printUncompared counts the problems whose book themes could not be
// compared because nothing was detected (no resolvable solution, or detect
// not run), so that a short table is not mistaken for agreement.
func printUncompared(w io.Writer, d *db.DB, sources []string) error {
	withPos := true
	ss, err := d.Search(db.Query{Sources: sources, ThemeOrigin: problems.OriginBook, HasPosition: &withPos})
	if err != nil {
		return err
	}
	var refs []string
	for _, s := range ss {
		ts, err := d.ThemesOf(s.ID, problems.OriginDetected)
		if err != nil {
			return err
		}
		if len(ts) == 0 {
			refs = append(refs, fmt.Sprintf("%s:%d", s.Source, s.Number))
		}
	}
	if len(refs) > 0 {
		fmt.Fprintf(w, "not compared (book themes, nothing detected): %s\n", strings.Join(refs, ", "))
	}
	return nil
}

func compareRows(d *db.DB, sources []string) ([]compareRow, error) {
	ss, err := d.Search(db.Query{Sources: sources, ThemeOrigin: problems.OriginDetected})
	if err != nil {
		return nil, err
	}
	rows := []compareRow{}
	for _, s := range ss {
		ts, err := d.ThemesOf(s.ID, "")
		if err != nil {
			return nil, err
		}
		if !hasOrigin(ts, problems.OriginBook) {
			continue
		}
		c := themes.Compare(ts)
		rows = append(rows, compareRow{ID: s.ID, Ref: fmt.Sprintf("%s:%d", s.Source, s.Number), Label: s.Label,
			Agrees: !c.Disagrees(), Comparison: c})
	}
	return rows, nil
}

func hasOrigin(ts []problems.Theme, origin string) bool {
	for _, t := range ts {
		if t.Origin == origin {
			return true
		}
	}
	return false
}

func printCompare(w io.Writer, rows []compareRow) error {
	if len(rows) == 0 {
		fmt.Fprintln(w, "no problem carries both book and detected themes (run metz themes detect first)")
		return nil
	}
	t := tablewriter.NewWriter(w)
	t.Header("id", "problem", "label", "agree", "book only", "detected only")
	dis := 0
	for _, r := range rows {
		if r.Agrees {
			continue
		}
		dis++
		if err := t.Append(fmt.Sprint(r.ID), r.Ref, r.Label, orDash(r.Agree), orDash(r.BookOnly), orDash(r.DetectedOnly)); err != nil {
			return err
		}
	}
	if dis > 0 {
		if err := t.Render(); err != nil {
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

// withSolverLines adds the latest verdict's verified tree — the stated lines
// with the branches the solver added (omitted defences, cooks, duals,
// refutations) — as a witness, so that detection also covers solver-made
// lines. A problem with no stated solution takes that tree as its solution.
func withSolverLines(d *db.DB, p *problems.Problem) error {
	_, rep, err := latestReport(d, p.ID)
	if err != nil || rep == nil || p.FEN == "" {
		return err
	}
	tree, _ := export.Verified(p, evidenceOf(rep), export.English)
	if tree == nil || len(tree.Children) == 0 || !tree.HasOrigin(problems.Solver) {
		return nil
	}
	if p.Solution == nil || len(p.Solution.Children) == 0 {
		p.Solution = tree
		return nil
	}
	p.Witnesses = append(p.Witnesses, problems.Witness{Name: "verified", Tree: tree})
	return nil
}

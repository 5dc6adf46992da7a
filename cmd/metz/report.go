package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/db"
	"metz/internal/texttable"
)

func init() { commandAdders = append(commandAdders, addReport) }

func addReport(root *cobra.Command) {
	var sourcesFlag []string
	c := &cobra.Command{
		Use:   "report",
		Short: "Summarise the database: sources, verdicts, evidence and themes of each problem",
		Long: `report reads the database and prints, for each source, how many records it
holds and how many have a position, the latest verdict counts, and for each
problem with a position its verdict, key, the themes detected in what was
verified (metz verify stores them) and the evidence (misprints and the
repairs tried, cooks, refutations, omitted defences, duals, unproven
leaves). The tables fit the terminal (80 columns when the output is not
one): a long evidence is cut, and metz show SOURCE:NUMBER --tree gives it
in full; --json gives everything.

It is the last step of the main job:  metz import && metz verify --all && metz report`,
		Example: `  metz report
  metz report --source vantenac --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			g := globalsOf(cmd)
			d, err := db.OpenExisting(g.dbPath)
			if err != nil {
				return err
			}
			defer d.Close()
			reports, err := app.Report(d, sourcesFlag)
			if err != nil {
				return err
			}
			if g.json {
				return writeJSON(cmd.OutOrStdout(), reports)
			}
			return printReport(cmd.OutOrStdout(), reports)
		},
	}
	c.Flags().StringSliceVar(&sourcesFlag, "source", nil, "only these sources (repeatable)")
	root.AddCommand(c)
}

// verdictAbbrev heads the verdict columns of the sources table, so that
// eight of them fit in 80 columns; the legend under it spells them out.
var verdictAbbrev = map[string]string{"sound": "sound", "sound-incomplete": "incompl", "cooked": "cooked",
	"unsound": "unsound", "misprint": "mispr", "unproven": "unprov", "no-position": "no-pos", "none": "none"}

func printReport(w io.Writer, reports []app.SourceReport) error {
	if len(reports) == 0 {
		fmt.Fprintln(w, "The database holds no source: run `metz import` first.")
		return nil
	}
	width := texttable.Width(w)
	header := []string{"source", "diagram"}
	for _, v := range app.VerdictOrder {
		header = append(header, verdictAbbrev[v])
	}
	t := texttable.New(header...)
	for _, r := range reports {
		row := []any{r.Key, fmt.Sprintf("%d/%d", r.WithPosition, r.Problems)}
		for _, v := range app.VerdictOrder {
			row = append(row, r.Verdicts[v])
		}
		t.Add(row...)
	}
	if err := t.Render(w, width); err != nil {
		return err
	}
	printNote(w, width, "diagram: records with one / all; incompl: sound-incomplete, mispr: misprint, unprov: unproven, no-pos: no-position, none: never verified")
	for _, r := range reports {
		if err := printProblems(w, r, width); err != nil {
			return err
		}
	}
	return nil
}

func printProblems(w io.Writer, r app.SourceReport, width int) error {
	if len(r.Positions) == 0 {
		fmt.Fprintln(w)
		printNote(w, width, fmt.Sprintf("%s: no record has a position yet (%d records); add transcriptions with `metz import FILE`.", r.Key, r.Problems))
		return nil
	}
	fmt.Fprintf(w, "\n%s — %s\n", r.Key, texttable.Cut(r.Title, width-len(r.Key)-3))
	t := texttable.New("problem", "verdict", "key", "themes", "evidence")
	t.Flex = 4
	for _, p := range r.Positions {
		verdict := p.Verdict
		if verdict == "" {
			verdict = "not verified"
		}
		t.Add(p.Name, verdictText(verdict, p.Dual), p.Key, strings.Join(p.Detected, ", "), p.Evidence)
	}
	return t.Render(w, width)
}

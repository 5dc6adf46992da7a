package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/cobra"

	"metz/db"
	"metz/solver"
)

func init() { commandAdders = append(commandAdders, addReport) }

// verdictOrder is the column order of the verdict table.
var verdictOrder = []string{"sound", "sound-incomplete", "cooked", "unsound", "misprint", "unproven", "no-position", "none"}

// sourceReport is one source's part of the report.
type sourceReport struct {
	db.SourceInfo
	WithPosition int              `json:"with_position"`
	Verdicts     map[string]int   `json:"verdicts"`  // latest verdict of each problem; "none" = never verified
	Positions    []problemVerdict `json:"positions"` // the problems that have a position
}

// problemVerdict is a verified problem's line of the report.
type problemVerdict struct {
	db.Summary
	Dual     bool           `json:"dual"`
	Key      string         `json:"key,omitempty"`
	Evidence string         `json:"evidence,omitempty"`
	Seconds  float64        `json:"seconds"`
	Report   *solver.Report `json:"report,omitempty"`
}

func addReport(root *cobra.Command) {
	var sourcesFlag []string
	c := &cobra.Command{
		Use:   "report",
		Short: "Summarise the database: sources, verdicts and the evidence for each problem",
		Long: `report reads the database and prints, for each source, how many records it
holds and how many have a position, the latest verdict counts, and for each
problem with a position its verdict with the evidence (misprints and the
repairs tried, cooks, refutations, omitted defences, duals, unproven leaves).

It is the last step of the main job:  metz import && metz verify --all && metz report`,
		Example: `  metz report
  metz report --source vantenac --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			d, err := db.OpenExisting(global.dbPath)
			if err != nil {
				return err
			}
			defer d.Close()
			reports, err := buildReport(d, sourcesFlag)
			if err != nil {
				return err
			}
			if global.json {
				return writeJSON(cmd.OutOrStdout(), reports)
			}
			return printReport(cmd.OutOrStdout(), reports)
		},
	}
	c.Flags().StringSliceVar(&sourcesFlag, "source", nil, "only these sources (repeatable)")
	root.AddCommand(c)
}

func buildReport(d *db.DB, only []string) ([]sourceReport, error) {
	infos, err := d.Sources()
	if err != nil {
		return nil, err
	}
	var out []sourceReport
	for _, info := range infos {
		if len(only) > 0 && !slices.Contains(only, info.Key) {
			continue
		}
		sr, err := reportSource(d, info)
		if err != nil {
			return nil, err
		}
		out = append(out, sr)
	}
	return out, nil
}

func reportSource(d *db.DB, info db.SourceInfo) (sourceReport, error) {
	sr := sourceReport{SourceInfo: info, Verdicts: map[string]int{}}
	sums, err := d.Search(db.Query{Sources: []string{info.Key}})
	if err != nil {
		return sr, err
	}
	for _, s := range sums {
		v := s.VerdictText() // an outdated record counts apart
		if v == "" {
			v = "none"
		}
		sr.Verdicts[v]++
		if s.FEN == "" {
			continue
		}
		sr.WithPosition++
		pv, err := latestVerdict(d, s)
		if err != nil {
			return sr, err
		}
		sr.Positions = append(sr.Positions, pv)
	}
	return sr, nil
}

// latestVerdict reads the newest verdict's evidence back into the solver's report.
func latestVerdict(d *db.DB, s db.Summary) (problemVerdict, error) {
	pv := problemVerdict{Summary: s}
	v, r, err := latestReport(d, s.ID)
	if err != nil || v == nil {
		return pv, err
	}
	pv.Dual, pv.Seconds = v.Dual, v.Seconds
	if r != nil {
		pv.Report, pv.Key, pv.Evidence = r, r.Key, evidence(r)
	}
	return pv, nil
}

// latestReport returns a problem's newest verdict (nil if never verified)
// and its evidence as the solver's report (nil if it has none or another shape).
func latestReport(d *db.DB, id int64) (*db.Verdict, *solver.Report, error) {
	vs, err := d.Verdicts(id)
	if err != nil || len(vs) == 0 {
		return nil, nil, err
	}
	v := vs[len(vs)-1]
	var r solver.Report
	if len(v.Evidence) == 0 || json.Unmarshal(v.Evidence, &r) != nil {
		return &v, nil, nil
	}
	return &v, &r, nil
}

func printReport(w io.Writer, reports []sourceReport) error {
	if len(reports) == 0 {
		fmt.Fprintln(w, "The database holds no source: run `metz import` first.")
		return nil
	}
	fmt.Fprintln(w, "Sources")
	t := tablewriter.NewTable(w, tablewriter.WithHeaderAutoFormat(tw.Off))
	t.Header(append([]string{"source", "title", "records", "with position", "warnings"}, verdictOrder...))
	for _, r := range reports {
		row := []any{r.Key, shorten(r.Title, 40), r.Problems, r.WithPosition, r.Warnings}
		for _, v := range verdictOrder {
			row = append(row, r.Verdicts[v])
		}
		if err := t.Append(row...); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	for _, r := range reports {
		if err := printProblems(w, r); err != nil {
			return err
		}
	}
	return nil
}

func printProblems(w io.Writer, r sourceReport) error {
	if len(r.Positions) == 0 {
		fmt.Fprintf(w, "\n%s: no record has a position yet (%d records); add transcriptions with `metz import FILE`.\n", r.Key, r.Problems)
		return nil
	}
	sort.SliceStable(r.Positions, func(i, j int) bool { return r.Positions[i].Number < r.Positions[j].Number })
	fmt.Fprintf(w, "\n%s — %s\n", r.Key, r.Title)
	t := tablewriter.NewWriter(w)
	t.Header("id", "problem", "verdict", "dual", "key", "evidence", "seconds")
	for _, p := range r.Positions {
		verdict := p.Verdict
		if verdict == "" {
			verdict = "not verified"
		}
		dual := ""
		if p.Dual {
			dual = "dual"
		}
		name := fmt.Sprintf("%s:%d %s", p.Source, p.Number, p.Label)
		if err := t.Append(p.ID, name, verdict, dual, p.Key, shorten(p.Evidence, 160), fmt.Sprintf("%.2f", p.Seconds)); err != nil {
			return err
		}
	}
	return t.Render()
}

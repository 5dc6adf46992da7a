package textout

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"metz/app"
	"metz/problems"
	"metz/problems/catalog"
	"metz/themes"
	"metz/verdict"
)

// Summaries prints the problems a search found as a table that fits the
// terminal, then their count and the records without a diagram left out.
func Summaries(w io.Writer, res app.Selected) error {
	if len(res.Problems) == 0 {
		fmt.Fprintln(w, "no problem matches")
	} else {
		t := newTable("problem", "label", "class", "themes", "verdict", "position")
		t.Flex = 5
		for _, s := range res.Problems {
			pos := s.FEN
			if pos == "" {
				pos = "(no position)"
			}
			t.Add(app.Name(s.Source, s.Number), labelTitle(s), s.Class, strings.Join(s.Themes, ", "), s.VerdictText(), pos)
		}
		if err := t.Render(w, termWidth(w)); err != nil {
			return err
		}
		fmt.Fprintln(w, Count(len(res.Problems), "problem", "problems"))
	}
	if res.LeftOut > 0 {
		fmt.Fprintf(w, "%s without a diagram left out (--with-empty shows them)\n", Count(res.LeftOut, "record", "records"))
	}
	return nil
}

// labelTitle is what names a record in a table: its label (Van Tenac's
// "Problème III", the Livre de Metz's "Coup nº 2"), else its title (a PDN
// file's Event), which is otherwise left to show.
func labelTitle(s catalog.Summary) string {
	if s.Label == "" {
		return s.Title
	}
	return s.Label
}

// verdictAbbrev heads the verdict columns of the sources table that are
// too wide for eight of them to fit in 80 columns (the others are headed
// by their names); the legend under it spells them out.
var verdictAbbrev = map[string]string{string(verdict.SoundIncomplete): "incompl", string(verdict.Misprint): "mispr",
	string(verdict.Unproven): "unprov", string(verdict.NoPosition): "no-pos"}

// abbrev is a verdict column's heading.
func abbrev(v string) string {
	if a, ok := verdictAbbrev[v]; ok {
		return a
	}
	return v
}

// abbrevLegend spells out the abbreviated headings, in the columns' order.
func abbrevLegend() string {
	var parts []string
	for _, v := range app.VerdictOrder {
		if a, ok := verdictAbbrev[v]; ok {
			parts = append(parts, a+": "+v)
		}
	}
	return strings.Join(parts, ", ")
}

// Report prints the sources' counts, then each source's problems with
// their verdicts, keys, detected themes and evidence.
func Report(w io.Writer, reports []app.SourceReport) error {
	if len(reports) == 0 {
		fmt.Fprintln(w, "The database holds no source: run `metz import` first.")
		return nil
	}
	width := termWidth(w)
	header := []string{"source", "diagram"}
	for _, v := range app.VerdictOrder {
		header = append(header, abbrev(v))
	}
	t := newTable(header...)
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
	Note(w, width, "diagram: records with one / all; "+abbrevLegend()+", none: never verified")
	for _, r := range reports {
		if err := sourceProblems(w, r, width); err != nil {
			return err
		}
	}
	return truthOfTheBooks(w, reports, width)
}

func sourceProblems(w io.Writer, r app.SourceReport, width int) error {
	if r.Problems == 0 && r.Truth != nil {
		return nil // a source of claims only (Guiton's treatise): see the truth of the books
	}
	if len(r.Positions) == 0 {
		fmt.Fprintln(w)
		Note(w, width, fmt.Sprintf("%s: no record has a position yet (%d records); add transcriptions with `metz import FILE`.", r.Key, r.Problems))
		return nil
	}
	fmt.Fprintf(w, "\n%s — %s\n", r.Key, cut(r.Title, width-len(r.Key)-3))
	t := newTable("problem", "verdict", "key", "themes", "evidence")
	t.Flex = 4
	for _, p := range r.Positions {
		v := p.Verdict
		if v == "" {
			v = "not verified"
		}
		t.Add(p.Name, Verdict(v, p.Dual), p.Key, strings.Join(p.Detected, ", "), p.Evidence)
	}
	return t.Render(w, width)
}

// Detected prints what themes detect found, problem by problem, and the
// counts.
func Detected(w io.Writer, res []app.DetectResult) error {
	t := newTable("problem", "label", "detected at ply")
	t.Flex, t.Wrap = 2, true
	stored, skipped, failed := 0, 0, 0
	for _, r := range res {
		cell := themeCell(r.Themes)
		switch {
		case r.Error != "":
			cell, failed = "error: "+r.Error, failed+1
		case r.Skipped != "":
			cell, skipped = "skipped: "+r.Skipped, skipped+1
		default:
			stored++
		}
		t.Add(r.Ref, r.Label, cell)
	}
	if err := t.Render(w, termWidth(w)); err != nil {
		return err
	}
	fmt.Fprintf(w, "%s analysed and stored, %d skipped, %d failed\n", Count(stored, "problem", "problems"), skipped, failed)
	return nil
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

// Compared prints the problems whose detected and book themes disagree,
// the counts, and the problems that could not be compared.
func Compared(w io.Writer, rows []app.ThemeComparison, uncompared []string) error {
	if len(rows) == 0 {
		fmt.Fprintln(w, "no problem carries both book and detected themes (run metz themes detect first)")
	} else {
		t := newTable("problem", "label", "agree", "book only", "detected only")
		dis := 0
		for _, r := range rows {
			if r.Agrees {
				continue
			}
			dis++
			t.Add(r.Ref, r.Label, orDash(r.Agree), orDash(r.BookOnly), orDash(r.DetectedOnly))
		}
		if dis > 0 {
			if err := t.Render(w, termWidth(w)); err != nil {
				return err
			}
		}
		fmt.Fprintf(w, "%s compared, %d disagree\n", Count(len(rows), "problem", "problems"), dis)
	}
	if len(uncompared) > 0 {
		Note(w, termWidth(w), "not compared (book themes, nothing detected): "+strings.Join(uncompared, ", "))
	}
	return nil
}

// ThemeDefinitions prints the detector's themes with their definitions,
// then how the books' index themes map to them.
func ThemeDefinitions(w io.Writer) {
	for _, d := range themes.Definitions {
		fmt.Fprintf(w, "%s — %s (%s)\n%s\n\n", d.Key, d.Label, d.Source, Wrap(d.Text, 76, "  "))
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
}

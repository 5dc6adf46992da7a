package textout

import (
	"fmt"
	"io"
	"strings"

	"metz/app"
)

// Similar prints an anticipation search: what was asked, then one line
// per match, best first (the positions are in --json).
func Similar(w io.Writer, res *app.SimilarResult) error {
	what := res.Name
	if what == "" {
		what = res.FEN
	}
	fmt.Fprintf(w, "%s (%s)", what, res.Rules)
	if res.Blow != nil {
		fmt.Fprintf(w, ", final combination %s", res.Blow)
	}
	fmt.Fprintln(w)
	if len(res.Matches) == 0 {
		fmt.Fprintln(w, "no record anticipates or repeats it")
		return nil
	}
	t := newTable("record", "relation", "score", "year", "detail")
	t.Flex, t.Wrap = 4, true
	for _, m := range res.Matches {
		rel := string(m.Relation)
		for _, a := range m.Also {
			rel += " + " + string(a)
		}
		year := ""
		if m.Earliest > 0 {
			year = fmt.Sprint(m.Earliest)
		}
		t.Add(m.Name, rel, fmt.Sprintf("%.2f", m.Score), year, m.Detail)
	}
	return t.Render(w, termWidth(w))
}

// ImportDuplicates prints, under an import's table, the positions the
// import met that another record repeats (every one with all).
func ImportDuplicates(w io.Writer, reports []app.ImportReport, all bool) {
	for _, r := range reports {
		if r.SimilarError != "" {
			fmt.Fprintf(w, "%s: the anticipation index was not updated: %s\n", r.Source, r.SimilarError)
		}
		if len(r.Duplicates) == 0 {
			continue
		}
		within := 0
		for _, d := range r.Duplicates {
			if d.Within {
				within++
			}
		}
		fmt.Fprintf(w, "%s: %d repeated position%s (%d within the source, %d of other sources); nothing merged:\n",
			r.Source, len(r.Duplicates), plural(len(r.Duplicates)), within, len(r.Duplicates)-within)
		for i, d := range r.Duplicates {
			if i == shownWarnings && !all {
				fmt.Fprintf(w, "  … %d more (metz import --verbose or --json lists them all)\n", len(r.Duplicates)-i)
				break
			}
			fmt.Fprintf(w, "  %s = %s (%s)\n", d.Record, d.Of, strings.ReplaceAll(string(d.Relation), "-", " "))
		}
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

package textout

import (
	"fmt"
	"io"

	"metz/app"
)

// shownWarnings is how many of a source's warnings Import prints unless
// asked for all.
const shownWarnings = 10

// Import prints import's summary, a line a source; with warnings, under
// it each source's note and first warnings (all of them with all).
func Import(w io.Writer, reports []app.ImportReport, warnings, all bool) error {
	// The counts' headings are short so that the table fits 80 columns; a
	// source that failed is marked, its error being said in full under the
	// table by the command.
	t := newTable("source", "problems", "new", "updated", "same", "warnings", "missing", "outdated")
	t.Flex, t.Wrap = 0, true
	for _, r := range reports {
		name := r.Source
		if name == "" {
			name = r.File
		}
		if r.Error != "" {
			name += " (not imported)"
		}
		t.Add(name, r.Problems, r.New, r.Updated, r.Unchanged, r.Warnings, r.Missing, r.Outdated)
	}
	if err := t.Render(w, termWidth(w)); err != nil {
		return err
	}
	importChanges(w, reports, all)
	for _, r := range reports {
		if r.Claims > 0 && r.Error == "" {
			fmt.Fprintf(w, "%s: %d claims checked (metz trictrac claims; metz report)\n", r.Source, r.Claims)
		}
	}
	if warnings {
		for _, r := range reports {
			if r.Note != "" {
				fmt.Fprintln(w, r.Note)
			}
			importWarnings(w, r, all)
		}
	}
	return nil
}

// importWarnings lists the first of a source's warnings (every one with
// all), each with its place: for files the user gives, where they say what
// to mend (the bundled books' are notes on the digitised text, in --json).
func importWarnings(w io.Writer, r app.ImportReport, all bool) {
	for i, x := range r.AllWarnings {
		if i == shownWarnings && !all {
			fmt.Fprintf(w, "  … %d more (metz import --verbose or --json lists them all)\n", len(r.AllWarnings)-i+r.MoreWarnings)
			return
		}
		fmt.Fprintf(w, "%s:%d: %s", x.File, x.Line, x.Text)
		if x.Expected != "" {
			fmt.Fprintf(w, " (expected %s)", x.Expected)
		}
		fmt.Fprintln(w)
	}
}

// importChanges lists what edited copies changed in their sources'
// records, and what they would change in a bundled book (held).
func importChanges(w io.Writer, reports []app.ImportReport, all bool) {
	for _, r := range reports {
		if len(r.Changes) == 0 {
			continue
		}
		switch {
		case r.Held > 0:
			fmt.Fprintf(w, "%s: %d record(s) of the copy differ from the bundled book and were not applied (--update %s applies them):\n", r.Source, r.Held, r.Source)
		default:
			fmt.Fprintf(w, "%s: changed by the copy:\n", r.Source)
		}
		for i, c := range r.Changes {
			if i == shownWarnings && !all {
				fmt.Fprintf(w, "  … %d more (metz import --verbose or --json lists them all)\n", len(r.Changes)-i)
				break
			}
			fmt.Fprintln(w, "  "+c)
		}
	}
}

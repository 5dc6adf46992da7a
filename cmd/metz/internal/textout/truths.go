package textout

import (
	"fmt"
	"io"

	"metz/app"
	"metz/problems"
)

// truthOfTheBooks prints, for each source that makes claims metz checks,
// how many hold and each that does not, with the throws that make it.
func truthOfTheBooks(w io.Writer, reports []app.SourceReport, width int) error {
	first := true
	for _, r := range reports {
		t := r.Truth
		if t == nil {
			continue
		}
		if first {
			fmt.Fprintln(w, "\nTruth of the books")
			first = false
		}
		Note(w, width, fmt.Sprintf("%s — %s: %d claims; read %d (agree %d, disagree %d, of which %d quoted by the book to refute them), unread %d.",
			t.Source, t.Title, t.Claims, t.Read, t.Agree, t.Disagree, t.Refuted, t.Unread))
		for _, c := range t.Disagreements() {
			bookClaim(w, c, width)
		}
		if t.Source == "trictrac" {
			fmt.Fprintln(w, Wrap("metz trictrac claims lists every claim, with the unread ones and why.", width, "  "))
		}
	}
	return nil
}

// bookClaim prints a claim the check does not bear out.
func bookClaim(w io.Writer, c problems.BookClaim, width int) {
	who := ""
	if c.Voice != "" {
		who = " (quoted to refute it)"
	}
	stated, computed := "?", "?"
	if c.Stated != nil {
		stated = fmt.Sprint(*c.Stated)
	}
	if c.Computed != nil {
		computed = fmt.Sprint(*c.Computed)
	}
	fmt.Fprintln(w, Wrap(fmt.Sprintf("%s, line %d%s: %q — %s, %s: stated %s, counted %s; %s",
		c.Chapter, c.Line, who, c.Wording, c.Subject, c.Situation, stated, computed, c.Detail), width, "  "))
}

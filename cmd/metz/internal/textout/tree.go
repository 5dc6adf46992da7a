package textout

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"metz/app"
	"metz/export"
	"metz/problems"
	"metz/problems/booknotation"
)

// TreeNotations are the notations VerifiedTree writes.
var TreeNotations = []string{"book", "modern", "pdn"}

// CheckNotation refuses a notation VerifiedTree does not write.
func CheckNotation(notation string) error {
	if !slices.Contains(TreeNotations, notation) {
		return fmt.Errorf("--notation %q: expected one of %s", notation, strings.Join(TreeNotations, ", "))
	}
	return nil
}

// VerifiedTree writes the verified tree v of problem p in one notation;
// the notes go to errw so that the tree itself (PDN above all) can be
// piped.
func VerifiedTree(w, errw io.Writer, p *problems.Problem, v app.VerifiedTree, notation string) error {
	if err := CheckNotation(notation); err != nil {
		return err
	}
	if len(v.Tree.Children) == 0 {
		name := app.ProblemName(p)
		return fmt.Errorf("%s has no solution tree to print (the source's text is shown by metz show %s)", name, name)
	}
	r := p.Rules
	if r == nil {
		return fmt.Errorf("%s names no rule system", app.ProblemName(p))
	}
	switch notation {
	case "book":
		t, _ := export.Verified(p, v.Evidence, export.French) // the book's voice
		fmt.Fprint(w, booknotation.WriteWith(t, r, booknotation.Marked))
	case "modern":
		fmt.Fprintln(w, Wrap(export.Modern(v.Tree, r), 78, ""))
		if v.Tree.HasOrigin(problems.Solver) {
			fmt.Fprintln(w, export.ModernLegend)
		}
	case "pdn":
		it := export.Item{Problem: p, Evidence: v.Evidence, Verdict: v.Verdict}
		if err := export.WritePDN(w, []export.Item{it}); err != nil {
			return err
		}
	}
	for _, n := range v.Notes {
		fmt.Fprintln(errw, "metz: "+n)
	}
	return nil
}

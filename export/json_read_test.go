package export

import (
	"strings"
	"testing"

	"metz/importer"
	"metz/problems"
)

// The JSON export reads back (metz import FILE.json): the records of the
// bundled Van Tenac and a few made for what they lack come back with their
// position, rules, goal, label, number, title, composer, date, themes and
// stated moves; the verdicts and verified trees stay behind.
func TestJSONReadsBack(t *testing.T) {
	items := []Item{{Problem: russianProblem(t), Verdict: "sound", Notes: []string{"a note"}}}
	batches, err := importer.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range batches {
		for _, p := range b.Problems {
			if p.FEN != "" {
				items = append(items, Item{Problem: p, Verdict: "unsound"})
			}
		}
	}
	omitted := omittedProblem()
	v, _ := Verified(omitted, omittedReport(t))
	items = append(items, Item{Problem: omitted, Verified: v},
		Item{Problem: &problems.Problem{Source: "club", Number: 4, Label: "Finale", Author: "J. Dupont", Date: "1891",
			Rules: "english", FEN: "B:W22,K30:B17,18", Stipulation: problems.StipDraw,
			Themes: []problems.Theme{{Name: "coup-turc", Origin: problems.OriginUser}}}})
	var out strings.Builder
	if err := WriteJSON(&out, items); err != nil {
		t.Fatal(err)
	}
	b, err := importer.Reader("copy.json", strings.NewReader(out.String()))
	if err != nil || len(b.Problems) != len(items) {
		t.Fatalf("%d of %d problems read back, %v", len(b.Problems), len(items), err)
	}
	for i, it := range items {
		got := b.Problems[i]
		// The tree read back is the stated one, not the verified one.
		checkReadBack(t, Item{Problem: it.Problem}, got, it.Problem.Label, "record "+Heading(it.Problem))
		if got.Source != "copy" || !strings.HasPrefix(got.Location, "copy.json:") {
			t.Errorf("%s: source %q location %q", Heading(it.Problem), got.Source, got.Location)
		}
	}
}

package export

import (
	"strings"
	"testing"

	"metz/importer"
)

// The JSON export reads back (metz import FILE.json), each of
// readBackItems with its position, rules, goal, label, number, title,
// composer, date, themes and stated moves; the verdicts and verified trees
// stay behind.
func TestJSONReadsBack(t *testing.T) {
	items := readBackItems(t)
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

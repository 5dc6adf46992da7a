package export

import (
	"reflect"
	"strings"
	"testing"

	"metz/importer"
)

// The JSON export reads back (metz import FILE.json), each of
// readBackItems with its position, rules, goal, label, number, title,
// composer, date, themes and stated moves, as a copy of its source's
// record; the verdicts and verified trees stay behind.
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
		// The tree read back is the stated one, not the verified one; the
		// warnings are the record's own, as its source's reading gave them.
		bare := *got
		bare.Warnings = nil
		checkReadBack(t, Item{Problem: it.Problem}, &bare, it.Problem.Label, "record "+Heading(it.Problem))
		if !reflect.DeepEqual(got.Warnings, it.Problem.Warnings) {
			t.Errorf("%s: warnings %+v, want %+v", Heading(it.Problem), got.Warnings, it.Problem.Warnings)
		}
		// Each record is a copy of its source's own, with its place.
		if f, copied := b.Copy(got); got.Source != it.Problem.Source || !copied || f != importer.FormatJSON ||
			got.Location != it.Problem.Location {
			t.Errorf("%s: source %q location %q, a copy: %v", Heading(it.Problem), got.Source, got.Location, copied)
		}
	}
}

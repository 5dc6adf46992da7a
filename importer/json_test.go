package importer

import (
	"strings"
	"testing"
)

// A JSON file that is not an array of problems is refused with its line;
// an element that is not a problem (rules no system has, a FEN or a
// stipulation that does not read) is skipped with a warning at its line
// saying what is wrong, the others kept; a lone object is one problem; a move of the stated tree
// that is not legal is marked and warned of; a record naming its source is
// a copy of that source's, one naming none the file's own.
func TestReadJSON(t *testing.T) {
	if _, err := Reader("bad.json", strings.NewReader("[\n  {\"number\": 1},\n  {\"number\": 2,,}\n]")); err == nil ||
		!strings.Contains(err.Error(), "bad.json:3:") {
		t.Errorf("syntax error: %v", err)
	}
	in := `[
  {"source": "vantenac", "number": 3, "label": "Problème III", "rules": "international", "fen": "W:W28:B19",
   "solution": {"children": [{"move": "28-23", "white": true, "children": [{"move": "19x28", "white": false}]}]}},
  {"number": "four"},
  {"number": 5, "fen": "W:W28:B19",
   "solution": {"children": [{"move": "28-22", "white": true, "children": [{"move": "19-14", "white": false}]}]}},
  {"number": 6, "rules": "chess", "fen": "W:W28:B19"},
  {"number": 7, "fen": "W:W28,28:B19"},
  {"number": 8, "fen": "W:W28:B19", "stipulation": "gain:x"}
]`
	b, err := Reader("club.json", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Problems) != 2 || len(b.Warnings) != 4 || b.Warnings[0].Line != 4 || b.Source.Key != "club" {
		t.Fatalf("problems %d, warnings %+v", len(b.Problems), b.Warnings)
	}
	for i, want := range []struct {
		line int
		says string
	}{{7, `unknown rule system "chess"`}, {8, "square 28 is given twice"}, {9, `stipulation "gain:x"`}} {
		if w := b.Warnings[i+1]; w.File != "club.json" || w.Line != want.line || !strings.Contains(w.Expected, want.says) ||
			!strings.Contains(w.Expected, "skipped") {
			t.Errorf("warning %d: %+v, want line %d saying %s", i+1, w, want.line, want.says)
		}
	}
	// A record that names its source is a copy of that source's record.
	p := b.Problems[0]
	if f, copied := b.Copy(p); p.Source != "vantenac" || !copied || f != FormatJSON || p.Location != "" ||
		p.Stipulation.String() != "win" || len(p.Refs) != 0 || len(p.Warnings) != 0 {
		t.Errorf("first record: %+v", p)
	}
	q := b.Problems[1]
	bad := q.Solution.Children[0].Children[0]
	if _, copied := b.Copy(q); copied || q.Source != "club" {
		t.Errorf("second record: source %q, a copy: %v", q.Source, copied)
	}
	if q.RulesName() != "international" || bad.Issue == "" || len(q.Warnings) != 1 || q.Warnings[0].Text != "19-14" {
		t.Errorf("second record: rules %s, issue %q, warnings %+v", q.Rules, bad.Issue, q.Warnings)
	}
	one, err := Reader("one.json", strings.NewReader(`{"number": 9, "fen": "B:W28:B19"}`))
	if err != nil || len(one.Problems) != 1 || one.Problems[0].Number != 9 {
		t.Errorf("lone object: %+v, %v", one, err)
	}
}

package app

import (
	"testing"

	"metz/db"
	"metz/internal/pgtest"
	"metz/problems"
)

// The truth of the books: read from the claims stored, counted, the
// disagreements first; a document carries the truth of the sources it
// is filtered by, or of all for the whole database, and none else.
func TestBookTruths(t *testing.T) {
	d, err := db.Open(pgtest.DB(t))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := Import(d, nil, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	ts, err := BookTruths(d, nil)
	if err != nil || len(ts) != 1 || ts[0].Source != "trictrac" {
		t.Fatalf("%v %+v", err, ts)
	}
	tr := ts[0]
	if tr.Read < 40 || tr.Read != tr.Agree+tr.Disagree || tr.Claims != tr.Read+tr.Unread || len(tr.List) != tr.Claims {
		t.Errorf("counts %+v", tr)
	}
	for i, c := range tr.List {
		if (i < tr.Disagree) != (c.Verdict == problems.ClaimDisagree) {
			t.Fatalf("claim %d (%s): the disagreements do not come first", i, c.Verdict)
		}
	}
	if len(tr.Disagreements()) != tr.Disagree {
		t.Errorf("%d disagreements listed, %d counted", len(tr.Disagreements()), tr.Disagree)
	}
	for _, c := range []struct {
		sel  Selection
		want int
	}{
		{Selection{All: true}, 1},
		{Selection{Query: db.Query{Sources: []string{"trictrac"}}}, 1},
		{Selection{Query: db.Query{Sources: []string{"vantenac"}}}, 0},
		{Selection{Query: db.Query{Sources: []string{"trictrac"}, Themes: "lunette"}}, 0},
		{Selection{Query: db.Query{Themes: "lunette"}, All: true}, 0},
		{Selection{Refs: []string{"vantenac:71"}}, 0},
	} {
		got, err := ExportTruths(d, c.sel)
		if err != nil || len(got) != c.want {
			t.Errorf("%+v: %v, %d truths, want %d", c.sel, err, len(got), c.want)
		}
	}
}

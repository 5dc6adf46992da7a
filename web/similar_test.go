package web

import (
	"metz/draughts"
	"net/http"
	"net/http/httptest"
	"testing"

	"metz/problems"
)

// A problem page lists the records that repeat its position, each a link
// with its relation and a small diagram: here Van Tenac's sixth problem
// reprinted with the colours reversed (square n turned 180° is 51-n).
func TestSimilarSection(t *testing.T) {
	d := booksDB(t)
	if _, err := d.ImportBatch(problems.Source{Key: "copy"}, []*problems.Problem{{Number: 1, Rules: draughts.International,
		Position: problems.MustPosition(draughts.International, "B:W17,K23,35,45,49,50:B4,6,9,10,13,14,24,31"), Stipulation: problems.StipWin}}, nil); err != nil {
		t.Fatal(err)
	}
	s := newServer(d, Options{})
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { ts.Close(); s.Close() })
	status, body := call(t, ts, "GET", "/problems/vantenac:76", "")
	want(t, "vantenac:76", status, body, http.StatusOK, "Similar problems", `href="/problems/copy:1"`,
		`data-relation="colours-reversed"`, "board turned 180°, colours reversed", "<svg")
	status, body = call(t, ts, "GET", "/problems/copy:1", "")
	want(t, "copy:1", status, body, http.StatusOK, `href="/problems/vantenac:76"`, `data-relation="colours-reversed"`)
	status, body = call(t, ts, "GET", "/problems/vantenac:71", "")
	want(t, "vantenac:71", status, body, http.StatusOK, "No record in the database anticipates")
}

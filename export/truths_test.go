package export

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"metz/problems"
)

func testTruths() []Truth {
	n := func(v int) *int { return &v }
	return []Truth{{Source: "trictrac", Title: "Traité du Trictrac", Claims: []problems.BookClaim{
		{Number: 1, Chapter: "Backgammon IV", Line: 9675, Wording: "huit chances", Stated: n(8), Computed: n(10),
			Verdict: problems.ClaimDisagree, Throws: "3-3 2-2"},
		{Number: 2, Chapter: "II", Line: 262, Wording: "seize chances", Stated: n(16), Computed: n(16), Verdict: problems.ClaimAgree},
		{Number: 3, Chapter: "Backgammon I", Line: 8336, Wording: "nombre 8 a", Verdict: problems.ClaimUnread},
	}}}
}

// The truth of the books closes the book text (as comments the reader
// skips), the HTML page and the JSON array (as one element the reader
// skips); PDN has none.
func TestTruthsWritten(t *testing.T) {
	o := HTMLOptions{Truths: testTruths()}
	want := "Backgammon IV, ligne 9675 : « huit chances » — le livre : 8, le compte : 10 (3-3 2-2)."
	for _, f := range []string{"book", "html"} {
		var b bytes.Buffer
		if err := Write(&b, f, nil, o); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !strings.Contains(out, "Vérité des livres") || !strings.Contains(out, strings.ReplaceAll(want, "'", "&#39;")) ||
			!strings.Contains(out, "3 assertions relevées ; 2 vérifiées en comptant les coups : 1 justes, 1 fausses") {
			t.Errorf("%s:\n%s", f, out)
		}
		if f == "book" {
			for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
				if !strings.HasPrefix(l, "#") {
					t.Errorf("book: a line the transcription reader would read: %q", l)
				}
			}
		}
	}
	var b bytes.Buffer
	if err := Write(&b, "json", nil, o); err != nil {
		t.Fatal(err)
	}
	var arr []map[string][]Truth
	if err := json.Unmarshal(b.Bytes(), &arr); err != nil || len(arr) != 1 || len(arr[0][TruthElement]) != 1 ||
		len(arr[0][TruthElement][0].Claims) != 3 {
		t.Errorf("json: %v\n%s", err, b.String())
	}
	b.Reset()
	if err := Write(&b, "pdf", nil, o); err != nil || !bytes.HasPrefix(b.Bytes(), []byte("%PDF")) {
		t.Errorf("pdf: %v", err)
	}
	b.Reset()
	if err := Write(&b, "pdn", nil, o); err != nil || strings.Contains(b.String(), "Vérité") {
		t.Errorf("pdn: %v %q", err, b.String())
	}
}

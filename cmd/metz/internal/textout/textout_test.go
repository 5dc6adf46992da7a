package textout

import (
	"bytes"
	"strings"
	"testing"

	"metz/app"
	"metz/problems"
)

// The import summary lists the first warnings of a source with their
// places and counts the rest, unless all are asked for.
func TestImportWarningsCapped(t *testing.T) {
	r := app.ImportReport{File: "x.pdn", Problems: 1}
	r.Source = "x"
	for i := 1; i <= shownWarnings+3; i++ {
		r.AllWarnings = append(r.AllWarnings, problems.Warning{File: "x.pdn", Line: i, Text: "odd move", Expected: "a square"})
	}
	var some, all bytes.Buffer
	if err := Import(&some, []app.ImportReport{r}, true, false); err != nil {
		t.Fatal(err)
	}
	if err := Import(&all, []app.ImportReport{r}, true, true); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(some.String(), "x.pdn:1: odd move (expected a square)") || !strings.Contains(some.String(), "… 3 more") ||
		strings.Contains(some.String(), "x.pdn:11:") {
		t.Errorf("capped:\n%s", some.String())
	}
	if !strings.Contains(all.String(), "x.pdn:13:") || strings.Contains(all.String(), "more") {
		t.Errorf("all:\n%s", all.String())
	}
}

// themes detect's table counts what was stored, skipped and failed, and
// writes each theme with its ply once.
func TestDetectedCounts(t *testing.T) {
	lunette := problems.Theme{Name: "lunette", Ply: 3}
	res := []app.DetectResult{
		{Ref: "v:1", ThemeResult: app.ThemeResult{Themes: []problems.Theme{lunette, lunette}}},
		{Ref: "v:2", ThemeResult: app.ThemeResult{Skipped: "no position"}},
		{Ref: "v:3", ThemeResult: app.ThemeResult{Error: "bad FEN"}},
	}
	var b bytes.Buffer
	if err := Detected(&b, res); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"lunette@3", "skipped: no position", "error: bad FEN", "1 problem analysed and stored, 1 skipped, 1 failed"} {
		if !strings.Contains(out, want) {
			t.Errorf("%q missing:\n%s", want, out)
		}
	}
	if strings.Count(out, "lunette@3") != 1 {
		t.Errorf("a theme twice at one ply:\n%s", out)
	}
}

package textout

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// The table layout: the flex column gives way first, a cut cell ends
// with "…", a wrapped one runs on more lines, the other columns stay
// whole, and nothing passes the width.
func TestTableLayout(t *testing.T) {
	tb := newTable("name", "text")
	tb.Flex = 1
	tb.Add("vantenac:71", strings.Repeat("word ", 30))
	var b strings.Builder
	if err := tb.Render(&b, 40); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if len(lines) != 3 || lines[0] != "name         text" || !strings.HasPrefix(lines[1], "───────────  ───") ||
		!strings.HasPrefix(lines[2], "vantenac:71  word") || !strings.HasSuffix(lines[2], "…") ||
		utf8.RuneCountInString(lines[2]) != 40 {
		t.Errorf("cut:\n%s", b.String())
	}
	tb.Wrap = true
	tb.Add("vantenac:72", strings.Repeat("x", 50)+" end")
	b.Reset()
	if err := tb.Render(&b, 40); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	lines = strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) < 6 || strings.Count(out, "word") != 30 || !strings.Contains(out, "vantenac:72") ||
		!strings.Contains(out, "…") || !strings.Contains(out, "end") {
		t.Errorf("wrapped:\n%s", out)
	}
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > 40 || strings.HasSuffix(l, " ") {
			t.Errorf("a line of %d columns, or ending in a blank: %q", n, l)
		}
	}
}

// On a narrow width the other columns give way to 16 columns first, then
// the flex column to 24, then the widest of all, down to 6; a cut cell
// keeps its first characters.
func TestTableWidths(t *testing.T) {
	tb := newTable("problem", "verdict", "evidence")
	tb.Flex = 2
	tb.Add("livredemetz:415", "sound-incomplete+dual", strings.Repeat("e", 100))
	for _, c := range []struct {
		width int
		want  []int
	}{{200, []int{15, 21, 100}}, {80, []int{15, 16, 45}}, {59, []int{15, 16, 24}}, {50, []int{15, 15, 16}}, {40, []int{12, 12, 12}}, {10, []int{6, 6, 6}}} {
		if got := tb.widths(c.width); !slices.Equal(got, c.want) {
			t.Errorf("width %d: %v, want %v", c.width, got, c.want)
		}
	}
	var b strings.Builder
	if err := tb.Render(&b, 40); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "livredemetz…  sound-incom…  eeeeeeeeeee…") {
		t.Errorf("width 40:\n%s", b.String())
	}
}

// The width is 80 off a terminal (a buffer here) and COLUMNS when set.
func TestTermWidth(t *testing.T) {
	t.Setenv("COLUMNS", "")
	if w := termWidth(&strings.Builder{}); w != DefaultWidth || DefaultWidth != 80 {
		t.Errorf("off a terminal: %d", w)
	}
	t.Setenv("COLUMNS", "132")
	if w := termWidth(&strings.Builder{}); w != 132 {
		t.Errorf("COLUMNS=132: %d", w)
	}
}

// Notes wrap at blanks within the width, a word longer than a line cut.
func TestWrap(t *testing.T) {
	text := "diagram: records with one / all; incompl: sound-incomplete, mispr: misprint " + strings.Repeat("y", 30)
	got := Wrap(text, 24, "  ")
	for _, l := range strings.Split(got, "\n") {
		if !strings.HasPrefix(l, "  ") || utf8.RuneCountInString(l) > 24 {
			t.Errorf("line %q", l)
		}
	}
	if strings.Join(strings.Fields(got), " ") != strings.Replace(text, strings.Repeat("y", 30), strings.Repeat("y", 21)+"…", 1) {
		t.Errorf("wrapped text differs:\n%s", got)
	}
}

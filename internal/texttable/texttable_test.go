package texttable

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// The table layout itself: the flex column gives way first, a cut cell
// ends with "…", a wrapped one runs on more lines, and nothing passes the
// width.
func TestTableLayout(t *testing.T) {
	tb := New("name", "text")
	tb.Flex = 1
	tb.Add("vantenac:71", strings.Repeat("word ", 30))
	var b strings.Builder
	if err := tb.Render(&b, 40); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[2], "vantenac:71  word") || !strings.HasSuffix(lines[2], "…") ||
		utf8.RuneCountInString(lines[2]) != 40 {
		t.Errorf("cut:\n%s", b.String())
	}
	tb.Wrap = true
	b.Reset()
	if err := tb.Render(&b, 40); err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if len(lines) < 6 || strings.Count(b.String(), "word") != 30 {
		t.Errorf("wrapped:\n%s", b.String())
	}
	for _, l := range lines {
		if utf8.RuneCountInString(l) > 40 {
			t.Errorf("a line of %d columns: %q", utf8.RuneCountInString(l), l)
		}
	}
}

// Width is 80 off a terminal (a buffer here) and COLUMNS when set.
func TestWidth(t *testing.T) {
	t.Setenv("COLUMNS", "")
	if w := Width(&strings.Builder{}); w != DefaultWidth || DefaultWidth != 80 {
		t.Errorf("off a terminal: %d", w)
	}
	t.Setenv("COLUMNS", "132")
	if w := Width(&strings.Builder{}); w != 132 {
		t.Errorf("COLUMNS=132: %d", w)
	}
}

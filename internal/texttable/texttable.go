// Package texttable lays out text tables within a terminal's width: the
// widest columns give way first, and a cell too long for its column is
// cut with "…" or wrapped onto more lines. It also tells that width.
package texttable

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-isatty"
	"golang.org/x/sys/unix"
)

// DefaultWidth is the width of the tables when the output is not a
// terminal or its width is unknown.
const DefaultWidth = 80

// Width is the width the tables printed on w fit: COLUMNS when set,
// else the terminal's, else DefaultWidth.
func Width(w io.Writer) int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	f, ok := w.(*os.File)
	if !ok || !isatty.IsTerminal(f.Fd()) {
		return DefaultWidth
	}
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil || ws.Col == 0 {
		return DefaultWidth
	}
	return int(ws.Col)
}

// Table lays out rows in columns, two spaces apart, within a width (see
// widths for which column gives way); a cell too long for its column is
// cut with "…", or wrapped onto more lines in the Flex column with Wrap.
type Table struct {
	header []string
	rows   [][]string
	// Flex is the column that gives way first (-1: none); with Wrap its
	// cells are wrapped onto more lines instead of cut.
	Flex int
	Wrap bool
}

// New is a table with these column headers and no flex column.
func New(header ...string) *Table { return &Table{header: header, Flex: -1} }

// Add appends a row; each cell is printed with fmt.Sprint, on one line.
func (t *Table) Add(cells ...any) {
	row := make([]string, len(cells))
	for i, c := range cells {
		row[i] = strings.ReplaceAll(fmt.Sprint(c), "\n", " ")
	}
	t.rows = append(t.rows, row)
}

// Render writes the table within width columns.
func (t *Table) Render(w io.Writer, width int) error {
	ws := t.widths(width)
	var b strings.Builder
	t.line(&b, t.header, ws)
	rule := make([]string, len(ws))
	for i, n := range ws {
		rule[i] = strings.Repeat("─", n)
	}
	t.line(&b, rule, ws)
	for _, r := range t.rows {
		t.line(&b, r, ws)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// widths are the columns' widths: each its longest cell, then narrowed
// one character at a time until the line fits — first the widest of the
// other columns down to otherMax, then the flex column down to minFlex
// (it holds the text the table is for), then the widest of all down to
// minColumn.
func (t *Table) widths(width int) []int {
	ws := make([]int, len(t.header))
	for _, r := range append([][]string{t.header}, t.rows...) {
		for i, c := range r {
			ws[i] = max(ws[i], utf8.RuneCountInString(c))
		}
	}
	total := 2 * (len(ws) - 1)
	for _, x := range ws {
		total += x
	}
	for _, floor := range []int{otherMax, minFlex, minColumn} {
		for total > width {
			i := t.narrowest(ws, floor)
			if i < 0 {
				break
			}
			ws[i]--
			total--
		}
	}
	return ws
}

// Narrowing floors (see widths).
const (
	otherMax  = 16
	minFlex   = 24
	minColumn = 6
)

// narrowest picks the column to narrow at this floor: at otherMax the
// widest non-flex column, at minFlex the flex column, at minColumn the
// widest; -1 when none is above the floor.
func (t *Table) narrowest(ws []int, floor int) int {
	if floor == minFlex && floor != minColumn {
		if t.Flex >= 0 && ws[t.Flex] > floor {
			return t.Flex
		}
		return -1
	}
	best := -1
	for i, x := range ws {
		if x > floor && (floor == minColumn || i != t.Flex) && (best < 0 || x > ws[best]) {
			best = i
		}
	}
	return best
}

// line writes one row, its cells cut or wrapped to ws.
func (t *Table) line(b *strings.Builder, cells []string, ws []int) {
	lines := make([][]string, len(ws))
	height := 1
	for i, c := range cells {
		if t.Wrap && i == t.Flex {
			lines[i] = Wrap(c, ws[i])
		} else {
			lines[i] = []string{Cut(c, ws[i])}
		}
		height = max(height, len(lines[i]))
	}
	for l := 0; l < height; l++ {
		var row strings.Builder
		for i := range ws {
			s := ""
			if l < len(lines[i]) {
				s = lines[i][l]
			}
			if i > 0 {
				row.WriteString("  ")
			}
			row.WriteString(s + strings.Repeat(" ", ws[i]-utf8.RuneCountInString(s)))
		}
		b.WriteString(strings.TrimRight(row.String(), " ") + "\n")
	}
}

// Cut keeps s within n characters, ending a cut one with "…".
func Cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	if n < 1 {
		return ""
	}
	return string(r[:n-1]) + "…"
}

// Wrap breaks s at blanks into lines of at most n characters (a word
// longer than a line is cut).
func Wrap(s string, n int) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		switch {
		case cur == "":
			cur = word
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(word) <= n:
			cur += " " + word
		default:
			lines = append(lines, Cut(cur, n))
			cur = word
		}
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, Cut(cur, n))
	}
	return lines
}

// Rows are the rows added so far.
func (t *Table) Rows() [][]string { return t.rows }

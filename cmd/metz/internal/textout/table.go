package textout

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"golang.org/x/term"
)

// DefaultWidth is the width of the tables when the output is not a
// terminal or its width is unknown.
const DefaultWidth = 80

// termWidth is the width the tables printed on w fit: COLUMNS when set,
// else the terminal's, else DefaultWidth.
func termWidth(w io.Writer) int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return DefaultWidth
	}
	if n, _, err := term.GetSize(int(f.Fd())); err == nil && n > 0 {
		return n
	}
	return DefaultWidth
}

// table gathers a text table's rows, then has tablewriter draw it within
// a width: no borders, the columns two spaces apart, the header ruled.
// Which column gives way is decided here (see widths): tablewriter's own
// fitting, by MaxWidth or Widths.Global, shares the width out evenly or
// in proportion and so cuts a problem's name as soon as the evidence
// beside it is long. A cell too long for its column is cut with "…", or
// wrapped onto more lines by tablewriter in the Flex column with Wrap.
type table struct {
	header []string
	rows   [][]string
	// Flex is the column that gives way first (-1: none); with Wrap its
	// cells are wrapped onto more lines instead of cut.
	Flex int
	Wrap bool
}

// newTable is a table with these column headers and no flex column.
func newTable(header ...string) *table { return &table{header: header, Flex: -1} }

// Add appends a row; each cell is printed with fmt.Sprint, on one line.
func (t *table) Add(cells ...any) {
	row := make([]string, len(cells))
	for i, c := range cells {
		row[i] = strings.ReplaceAll(fmt.Sprint(c), "\n", " ")
	}
	t.rows = append(t.rows, row)
}

// Rows are the rows added so far.
func (t *table) Rows() [][]string { return t.rows }

// Render writes the table within width columns.
func (t *table) Render(w io.Writer, width int) error {
	ws := t.widths(width)
	perColumn := tw.NewMapper[int, int]()
	for i, n := range ws {
		perColumn.Set(i, n)
	}
	wrap := tw.WrapNone // every cell is cut to its column beforehand
	if t.Wrap {
		wrap = tw.WrapNormal
	}
	var buf bytes.Buffer
	tb := tablewriter.NewTable(&buf,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{
			Borders: tw.BorderNone,
			Symbols: tw.NewSymbolCustom("metz").WithRow("─").WithColumn("  ").WithCenter("  ").WithMidLeft("").WithMidRight(""),
			Settings: tw.Settings{Lines: tw.Lines{ShowHeaderLine: tw.On},
				Separators: tw.Separators{BetweenColumns: tw.On}},
		})),
		tablewriter.WithPadding(tw.PaddingNone),
		tablewriter.WithHeaderAutoFormat(tw.Off), // as written, not upper-cased
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignment(tw.AlignLeft),
		tablewriter.WithHeaderAutoWrap(wrap),
		tablewriter.WithRowAutoWrap(wrap),
		tablewriter.WithWidths(tw.CellWidth{PerColumn: perColumn}),
	)
	tb.Header(t.fit(t.header, ws))
	for _, r := range t.rows {
		if err := tb.Append(t.fit(r, ws)); err != nil {
			return err
		}
	}
	if err := tb.Render(); err != nil {
		return err
	}
	// tablewriter pads the last column too: no line ends in blanks.
	lines := strings.Split(strings.TrimRight(buf.String(), "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	_, err := io.WriteString(w, strings.Join(lines, "\n")+"\n")
	return err
}

// fit cuts each cell to its column's width with "…"; with Wrap, the flex
// column's cell is left for tablewriter to wrap, only a word longer than
// a line being cut (tablewriter would drop its end unmarked).
func (t *table) fit(row []string, ws []int) []string {
	out := make([]string, len(row))
	for i, c := range row {
		if !t.Wrap || i != t.Flex {
			out[i] = cut(c, ws[i])
			continue
		}
		out[i] = cutWords(c, ws[i])
	}
	return out
}

// cutWords cuts each word of s longer than n columns.
func cutWords(s string, n int) string {
	words := strings.Fields(s)
	for i, word := range words {
		words[i] = cut(word, n)
	}
	return strings.Join(words, " ")
}

// cut keeps s within n columns, ending a cut one with "…".
func cut(s string, n int) string {
	if twwidth.Width(s) <= n {
		return s
	}
	return twwidth.Truncate(s, max(n, 0), "…")
}

// widths are the columns' widths: each its widest cell, then narrowed one
// character at a time until the line fits — first the widest of the other
// columns down to otherMax, then the flex column down to minFlex (it holds
// the text the table is for), then the widest of all down to minColumn.
func (t *table) widths(width int) []int {
	ws := make([]int, len(t.header))
	for _, r := range append([][]string{t.header}, t.rows...) {
		for i, c := range r {
			ws[i] = max(ws[i], twwidth.Width(c))
		}
	}
	over := 2*(len(ws)-1) - width // two blanks between columns
	for _, x := range ws {
		over += x
	}
	stages := []struct {
		floor int
		may   func(i int) bool
	}{
		{otherMax, func(i int) bool { return i != t.Flex }},
		{minFlex, func(i int) bool { return i == t.Flex }},
		{minColumn, func(int) bool { return true }},
	}
	for _, s := range stages {
		for ; over > 0; over-- {
			i := widest(ws, s.floor, s.may)
			if i < 0 {
				break
			}
			ws[i]--
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

// widest is the widest column above floor that may be narrowed, or -1.
func widest(ws []int, floor int, may func(int) bool) int {
	best := -1
	for i, x := range ws {
		if x > floor && may(i) && (best < 0 || x > ws[best]) {
			best = i
		}
	}
	return best
}

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
	"golang.org/x/sys/unix"
)

// The JSON convention (docs/cli.md): under --json a command prints one
// JSON document on standard output — an object or an array, never a
// stream of lines — and nothing else there; an error is one JSON object
// {"error": "..."} on standard error, with exit status 1.

// writeJSON prints v as the command's one JSON document.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// jsonError is an error as --json prints it.
type jsonError struct {
	Error   string `json:"error"`
	Command string `json:"command,omitempty"`
}

// printError prints a command's error on w: as JSON under --json (read
// from the arguments when the flags could not be parsed), else as text.
func printError(w io.Writer, cmd *cobra.Command, args []string, err error) {
	wantJSON := slices.Contains(args, "--json")
	name := "metz"
	if cmd != nil {
		if v, ferr := cmd.Flags().GetBool("json"); ferr == nil && cmd.Flags().Changed("json") {
			wantJSON = v
		}
		name = cmd.CommandPath()
	}
	if wantJSON {
		_ = writeJSON(w, jsonError{Error: err.Error(), Command: name})
		return
	}
	fmt.Fprintln(w, "metz:", err)
}

// buildVersion is metz's module version and VCS commit as the binary
// records them; "unknown" where it does not (a build with -buildvcs=false,
// or go run).
type buildVersion struct {
	Version  string `json:"version"`
	Commit   string `json:"commit"`
	Time     string `json:"commit_time,omitempty"`
	Modified bool   `json:"modified"`
	Go       string `json:"go"`
}

func readVersion() buildVersion {
	v := buildVersion{Version: "unknown", Commit: "unknown", Go: runtime.Version()}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	if info.Main.Version != "" {
		v.Version = info.Main.Version // "(devel)" for a build from a checkout
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Commit = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

func printVersion(cmd *cobra.Command) error {
	v := readVersion()
	if globalsOf(cmd).json {
		return writeJSON(cmd.OutOrStdout(), v)
	}
	commit := v.Commit
	if v.Modified {
		commit += " (modified)"
	}
	fmt.Fprintf(cmd.OutOrStdout(), "metz %s, commit %s, %s\n", v.Version, commit, v.Go)
	return nil
}

// defaultWidth is the width of the tables when the output is not a
// terminal or its width is unknown.
const defaultWidth = 80

// termWidth is the width the tables printed on w fit: COLUMNS when set,
// else the terminal's, else defaultWidth.
func termWidth(w io.Writer) int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	f, ok := w.(*os.File)
	if !ok || !isatty.IsTerminal(f.Fd()) {
		return defaultWidth
	}
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil || ws.Col == 0 {
		return defaultWidth
	}
	return int(ws.Col)
}

// table lays out rows in columns, two spaces apart, within a width: the
// widest columns give way first, down to minColumn, the flex column
// (the evidence, a title) before the others; a cell too long for its
// column is cut with "…", or wrapped onto more lines in the wrap column.
type table struct {
	header []string
	rows   [][]string
	flex   int // the column that gives way first; -1 none
	wrap   bool
}

const minColumn = 6

func newTable(header ...string) *table { return &table{header: header, flex: -1} }

func (t *table) add(cells ...any) {
	row := make([]string, len(cells))
	for i, c := range cells {
		row[i] = strings.ReplaceAll(fmt.Sprint(c), "\n", " ")
	}
	t.rows = append(t.rows, row)
}

// render writes the table within width columns.
func (t *table) render(w io.Writer, width int) error {
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

// widths are the columns' widths: each its longest cell, then the widest
// narrowed one character at a time until the line fits.
func (t *table) widths(width int) []int {
	ws := make([]int, len(t.header))
	for _, r := range append([][]string{t.header}, t.rows...) {
		for i, c := range r {
			ws[i] = max(ws[i], utf8.RuneCountInString(c))
		}
	}
	total := func() int {
		n := 2 * (len(ws) - 1)
		for _, x := range ws {
			n += x
		}
		return n
	}
	for total() > width {
		i := t.widest(ws)
		if i < 0 {
			break
		}
		ws[i]--
	}
	return ws
}

// widest is the column to narrow next: the flex one while it is wider
// than a third of the others' widest, else the widest; -1 when every
// column is at minColumn.
func (t *table) widest(ws []int) int {
	best := -1
	for i, x := range ws {
		if x > minColumn && (best < 0 || x > ws[best]) {
			best = i
		}
	}
	if t.flex >= 0 && ws[t.flex] > minColumn && best >= 0 && ws[t.flex]*3 > ws[best] {
		return t.flex
	}
	return best
}

// line writes one row, its cells cut or wrapped to ws.
func (t *table) line(b *strings.Builder, cells []string, ws []int) {
	lines := make([][]string, len(ws))
	height := 1
	for i, c := range cells {
		if t.wrap && i == t.flex {
			lines[i] = wrapText(c, ws[i])
		} else {
			lines[i] = []string{cut(c, ws[i])}
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

// cut keeps s within n characters, ending a cut one with "…".
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	if n < 1 {
		return ""
	}
	return string(r[:n-1]) + "…"
}

// wrapText breaks s at blanks into lines of at most n characters (a word
// longer than a line is cut).
func wrapText(s string, n int) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		switch {
		case cur == "":
			cur = word
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(word) <= n:
			cur += " " + word
		default:
			lines = append(lines, cut(cur, n))
			cur = word
		}
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, cut(cur, n))
	}
	return lines
}

// printNote prints a sentence under a table, wrapped to width.
func printNote(w io.Writer, width int, text string) {
	fmt.Fprintln(w, strings.Join(wrapText(text, width), "\n"))
}

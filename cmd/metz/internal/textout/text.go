// Package textout prints what package app returns as text for a terminal:
// the tables of list, search, report, verify, themes and import, what
// solve and perft found, the endgame tables' builds, probes, claims and
// listing, a problem's record, and its solution trees. cmd/metz chooses
// between it and JSON; the web server will have its own views.
package textout

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter/pkg/twwarp"

	"metz/app"
	"metz/verdict"
)

// Count writes n things, in the singular for one ("1 problem").
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Wrap breaks text into lines of at most width characters, each indented.
func Wrap(text string, width int, indent string) string {
	return indent + strings.Join(wrap(text, width-utf8.RuneCountInString(indent)), "\n"+indent)
}

// Note prints a sentence under a table, wrapped to width.
func Note(w io.Writer, width int, text string) {
	fmt.Fprintln(w, strings.Join(wrap(text, width), "\n"))
}

// wrap breaks text at blanks into lines of at most width columns, with
// tablewriter's even line breaking; a word longer than a line is cut.
func wrap(text string, width int) []string {
	lines, _ := twwarp.WrapString(cutWords(text, width), width)
	return lines
}

// Verdict is a verdict with its dual flag ("sound+dual").
func Verdict(v verdict.Verdict, dual bool) string {
	if dual {
		return string(v) + "+dual"
	}
	return string(v)
}

// orDash joins xs, or is "-" for none.
func orDash(xs []string) string {
	if len(xs) == 0 {
		return "-"
	}
	return strings.Join(xs, ", ")
}

// PerftDepth prints the count of one perft depth and its time.
func PerftDepth(w io.Writer, d app.PerftDepth) {
	fmt.Fprintf(w, "perft %2d %15d %10.3fs\n", d.Depth, d.Nodes, d.Seconds)
}

// PerftDivide prints the count below each move.
func PerftDivide(w io.Writer, moves []app.PerftMove) {
	for _, m := range moves {
		fmt.Fprintf(w, "%-20s %d\n", m.Move, m.Nodes)
	}
}

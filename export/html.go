package export

import (
	"fmt"
	"html"
	"io"
	"sort"
	"strconv"
	"strings"

	"metz/draughts"
)

// HTMLOptions shapes the printed document.
type HTMLOptions struct {
	Title   string // document title; "" = "metz — problèmes"
	PerPage int    // problems per printed page, 1 to 4; 0 = 2
	Numbers bool   // square numbers on the diagrams
	// Truths, when given, close the document (every format but PDN): the
	// claims of the sources exported, checked.
	Truths []Truth
}

func (o HTMLOptions) perPage() int {
	switch {
	case o.PerPage <= 0:
		return 2
	case o.PerPage > 4:
		return 4
	}
	return o.PerPage
}

func (o HTMLOptions) title() string {
	if o.Title == "" {
		return "metz — problèmes"
	}
	return o.Title
}

// printCSS lays out A4 pages as a flow of problems: each takes at least
// its share of a sheet (a whole one, half of one, or a quarter in two
// columns), is not split when it fits on one, and the next starts where it
// ends. A long solution takes the room it needs without leaving the
// problem beside it alone on a sheet, and is continued, not cut, when it
// outgrows the sheet. On screen the flow is one sheet wide; long rows wrap.
const printCSS = `@page { size: A4; margin: 14mm; }
body { font-family: Georgia, "DejaVu Serif", serif; color: #111; margin: 0; background: #ddd; }
.flow { background: #fff; width: 182mm; margin: 8mm auto; }
.flow.per-3, .flow.per-4 { display: flex; flex-wrap: wrap; column-gap: 6mm; align-items: flex-start; }
.problem { box-sizing: border-box; padding-bottom: 4mm; break-inside: avoid; page-break-inside: avoid; }
.problem::after { content: ""; display: block; clear: both; }
.per-1 .problem { min-height: 269mm; break-after: page; page-break-after: always; }
.per-2 .problem { min-height: 132mm; }
.per-3 .problem, .per-4 .problem { width: calc(50% - 3mm); min-height: 132mm; }
.problem h2 { font-size: 12pt; margin: 0 0 2mm; }
.problem .title { font-style: italic; font-size: 9pt; margin: 0 0 1mm; }
.problem .byline { font-size: 9pt; margin: 0 0 1mm; }
.problem .board { float: left; margin: 0 4mm 2mm 0; }
.per-1 .board svg { width: 120mm; height: auto; }
.per-2 .board svg { width: 82mm; height: auto; }
.per-3 .board svg, .per-4 .board svg { width: 60mm; height: auto; }
.stip { font-weight: bold; font-size: 10pt; }
.solution { font-family: "DejaVu Sans Mono", monospace; font-size: 8.5pt; white-space: pre-wrap; margin: 1mm 0; }
.modern { font-size: 8.5pt; margin: 1mm 0; }
.verdict { font-size: 9pt; border: 1px solid #555; padding: 1mm 2mm; display: inline-block; }
.notes, .themes { font-size: 8.5pt; }
.unknown { width: 60mm; height: 60mm; border: 1px dashed #888; display: flex; align-items: center; justify-content: center; }
.index { background: #fff; width: 182mm; margin: 8mm auto; page-break-before: always; }
.index h2 { font-size: 14pt; } .index li { font-size: 10pt; }
@media print { body { background: none; } .flow, .index { margin: 0; width: auto; } }
`

// WriteHTML writes a self-contained print-ready document: one to four
// problems a page, each with its diagram, heading, stipulation, solution
// (verified when known), verdict and notes, then an index by theme.
func WriteHTML(w io.Writer, items []Item, o HTMLOptions) error {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"fr\"><head><meta charset=\"utf-8\"><title>" + html.EscapeString(o.title()) +
		"</title>\n<style>\n" + printCSS + "</style></head><body>\n")
	fmt.Fprintf(&b, "<section class=\"flow per-%d\">\n", o.perPage())
	for _, it := range items {
		if err := htmlItem(&b, it, o); err != nil {
			return err
		}
	}
	b.WriteString("</section>\n")
	htmlIndex(&b, items)
	htmlTruths(&b, o.Truths)
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// anchor is the id of a problem's article, used by the theme index.
func anchor(it Item, i int) string {
	p := it.Problem
	if p.ID > 0 {
		return "p" + strconv.FormatInt(p.ID, 10)
	}
	return "p-" + p.Source + "-" + strconv.Itoa(p.Number) + "-" + strconv.Itoa(i)
}

func htmlItem(b *strings.Builder, it Item, o HTMLOptions) error {
	p := it.Problem
	r, pos, ok, err := it.board()
	if err != nil {
		return err
	}
	turn := draughts.White
	fmt.Fprintf(b, "<article class=\"problem\" id=\"%s\" data-source=\"%s\" data-number=\"%d\">\n<h2>%s</h2>\n",
		anchor(it, 0), html.EscapeString(p.Source), p.Number, html.EscapeString(Heading(p)))
	if p.Title != "" {
		b.WriteString("<p class=\"title\">" + html.EscapeString(p.Title) + "</p>\n")
	}
	if by := Byline(p); by != "" {
		b.WriteString("<p class=\"byline\">" + html.EscapeString(by) + "</p>\n")
	}
	if ok {
		turn = pos.Turn
		b.WriteString("<div class=\"board\">" + SVG(pos, DiagramOptions{Numbers: o.Numbers}) + "</div>\n")
	} else {
		b.WriteString("<div class=\"board unknown\">position inconnue</div>\n")
	}
	b.WriteString("<p class=\"stip\">" + html.EscapeString(Stipulation(p, turn)) + "</p>\n")
	if t := it.Tree(French); t != nil && len(t.Children) > 0 {
		kind := "stated"
		if it.Evidence != nil {
			kind = "verified"
		}
		b.WriteString("<div class=\"solution\" data-tree=\"" + kind + "\">" + html.EscapeString(bookTree(t, p.Position, r)) + "</div>\n")
		b.WriteString("<p class=\"modern\">" + html.EscapeString(modernTree(it.Tree(FrenchModern), p.Position, r, French)) + "</p>\n")
	} else if p.SolutionText != "" {
		b.WriteString("<div class=\"solution\" data-tree=\"text\">" + html.EscapeString(p.SolutionText) + "</div>\n")
	}
	if v := it.VerdictLine(); v != "" {
		b.WriteString("<p class=\"verdict\">" + html.EscapeString(v) + "</p>\n")
	}
	if names := themeNames(p); len(names) > 0 {
		b.WriteString("<p class=\"themes\">Thèmes : " + html.EscapeString(strings.Join(names, ", ")) + "</p>\n")
	}
	if len(it.Notes) > 0 || p.Commentary != "" {
		b.WriteString("<div class=\"notes\">")
		if p.Commentary != "" {
			b.WriteString("<p>" + html.EscapeString(p.Commentary) + "</p>")
		}
		for _, n := range it.Notes {
			b.WriteString("<p>Note : " + html.EscapeString(n) + "</p>")
		}
		b.WriteString("</div>\n")
	}
	b.WriteString("</article>\n")
	return nil
}

// themeIndex maps each theme to the items carrying it, themes sorted.
func themeIndex(items []Item) ([]string, map[string][]int) {
	idx := map[string][]int{}
	for i, it := range items {
		for _, n := range themeNames(it.Problem) {
			idx[n] = append(idx[n], i)
		}
	}
	names := make([]string, 0, len(idx))
	for n := range idx {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, idx
}

func htmlIndex(b *strings.Builder, items []Item) {
	names, idx := themeIndex(items)
	if len(names) == 0 {
		return
	}
	b.WriteString("<section class=\"index\"><h2>Index des thèmes</h2>\n<ul>\n")
	for _, n := range names {
		b.WriteString("<li><b>" + html.EscapeString(n) + "</b> : ")
		for k, i := range idx[n] {
			if k > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "<a href=\"#%s\">%s</a>", anchor(items[i], 0), html.EscapeString(Heading(items[i].Problem)))
		}
		b.WriteString("</li>\n")
	}
	b.WriteString("</ul></section>\n")
}

package livremetz

import (
	"strings"
	"unicode"
)

// doc is the prose of a file as one stream of runes with every blank removed.
// The Livre de Metz lost its word gaps in the scan, so phrases can only be
// found reliably in this squeezed form; blanks and line breaks are remembered
// per rune (sep) so that two numbers never run together by accident, and
// every rune keeps its source line.
type doc struct {
	orig []rune // original case
	low  []rune // lower case, same length
	line []int  // source line of each rune
	sep  []bool // a blank or a line break came before this rune
}

// buildDoc joins the cleaned lines into a doc: page numbers and footnotes are
// left out (footnotes are returned apart), and a word cut by a line-end
// hyphen is glued back.
func buildDoc(lines []Line) (*doc, []footnote) {
	d := &doc{}
	var notes []footnote
	glue := false
	for i := 0; i < len(lines); i++ {
		if isPageNumber(lines[i].Text) {
			continue
		}
		if isFootnoteStart(lines[i].Text) {
			end := footnoteEnd(lines, i)
			notes = append(notes, readFootnote(lines[i:end]))
			i = end - 1
			continue
		}
		text := joinable(lines, i, func() int { return nextProse(lines, i) })
		d.add(text, lines[i].No, !glue)
		_, glue = hyphenated(lines[i].Text)
	}
	return d, notes
}

// joinable returns line i's text ready to be glued to the line after it: a
// cut word loses its hyphen unless the next line of running text (found by
// next, only when needed) shows the hyphen is a compound's.
func joinable(lines []Line, i int, next func() int) string {
	text, cut := hyphenated(lines[i].Text)
	if !cut {
		return lines[i].Text
	}
	if n := next(); n < len(lines) && keepsHyphen(lines[n].Text) {
		return text + "-"
	}
	return text
}

// nextProse returns the index of the first line after i that is running text
// (not a page number nor a footnote), or len(lines). It looks a few lines
// ahead only: a word is never cut across more than a folio and a note.
func nextProse(lines []Line, i int) int {
	for j := i + 1; j < len(lines) && j <= i+maxLookahead; j++ {
		if isFootnoteStart(lines[j].Text) {
			j = footnoteEnd(lines, j) - 1
			continue
		}
		if !isPageNumber(lines[j].Text) {
			return j
		}
	}
	return len(lines)
}

const maxLookahead = 12

// add appends one line's text; brk says whether a break separates it from
// what came before (false when the previous line ended in a cut word).
func (d *doc) add(text string, no int, brk bool) {
	gap := brk
	for _, r := range text {
		if unicode.IsSpace(r) {
			gap = true
			continue
		}
		d.orig = append(d.orig, r)
		d.low = append(d.low, unicode.ToLower(r))
		d.line = append(d.line, no)
		d.sep = append(d.sep, gap)
		gap = false
	}
}

// footnote is a page-foot note, kept apart from the running text.
type footnote struct {
	Line int
	Text string
}

// footnoteEnd returns the index after the last line of the footnote opening
// at lines[i]: a note fills the foot of its page, so it runs up to the next
// page start (or the next note).
func footnoteEnd(lines []Line, i int) int {
	j := i + 1
	for j < len(lines) && !lines[j].PageStart && !isFootnoteStart(lines[j].Text) {
		j++
	}
	return j
}

func readFootnote(lines []Line) footnote {
	d := &doc{}
	glue := false
	for i := range lines {
		d.add(joinable(lines, i, func() int { return i + 1 }), lines[i].No, !glue)
		_, glue = hyphenated(lines[i].Text)
	}
	return footnote{Line: lines[0].No, Text: d.text(0, len(d.orig))}
}

// find returns the index just after the first occurrence of phrase at or
// after from, or -1. Phrases are matched squeezed (see squeeze); a phrase
// holding capitals is matched with its case, which is how chapter headings
// (`DUCOUPDEREPOS`) are told from the same words in running text.
func (d *doc) find(phrase string, from int) int {
	at := d.index(phrase, from)
	if at < 0 {
		return -1
	}
	return at + len([]rune(squeezeCase(phrase)))
}

// index returns where phrase starts at or after from, or -1.
func (d *doc) index(phrase string, from int) int {
	p := []rune(squeezeCase(phrase))
	hay := d.low
	if hasUpper(p) {
		hay = d.orig
	}
	if len(p) == 0 {
		return -1
	}
	for i := max(from, 0); i+len(p) <= len(hay); i++ {
		if hay[i] == p[0] && runesEqual(hay[i:i+len(p)], p) {
			return i
		}
	}
	return -1
}

func hasUpper(rs []rune) bool {
	for _, r := range rs {
		if unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

func runesEqual(a, b []rune) bool {
	for i := range b {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// squeeze lower-cases s and drops its blanks, the form phrases are matched in.
func squeeze(s string) string { return strings.ToLower(squeezeCase(s)) }

// squeezeCase drops the blanks of s and keeps its case.
func squeezeCase(s string) string {
	var b strings.Builder
	for _, r := range s {
		if !unicode.IsSpace(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// text returns the original runes in [from, to) with a blank wherever the
// source had one (or a line break), the closest the scan lets us come to the
// printed text.
func (d *doc) text(from, to int) string {
	from, to = d.clamp(from, to)
	var b strings.Builder
	for i := from; i < to; i++ {
		if i > from && d.sep[i] {
			b.WriteByte(' ')
		}
		b.WriteRune(d.orig[i])
	}
	return b.String()
}

func (d *doc) clamp(from, to int) (int, int) {
	if from < 0 {
		from = 0
	}
	if to > len(d.orig) {
		to = len(d.orig)
	}
	if to < from {
		to = from
	}
	return from, to
}

// lineAt returns the source line of rune i (0 when out of range).
func (d *doc) lineAt(i int) int {
	if i < 0 || i >= len(d.line) {
		return 0
	}
	return d.line[i]
}

// maxSpanRunes bounds a claim or remark: a passage that runs longer has
// lost its end, and is not taken.
const maxSpanRunes = 2500

// sentenceEnd returns the index just after the first `.` (or `;`, `:` when
// stops includes them) at or after from, or the end of the doc.
func (d *doc) sentenceEnd(from int, stops string) int {
	for i := max(from, 0); i < len(d.orig); i++ {
		if strings.ContainsRune(stops, d.orig[i]) {
			return i + 1
		}
	}
	return len(d.orig)
}

package export

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-pdf/fpdf"

	"metz/draughts"
	"metz/problems"
)

// Page geometry in millimetres (A4, the same margins as the HTML).
const (
	pageW, pageH = 210.0, 297.0
	pdfMargin    = 14.0
	contentW     = pageW - 2*pdfMargin
	contentH     = pageH - 2*pdfMargin
	ptPerMM      = 72 / 25.4
)

// slot is the rectangle of a page given to one problem.
type slot struct{ x, y, w, h, board float64 }

// slots divides a page for 1 to 4 problems: stacked for one or two, a
// two-by-two grid for three or four.
func slots(per int) []slot {
	switch per {
	case 1:
		return []slot{{pdfMargin, pdfMargin, contentW, contentH, 120}}
	case 2:
		h := (contentH - 6) / 2
		return []slot{{pdfMargin, pdfMargin, contentW, h, 82}, {pdfMargin, pdfMargin + h + 6, contentW, h, 82}}
	}
	w, h := (contentW-6)/2, (contentH-6)/2
	var out []slot
	for i := 0; i < 4; i++ {
		out = append(out, slot{pdfMargin + float64(i%2)*(w+6), pdfMargin + float64(i/2)*(h+6), w, h, 62})
	}
	return out
}

// WritePDF lays the problems out as WriteHTML does, drawing the diagrams
// with vector shapes, and appends the theme index with page numbers. A
// problem whose text does not fit its part of the page goes on, under its
// heading marked "(suite)", on pages of its own right after that page, and
// the next problem begins on the page after them: a problem is read whole
// before the next begins.
func WritePDF(w io.Writer, items []Item, o HTMLOptions) error {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCreationDate(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)) // reproducible files
	pdf.SetTitle(o.title(), true)
	pdf.SetCreator("metz export", true)
	pdf.SetAutoPageBreak(false, 0)
	if err := addFonts(pdf); err != nil {
		return err
	}
	per := o.perPage()
	sl := slots(per)
	pages := make([]int, len(items))
	next := per // the slot the next problem takes; per: a new page
	for i, it := range items {
		if next == per {
			pdf.AddPage()
			next = 0
		}
		pages[i] = pdf.PageNo()
		rest, err := pdfItem(pdf, it, sl[next], per >= 3, o.Numbers)
		if err != nil {
			return err
		}
		next++
		if len(rest) > 0 {
			pdfContinue(pdf, continued{it.Problem, rest})
			next = per
		}
	}
	pdfIndex(pdf, items, pages)
	pdfTruths(pdf, o.Truths)
	if pdf.PageNo() == 0 {
		pdf.AddPage()
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return pdf.Output(w)
}

// continued is the text of a problem that did not fit its slot.
type continued struct {
	p    *problems.Problem
	rest []textBlock
}

// pdfContinue prints the text left over of a problem on pages of its own.
func pdfContinue(pdf *fpdf.Fpdf, c continued) {
	for rest := c.rest; len(rest) > 0; {
		pdf.AddPage()
		pdf.SetTextColor(0, 0, 0)
		pdf.SetFont(fontText, "B", 12)
		pdf.SetXY(pdfMargin, pdfMargin)
		pdf.CellFormat(contentW, 6, Heading(c.p)+" (suite)", "", 1, "L", false, 0, "")
		rest = printBlocks(pdf, rest, pdfMargin, pdfMargin+8, contentW, pageH-pdfMargin)
	}
}

// pdfItem draws one problem in its slot and returns the text that did not
// fit.
func pdfItem(pdf *fpdf.Fpdf, it Item, s slot, below, numbers bool) ([]textBlock, error) {
	p := it.Problem
	r, pos, ok, err := it.board()
	if err != nil {
		return nil, err
	}
	pdf.SetTextColor(0, 0, 0)
	pdf.SetFont(fontText, "B", 12)
	pdf.SetXY(s.x, s.y)
	pdf.CellFormat(s.w, 6, Heading(p), "", 1, "L", false, 0, "")
	top := s.y + 8
	turn := draughts.White
	if ok {
		turn = pos.Turn
		drawBoard(pdf, pos, DiagramOptions{Numbers: numbers}, s.x, top, s.board)
	} else {
		pdf.SetDrawColor(136, 136, 136)
		pdf.SetDashPattern([]float64{1, 1}, 0)
		pdf.Rect(s.x, top, s.board, s.board, "D")
		pdf.SetDashPattern(nil, 0)
		pdf.SetFont(fontText, "I", 11)
		pdf.SetXY(s.x, top+s.board/2-3)
		pdf.CellFormat(s.board, 6, "position inconnue", "", 0, "C", false, 0, "")
	}
	tx, ty, tw := s.x+s.board+5, top, s.w-s.board-5
	if below {
		tx, ty, tw = s.x, top+s.board+3, s.w
	}
	return printBlocks(pdf, pdfBlocks(it, r, turn), tx, ty, tw, s.y+s.h), nil
}

// textBlock is a paragraph of a problem's text, with the space before it.
type textBlock struct {
	font, style string
	size, gap   float64
	text        string
}

// pdfBlocks is a problem's text: title, stipulation, the solution in the
// book's style (a block a row) and in modern notation, verdict, themes,
// commentary and notes.
func pdfBlocks(it Item, r *draughts.Rules, turn draughts.Color) []textBlock {
	p := it.Problem
	var bs []textBlock
	add := func(font, style string, size, gap float64, text string) {
		for _, para := range strings.Split(text, "\n") { // a line break starts a paragraph
			bs = append(bs, textBlock{font, style, size, gap, para})
			gap = 0
		}
	}
	if p.Title != "" {
		add(fontText, "I", 9, 0, p.Title) // as the HTML page shows it
	}
	if by := Byline(p); by != "" {
		add(fontText, "", 9, 0, by)
	}
	add(fontText, "B", 10, 0, Stipulation(p, turn))
	sol := p.SolutionText
	t := it.Tree(French)
	if t != nil && len(t.Children) > 0 {
		sol = bookTree(t, p.Position, r)
	}
	gap := 1.5 // before the solution's first row only
	for _, l := range strings.Split(strings.TrimRight(sol, "\n"), "\n") {
		add(fontMono, "", 8, gap, l)
		gap = 0
	}
	if t != nil && len(t.Children) > 0 {
		add(fontText, "", 9, 1.5, modernTree(it.Tree(FrenchModern), p.Position, r, French))
	}
	gap = 1.5
	if v := it.VerdictLine(); v != "" {
		add(fontText, "", 9, gap, v)
		gap = 0
	}
	if names := themeNames(p); len(names) > 0 {
		add(fontText, "", 9, gap, "Thèmes : "+strings.Join(names, ", "))
		gap = 0
	}
	if p.Commentary != "" {
		add(fontText, "", 9, gap, p.Commentary)
		gap = 0
	}
	for _, n := range it.Notes {
		add(fontText, "", 9, gap, "Note : "+n)
		gap = 0
	}
	return bs
}

// printBlocks writes blocks from (x, y), w wide, down to bottom, and
// returns what did not fit (the rest of a block cut between two of its
// lines first). At the top of a page at least one line is written, so that
// a continuation always moves on.
func printBlocks(pdf *fpdf.Fpdf, bs []textBlock, x, y, w, bottom float64) []textBlock {
	top := y
	for i, b := range bs {
		y += b.gap
		pdf.SetFont(b.font, b.style, b.size)
		h := b.size / ptPerMM * 1.25
		lines := wrapText(pdf, b.text, w, b.font == fontMono)
		for j, l := range lines {
			if y+h > bottom && y > top {
				rest := append([]textBlock{b}, bs[i+1:]...)
				rest[0].text, rest[0].gap = strings.Join(lines[j:], " "), 0
				return rest
			}
			pdf.SetXY(x, y)
			pdf.CellFormat(w, h, l, "", 0, "L", false, 0, "")
			y += h
		}
	}
	return nil
}

// wrapText breaks a text into lines that fit w, at spaces. Runs of spaces
// at the start of a line are kept: the solution's columns use them. In a
// solution row (hang) the lines after the first start under the row's
// comment, so that a long remark stays beside its move instead of running
// into the columns; a word wider than the line is cut.
func wrapText(pdf *fpdf.Fpdf, text string, w float64, hang bool) []string {
	if pdf.GetStringWidth(text) <= w {
		return []string{text}
	}
	indent := ""
	if hang {
		indent = strings.Repeat(" ", hangColumn(text))
	}
	var lines []string
	cur := ""
	for _, word := range strings.SplitAfter(text, " ") {
		if cur != "" && strings.TrimSpace(cur) != "" && pdf.GetStringWidth(cur+strings.TrimRight(word, " ")) > w {
			lines = append(lines, strings.TrimRight(cur, " "))
			cur = indent
		}
		for strings.TrimSpace(cur) == "" && pdf.GetStringWidth(cur+strings.TrimRight(word, " ")) > w {
			head := cutToWidth(pdf, cur, word, w)
			lines = append(lines, cur+head)
			word, cur = word[len(head):], indent
		}
		cur += word
	}
	return append(lines, strings.TrimRight(cur, " "))
}

// hangColumn is where a solution row's comment starts ("{"), at most the
// second column's; 0 without a comment.
func hangColumn(row string) int {
	i := strings.Index(row, "{")
	if i < 0 {
		return 0
	}
	return min(utf8.RuneCountInString(row[:i]), 16)
}

// cutToWidth is the longest start of word that fits w after prefix (one
// character at least, so that the caller moves on).
func cutToWidth(pdf *fpdf.Fpdf, prefix, word string, w float64) string {
	end := 0
	for i, r := range word {
		next := i + utf8.RuneLen(r)
		if end > 0 && pdf.GetStringWidth(prefix+word[:next]) > w {
			break
		}
		end = next
	}
	return word[:end]
}

func pdfIndex(pdf *fpdf.Fpdf, items []Item, pages []int) {
	names, idx := themeIndex(items)
	if len(names) == 0 {
		return
	}
	pdf.AddPage()
	pdf.SetFont(fontText, "B", 14)
	pdf.SetXY(pdfMargin, pdfMargin)
	pdf.CellFormat(contentW, 8, "Index des thèmes", "", 1, "L", false, 0, "")
	for _, n := range names {
		var refs []string
		for _, i := range idx[n] {
			refs = append(refs, Heading(items[i].Problem)+" (p. "+strconv.Itoa(pages[i])+")")
		}
		if pdf.GetY() > pageH-pdfMargin-10 {
			pdf.AddPage()
			pdf.SetY(pdfMargin)
		}
		pdf.SetX(pdfMargin)
		pdf.SetFont(fontText, "", 10)
		pdf.MultiCell(contentW, 5, n+" : "+strings.Join(refs, ", "), "", "L", false)
	}
}

// drawBoard paints a diagram scene at (x, y), size mm wide.
func drawBoard(pdf *fpdf.Fpdf, p draughts.Position, o DiagramOptions, x, y, size float64) {
	sc := buildScene(p, o)
	k := size / sc.w
	for _, s := range sc.shapes {
		style := ""
		if s.fill != "" {
			setFill(pdf, s.fill)
			style += "F"
		}
		if s.stroke != "" {
			setDraw(pdf, s.stroke)
			pdf.SetLineWidth(s.strokeWidth * k)
			style = "D" + style
		}
		switch s.kind {
		case shRect:
			pdf.Rect(x+s.x*k, y+s.y*k, s.w*k, s.h*k, style)
		case shCircle:
			pdf.Circle(x+s.x*k, y+s.y*k, s.w*k, style)
		case shPolygon:
			pdf.Polygon(pdfPoints(s.pts, x, y, k), style)
		case shPolyline:
			pts := pdfPoints(s.pts, x, y, k)
			for i := 1; i < len(pts); i++ {
				pdf.Line(pts[i-1].X, pts[i-1].Y, pts[i].X, pts[i].Y)
			}
		case shText:
			pdf.SetFont(fontText, "", s.fontSize*k*ptPerMM)
			r, g, b := rgb(s.fill)
			pdf.SetTextColor(r, g, b)
			tx := x + s.x*k
			if s.anchor == "middle" {
				tx -= pdf.GetStringWidth(s.text) / 2
			}
			pdf.Text(tx, y+s.y*k, s.text)
			pdf.SetTextColor(0, 0, 0)
		}
	}
}

func pdfPoints(p []float64, x, y, k float64) []fpdf.PointType {
	out := make([]fpdf.PointType, 0, len(p)/2)
	for i := 0; i+1 < len(p); i += 2 {
		out = append(out, fpdf.PointType{X: x + p[i]*k, Y: y + p[i+1]*k})
	}
	return out
}

func setFill(pdf *fpdf.Fpdf, c string) { r, g, b := rgb(c); pdf.SetFillColor(r, g, b) }
func setDraw(pdf *fpdf.Fpdf, c string) { r, g, b := rgb(c); pdf.SetDrawColor(r, g, b) }

// rgb reads the "#rrggbb" colours of the scene.
func rgb(c string) (int, int, int) {
	v, err := strconv.ParseUint(strings.TrimPrefix(c, "#"), 16, 32)
	if err != nil || len(c) != 7 {
		return 0, 0, 0
	}
	return int(v >> 16), int(v >> 8 & 0xff), int(v & 0xff)
}

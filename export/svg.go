package export

import (
	"html"
	"strconv"
	"strings"

	"metz/draughts"
)

// SVG draws p as a standalone SVG element, White at the bottom. Each piece
// is a <g class="piece"> carrying data-square (the rules' name of the
// square), data-piece ("man" or "king") and data-color, so that a page that
// embeds it can be checked by what it shows. The output depends only on the
// arguments.
func SVG(p draughts.Position, o DiagramOptions) string {
	sc := buildScene(p, o)
	size := o.Size
	if size <= 0 {
		size = 360
	}
	var b strings.Builder
	b.Grow(8192)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="diagram" viewBox="0 0 `)
	b.WriteString(num(sc.w) + " " + num(sc.h) + `" width="` + num(size) + `" height="` + num(size*sc.h/sc.w))
	b.WriteString(`" role="img" aria-label="` + html.EscapeString(ariaLabel(p)) + `" data-fen="` + html.EscapeString(p.FEN()) + `">`)
	var open *pieceInfo
	for _, s := range sc.shapes {
		if s.group != open {
			if open != nil {
				b.WriteString("</g>")
			}
			open = s.group
			if open != nil {
				b.WriteString(`<g class="piece" data-square="` + open.square + `" data-piece="` + open.piece +
					`" data-color="` + open.color + `">`)
			}
		}
		writeShape(&b, s)
	}
	if open != nil {
		b.WriteString("</g>")
	}
	b.WriteString("</svg>")
	return b.String()
}

func writeShape(b *strings.Builder, s shape) {
	switch s.kind {
	case shRect:
		b.WriteString(`<rect x="` + num(s.x) + `" y="` + num(s.y) + `" width="` + num(s.w) + `" height="` + num(s.h) + `"`)
	case shCircle:
		b.WriteString(`<circle cx="` + num(s.x) + `" cy="` + num(s.y) + `" r="` + num(s.w) + `"`)
	case shPolygon, shPolyline:
		tag := "polygon"
		if s.kind == shPolyline {
			tag = "polyline"
		}
		b.WriteString("<" + tag + ` points="` + points(s.pts) + `"`)
	case shText:
		b.WriteString(`<text x="` + num(s.x) + `" y="` + num(s.y) + `" font-size="` + num(s.fontSize) +
			`" font-family="sans-serif" text-anchor="` + s.anchor + `" fill="` + s.fill + `">` +
			html.EscapeString(s.text) + "</text>")
		return
	}
	fill := s.fill
	if fill == "" {
		fill = "none"
	}
	b.WriteString(` fill="` + fill + `"`)
	if s.stroke != "" {
		b.WriteString(` stroke="` + s.stroke + `" stroke-width="` + num(s.strokeWidth) + `"`)
		if s.kind == shPolyline {
			b.WriteString(` stroke-linecap="round"`)
		}
	}
	b.WriteString("/>")
}

func points(p []float64) string {
	parts := make([]string, 0, len(p)/2)
	for i := 0; i+1 < len(p); i += 2 {
		parts = append(parts, num(p[i])+","+num(p[i+1]))
	}
	return strings.Join(parts, " ")
}

// num writes a coordinate with at most two decimals and no trailing zeros,
// so equal inputs always give byte-equal files.
func num(v float64) string { return strconv.FormatFloat(round2(v), 'f', -1, 64) }

func itoa(i int) string { return strconv.Itoa(i) }

// ariaLabel describes the position in words for screen readers.
func ariaLabel(p draughts.Position) string {
	var parts []string
	for _, c := range []draughts.Color{draughts.White, draughts.Black} {
		men, kings := p.Count(c)
		parts = append(parts, c.String()+": "+itoa(men)+" men, "+itoa(kings)+" kings")
	}
	return strings.Join(parts, "; ") + "; " + p.Turn.String() + " to move"
}

// Terminal is the compact diagram for a terminal: the rules engine's own
// Unicode board (or ASCII letters), with square numbers when asked.
func Terminal(p draughts.Position, ascii, numbers bool) string {
	return p.Diagram(draughts.DiagramOptions{ASCII: ascii, Numbers: numbers})
}

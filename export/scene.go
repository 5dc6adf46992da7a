package export

import (
	"math"

	"metz/draughts"
)

// Arrow marks a step of a move on a diagram, between two 0-based squares.
type Arrow struct{ From, To int }

// MoveArrows turns a move into one arrow per leg of its path, so a capture
// shows every landing square, as the books' figures trace them.
func MoveArrows(m draughts.Move) []Arrow {
	var out []Arrow
	for i := 1; i < len(m.Path); i++ {
		out = append(out, Arrow{m.Path[i-1], m.Path[i]})
	}
	return out
}

// DiagramOptions chooses what a diagram shows.
type DiagramOptions struct {
	Size    float64 // width of the drawing in output units (px for SVG); 0 = 360
	Numbers bool    // square numbers (or file and rank letters for algebraic rules)
	Arrows  []Arrow
}

// Board colours: chosen so that both men stand out on both squares when
// printed in grey scale (dark squares are a middle grey in luminance).
const (
	colLight     = "#f3ecdc"
	colDark      = "#9c8466"
	colFrame     = "#3b2f22"
	colWhiteMan  = "#ffffff"
	colBlackMan  = "#1a1a1a"
	colArrow     = "#c0392b"
	colNumber    = "#ffffff"
	colCoord     = "#3b2f22"
	cell         = 40.0 // scene units per square
	margin       = 14.0 // room for coordinates around the board
	pieceRadius  = 0.40 * cell
	strokePieces = 1.6
)

// shape is one drawing primitive of a diagram. Kind selects the fields used.
type shape struct {
	kind        shapeKind
	x, y, w, h  float64   // rect; circle centre in x,y with radius w
	pts         []float64 // polygon / polyline: x0,y0,x1,y1...
	fill        string    // "" = none
	stroke      string    // "" = none
	strokeWidth float64
	text        string
	fontSize    float64
	anchor      string // text: "start", "middle", "end"
	group       *pieceInfo
}

type shapeKind uint8

const (
	shRect shapeKind = iota
	shCircle
	shPolygon
	shPolyline
	shText
)

// pieceInfo labels the shapes of one piece so that a reader (or a test)
// can find which piece stands where.
type pieceInfo struct {
	square string // in the rules' notation: "32" or "c3"
	piece  string // "man" or "king"
	color  string // "white" or "black"
}

// scene is a diagram in abstract units: width and height, then shapes in
// painting order.
type scene struct {
	w, h   float64
	shapes []shape
}

// buildScene draws p with White at the bottom.
func buildScene(p draughts.Position, o DiagramOptions) scene {
	g := p.Rules.Geo
	bw, bh := float64(g.Width)*cell, float64(g.Height)*cell
	sc := scene{w: bw + 2*margin, h: bh + 2*margin}
	sc.add(shape{kind: shRect, x: 0, y: 0, w: sc.w, h: sc.h, fill: "#ffffff"})
	sc.add(shape{kind: shRect, x: margin - 2, y: margin - 2, w: bw + 4, h: bh + 4, fill: colFrame})
	sc.squares(p, o)
	if o.Numbers && p.Rules.Algebraic {
		sc.coordinates(g)
	}
	for s, pc := range p.Board {
		if pc != draughts.Empty {
			sc.piece(p.Rules, s, pc)
		}
	}
	for _, a := range o.Arrows {
		sc.arrow(g, a)
	}
	return sc
}

func (sc *scene) add(s shape) { sc.shapes = append(sc.shapes, s) }

// cellXY is the top-left corner of grid cell (r, c); row 0 is at the bottom.
func cellXY(g *draughts.Geometry, r, c int) (float64, float64) {
	return margin + float64(c)*cell, margin + float64(g.Height-1-r)*cell
}

func centre(g *draughts.Geometry, s int) (float64, float64) {
	x, y := cellXY(g, g.Row(s), g.Col(s))
	return x + cell/2, y + cell/2
}

// squares paints the grid. On diagonal boards the played squares are the
// dark ones, as in print; Turkish boards are played on every square, so they
// are drawn light with ruled lines instead.
func (sc *scene) squares(p draughts.Position, o DiagramOptions) {
	g := p.Rules.Geo
	ortho := g.Layout == draughts.Orthogonal
	for r := 0; r < g.Height; r++ {
		for c := 0; c < g.Width; c++ {
			x, y := cellXY(g, r, c)
			fill := colLight
			if !ortho && g.Square(r, c) >= 0 {
				fill = colDark
			}
			sq := shape{kind: shRect, x: x, y: y, w: cell, h: cell, fill: fill}
			if ortho {
				sq.stroke, sq.strokeWidth = colCoord, 0.8
			}
			sc.add(sq)
			// Numbers go on empty squares only, centred, as in printed
			// diagrams: under a piece they would be half hidden.
			if s := g.Square(r, c); s >= 0 && o.Numbers && !p.Rules.Algebraic && p.Board[s] == draughts.Empty {
				sc.add(shape{kind: shText, x: x + cell/2, y: y + cell/2 + 4.5, fontSize: 13, fill: colNumber,
					anchor: "middle", text: p.Rules.SquareName(s)})
			}
		}
	}
}

// coordinates writes file letters under the board and rank numbers on its
// left, for the rule systems that name squares algebraically.
func (sc *scene) coordinates(g *draughts.Geometry) {
	for c := 0; c < g.Width; c++ {
		x, _ := cellXY(g, 0, c)
		sc.add(shape{kind: shText, x: x + cell/2, y: sc.h - 3, fontSize: 10, fill: colCoord, anchor: "middle",
			text: string(rune('a' + c))})
	}
	for r := 0; r < g.Height; r++ {
		_, y := cellXY(g, r, 0)
		sc.add(shape{kind: shText, x: margin / 2, y: y + cell/2 + 3.5, fontSize: 10, fill: colCoord, anchor: "middle",
			text: itoa(r + 1)})
	}
}

// piece draws a disc; a king gets a crown in the opposite colour and an
// inner ring, so it is told from a man without relying on colour.
func (sc *scene) piece(r *draughts.Rules, s int, pc draughts.Piece) {
	g := r.Geo
	cx, cy := centre(g, s)
	info := &pieceInfo{square: r.SquareName(s), piece: "man", color: "white"}
	fill, ink := colWhiteMan, colBlackMan
	if pc.Color() == draughts.Black {
		info.color, fill, ink = "black", colBlackMan, colWhiteMan
	}
	sc.add(shape{kind: shCircle, x: cx, y: cy, w: pieceRadius, fill: fill, stroke: colBlackMan,
		strokeWidth: strokePieces, group: info})
	if pc.IsMan() {
		// A man's inner groove, as printed discs have; thin so that it
		// never reads as a king's ring.
		sc.add(shape{kind: shCircle, x: cx, y: cy, w: pieceRadius * 0.62, stroke: ink, strokeWidth: 0.6, group: info})
		return
	}
	info.piece = "king"
	sc.add(shape{kind: shCircle, x: cx, y: cy, w: pieceRadius * 0.80, stroke: ink, strokeWidth: 1.6, group: info})
	sc.add(shape{kind: shPolygon, pts: crown(cx, cy), fill: ink, group: info})
}

// crown is a three-pointed crown centred on (cx, cy).
func crown(cx, cy float64) []float64 {
	u := pieceRadius / 10
	rel := []float64{-5, 3.5, -5.5, -3.5, -2.5, -0.5, 0, -4.5, 2.5, -0.5, 5.5, -3.5, 5, 3.5}
	pts := make([]float64, len(rel))
	for i, v := range rel {
		if i%2 == 0 {
			pts[i] = round2(cx + v*u)
		} else {
			pts[i] = round2(cy + v*u)
		}
	}
	return pts
}

// arrow draws a shaft from centre to centre and a filled head that stops
// short of the target centre so the piece under it stays visible.
func (sc *scene) arrow(g *draughts.Geometry, a Arrow) {
	if a.From < 0 || a.To < 0 || a.From >= g.N || a.To >= g.N || a.From == a.To {
		return
	}
	x0, y0 := centre(g, a.From)
	x1, y1 := centre(g, a.To)
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	ux, uy := dx/l, dy/l
	head := 0.32 * cell
	bx, by := x1-ux*head, y1-uy*head
	sc.add(shape{kind: shPolyline, pts: []float64{round2(x0), round2(y0), round2(bx), round2(by)},
		stroke: colArrow, strokeWidth: 4})
	px, py := -uy*head*0.5, ux*head*0.5
	sc.add(shape{kind: shPolygon, fill: colArrow, pts: []float64{round2(x1), round2(y1),
		round2(bx + px), round2(by + py), round2(bx - px), round2(by - py)}})
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

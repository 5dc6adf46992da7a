package export

import (
	"encoding/xml"
	"math"
	"strconv"
	"strings"
	"testing"

	"metz/draughts"
)

// svgDoc is just enough of an SVG to find the board squares and the pieces.
type svgDoc struct {
	Rects  []svgRect  `xml:"rect"`
	Pieces []svgPiece `xml:"g"`
}

type svgRect struct {
	X     float64 `xml:"x,attr"`
	Y     float64 `xml:"y,attr"`
	Width float64 `xml:"width,attr"`
	Fill  string  `xml:"fill,attr"`
}

type svgPiece struct {
	Square  string      `xml:"data-square,attr"`
	Piece   string      `xml:"data-piece,attr"`
	Color   string      `xml:"data-color,attr"`
	Circles []svgCircle `xml:"circle"`
	Polys   []struct{}  `xml:"polygon"`
}

type svgCircle struct {
	CX   float64 `xml:"cx,attr"`
	CY   float64 `xml:"cy,attr"`
	Fill string  `xml:"fill,attr"`
}

func parseSVG(t *testing.T, s string) svgDoc {
	t.Helper()
	var d svgDoc
	if err := xml.Unmarshal([]byte(s), &d); err != nil {
		t.Fatalf("SVG is not well-formed XML: %v", err)
	}
	return d
}

// gridCell converts an SVG point back to (file, rank) as printed: file 0 =
// "a" on White's left, rank 1 at the bottom.
func gridCell(x, y float64, height int) (file, rank int) {
	return int(math.Floor((x - margin) / cell)), height - int(math.Floor((y-margin)/cell))
}

func mustFEN(t testing.TB, r *draughts.Rules, fen string) draughts.Position {
	t.Helper()
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		t.Fatalf("FEN %q: %v", fen, err)
	}
	return p
}

// The board's layout as the sources describe it: on 100 squares square 1 is
// b10 (Black's side, the first dark square from White's left), 5 is j10, 46
// is a1 (the lower left corner, foot of the long diagonal 46-5) and 50 is i1.
func TestSVGInternationalSquaresWhereTheBooksPutThem(t *testing.T) {
	p := draughts.Start(draughts.International)
	d := parseSVG(t, SVG(p, DiagramOptions{Numbers: true}))
	if len(d.Pieces) != 40 {
		t.Fatalf("start position shows %d pieces, want 40", len(d.Pieces))
	}
	want := map[string][2]int{"1": {1, 10}, "5": {9, 10}, "46": {0, 1}, "50": {8, 1}, "20": {8, 7}, "31": {1, 4}, "36": {0, 3}}
	seen := map[string]bool{}
	for _, pc := range d.Pieces {
		n, err := strconv.Atoi(pc.Square)
		if err != nil {
			t.Fatalf("data-square %q is not a number", pc.Square)
		}
		wantColor := "black"
		if n >= 31 {
			wantColor = "white"
		}
		if pc.Color != wantColor || pc.Piece != "man" {
			t.Errorf("square %d: %s %s, want %s man", n, pc.Color, pc.Piece, wantColor)
		}
		if n > 20 && n < 31 {
			t.Errorf("piece on %d, an empty square at the start", n)
		}
		if rc, ok := want[pc.Square]; ok {
			seen[pc.Square] = true
			f, r := gridCell(pc.Circles[0].CX, pc.Circles[0].CY, 10)
			if f != rc[0] || r != rc[1] {
				t.Errorf("square %s drawn at %c%d, want %c%d", pc.Square, 'a'+f, r, 'a'+rc[0], rc[1])
			}
		}
	}
	if len(seen) != len(want) {
		t.Errorf("checked squares found: %v, want all of %v", seen, want)
	}
}

// Dark squares are the played ones: a1 dark on the boards of the
// international family, h1 dark on Italian and Spanish boards.
func TestSVGDarkCorner(t *testing.T) {
	cases := []struct {
		r          *draughts.Rules
		darkA1     bool
		darkH1     bool
		nDark      int
		boardWidth int
	}{
		{draughts.International, true, false, 50, 10},
		{draughts.Brazilian, true, false, 32, 8},
		{draughts.Russian, true, false, 32, 8},
		{draughts.Canadian, true, false, 72, 12},
		{draughts.Italian, false, true, 32, 8},
		{draughts.Spanish, false, true, 32, 8},
		{draughts.Turkish, false, false, 0, 8},
	}
	for _, c := range cases {
		d := parseSVG(t, SVG(draughts.NewPosition(c.r), DiagramOptions{}))
		dark := map[[2]int]bool{}
		n := 0
		for _, r := range d.Rects {
			if r.Width != cell {
				continue
			}
			n++
			if r.Fill == colDark {
				f, rk := gridCell(r.X+1, r.Y+1, c.boardWidth)
				dark[[2]int{f, rk}] = true
			}
		}
		if n != c.boardWidth*c.boardWidth {
			t.Errorf("%s: %d squares drawn, want %d", c.r.Name, n, c.boardWidth*c.boardWidth)
		}
		if len(dark) != c.nDark {
			t.Errorf("%s: %d dark squares, want %d", c.r.Name, len(dark), c.nDark)
		}
		if dark[[2]int{0, 1}] != c.darkA1 || dark[[2]int{c.boardWidth - 1, 1}] != c.darkH1 {
			t.Errorf("%s: a1 dark %v, right corner dark %v; want %v, %v", c.r.Name,
				dark[[2]int{0, 1}], dark[[2]int{c.boardWidth - 1, 1}], c.darkA1, c.darkH1)
		}
	}
}

// A king must differ from a man in shape, not only in colour: it carries a
// crown (a polygon) and a ring, a man has neither.
func TestSVGKingsAreCrowned(t *testing.T) {
	p := mustFEN(t, draughts.International, "W:WK46,28:B19,K5")
	d := parseSVG(t, SVG(p, DiagramOptions{}))
	got := map[string]svgPiece{}
	for _, pc := range d.Pieces {
		got[pc.Square] = pc
	}
	for sq, want := range map[string]string{"46": "white king", "28": "white man", "19": "black man", "5": "black king"} {
		pc, ok := got[sq]
		if !ok {
			t.Fatalf("no piece drawn on %s", sq)
		}
		if pc.Color+" "+pc.Piece != want {
			t.Errorf("square %s: %s %s, want %s", sq, pc.Color, pc.Piece, want)
		}
		crowned := len(pc.Polys) > 0
		if crowned != strings.HasSuffix(want, "king") {
			t.Errorf("square %s (%s): crown drawn = %v", sq, want, crowned)
		}
	}
}

func TestSVGDeterministicAndArrows(t *testing.T) {
	p := mustFEN(t, draughts.International, "W:W27,28,32,33:B17,18,22,23")
	m, err := draughts.ParseMove(p, "28x19") // a capture: it must be the only legal kind
	if err != nil {
		t.Skipf("position gives no capture 28x19 under this engine: %v", err)
	}
	o := DiagramOptions{Numbers: true, Arrows: MoveArrows(m)}
	a, b := SVG(p, o), SVG(p, o)
	if a != b {
		t.Fatal("two renderings of the same diagram differ")
	}
	if got := strings.Count(a, "<polyline"); got != len(m.Path)-1 {
		t.Errorf("%d arrow shafts for a path of %d squares", got, len(m.Path))
	}
	if !strings.Contains(a, `>50</text>`) || !strings.Contains(a, `>1</text>`) {
		t.Error("square numbers 1 and 50 missing with Numbers set")
	}
}

// Algebraic systems get file letters and rank numbers on the edges instead
// of square numbers.
func TestSVGAlgebraicCoordinates(t *testing.T) {
	s := SVG(draughts.Start(draughts.Russian), DiagramOptions{Numbers: true})
	for _, want := range []string{">a</text>", ">h</text>", ">1</text>", ">8</text>"} {
		if !strings.Contains(s, want) {
			t.Errorf("Russian diagram lacks coordinate %s", want)
		}
	}
	if strings.Contains(s, ">32</text>") {
		t.Error("Russian diagram shows internal square numbers")
	}
	d := parseSVG(t, s)
	for _, pc := range d.Pieces {
		if pc.Square == "a1" {
			return
		}
	}
	t.Error("no piece labelled a1 in the Russian start position")
}

func TestTerminalUsesEngineDiagram(t *testing.T) {
	p := draughts.Start(draughts.Francaise)
	out := Terminal(p, true, false)
	if strings.Count(out, "w") != 12 || strings.Count(out, "b") != 12+1 { // "b" also in the file letters
		t.Errorf("ASCII diagram of the 64-square start:\n%s", out)
	}
}

package draughts

import (
	"fmt"
	"strconv"
	"strings"
)

// Layout says which squares of the grid are played on.
type Layout uint8

const (
	// DiagonalA1: the dark squares, White's bottom-left corner playable
	// (international, Brazilian, Russian, Canadian, French, German).
	DiagonalA1 Layout = iota
	// DiagonalH1: White's bottom-right corner playable (Italian, Spanish).
	DiagonalH1
	// Orthogonal: every square, pieces move along ranks and files (Turkish).
	Orthogonal
)

// Numbering says how playable squares are numbered in numeric notation.
type Numbering uint8

const (
	// TopLeft numbers row by row from Black's back rank, left to right as
	// White sees it (Manoury / PDN numbering: 1 = b10 on 10x10, 1 = a8 in Italian).
	TopLeft Numbering = iota
	// BottomRight numbers from White's bottom-right square, right to left,
	// bottom to top (Spanish: 1 = h1).
	BottomRight
	// RowMajor numbers every square from a1 along the ranks (Turkish, which
	// is written algebraically; the numbers are internal only).
	RowMajor
)

// Directions are indices 0..3; the opposite of d is always 3-d.
// Diagonal: 0 up-right, 1 up-left, 2 down-right, 3 down-left.
// Orthogonal: 0 up, 1 right, 2 left, 3 down. "Up" is towards Black.
//
// A diagonal board has four more lines, 4..7, along its ranks and files
// (up, right, left, down): the next square of the board's colour lies two
// cells away on them. Frisian pieces capture along them
// (Rules.OrthoCaptures). The opposite of any direction d is d^3.
var (
	diagDirs  = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	orthoDirs = [4][2]int{{1, 0}, {0, 1}, {0, -1}, {-1, 0}}
)

// Geometry is a board: its size, its playable squares and their numbering.
// Square indices are 0-based and equal the square's number minus one.
type Geometry struct {
	Width, Height int
	Layout        Layout
	Numbering     Numbering
	N             int      // number of playable squares
	row, col      []int    // coordinates of each square (row 0 = White's back rank)
	at            []int    // grid (r*Width+c) -> square index or -1
	step          [][8]int // neighbour in each direction (4..7: along ranks and files), -1 off the board
	zob           *zobrist
}

// NewGeometry builds a board; it panics on impossible parameters because
// geometries are only built from the fixed rule presets.
func NewGeometry(w, h int, layout Layout, num Numbering) *Geometry {
	g := &Geometry{Width: w, Height: h, Layout: layout, Numbering: num}
	g.at = make([]int, w*h)
	for i := range g.at {
		g.at[i] = -1
	}
	for _, rc := range g.orderedCells() {
		g.at[rc[0]*w+rc[1]] = len(g.row)
		g.row = append(g.row, rc[0])
		g.col = append(g.col, rc[1])
	}
	g.N = len(g.row)
	g.step = make([][8]int, g.N)
	for s := 0; s < g.N; s++ {
		for d, dv := range g.dirs() {
			g.step[s][d] = g.Square(g.row[s]+dv[0], g.col[s]+dv[1])
			g.step[s][4+d] = -1
			if layout != Orthogonal { // the same colour two cells along a rank or file
				g.step[s][4+d] = g.Square(g.row[s]+2*orthoDirs[d][0], g.col[s]+2*orthoDirs[d][1])
			}
		}
	}
	g.zob = newZobrist(g)
	return g
}

// playable reports whether grid cell (r, c) is on the board's played squares.
func (g *Geometry) playable(r, c int) bool {
	switch g.Layout {
	case DiagonalA1:
		return (r+c)%2 == 0
	case DiagonalH1:
		return (r+c)%2 == 1
	}
	return true
}

// orderedCells lists the playable cells in numbering order.
func (g *Geometry) orderedCells() [][2]int {
	var cells [][2]int
	switch g.Numbering {
	case TopLeft:
		for r := g.Height - 1; r >= 0; r-- {
			for c := 0; c < g.Width; c++ {
				if g.playable(r, c) {
					cells = append(cells, [2]int{r, c})
				}
			}
		}
	case BottomRight:
		for r := 0; r < g.Height; r++ {
			for c := g.Width - 1; c >= 0; c-- {
				if g.playable(r, c) {
					cells = append(cells, [2]int{r, c})
				}
			}
		}
	default:
		for r := 0; r < g.Height; r++ {
			for c := 0; c < g.Width; c++ {
				if g.playable(r, c) {
					cells = append(cells, [2]int{r, c})
				}
			}
		}
	}
	return cells
}

func (g *Geometry) dirs() [4][2]int {
	if g.Layout == Orthogonal {
		return orthoDirs
	}
	return diagDirs
}

// Square returns the index of cell (r, c), or -1 when it is off the board or
// not played on.
func (g *Geometry) Square(r, c int) int {
	if r < 0 || c < 0 || r >= g.Height || c >= g.Width {
		return -1
	}
	return g.at[r*g.Width+c]
}

// Row and Col give a square's coordinates (row 0 = White's back rank).
func (g *Geometry) Row(s int) int { return g.row[s] }

// Col gives a square's file (0 = White's left).
func (g *Geometry) Col(s int) int { return g.col[s] }

// Step returns the neighbour of s in direction d (0..7), or -1.
func (g *Geometry) Step(s, d int) int { return g.step[s][d] }

// Opposite is the direction opposite d.
func Opposite(d int) int { return d ^ 3 }

// SameBoard reports whether g and o number the same squares alike (two
// rule systems on one board), so that a position of one is a position of
// the other.
func (g *Geometry) SameBoard(o *Geometry) bool {
	return g == o || (g != nil && o != nil && g.Width == o.Width && g.Height == o.Height &&
		g.Layout == o.Layout && g.Numbering == o.Numbering && g.N == o.N)
}

// Increasing reports, for each direction, whether square indices grow
// along it. Bitboard generators find the nearest piece on a ray as its
// lowest or highest bit, which needs the indices to run the same way along
// a direction from every square (true of row-by-row numberings); an error
// says which direction they do not.
func (g *Geometry) Increasing() (inc [4]bool, err error) {
	for d := range 4 {
		seen := false
		for s := range g.N {
			t := g.step[s][d]
			switch {
			case t < 0:
			case !seen:
				inc[d], seen = t > s, true
			case (t > s) != inc[d]:
				return inc, fmt.Errorf("square indices do not run one way along direction %d", d)
			}
		}
	}
	return inc, nil
}

// DirDelta returns the (row, column) step of direction d.
func (g *Geometry) DirDelta(d int) (int, int) { v := g.dirs()[d]; return v[0], v[1] }

// Algebraic names square s as "c3".
func (g *Geometry) Algebraic(s int) string {
	return string(rune('a'+g.col[s])) + strconv.Itoa(g.row[s]+1)
}

// Number returns the numeric name of s.
func (g *Geometry) Number(s int) int { return s + 1 }

// ParseSquare reads a square written as a number ("32") or algebraically
// ("c3"). It returns the 0-based index.
func (g *Geometry) ParseSquare(tok string) (int, error) {
	tok = strings.TrimSpace(tok)
	if tok == "" {
		return -1, fmt.Errorf("empty square")
	}
	if c := tok[0] | 0x20; c >= 'a' && c <= 'z' {
		col := int(c - 'a')
		rank, err := strconv.Atoi(tok[1:])
		if err != nil || col >= g.Width || rank < 1 || rank > g.Height {
			return -1, fmt.Errorf("%q is not a square of a %dx%d board", tok, g.Width, g.Height)
		}
		s := g.Square(rank-1, col)
		if s < 0 {
			return -1, fmt.Errorf("%q is not a playable square", tok)
		}
		return s, nil
	}
	n, err := strconv.Atoi(tok)
	if err != nil {
		return -1, fmt.Errorf("%q is not a square (expected a number 1-%d or a name like c3)", tok, g.N)
	}
	if n < 1 || n > g.N {
		return -1, fmt.Errorf("square %d is off the board (expected 1-%d)", n, g.N)
	}
	return n - 1, nil
}

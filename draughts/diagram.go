package draughts

import (
	"fmt"
	"strings"
)

// DiagramOptions chooses how Diagram draws a board.
type DiagramOptions struct {
	ASCII   bool // w W b B instead of ⛀ ⛁ ⛂ ⛃
	Numbers bool // print square numbers on the empty playable squares
}

var (
	unicodePieces = map[Piece]string{WhiteMan: "⛀", WhiteKing: "⛁", BlackMan: "⛂", BlackKing: "⛃"}
	asciiPieces   = map[Piece]string{WhiteMan: "w", WhiteKing: "W", BlackMan: "b", BlackKing: "B"}
)

// Diagram draws the position with White at the bottom, files and ranks on
// the edges, and the side to move underneath.
func (p Position) Diagram(o DiagramOptions) string {
	g := p.Rules.Geo
	cell := 2
	if o.Numbers {
		cell = 3
	}
	var b strings.Builder
	for r := g.Height - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%2d ", r+1)
		for c := 0; c < g.Width; c++ {
			b.WriteString(p.cellText(g.Square(r, c), o, cell))
		}
		b.WriteByte('\n')
	}
	b.WriteString("   ")
	for c := 0; c < g.Width; c++ {
		fmt.Fprintf(&b, "%-*c", cell, 'a'+c)
	}
	fmt.Fprintf(&b, "\n%s to move\n", p.Turn)
	return b.String()
}

func (p Position) cellText(s int, o DiagramOptions, width int) string {
	if s < 0 {
		return strings.Repeat(" ", width)
	}
	pc := p.Board[s]
	if pc != Empty {
		sym := unicodePieces[pc]
		if o.ASCII {
			sym = asciiPieces[pc]
		}
		return sym + strings.Repeat(" ", width-1)
	}
	if o.Numbers && !p.Rules.Algebraic {
		return fmt.Sprintf("%-*d", width, s+1)
	}
	return "." + strings.Repeat(" ", width-1)
}

// Package similar finds problems that anticipate or repeat one another: the
// same position, the position with the colours reversed, shifted or
// mirrored, with one or two pieces different, or the same final
// combination. It knows positions and solution lines (package draughts),
// not SQL: it gives each position the keys an index stores, the keys a
// query probes, and the exact relation between two positions once the index
// has named a candidate. docs/similar.md defines every relation.
package similar

import (
	"metz/draughts"
)

// Transform is one symmetry of a square board, with or without the colours
// swapped: the cell (row, col) goes to (col, row) when Transpose, then the
// rows and the columns are reversed when FlipRows and FlipCols. Swap
// exchanges the colours of every piece and the side to move. The rotation
// by 180° is FlipRows and FlipCols together.
type Transform struct {
	Transpose, FlipRows, FlipCols, Swap bool
}

// allTransforms is the dihedral group of the square (8 elements), each with
// and without the colour swap; the identity first.
var allTransforms = func() []Transform {
	var ts []Transform
	for _, swap := range []bool{false, true} {
		for _, tr := range []bool{false, true} {
			for _, fr := range []bool{false, true} {
				for _, fc := range []bool{false, true} {
					ts = append(ts, Transform{Transpose: tr, FlipRows: fr, FlipCols: fc, Swap: swap})
				}
			}
		}
	}
	return ts
}()

// IsIdentity reports whether t changes nothing.
func (t Transform) IsIdentity() bool { return t == Transform{} }

// Cell maps a cell of a w×h grid (rows from White's side, columns from
// White's left); the result may lie off the board or on an unplayed square.
func (t Transform) Cell(r, c, w, h int) (int, int) {
	if t.Transpose {
		r, c = c, r
		w, h = h, w
	}
	if t.FlipRows {
		r = h - 1 - r
	}
	if t.FlipCols {
		c = w - 1 - c
	}
	return r, c
}

// Piece maps a piece: its colour exchanged when t swaps colours.
func (t Transform) Piece(pc draughts.Piece) draughts.Piece {
	if !t.Swap || pc == draughts.Empty {
		return pc
	}
	if pc.IsKing() {
		return draughts.KingOf(pc.Color().Opponent())
	}
	return draughts.ManOf(pc.Color().Opponent())
}

// keepsMen reports whether t maps men to men that move the same way: a
// man moves towards its crowning row, so the rows may be reversed only
// together with the colours, and never exchanged with the columns.
func (t Transform) keepsMen() bool { return !t.Transpose && t.FlipRows == t.Swap }

// keepsBoard reports whether t maps every played square of g onto a played
// square: on the diagonal boards (even sides) a reflection in a file or a
// rank moves the dark squares onto the light ones; the orthogonal board is
// played on every square.
func keepsBoard(t Transform, g *draughts.Geometry) bool {
	if t.Transpose && g.Width != g.Height {
		return false
	}
	for s := range g.N {
		r, c := t.Cell(g.Row(s), g.Col(s), g.Width, g.Height)
		if g.Square(r, c) < 0 {
			return false
		}
	}
	return true
}

// Symmetries lists the transforms that make a position of rules r the same
// problem, the identity first: those that keep the board and, when the
// position holds a man, the men's direction. Every rule system metz plays
// states its rules for "the side to move" and its men's direction only, so
// the geometry decides alone (docs/similar.md has the table): on the
// diagonal boards with men, the identity and the board turned by 180° with
// the colours reversed; on the orthogonal Turkish board also the mirror and
// the board reflected in its middle rank with the colours reversed; with
// kings only, every turn and reflection of the board that keeps it, with
// and without the colours reversed.
func Symmetries(r *draughts.Rules, men bool) []Transform {
	var out []Transform
	for _, t := range allTransforms {
		if keepsBoard(t, r.Geo) && (!men || t.keepsMen()) {
			out = append(out, t)
		}
	}
	return out
}

// looseTransforms are the transforms a shift may compose with: those that
// keep the men's direction (all when there is none), whether or not they
// keep the board — a reflection in a file puts a diagonal board's pieces on
// light squares, which a shift by one file brings back.
func looseTransforms(men bool) []Transform {
	var out []Transform
	for _, t := range allTransforms {
		if !men || t.keepsMen() {
			out = append(out, t)
		}
	}
	return out
}

// Apply returns p transformed by t, and false when a piece would leave the
// board or stand on an unplayed square.
func (t Transform) Apply(p draughts.Position) (draughts.Position, bool) {
	g := p.Rules.Geo
	q := draughts.NewPosition(p.Rules)
	q.Turn = p.Turn
	if t.Swap {
		q.Turn = p.Turn.Opponent()
	}
	for s, pc := range p.Board {
		if pc == draughts.Empty {
			continue
		}
		r, c := t.Cell(g.Row(s), g.Col(s), g.Width, g.Height)
		d := g.Square(r, c)
		if d < 0 {
			return draughts.Position{}, false
		}
		q.Board[d] = t.Piece(pc)
	}
	for c, run := range p.Runs { // Frisian's king runs follow their kings
		if run.Moves > 0 {
			r, col := t.Cell(g.Row(int(run.Square)), g.Col(int(run.Square)), g.Width, g.Height)
			q.Runs[t.Piece(draughts.KingOf(draughts.Color(c))).Color()] = draughts.KingRun{Square: uint8(g.Square(r, col)), Moves: run.Moves}
		}
	}
	return q, true
}

// Words says what t does, for a match's detail.
func (t Transform) Words() string {
	var geo string
	switch {
	case t.IsIdentity():
		return "as it stands"
	case !t.Transpose && t.FlipRows && t.FlipCols:
		geo = "board turned 180°"
	case !t.Transpose && t.FlipCols:
		geo = "mirrored left to right"
	case !t.Transpose && t.FlipRows:
		geo = "reflected top to bottom"
	case t.Transpose && t.FlipRows != t.FlipCols:
		geo = "board turned 90°"
	case t.Transpose:
		geo = "reflected in a long diagonal"
	}
	switch {
	case t.Swap && geo == "":
		return "colours reversed"
	case t.Swap:
		return geo + ", colours reversed"
	}
	return geo
}

// hasMen reports whether p holds a man.
func hasMen(p draughts.Position) bool {
	for _, pc := range p.Board {
		if pc.IsMan() {
			return true
		}
	}
	return false
}

// Legal reports whether p could stand in a game: no man on its own
// crowning row. Only legal positions take part in the shifted relation.
func Legal(p draughts.Position) bool { return len(p.Validate()) == 0 }

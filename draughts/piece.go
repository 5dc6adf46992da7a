// Package draughts is metz's rules engine: board geometries, the rule systems
// named in the sources, positions, legal move generation, notation (PDN FEN,
// numeric, algebraic and the old French "28 à 23") and perft.
//
// It knows nothing of books, problems or SQL. One parameterised generator
// serves every rule system and is the specification of the faster bitboard
// generators, which are tested against it: draughts/bitboard (10x10
// international and qui perd gagne), draughts/bitboard8 (the 8x8 systems
// and Turkish) and draughts/bitboard12 (Canadian's 12x12, Manoury's rule).
package draughts

// Color is a side: White or Black.
type Color uint8

const (
	White Color = iota
	Black
)

// Opponent returns the other side.
func (c Color) Opponent() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// Piece is the content of a square.
type Piece uint8

const (
	Empty Piece = iota
	WhiteMan
	WhiteKing
	BlackMan
	BlackKing
)

// Color of a non-empty piece.
func (p Piece) Color() Color {
	if p == BlackMan || p == BlackKing {
		return Black
	}
	return White
}

// IsKing reports whether p is a crowned piece.
func (p Piece) IsKing() bool { return p == WhiteKing || p == BlackKing }

// IsMan reports whether p is an uncrowned piece.
func (p Piece) IsMan() bool { return p == WhiteMan || p == BlackMan }

// Crowned returns the king of p's colour.
func (p Piece) Crowned() Piece {
	if p.Color() == White {
		return WhiteKing
	}
	return BlackKing
}

// ManOf and KingOf build pieces of colour c.
func ManOf(c Color) Piece {
	if c == White {
		return WhiteMan
	}
	return BlackMan
}

// KingOf returns the king of colour c.
func KingOf(c Color) Piece {
	if c == White {
		return WhiteKing
	}
	return BlackKing
}

// Belongs reports whether p is a piece of colour c.
func (p Piece) Belongs(c Color) bool { return p != Empty && p.Color() == c }

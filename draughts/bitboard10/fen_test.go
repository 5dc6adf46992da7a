package bitboard10

import "metz/draughts"

// parseFEN reads a FEN of international draughts with package draughts'
// parser, the only one of metz, and converts it.
func parseFEN(s string) (Position, error) {
	gp, err := draughts.ParseFEN(draughts.International, s)
	if err != nil {
		return Position{}, err
	}
	return FromGeneric(gp)
}

// mustFEN is parseFEN for the tests' constant positions.
func mustFEN(s string) Position {
	p, err := parseFEN(s)
	if err != nil {
		panic(err)
	}
	return p
}

package bitboard10

import (
	"fmt"

	"metz/draughts"
)

// rulesCompatible reports whether r moves pieces exactly as 10x10
// international draughts (International itself, and qui-perd-gagne, which
// only changes the result of a blocked position).
func rulesCompatible(r *draughts.Rules) error {
	if r == nil {
		return fmt.Errorf("bitboard: position without rules")
	}
	g := r.Geo
	if g == nil || g.Width != 10 || g.Height != 10 || g.N != NumSquares || g.Layout != draughts.DiagonalA1 {
		return fmt.Errorf("bitboard: rules %s: not a 10x10 board played on the a1 diagonals", r.Name)
	}
	if r.MenSideways || r.OrthoCaptures || r.KingMoveLimit > 0 || !r.MenCaptureBackward || !r.MenCaptureKings || !r.FlyingKings || r.KingLandsBehind ||
		r.ImmediateRemoval || r.Passing != draughts.StayMan || r.Precedence != draughts.Quantity {
		return fmt.Errorf("bitboard: rules %s: moves differ from international draughts", r.Name)
	}
	return nil
}

// squareOfCell returns the square number (1..50) of the cell at row r
// (0 = White's back rank) and column c (0 = file a), or 0.
func squareOfCell(r, c int) int {
	if r < 0 || r > 9 || c < 0 || c > 9 || (r+c)%2 != 0 {
		return 0
	}
	return (9-r)*5 + (c-r%2)/2 + 1
}

// FromGeneric converts a position of the generic engine. Its rules must move
// pieces as international draughts on 10x10 (International, qui-perd-gagne).
// Squares are matched by their coordinates, not by their numbers.
func FromGeneric(gp draughts.Position) (Position, error) {
	var p Position
	if err := rulesCompatible(gp.Rules); err != nil {
		return p, err
	}
	g := gp.Rules.Geo
	if len(gp.Board) != g.N {
		return p, fmt.Errorf("bitboard: board has %d squares, want %d", len(gp.Board), g.N)
	}
	for s, pc := range gp.Board {
		if pc == draughts.Empty {
			continue
		}
		n := squareOfCell(g.Row(s), g.Col(s))
		if n == 0 {
			return p, fmt.Errorf("bitboard: square index %d is not playable", s)
		}
		if !draughts.SetPieceBits(pc, SquareBit(n), &p.White, &p.Black, &p.Kings) {
			return p, fmt.Errorf("bitboard: unknown piece %d on square index %d", pc, s)
		}
	}
	p.WhiteToMove = gp.Turn == draughts.White
	return p, nil
}

// ToGeneric converts p to a position of the generic engine under r (nil
// means draughts.International); r must move pieces as international
// draughts.
func (p Position) ToGeneric(r *draughts.Rules) (draughts.Position, error) {
	if r == nil {
		r = draughts.International
	}
	if err := rulesCompatible(r); err != nil {
		return draughts.Position{}, err
	}
	gp := draughts.NewPosition(r)
	g := r.Geo
	for s := 0; s < g.N; s++ {
		gp.Board[s] = draughts.PieceOfBits(p.White, p.Black, p.Kings, SquareBit(squareOfCell(g.Row(s), g.Col(s))))
	}
	gp.Turn = draughts.Black
	if p.WhiteToMove {
		gp.Turn = draughts.White
	}
	return gp, nil
}

// MoveFromGeneric converts a move of the generic engine played in gp (under
// international-compatible rules) to a Move.
func MoveFromGeneric(gp draughts.Position, m draughts.Move) (Move, error) {
	if err := rulesCompatible(gp.Rules); err != nil {
		return Move{}, err
	}
	g := gp.Rules.Geo
	sq := func(s int) (int, error) {
		if s < 0 || s >= g.N {
			return 0, fmt.Errorf("bitboard: square index %d out of range", s)
		}
		return squareOfCell(g.Row(s), g.Col(s)), nil
	}
	if len(m.Path) < 2 {
		return Move{}, fmt.Errorf("bitboard: move without path")
	}
	from, err1 := sq(m.From())
	to, err2 := sq(m.To())
	if err1 != nil || err2 != nil {
		return Move{}, fmt.Errorf("bitboard: bad move squares")
	}
	out := NewMove(from, to)
	for _, c := range m.Captured {
		n, err := sq(c)
		if err != nil {
			return Move{}, err
		}
		out.Captured |= SquareBit(n)
	}
	return out, nil
}

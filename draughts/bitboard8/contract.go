package bitboard8

import (
	"math/bits"

	"metz/draughts"
)

// Engine keeps the contract of draughts.Engine: it has no scratch space of
// its own (Generate takes the caller's list), so Fork returns e itself.
var _ draughts.Engine[Position, Move] = (*Engine)(nil)

func (e *Engine) Fork() draughts.Engine[Position, Move]     { return e }
func (e *Engine) IsCapture(m Move) bool                     { return m.Captured != 0 }
func (e *Engine) Turn(p Position) draughts.Color            { return draughts.TurnOf(p.WhiteToMove) }
func (e *Engine) Promotes(_ Position, m Move) bool          { return m.Promotes }
func (e *Engine) Generate(p Position, ml *MoveList)         { gen.Generate(e, p, ml) }
func (e *Engine) AppendMoves(p Position, buf []Move) []Move { return gen.AppendMoves(e, p, buf) }
func (e *Engine) CountMoves(p Position) (int, bool)         { return gen.CountMoves(e, e.capturers(p), p) }

// Material counts the men and kings of each colour.
func (e *Engine) Material(p Position) (wm, wk, bm, bk int) {
	return bits.OnesCount64(p.White &^ p.Kings), bits.OnesCount64(p.White & p.Kings),
		bits.OnesCount64(p.Black &^ p.Kings), bits.OnesCount64(p.Black & p.Kings)
}

// GenericMove returns the generic engine's move equal to m in p (the one
// draughts.Position.Moves lists, with its path), or false if m is not legal.
func (e *Engine) GenericMove(p Position, m Move) (draughts.Move, bool) {
	return e.ToGeneric(p).FindMove(int(m.From), int(m.To), [3]uint64{m.Captured}, m.Promotes)
}

// Perft counts the leaf nodes of the legal-move tree (Drop mode) depth
// plies deep from p (draughts.PerftOf).
func (e *Engine) Perft(p Position, depth int) uint64 {
	return draughts.PerftOf[Position, Move](e, p, depth)
}

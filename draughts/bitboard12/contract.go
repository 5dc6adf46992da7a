package bitboard12

import "metz/draughts"

// Engine keeps the contract of draughts.Engine. Generate takes the
// caller's list, so the engine has no scratch space and Fork returns e.
var _ draughts.Engine[Position, Move] = (*Engine)(nil)

func (e *Engine) Fork() draughts.Engine[Position, Move]     { return e }
func (e *Engine) Promotes(_ Position, m Move) bool          { return m.Promotes }
func (e *Engine) Turn(p Position) draughts.Color            { return draughts.TurnOf(p.WhiteToMove) }
func (e *Engine) IsCapture(m Move) bool                     { return !m.Captured.IsZero() }
func (e *Engine) Generate(p Position, ml *MoveList)         { gen.Generate(e, p, ml) }
func (e *Engine) AppendMoves(p Position, buf []Move) []Move { return gen.AppendMoves(e, p, buf) }
func (e *Engine) CountMoves(p Position) (int, bool)         { return gen.CountMoves(e, e.capturers(p), p) }

// Material counts the men and kings of each colour.
func (e *Engine) Material(p Position) (wm, wk, bm, bk int) {
	return p.White.AndNot(p.Kings).Count(), p.White.And(p.Kings).Count(),
		p.Black.AndNot(p.Kings).Count(), p.Black.And(p.Kings).Count()
}

// GenericMove is the generic engine's move with m's effect in p (with its
// path), or false if m is not legal there. It runs the generic generator:
// for notation, not for searches.
func (e *Engine) GenericMove(p Position, m Move) (draughts.Move, bool) {
	captured := [3]uint64{m.Captured.Lo, m.Captured.Hi}
	return e.ToGeneric(p).FindMove(int(m.From), int(m.To), captured, m.Promotes)
}

// Perft counts the leaf nodes of the legal-move tree (Drop mode) depth
// plies deep from p, as draughts.PerftOf does with any engine.
func (e *Engine) Perft(p Position, depth int) uint64 {
	return draughts.PerftOf[Position, Move](e, p, depth)
}

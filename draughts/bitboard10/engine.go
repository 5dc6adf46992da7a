package bitboard10

import (
	"math/bits"

	"metz/draughts"
)

// Engine is this package's generator seen through draughts.Engine, for a
// rule system that moves pieces as international draughts on 10x10
// (International, qui-perd-gagne). It keeps one move list as scratch: an
// Engine belongs to one goroutine, and Fork gives another its own.
type Engine struct {
	r  *draughts.Rules
	ml *MoveList
}

var _ draughts.Engine[Position, Move] = (*Engine)(nil)

// New returns the engine for r, or why this package does not play r.
func New(r *draughts.Rules) (*Engine, error) {
	if err := rulesCompatible(r); err != nil {
		return nil, err
	}
	return &Engine{r: r, ml: new(MoveList)}, nil
}

func (e *Engine) Rules() *draughts.Rules                            { return e.r }
func (e *Engine) Fork() draughts.Engine[Position, Move]             { return &Engine{r: e.r, ml: new(MoveList)} }
func (e *Engine) FromGeneric(q draughts.Position) (Position, error) { return FromGeneric(q) }
func (e *Engine) CountMoves(q Position) (int, bool)                 { return q.CountMovesCapture() }
func (e *Engine) IsCapture(m Move) bool                             { return m.IsCapture() }
func (e *Engine) Play(q Position, m Move) Position                  { return q.Play(m) }
func (e *Engine) Hash(q Position) uint64                            { return q.Hash() }
func (e *Engine) HashAfter(q Position, h uint64, m Move) uint64     { return q.HashAfter(h, m) }
func (e *Engine) Turn(q Position) draughts.Color                    { return draughts.TurnOf(q.WhiteToMove) }

// ToGeneric converts q under the engine's rules (which New checked).
func (e *Engine) ToGeneric(q Position) draughts.Position {
	gp, _ := q.ToGeneric(e.r)
	return gp
}

// AppendMoves appends q's moves (Drop mode) to buf.
func (e *Engine) AppendMoves(q Position, buf []Move) []Move {
	q.Generate(e.ml)
	return append(buf, e.ml.Slice()...)
}

// Promotes reports whether m moves a man to its crowning row.
func (e *Engine) Promotes(q Position, m Move) bool {
	row := WhitePromo
	if !q.WhiteToMove {
		row = BlackPromo
	}
	return q.Kings&(1<<(m.From&63)) == 0 && row&(1<<(m.To&63)) != 0
}

// Material counts the men and kings of each colour.
func (e *Engine) Material(q Position) (wm, wk, bm, bk int) {
	return bits.OnesCount64(q.White &^ q.Kings), bits.OnesCount64(q.White & q.Kings),
		bits.OnesCount64(q.Black &^ q.Kings), bits.OnesCount64(q.Black & q.Kings)
}

// GenericMove finds the generic engine's move with m's effect, so that
// reports name capture paths as the rest of metz does.
func (e *Engine) GenericMove(q Position, m Move) (draughts.Move, bool) {
	gp := e.ToGeneric(q)
	for _, gm := range gp.Moves() {
		if bm, err := MoveFromGeneric(gp, gm); err == nil && bm == m {
			return gm, true
		}
	}
	return draughts.Move{}, false
}

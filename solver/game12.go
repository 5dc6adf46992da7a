package solver

import (
	"metz/draughts"
	"metz/draughts/bitboard12"
	"metz/endgame"
	"metz/retro"
)

// game12 is the two-word bitboard generator: Canadian draughts' 12x12
// (72 squares, more than one 64-bit word holds) and Manoury's rule on
// 10x10 (whose capture precedence the 10x10 generator does not play). It
// stands in for the generic engine as game8 does on the small boards.
type game12 struct {
	e  *bitboard12.Engine
	ml *bitboard12.MoveList
}

// newGame12 returns the 12x12 bitboard game for r, if it plays r.
func newGame12(r *draughts.Rules) (game12, bool) {
	e, err := bitboard12.New(r)
	if err != nil {
		return game12{}, false
	}
	return game12{e: e, ml: new(bitboard12.MoveList)}, true
}

func (g game12) rules() *draughts.Rules { return g.e.Rules() }

func (g game12) fork() game[bitboard12.Position, bitboard12.Move] {
	return game12{e: g.e, ml: new(bitboard12.MoveList)}
}

func (g game12) from(q draughts.Position) bitboard12.Position {
	p, _ := g.e.FromGeneric(q) // the rules were checked by newGame12
	return p
}

func (g game12) generic(q bitboard12.Position) draughts.Position { return g.e.ToGeneric(q) }

func (g game12) moves(q bitboard12.Position, buf []bitboard12.Move) []bitboard12.Move {
	g.e.Generate(q, g.ml)
	return append(buf, g.ml.Slice()...)
}

func (g game12) count(q bitboard12.Position) (int, bool) { return g.e.CountMoves(q) }

func (g game12) isCapture(m bitboard12.Move) bool { return m.IsCapture() }

func (g game12) play(q bitboard12.Position, h uint64, m bitboard12.Move) (bitboard12.Position, uint64) {
	return g.e.Play(q, m), g.e.HashAfter(q, h, m)
}

func (g game12) hashAfter(q bitboard12.Position, h uint64, m bitboard12.Move) uint64 {
	return g.e.HashAfter(q, h, m)
}

func (g game12) hash(q bitboard12.Position) uint64 { return g.e.Hash(q) }

func (g game12) turn(q bitboard12.Position) draughts.Color { return turnOf(q.WhiteToMove) }

func (g game12) promotes(_ bitboard12.Position, m bitboard12.Move) bool { return m.Promotes }

func (g game12) material(q bitboard12.Position) retro.Sig {
	return retro.Sig{WM: q.White.AndNot(q.Kings).Count(), WK: q.White.And(q.Kings).Count(),
		BM: q.Black.AndNot(q.Kings).Count(), BK: q.Black.And(q.Kings).Count()}
}

// format names m as the generic engine does (its capture path included).
func (g game12) format(q bitboard12.Position, m bitboard12.Move, full bool) string {
	if gm, ok := g.e.ToGenericMove(q, m); ok {
		return g.e.Rules().FormatMove(gm, full)
	}
	return "?" // unreachable while the two generators agree (tested in bitboard12)
}

// probe: the disk tables cover international draughts only.
func (g game12) probe(*endgame.Tables, bitboard12.Position) (endgame.Result, int, bool) {
	return endgame.Draw, 0, false
}

// probeSmall reads the tables built in memory through the generic engine.
func (g game12) probeSmall(t *retro.Tables, q bitboard12.Position, lim retro.Limit) (retro.Value, int, bool, int64) {
	if t == nil {
		return retro.Draw, 0, false, 0
	}
	return t.ProbeOrBuild(g.e.ToGeneric(q), lim)
}

package solver

import (
	"math/bits"

	"metz/draughts"
	"metz/draughts/bitboard8"
	"metz/endgame"
	"metz/retro"
)

// game8 is the bitboard generator of the boards of at most 64 squares
// (the 8x8 rule systems, Turkish's orthogonal board included), several
// times faster than the generic engine it stands in for. Its scratch list is shared by all calls, as
// fastGame's.
type game8 struct {
	e  *bitboard8.Engine
	ml *bitboard8.MoveList
}

// newGame8 returns the 8x8 bitboard game for r, if it plays r.
func newGame8(r *draughts.Rules) (game8, bool) {
	e, err := bitboard8.New(r)
	if err != nil {
		return game8{}, false
	}
	return game8{e: e, ml: new(bitboard8.MoveList)}, true
}

func (g game8) rules() *draughts.Rules { return g.e.Rules() }

func (g game8) fork() game[bitboard8.Position, bitboard8.Move] {
	return game8{e: g.e, ml: new(bitboard8.MoveList)}
}

func (g game8) from(q draughts.Position) bitboard8.Position {
	p, _ := g.e.FromGeneric(q) // the rules were checked by newGame8
	return p
}

func (g game8) generic(q bitboard8.Position) draughts.Position { return g.e.ToGeneric(q) }

func (g game8) moves(q bitboard8.Position, buf []bitboard8.Move) []bitboard8.Move {
	g.e.Generate(q, g.ml)
	return append(buf, g.ml.Slice()...)
}

func (g game8) count(q bitboard8.Position) (int, bool) { return g.e.CountMoves(q) }

func (g game8) isCapture(m bitboard8.Move) bool { return m.IsCapture() }

func (g game8) play(q bitboard8.Position, h uint64, m bitboard8.Move) (bitboard8.Position, uint64) {
	return g.e.Play(q, m), g.e.HashAfter(q, h, m)
}

func (g game8) hashAfter(q bitboard8.Position, h uint64, m bitboard8.Move) uint64 {
	return g.e.HashAfter(q, h, m)
}

func (g game8) hash(q bitboard8.Position) uint64 { return g.e.Hash(q) }

func (g game8) turn(q bitboard8.Position) draughts.Color { return turnOf(q.WhiteToMove) }

func (g game8) promotes(_ bitboard8.Position, m bitboard8.Move) bool { return m.Promotes }

func (g game8) material(q bitboard8.Position) retro.Sig {
	return retro.Sig{WM: bits.OnesCount64(q.White &^ q.Kings), WK: bits.OnesCount64(q.White & q.Kings),
		BM: bits.OnesCount64(q.Black &^ q.Kings), BK: bits.OnesCount64(q.Black & q.Kings)}
}

// format names m as the generic engine does (its capture path included).
func (g game8) format(q bitboard8.Position, m bitboard8.Move, full bool) string {
	if gm, ok := g.e.ToGenericMove(q, m); ok {
		return g.e.Rules().FormatMove(gm, full)
	}
	return "?" // unreachable while the two generators agree (tested in bitboard8)
}

// probe: the disk tables cover international draughts only.
func (g game8) probe(*endgame.Tables, bitboard8.Position) (endgame.Result, int, bool) {
	return endgame.Draw, 0, false
}

// probeSmall reads the tables built in memory through the generic engine.
func (g game8) probeSmall(t *retro.Tables, q bitboard8.Position, lim retro.Limit) (retro.Value, int, bool, int64) {
	if t == nil {
		return retro.Draw, 0, false, 0
	}
	return t.ProbeOrBuild(g.e.ToGeneric(q), lim)
}

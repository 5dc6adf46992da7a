package solver

import (
	"math/bits"

	"metz/draughts"
	"metz/draughts/bitboard"
	"metz/endgame"
	"metz/retro"
)

// game is a rules engine as the searches see it: positions of type P and
// moves of type M, both plain values, so that the searches keep them in
// reused buffers. There are four: the bitboard generator for the 10x10
// international moves (international and qui-perd-gagne), the one for the
// 8x8 systems and Turkish (game8.go), the two-word one for Canadian's 12x12
// and Manoury's rule (game12.go), and the generic engine, the others'
// reference in the tests and the fallback for rules none of them plays.
// The searches are written once, generic over the game.
type game[P, M any] interface {
	rules() *draughts.Rules
	from(q draughts.Position) P      // a generic-engine position in this game
	generic(q P) draughts.Position   // and back, for FENs and reports
	moves(q P, buf []M) []M          // q's legal moves appended to buf
	count(q P) (n int, capture bool) // how many legal moves, and whether they capture
	isCapture(m M) bool
	play(q P, h uint64, m M) (P, uint64) // the position after m and its hash (h is q's)
	hashAfter(q P, h uint64, m M) uint64 // the hash play would give, without playing
	hash(q P) uint64
	turn(q P) draughts.Color
	promotes(q P, m M) bool            // m ends on the crowning row with a man
	material(q P) retro.Sig            // the men and kings of each colour
	format(q P, m M, full bool) string // m as the generic engine writes it
	// probe reads q's value for its side to move from endgame tables, and
	// the distance to the end in plies; ok is false when t has no table
	// for q (or t is nil).
	probe(t *endgame.Tables, q P) (r endgame.Result, plies int, ok bool)
	// probeSmall is probe from tables built in memory, building q's
	// signature first if it fits in lim.
	probeSmall(t *retro.Tables, q P, lim retro.Limit) (v retro.Value, plies int, ok bool, built int64)
	// fork is the same game for another goroutine (its own scratch).
	fork() game[P, M]
}

// fastRules reports whether r moves pieces as the bitboard generator does.
func fastRules(r *draughts.Rules) bool {
	_, err := bitboard.FromGeneric(draughts.NewPosition(r))
	return err == nil
}

// fastGame is the bitboard generator. Its scratch list is shared by all
// calls: a game belongs to one search, and one search runs on one goroutine.
type fastGame struct {
	r  *draughts.Rules
	ml *bitboard.MoveList
}

func newFastGame(r *draughts.Rules) fastGame { return fastGame{r: r, ml: new(bitboard.MoveList)} }

func (g fastGame) rules() *draughts.Rules { return g.r }

func (g fastGame) fork() game[bitboard.Position, bitboard.Move] { return newFastGame(g.r) }

func (g fastGame) from(q draughts.Position) bitboard.Position {
	p, _ := bitboard.FromGeneric(q) // the rules were checked by fastRules
	return p
}

func (g fastGame) generic(q bitboard.Position) draughts.Position {
	p, _ := q.ToGeneric(g.r)
	return p
}

func (g fastGame) moves(q bitboard.Position, buf []bitboard.Move) []bitboard.Move {
	q.Generate(g.ml)
	return append(buf, g.ml.Slice()...)
}

func (g fastGame) count(q bitboard.Position) (int, bool) {
	return q.CountMovesCapture()
}

func (g fastGame) isCapture(m bitboard.Move) bool { return m.IsCapture() }

func (g fastGame) play(q bitboard.Position, h uint64, m bitboard.Move) (bitboard.Position, uint64) {
	return q.Play(m), q.HashAfter(h, m)
}

func (g fastGame) hashAfter(q bitboard.Position, h uint64, m bitboard.Move) uint64 {
	return q.HashAfter(h, m)
}

func (g fastGame) hash(q bitboard.Position) uint64 { return q.Hash() }

func (g fastGame) turn(q bitboard.Position) draughts.Color { return turnOf(q.WhiteToMove) }

// turnOf is the side to move of a bitboard position (its WhiteToMove).
func turnOf(whiteToMove bool) draughts.Color {
	if whiteToMove {
		return draughts.White
	}
	return draughts.Black
}

func (g fastGame) promotes(q bitboard.Position, m bitboard.Move) bool {
	row := bitboard.WhitePromo
	if !q.WhiteToMove {
		row = bitboard.BlackPromo
	}
	return q.Kings&(1<<(m.From&63)) == 0 && row&(1<<(m.To&63)) != 0
}

func (g fastGame) material(q bitboard.Position) retro.Sig {
	return retro.Sig{WM: bits.OnesCount64(q.White &^ q.Kings), WK: bits.OnesCount64(q.White & q.Kings),
		BM: bits.OnesCount64(q.Black &^ q.Kings), BK: bits.OnesCount64(q.Black & q.Kings)}
}

// format finds the generic engine's move with the same effect, so that
// reports name capture paths the way every other part of metz does.
func (g fastGame) format(q bitboard.Position, m bitboard.Move, full bool) string {
	gp := g.generic(q)
	for _, gm := range gp.Moves() {
		if bm, err := bitboard.MoveFromGeneric(gp, gm); err == nil && bm == m {
			return g.r.FormatMove(gm, full)
		}
	}
	return m.String() // unreachable while the two generators agree (tested in bitboard)
}

func (g fastGame) probe(t *endgame.Tables, q bitboard.Position) (endgame.Result, int, bool) {
	if t == nil || g.r.Name != draughts.International.Name || bits.OnesCount64(q.White|q.Black) > endgame.MaxPieces {
		return endgame.Draw, 0, false
	}
	r, plies, ok, err := t.ProbeBitboard(q)
	return r, plies, ok && err == nil
}

// probeSmall serves the rule system fastGame plays that has no tables on
// disk (qui perd gagne), through the generic engine; international gets
// none (smallTables).
func (g fastGame) probeSmall(t *retro.Tables, q bitboard.Position, lim retro.Limit) (retro.Value, int, bool, int64) {
	if t == nil {
		return retro.Draw, 0, false, 0
	}
	return t.ProbeOrBuild(g.generic(q), lim)
}

// slowGame is the generic rules engine, for every rule system.
type slowGame struct{ r *draughts.Rules }

func (g slowGame) rules() *draughts.Rules                       { return g.r }
func (g slowGame) fork() game[draughts.Position, draughts.Move] { return g }
func (g slowGame) from(q draughts.Position) draughts.Position   { return q }
func (g slowGame) generic(q draughts.Position) draughts.Position {
	return q
}

func (g slowGame) moves(q draughts.Position, buf []draughts.Move) []draughts.Move {
	return q.AppendMoves(buf)
}

func (g slowGame) count(q draughts.Position) (int, bool) { return q.CountMoves() }

func (g slowGame) isCapture(m draughts.Move) bool { return m.IsCapture() }

func (g slowGame) play(q draughts.Position, h uint64, m draughts.Move) (draughts.Position, uint64) {
	return q.Play(m), q.HashAfter(h, m)
}

func (g slowGame) hashAfter(q draughts.Position, h uint64, m draughts.Move) uint64 {
	return q.HashAfter(h, m)
}

func (g slowGame) hash(q draughts.Position) uint64                    { return q.Hash() }
func (g slowGame) turn(q draughts.Position) draughts.Color            { return q.Turn }
func (g slowGame) promotes(_ draughts.Position, m draughts.Move) bool { return m.Promotes }

func (g slowGame) material(q draughts.Position) retro.Sig {
	wm, wk, bm, bk := q.Material()
	return retro.Sig{WM: wm, WK: wk, BM: bm, BK: bk}
}

func (g slowGame) format(_ draughts.Position, m draughts.Move, full bool) string {
	return g.r.FormatMove(m, full)
}

// probe: the tables cover international draughts only, which fastGame plays.
func (g slowGame) probe(*endgame.Tables, draughts.Position) (endgame.Result, int, bool) {
	return endgame.Draw, 0, false
}

func (g slowGame) probeSmall(t *retro.Tables, q draughts.Position, lim retro.Limit) (retro.Value, int, bool, int64) {
	return t.ProbeOrBuild(q, lim)
}

// pool hands out reusable slices, so that a search allocates its buffers
// once per depth rather than once per node. Slices are taken and given
// back in stack order, but any order works.
type pool[T any] struct{ free [][]T }

func (p *pool[T]) get() []T {
	if n := len(p.free); n > 0 {
		s := p.free[n-1]
		p.free = p.free[:n-1]
		return s[:0]
	}
	return make([]T, 0, 32)
}

func (p *pool[T]) put(s []T) { p.free = append(p.free, s) }

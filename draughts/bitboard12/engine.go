// Package bitboard12 is a fast move generator for Canadian draughts:
// international rules on the 12x12 board, whose 72 squares need two 64-bit
// words (Bits). Men move one step forward and capture forward and
// backward, kings fly, the capture taking the most pieces is compulsory
// (kings count as men), captured pieces leave the board only when the
// capture ends and may not be jumped twice, and a man is crowned only if
// it ends its move on its crowning row.
//
// The same rules on a smaller diagonal board (international 10x10,
// Brazilian and German 8x8) compile too: New reads everything from the
// generic Geometry. Those boards have their own, faster generators
// (draughts/bitboard, draughts/bitboard8); they are accepted here because
// the tables cost nothing and the tests use them as a check of the tables.
// Manoury's older rule on 10x10 (the most pieces, then the most kings)
// has no other: this package plays it for the solver.
//
// Bit i of a Bits is the generic square index i (square number - 1), so
// positions convert to and from package draughts bit for bit. Rays, steps
// and jumps come from tables built from Geometry.Step (72 squares x 4
// directions), the quiet steps and single jumps of men from shifts of the
// 128-bit sets, grouped by index delta.
//
// The Engine keeps the contract draughts.Engine, and the generic engine,
// draughts.Position.Generate(draughts.Drop), is its specification: the
// shared tests of draughts/engines compare the two on random positions,
// random games, perft and fuzzed positions. An Engine is immutable after
// New and safe for concurrent use. What it shares with the other
// generator of its kind is in draughts/internal/bitgen, the listing of
// Generate, AppendMoves and CountMoves among others (bitgen.Lister, on
// this package's capturers, captures, quiet and countQuiet).
package bitboard12

import (
	"fmt"

	"metz/draughts"
	"metz/draughts/internal/bitgen"
)

// maxSquares bounds the boards the engine compiles (12x12 has 72). It
// also bounds MaxMoves' proof that quiet moves always fit.
const maxSquares = 72

// stepGroup is the quiet steps of one direction with the same index delta.
type stepGroup = bitgen.StepGroup[Bits, shift]

// jumpGroup is the single jumps (by a man) with the same victim and landing
// deltas. Shifting the enemy pieces and the empty squares by them maps
// victims and landing squares back onto their origins, so the men able to
// jump come out of three ANDs. Both deltas of a direction have the same
// sign: the engine keeps the groups that shift left apart from those that
// shift right, for a shift without a test.
type jumpGroup struct {
	From            Bits
	victim, landing uint8 // shift counts
}

// Engine is a rule system compiled for 128-bit bitboards.
type Engine struct {
	rules *draughts.Rules
	board Bits    // the playable squares
	promo [2]Bits // crowning row of White's [0] and Black's [1] men

	nb   [maxSquares][4]Bits // neighbour of s in direction d, empty off the board
	nbSq [maxSquares][4]int8 // its index, -1 off the board
	ray  [maxSquares][4]Bits // every square beyond s in direction d, to the edge
	inc  [4]bool             // square indices increase along direction d

	manStep [2]bitgen.Groups[stepGroup] // men's quiet steps, per colour
	// men's single jumps (every direction, both colours): [0] those whose
	// victims and landing squares have higher indices than the origin
	// (shifted right back onto it), [1] the others (shifted left)
	manJump [2]bitgen.Groups[jumpGroup]
}

// New compiles r. It accepts the international rule family (men forward,
// capturing backward too; flying kings; majority capture, or Manoury's
// older rule: the most pieces, then the most kings; pieces removed at the
// end of the move; crowning only at the end of a move) on a diagonal board
// of at most 72 squares: Canadian draughts and Manoury's rule, and also
// the international, Brazilian and German systems. Anything else is
// refused with the reason.
func New(r *draughts.Rules) (*Engine, error) {
	if err := supported(r); err != nil {
		return nil, err
	}
	e := &Engine{rules: r}
	if err := e.buildTables(); err != nil {
		return nil, fmt.Errorf("bitboard12: rules %s: %v", r.Name, err)
	}
	return e, nil
}

// supported says why r cannot be compiled, or nil.
func supported(r *draughts.Rules) error {
	return bitgen.Check("bitboard12", r, notPlayed)
}

// notPlayed says why r is not of the international family on a diagonal
// board of at most maxSquares squares, or "".
func notPlayed(r *draughts.Rules) string {
	g := r.Geo
	why := ""
	switch {
	case g.Layout == draughts.Orthogonal:
		why = "the board is orthogonal"
	case g.N > maxSquares:
		why = fmt.Sprintf("the board has %d squares (at most %d)", g.N, maxSquares)
	case r.LosingGame:
		why = "it is the losing game"
	case r.MenSideways:
		why = "men move sideways"
	case !r.MenCaptureBackward:
		why = "men do not capture backward"
	case !r.MenCaptureKings:
		why = "men do not capture kings"
	case !r.FlyingKings:
		why = "kings do not fly"
	case r.KingLandsBehind:
		why = "kings stop right behind their victim"
	case r.ImmediateRemoval:
		why = "captured pieces are removed at once"
	case r.Passing != draughts.StayMan:
		why = "men are crowned during a capture"
	case r.Precedence != draughts.Quantity && r.Precedence != draughts.QuantityKings:
		why = "the capture to make is not the one taking the most pieces (then, or not, the most kings)"
	default:
		return ""
	}
	return "not played: " + why + " (only international rules: Canadian, Manoury, international, Brazilian, German)"
}

// buildTables fills the neighbour, ray and shift-group tables from the
// geometry (bitgen.Walk).
func (e *Engine) buildTables() error {
	square := func(s int, promo [2]bool) {
		e.board = e.board.Or(bit(s))
		for c := range promo {
			if promo[c] {
				e.promo[c] = e.promo[c].Or(bit(s))
			}
		}
		e.nbSq[s] = [4]int8{-1, -1, -1, -1}
	}
	ray := func(s, d, t, k int) {
		e.ray[s][d] = e.ray[s][d].Or(bit(t))
		if k == 1 {
			e.nbSq[s][d], e.nb[s][d] = int8(t), bit(t)
		}
	}
	inc, err := bitgen.Walk(e.rules, square, ray)
	if err != nil {
		return err
	}
	e.inc = inc
	next := func(s, d int) int { return int(e.nbSq[s][d]) }
	if err := bitgen.AddManSteps(e.rules, &e.manStep, next, shiftBy, func(b Bits, s int) Bits { return b.Or(bit(s)) }); err != nil {
		return err
	}
	for d := range 4 {
		if err := e.addJumps(d); err != nil {
			return err
		}
	}
	return nil
}

// addJumps adds the single jumps of direction d (victim next to the origin,
// landing right behind it), grouped by their two index deltas.
func (e *Engine) addJumps(d int) error {
	for s := range e.rules.Geo.N {
		v := int(e.nbSq[s][d])
		if v < 0 || e.nbSq[v][d] < 0 {
			continue
		}
		l := int(e.nbSq[v][d])
		gs, want := &e.manJump[0], jumpGroup{victim: uint8(v - s), landing: uint8(l - s)}
		if v < s {
			gs, want = &e.manJump[1], jumpGroup{victim: uint8(s - v), landing: uint8(s - l)}
		}
		i, err := gs.Find(0, func(g jumpGroup) bool { return g.victim == want.victim && g.landing == want.landing }, want)
		if err != nil {
			return err
		}
		gs.G[i].From = gs.G[i].From.Or(bit(s))
	}
	return nil
}

// Rules returns the rule system the engine was compiled from.
func (e *Engine) Rules() *draughts.Rules { return e.rules }

// nearest returns the square of blk (non-empty, on one ray in direction d)
// nearest to the ray's origin.
func (e *Engine) nearest(d int, blk Bits) int {
	if e.inc[d] {
		return blk.lowest()
	}
	return blk.highest()
}

// run returns the squares of ray r (from some square in direction d) up to
// its first square outside empty, excluded: where a flying king may stop.
func (e *Engine) run(r Bits, d int, empty Bits) Bits {
	blk := r.AndNot(empty)
	if blk.IsZero() {
		return r
	}
	b := e.nearest(d, blk)
	return r.AndNot(e.ray[b][d]).AndNot(bit(b))
}

// Package bitboard8 is a fast move generator for the rule systems of package
// draughts played on a board of at most 64 cells: the 8x8 systems on the
// dark squares (Brazilian, German, jeu à la française, Spanish, Italian,
// Russian, English checkers) and Turkish draughts, whose orthogonal board
// uses all 64 squares (men moving and capturing forward and sideways, kings
// flying along ranks and files, captured pieces lifted as they are taken).
//
// One Engine serves one rule system: New compiles the geometry into
// neighbour and ray tables (from Geometry.Step) and copies the rule flags,
// so the generator itself is one code path whatever the system. Bit i of a
// bitboard is the generic square index i (square number - 1), so positions
// convert to and from package draughts bit for bit.
//
// The Engine keeps the contract draughts.Engine, and the generic engine,
// draughts.Position.Generate(draughts.Drop), is its specification: the
// shared tests of draughts/engines compare the two on random positions,
// random games, perft and fuzzed positions. An Engine is immutable after
// New and safe for concurrent use. What it shares with the other
// generator of its kind is in draughts/internal/bitgen, the listing of
// Generate, AppendMoves and CountMoves among others (bitgen.Lister, on
// this package's capturers, captures, quiet and countQuiet).
package bitboard8

import (
	"fmt"
	"math/bits"

	"metz/draughts"
	"metz/draughts/internal/bitgen"
)

// shift translates a bitboard by a fixed index delta: (x << l) >> r, one of
// l and r zero. Bits leaving the word are dropped; the callers mask the
// origins so that no wanted bit leaves it.
type shift struct{ l, r uint8 }

func (s shift) apply(x uint64) uint64 { return x << (s.l & 63) >> (s.r & 63) }

func shiftBy(delta int) shift {
	if delta >= 0 {
		return shift{l: uint8(delta)}
	}
	return shift{r: uint8(-delta)}
}

// stepGroup is the quiet steps of one direction with the same index delta.
type stepGroup = bitgen.StepGroup[uint64, shift]

// jumpGroup is the single jumps of one direction with the same victim and
// landing deltas. The shifts map victim and landing bits back onto the
// origin, so the pieces able to jump come out of three ANDs.
type jumpGroup struct {
	From            uint64
	victim, landing shift
}

// Engine is a rule system compiled for bitboards.
type Engine struct {
	rules *draughts.Rules
	board uint64    // the playable squares
	promo [2]uint64 // crowning row of White's [0] and Black's [1] men

	nb     [64][4]uint64 // neighbour bit in direction d, 0 off the board
	nbSq   [64][4]int8   // its index, -1 off the board
	ray    [64][4]uint64 // every square beyond s in direction d, to the edge
	inc    [4]bool       // square indices increase along direction d
	around [64]uint64    // the four neighbours (a short king's moves)

	manStep  [2]bitgen.Groups[stepGroup] // men's quiet steps, per colour
	manJump  [2]bitgen.Groups[jumpGroup] // men's jumps, per colour
	kingJump bitgen.Groups[jumpGroup]    // short kings' jumps (every direction)

	manCapDirs [2]uint8 // directions (bit d) a man of each colour captures in

	flying       bool // kings move and capture at a distance
	landsBehind  bool // a flying king stops right behind its victim
	menTakeKings bool
	becomeKing   bool   // Passing == BecomeKing
	lift         bool   // captured pieces leave the board at once (Turkish, Thai)
	turnBack     bool   // a capture may turn back 180° over the square it freed (Thai)
	scoreMask    uint64 // precedence fields of a capture's score (see emit)
}

// New compiles r: any board of at most 64 cells, diagonal or orthogonal
// (Turkish). The losing game and boards of more than 64 cells (10x10,
// 12x12: draughts/bitboard serves 10x10) are refused.
func New(r *draughts.Rules) (*Engine, error) {
	if err := supported(r); err != nil {
		return nil, err
	}
	e := &Engine{rules: r, flying: r.FlyingKings, landsBehind: r.KingLandsBehind,
		menTakeKings: r.MenCaptureKings, becomeKing: r.Passing == draughts.BecomeKing,
		lift: r.ImmediateRemoval, turnBack: r.ImmediateRemoval && r.TurnBack}
	switch r.Precedence {
	case draughts.Free:
		e.scoreMask = 0
	case draughts.Quantity:
		e.scoreMask = scoreCount
	case draughts.QuantityKings:
		e.scoreMask = scoreCount | scoreKings
	case draughts.ItalianOrder:
		e.scoreMask = ^uint64(0)
	case draughts.WithKing:
		e.scoreMask = scoreFromKing
	default:
		return nil, fmt.Errorf("bitboard8: rules %s: unknown precedence %d", r.Name, r.Precedence)
	}
	if err := e.buildTables(); err != nil {
		return nil, fmt.Errorf("bitboard8: rules %s: %v", r.Name, err)
	}
	return e, nil
}

// supported says why r cannot be compiled, or nil.
func supported(r *draughts.Rules) error {
	return bitgen.Check("bitboard8", r, func(r *draughts.Rules) string {
		switch g := r.Geo; {
		case g.Width*g.Height > 64:
			return fmt.Sprintf("a %dx%d board has more than 64 cells", g.Width, g.Height)
		case r.LosingGame:
			return "the losing game is not supported"
		}
		return ""
	})
}

// buildTables fills the neighbour, ray and shift-group tables from the
// geometry (bitgen.Walk).
func (e *Engine) buildTables() error {
	square := func(s int, promo [2]bool) {
		e.board |= 1 << s
		for c := range promo {
			if promo[c] {
				e.promo[c] |= 1 << s
			}
		}
		e.nbSq[s] = [4]int8{-1, -1, -1, -1}
	}
	ray := func(s, d, t, k int) {
		e.ray[s][d] |= 1 << t
		if k == 1 {
			e.nbSq[s][d], e.nb[s][d] = int8(t), 1<<t
			e.around[s] |= 1 << t
		}
	}
	inc, err := bitgen.Walk(e.rules, square, ray)
	if err != nil {
		return err
	}
	e.inc = inc
	next := func(s, d int) int { return int(e.nbSq[s][d]) }
	if err := bitgen.AddManSteps(e.rules, &e.manStep, next, shiftBy, func(b uint64, s int) uint64 { return b | 1<<s }); err != nil {
		return err
	}
	for c, col := range []draughts.Color{draughts.White, draughts.Black} {
		e.manCapDirs[c] = dirMask(e.rules.ManDirs(col))
		if e.rules.MenCaptureBackward {
			e.manCapDirs[c] = 0xF
		}
		for d := range 4 {
			if e.manCapDirs[c]>>d&1 != 0 {
				if err := e.addJumps(&e.manJump[c], d); err != nil {
					return err
				}
			}
		}
	}
	for d := range 4 {
		if err := e.addJumps(&e.kingJump, d); err != nil {
			return err
		}
	}
	return nil
}

func dirMask(ds []int) uint8 {
	var m uint8
	for _, d := range ds {
		m |= 1 << d
	}
	return m
}

// addJumps adds the single jumps of direction d (victim next to the origin,
// landing right behind it), grouped by their two index deltas.
func (e *Engine) addJumps(gs *bitgen.Groups[jumpGroup], d int) error {
	first := gs.N
	for s := range e.rules.Geo.N {
		v := int(e.nbSq[s][d])
		if v < 0 || e.nbSq[v][d] < 0 {
			continue
		}
		l := int(e.nbSq[v][d])
		want := jumpGroup{victim: shiftBy(s - v), landing: shiftBy(s - l)}
		i, err := gs.Find(first, func(g jumpGroup) bool { return g.victim == want.victim && g.landing == want.landing }, want)
		if err != nil {
			return err
		}
		gs.G[i].From |= 1 << s
	}
	return nil
}

// Rules returns the rule system the engine was compiled from.
func (e *Engine) Rules() *draughts.Rules { return e.rules }

// nearest returns the index of the square of blk (non-empty, on one ray in
// direction d) nearest to the ray's origin.
func (e *Engine) nearest(d int, blk uint64) int {
	if e.inc[d] {
		return bits.TrailingZeros64(blk)
	}
	return 63 - bits.LeadingZeros64(blk)
}

// before returns the squares of ray r (direction d) strictly before its
// first square in blk (all of r if blk is empty).
func (e *Engine) before(d int, r, blk uint64) uint64 {
	if e.inc[d] {
		return r & (blk&-blk - 1)
	}
	return r &^ (1<<uint(bits.Len64(blk)) - 1)
}

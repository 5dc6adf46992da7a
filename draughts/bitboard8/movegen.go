package bitboard8

import (
	"math/bits"

	"metz/draughts/internal/bitgen"
)

// capturers returns the men and the kings of the side to move that can make
// a first jump.
func (e *Engine) capturers(p Position) bitgen.Capturers[uint64] {
	own, opp, c := p.Sides()
	occ := own | opp
	empty := e.board &^ occ
	prey := opp
	if !e.menTakeKings {
		prey &^= p.Kings
	}
	cp := bitgen.Capturers[uint64]{Men: jumpers(&e.manJump[c], own&^p.Kings, prey, empty)}
	if !e.flying {
		cp.Kings = jumpers(&e.kingJump, own&p.Kings, opp, empty)
		return cp
	}
	for k := own & p.Kings; k != 0; k &= k - 1 {
		if s := bits.TrailingZeros64(k) & 63; e.flyingCanJump(s, occ, opp) {
			cp.Kings |= 1 << s
		}
	}
	return cp
}

// captures lists in moves (nil: a small list of its own, to count them)
// the captures the precedence rule allows, made by the capturers cp, and
// returns how many; on overflow the list is incomplete.
func (e *Engine) captures(cp bitgen.Capturers[uint64], p Position, moves []Move) (n int, overflow bool) {
	moves = bitgen.SmallIfNil(moves)
	men, kings := cp.Men, cp.Kings
	own, opp, c := p.Sides()
	empty := e.board &^ (own | opp)
	cs := capSearch{e: e, moves: moves, prey: opp, kings: p.Kings, lift: e.lift, col: c, manDirs: e.manCapDirs[c]}
	for pieces := men | kings; pieces != 0; pieces &= pieces - 1 {
		s := bits.TrailingZeros64(pieces) & 63
		b := uint64(1) << s
		king := kings&b != 0
		cs.empty = empty | b // the origin is empty for the whole move
		cs.from, cs.man, cs.fromKing = uint8(s), !king, 0
		if king {
			cs.fromKing = scoreFromKing
		}
		cs.search(s, king, false, 0, 0)
	}
	return cs.n, cs.overflow
}

// quiet lists in moves (of MaxMoves places) the moves without capture
// and returns how many.
func (e *Engine) quiet(p Position, moves []Move) int {
	own, opp, c := p.Sides()
	empty := e.board &^ (own | opp)
	men := own &^ p.Kings
	n := 0
	for _, g := range e.manStep[c].Slice() {
		for t := g.To.apply(men&g.From) & empty; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			moves[n] = Move{From: uint8(to - int(g.Delta)), To: uint8(to), Promotes: e.promo[c]>>to&1 != 0}
			n++
		}
	}
	for k := own & p.Kings; k != 0; k &= k - 1 {
		s := bits.TrailingZeros64(k)
		for t := e.kingMoves(s, empty); t != 0; t &= t - 1 {
			moves[n] = Move{From: uint8(s), To: uint8(bits.TrailingZeros64(t))}
			n++
		}
	}
	return n
}

// countQuiet returns the number of moves quiet would list.
func (e *Engine) countQuiet(p Position) int {
	own, opp, c := p.Sides()
	empty := e.board &^ (own | opp)
	men := own &^ p.Kings
	n := 0
	for _, g := range e.manStep[c].Slice() {
		n += bits.OnesCount64(g.To.apply(men&g.From) & empty)
	}
	for k := own & p.Kings; k != 0; k &= k - 1 {
		n += bits.OnesCount64(e.kingMoves(bits.TrailingZeros64(k), empty))
	}
	return n
}

// jumpers returns the pieces of from that can make a single jump in one of
// the groups: the victim next to them in prey, the square behind it empty.
func jumpers(gs *bitgen.Groups[jumpGroup], from, prey, empty uint64) uint64 {
	var out uint64
	for _, g := range gs.Slice() {
		out |= from & g.From & g.victim.apply(prey) & g.landing.apply(empty)
	}
	return out
}

// flyingCanJump reports whether a flying king on s can jump a piece of opp.
func (e *Engine) flyingCanJump(s int, occ, opp uint64) bool {
	for d := range 4 {
		blk := e.ray[s][d] & occ
		if blk == 0 {
			continue
		}
		v := e.nearest(d, blk)
		if opp>>v&1 != 0 && e.nb[v][d]&^occ != 0 {
			return true
		}
	}
	return false
}

// kingMoves returns the squares a king on s can move to without capture.
func (e *Engine) kingMoves(s int, empty uint64) uint64 {
	if !e.flying {
		return e.around[s] & empty
	}
	var t uint64
	for d := range 4 {
		r := e.ray[s][d]
		t |= e.before(d, r, r&^empty)
	}
	return t
}

// gen is the listing of Generate, AppendMoves and CountMoves (bitgen's),
// on this package's capturers, quiet, countQuiet and captures.
var gen = bitgen.NewLister((*Engine).capturers, (*Engine).quiet, (*Engine).countQuiet, (*Engine).captures)

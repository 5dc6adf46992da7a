package bitboard8

import (
	"math/bits"
	"sync"
)

// Generate fills ml with the legal moves of p, capture paths with the same
// effect merged (Drop mode) after the precedence rule has chosen among them.
func (e *Engine) Generate(p Position, ml *MoveList) {
	ml.N = 0
	if men, kings := e.capturers(p); men|kings != 0 {
		n, overflow := e.captures(p, men, kings, ml.Moves[:])
		if overflow {
			n = e.capturesBeyond(p, men, kings, &ml.more)
		}
		ml.N = n
		return
	}
	e.quiet(p, ml)
}

// capturesBeyond lists the captures of a position that has more than
// MaxMoves of them in *more, grown (and kept) until they fit, and returns
// how many. Only Turkish positions, and strange ones, come here.
func (e *Engine) capturesBeyond(p Position, men, kings uint64, more *[]Move) int {
	size := max(cap(*more), 4*MaxMoves)
	for {
		if cap(*more) < size {
			*more = make([]Move, size)
		}
		*more = (*more)[:cap(*more)]
		n, overflow := e.captures(p, men, kings, *more)
		if !overflow {
			return n
		}
		size = 2 * cap(*more)
	}
}

// CountMoves returns len(Generate) and whether the moves capture, without
// building the quiet moves.
func (e *Engine) CountMoves(p Position) (n int, capture bool) {
	men, kings := e.capturers(p)
	if men|kings == 0 {
		return e.countQuiet(p), false
	}
	// Captures are merged, so they are listed: in a small list on the stack
	// (cheap to clear), or in a full one if it overflows.
	var small [smallList]Move
	n, overflow := e.captures(p, men, kings, small[:])
	if overflow {
		ml := listPool.Get().(*MoveList)
		n, overflow = e.captures(p, men, kings, ml.Moves[:])
		if overflow {
			n = e.capturesBeyond(p, men, kings, &ml.more)
		}
		listPool.Put(ml)
	}
	return n, true
}

// smallList is the capacity of CountMoves' first list: far above the
// captures of a real game, small enough to clear at every call.
const smallList = 32

// listPool holds CountMoves' lists for positions with more than smallList
// captures: a MoveList is 8 KiB, too big to clear on every call.
var listPool = sync.Pool{New: func() any { return new(MoveList) }}

// HasCapture reports whether the side to move must capture.
func (e *Engine) HasCapture(p Position) bool {
	men, kings := e.capturers(p)
	return men|kings != 0
}

// capturers returns the men and the kings of the side to move that can make
// a first jump.
func (e *Engine) capturers(p Position) (men, kings uint64) {
	own, opp, c := p.sides()
	occ := own | opp
	empty := e.board &^ occ
	prey := opp
	if !e.menTakeKings {
		prey &^= p.Kings
	}
	men = jumpers(&e.manJump[c], own&^p.Kings, prey, empty)
	if !e.flying {
		return men, jumpers(&e.kingJump, own&p.Kings, opp, empty)
	}
	for k := own & p.Kings; k != 0; k &= k - 1 {
		if s := bits.TrailingZeros64(k) & 63; e.flyingCanJump(s, occ, opp) {
			kings |= 1 << s
		}
	}
	return men, kings
}

// jumpers returns the pieces of from that can make a single jump in one of
// the groups: the victim next to them in prey, the square behind it empty.
func jumpers(gs *groups[jumpGroup], from, prey, empty uint64) uint64 {
	var out uint64
	for _, g := range gs.slice() {
		out |= from & g.from & g.victim.apply(prey) & g.landing.apply(empty)
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

// captures lists in moves the captures the precedence rule allows, made by
// the given men and kings (those that can jump), and returns how many; on
// overflow the list is incomplete.
func (e *Engine) captures(p Position, men, kings uint64, moves []Move) (n int, overflow bool) {
	own, opp, c := p.sides()
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

// quiet appends the moves without capture.
func (e *Engine) quiet(p Position, ml *MoveList) {
	own, opp, c := p.sides()
	empty := e.board &^ (own | opp)
	men := own &^ p.Kings
	n := ml.N
	for _, g := range e.manStep[c].slice() {
		for t := g.to.apply(men&g.from) & empty; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			ml.Moves[n] = Move{From: uint8(to - int(g.delta)), To: uint8(to), Promotes: e.promo[c]>>to&1 != 0}
			n++
		}
	}
	for k := own & p.Kings; k != 0; k &= k - 1 {
		s := bits.TrailingZeros64(k)
		for t := e.kingMoves(s, empty); t != 0; t &= t - 1 {
			ml.Moves[n] = Move{From: uint8(s), To: uint8(bits.TrailingZeros64(t))}
			n++
		}
	}
	ml.N = n
}

// countQuiet returns the number of moves quiet would list.
func (e *Engine) countQuiet(p Position) int {
	own, opp, c := p.sides()
	empty := e.board &^ (own | opp)
	men := own &^ p.Kings
	n := 0
	for _, g := range e.manStep[c].slice() {
		n += bits.OnesCount64(g.to.apply(men&g.from) & empty)
	}
	for k := own & p.Kings; k != 0; k &= k - 1 {
		n += bits.OnesCount64(e.kingMoves(bits.TrailingZeros64(k), empty))
	}
	return n
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

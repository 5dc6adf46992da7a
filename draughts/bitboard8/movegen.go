package bitboard8

import (
	"math/bits"

	"metz/draughts/internal/bitgen"
)

// Generate fills ml with the legal moves of p (AppendMoves into ml's
// buffer, kept for the next call).
func (e *Engine) Generate(p Position, ml *MoveList) { ml.Set(e.AppendMoves(p, ml.Buffer())) }

// AppendMoves appends the moves Generate lists to buf, written in place
// (buf grows to MaxMoves free places once): the captures listed by a
// direct call, and again into a grown list if they overflow.
func (e *Engine) AppendMoves(p Position, buf []Move) []Move {
	men, kings := e.capturers(p)
	buf = bitgen.Room(buf)
	n0, n, overflow := len(buf), 0, false
	if men|kings == 0 {
		n = e.quiet(p, buf[n0:n0+MaxMoves])
	} else if n, overflow = e.captures(p, men, kings, buf[n0:n0+MaxMoves]); overflow {
		return bitgen.AppendCaptures(buf, func(dst []Move) (int, bool) { return e.captures(p, men, kings, dst) })
	}
	return buf[:n0+n]
}

// CountMoves returns len(Generate) and whether the moves capture, without
// building the quiet moves.
func (e *Engine) CountMoves(p Position) (n int, capture bool) {
	men, kings := e.capturers(p)
	if men|kings == 0 {
		return e.countQuiet(p), false
	}
	// Captures are merged, so they are listed: first in a small list on
	// the stack (the call is direct, so that the list stays there).
	var small [bitgen.SmallList]Move
	if n, overflow := e.captures(p, men, kings, small[:]); !overflow {
		return n, true
	}
	return bitgen.CountCaptures(&listPool, func(dst []Move) (int, bool) { return e.captures(p, men, kings, dst) }), true
}

// listPool holds CountMoves' lists for positions with more than
// bitgen.SmallList captures.
var listPool bitgen.Pool[Move]

// HasCapture reports whether the side to move must capture.
func (e *Engine) HasCapture(p Position) bool {
	men, kings := e.capturers(p)
	return men|kings != 0
}

// capturers returns the men and the kings of the side to move that can make
// a first jump.
func (e *Engine) capturers(p Position) (men, kings uint64) {
	own, opp, c := p.Sides()
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

// captures lists in moves the captures the precedence rule allows, made by
// the given men and kings (those that can jump), and returns how many; on
// overflow the list is incomplete.
func (e *Engine) captures(p Position, men, kings uint64, moves []Move) (n int, overflow bool) {
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

package bitboard12

import (
	"metz/draughts"
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
	if men.Or(kings).IsZero() {
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
	if men.Or(kings).IsZero() {
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
	return !men.Or(kings).IsZero()
}

// capturers returns the men and the kings of the side to move that can
// make a first jump.
func (e *Engine) capturers(p Position) (men, kings Bits) {
	own, opp, _ := p.Sides()
	occ := own.Or(opp)
	empty := e.board.AndNot(occ)
	for _, g := range e.manJump[0].Slice() {
		men = men.Or(g.From.And(shr(opp, uint(g.victim))).And(shr(empty, uint(g.landing))))
	}
	for _, g := range e.manJump[1].Slice() {
		men = men.Or(g.From.And(shl(opp, uint(g.victim))).And(shl(empty, uint(g.landing))))
	}
	men = men.And(own.AndNot(p.Kings))
	for k := own.And(p.Kings); !k.IsZero(); k = k.withoutLowest() {
		if s := k.lowest(); e.flyingCanJump(s, occ, opp) {
			kings = kings.Or(bit(s))
		}
	}
	return men, kings
}

// flyingCanJump reports whether a flying king on s can jump a piece of opp.
func (e *Engine) flyingCanJump(s int, occ, opp Bits) bool {
	for d := range 4 {
		blk := e.ray[s][d].And(occ)
		if blk.IsZero() {
			continue
		}
		v := e.nearest(d, blk)
		if opp.Has(v) && !e.nb[v][d].AndNot(occ).IsZero() {
			return true
		}
	}
	return false
}

// captures lists in moves the captures the majority rule allows, made by
// the given men and kings (those that can jump), and returns how many; on
// overflow the list is incomplete.
func (e *Engine) captures(p Position, men, kings Bits, moves []Move) (n int, overflow bool) {
	own, opp, c := p.Sides()
	empty := e.board.AndNot(own.Or(opp))
	cs := capSearch{e: e, moves: moves, prey: opp, promo: e.promo[c]}
	if e.rules.Precedence == draughts.QuantityKings {
		cs.kingPrey = opp.And(p.Kings)
	}
	for pieces := men.Or(kings); !pieces.IsZero(); pieces = pieces.withoutLowest() {
		s := pieces.lowest()
		king := kings.Has(s)
		cs.empty = empty.Or(bit(s)) // the origin is empty for the whole move
		cs.from, cs.man, cs.start = uint8(s), !king, cs.n
		cs.search(s, king, 0)
	}
	return cs.n, cs.overflow
}

// quiet lists in moves (of MaxMoves places) the moves without capture
// and returns how many.
func (e *Engine) quiet(p Position, moves []Move) int {
	own, opp, c := p.Sides()
	empty := e.board.AndNot(own.Or(opp))
	men := own.AndNot(p.Kings)
	promo := e.promo[c]
	n := 0
	for _, g := range e.manStep[c].Slice() {
		for t := g.To.apply(men.And(g.From)).And(empty); !t.IsZero(); t = t.withoutLowest() {
			to := t.lowest()
			moves[n] = Move{From: uint8(to - int(g.Delta)), To: uint8(to), Promotes: promo.Has(to)}
			n++
		}
	}
	for k := own.And(p.Kings); !k.IsZero(); k = k.withoutLowest() {
		s := k.lowest()
		for t := e.kingMoves(s, empty); !t.IsZero(); t = t.withoutLowest() {
			moves[n] = Move{From: uint8(s), To: uint8(t.lowest())}
			n++
		}
	}
	return n
}

// countQuiet returns the number of moves quiet would list.
func (e *Engine) countQuiet(p Position) int {
	own, opp, c := p.Sides()
	empty := e.board.AndNot(own.Or(opp))
	men := own.AndNot(p.Kings)
	n := 0
	for _, g := range e.manStep[c].Slice() {
		n += g.To.apply(men.And(g.From)).And(empty).Count()
	}
	for k := own.And(p.Kings); !k.IsZero(); k = k.withoutLowest() {
		n += e.kingMoves(k.lowest(), empty).Count()
	}
	return n
}

// kingMoves returns the squares a flying king on s can move to without
// capture.
func (e *Engine) kingMoves(s int, empty Bits) Bits {
	var t Bits
	for d := range 4 {
		t = t.Or(e.run(e.ray[s][d], d, empty))
	}
	return t
}

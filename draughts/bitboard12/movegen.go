package bitboard12

import (
	"metz/draughts"
	"metz/draughts/internal/bitgen"
)

// capturers returns the men and the kings of the side to move that can
// make a first jump.
func (e *Engine) capturers(p Position) bitgen.Capturers[Bits] {
	own, opp, _ := p.Sides()
	occ := own.Or(opp)
	empty := e.board.AndNot(occ)
	var men, kings Bits
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
	return bitgen.Capturers[Bits]{Men: men, Kings: kings}
}

// captures lists in moves the captures the majority rule allows (moves
// nil: in a small list of its own, to count them), made by the capturers
// cp, and returns how many; on overflow the list is incomplete.
func (e *Engine) captures(cp bitgen.Capturers[Bits], p Position, moves []Move) (n int, overflow bool) {
	moves = bitgen.SmallIfNil(moves)
	men, kings := cp.Men, cp.Kings
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

// kingMoves returns the squares a flying king on s can move to without
// capture.
func (e *Engine) kingMoves(s int, empty Bits) Bits {
	var t Bits
	for d := range 4 {
		t = t.Or(e.run(e.ray[s][d], d, empty))
	}
	return t
}

// gen is the listing of Generate, AppendMoves and CountMoves (bitgen's),
// on this package's capturers, quiet, countQuiet and captures.
var gen = bitgen.NewLister((*Engine).capturers, (*Engine).quiet, (*Engine).countQuiet, (*Engine).captures)

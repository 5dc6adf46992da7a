package bitboard12

import (
	"math/bits"

	"metz/draughts/internal/bitgen"
)

// capSearch is the state of the depth-first search of capture paths. It
// lives on the generator's stack; the recursion is at most one level per
// piece taken.
//
// Under international rules a taken piece stays on the board until the
// move ends: it is no longer prey (it may not be jumped twice) and it is
// not empty (it blocks rays and landings). So the search keeps two sets,
// both changed by each jump and restored after it: prey and captured; the
// empty squares never change during a search (the moving piece's origin is
// among them for the whole move: it may pass over or stop on it).
type capSearch struct {
	e        *Engine
	moves    []Move // the output, its capacity fixed; n of them are filled
	n        int
	start    int  // the first move of the current moving piece (see emit)
	overflow bool // a move of the best count did not fit in moves
	empty    Bits // empty squares, the moving piece's origin among them
	prey     Bits // enemy pieces not yet taken
	captured Bits // pieces taken so far on this path
	kingPrey Bits // enemy kings whose capture ranks a path (see takes)
	count    int  // the pieces taken so far, as takes weighs them
	best     int  // the count of the moves listed (majority rule)
	promo    Bits // the crowning row of the side to move
	from     uint8
	man      bool // the moving piece is a man
}

// jump finds the jump from s in direction d by a king or a man: the victim
// and the squares the piece may land on (land empty: no jump).
func (cs *capSearch) jump(s, d int, king bool) (v int, land Bits) {
	e := cs.e
	if king {
		blk := e.ray[s][d].AndNot(cs.empty)
		if blk.IsZero() {
			return 0, Bits{}
		}
		v = e.nearest(d, blk)
		if !cs.prey.Has(v) {
			return 0, Bits{}
		}
		return v, e.run(e.ray[v][d], d, cs.empty)
	}
	v = int(e.nbSq[s][d])
	if v < 0 || !cs.prey.Has(v) {
		return 0, Bits{}
	}
	return v, e.nb[v][d].And(cs.empty)
}

// search explores every jump from s, except in the directions of skip, and
// reports whether there was one. The complete paths are recorded by the
// caller's land, which alone knows whether a landing square ends the path.
func (cs *capSearch) search(s int, king bool, skip uint8) bool {
	found := false
	for dirs := 0xF &^ skip; dirs != 0; dirs &= dirs - 1 {
		d := bits.TrailingZeros8(dirs)
		v, land := cs.jump(s, d, king)
		if land.IsZero() {
			continue
		}
		found = true
		vb := bit(v)
		cs.prey, cs.captured = cs.prey.AndNot(vb), cs.captured.Or(vb)
		w := cs.takes(v)
		cs.count += w
		cs.land(land, d, king)
		cs.count -= w
		cs.prey, cs.captured = cs.prey.Or(vb), cs.captured.AndNot(vb)
	}
	return found
}

// pieceWeight is what a piece taken adds to a path's count, and a king
// among them one more when kings rank paths (the most pieces, then the
// most kings: Manoury's rule): no capture takes pieceWeight pieces, so
// one piece more always outweighs any number of kings.
const pieceWeight = 128

// takes is what taking the piece on v adds to the path's count.
func (cs *capSearch) takes(v int) int {
	if cs.kingPrey.Has(v) {
		return pieceWeight + 1
	}
	return pieceWeight
}

// land goes on from the landing squares of a jump in direction d. The
// reverse direction is never searched: the victim, taken, still stands
// there, so no jump back over it is possible.
func (cs *capSearch) land(land Bits, d int, king bool) {
	back := uint8(1) << (3 - d)
	if land.single() { // a man, or a king with one square behind its victim
		l := land.lowest()
		if !cs.search(l, king, back) {
			cs.emit(l)
		}
		return
	}
	cs.flyingLand(land, d, back)
}

// flyingLand continues a flying king's capture from the run of empty
// squares behind its victim. The must-continue rule: if the capture can go
// on from some landing square, the others may not end it. Going on
// straight ahead is the same from every square of the run (the same next
// piece, the same squares behind it), so it is searched from one square
// only, and then every square of the run goes on.
func (cs *capSearch) flyingLand(land Bits, d int, back uint8) {
	ahead := uint8(1) << d
	l0 := land.lowest()
	if _, straight := cs.jump(l0, d, true); !straight.IsZero() {
		cs.search(l0, true, back)
		for rest := land.withoutLowest(); !rest.IsZero(); rest = rest.withoutLowest() {
			cs.search(rest.lowest(), true, back|ahead)
		}
		return
	}
	var ends Bits
	for rest := land; !rest.IsZero(); rest = rest.withoutLowest() {
		if l := rest.lowest(); !cs.search(l, true, back|ahead) {
			ends = ends.Or(bit(l))
		}
	}
	if ends != land { // the capture went on from some square
		return
	}
	for ; !ends.IsZero(); ends = ends.withoutLowest() {
		cs.emit(ends.lowest())
	}
}

// emit records the complete path of the moving piece ending on to. The
// majority rule: it is dropped if it takes fewer pieces than the moves
// listed, and replaces them all if it takes more. A move equal to one
// listed (another path to the same square taking the same pieces) is
// merged with it; only the current piece's moves can be equal, since From
// is part of a move. A move that does not fit sets overflow, and the
// caller starts again with a larger list; a better count clears it, the
// lost moves being worse.
func (cs *capSearch) emit(to int) {
	if cs.count < cs.best {
		return
	}
	if cs.count > cs.best {
		cs.best, cs.n, cs.start, cs.overflow = cs.count, 0, 0, false
	}
	m := Move{Captured: cs.captured, From: cs.from, To: uint8(to), Promotes: cs.man && cs.promo.Has(to)}
	var full bool
	if cs.n, full = bitgen.Merge(cs.moves, cs.start, cs.n, m); full {
		cs.overflow = true
	}
}

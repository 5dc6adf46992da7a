package bitboard8

import (
	"math/bits"

	"metz/draughts/internal/bitgen"
)

// Capture scores. The precedence rules compare capture paths on a tuple —
// pieces taken, then (Italian, Czech) whether the capturing piece is a king, then
// kings taken, then (Italian) the king met earliest — which packs into one
// integer so that the preferred paths are those of the largest score. The
// Engine's scoreMask keeps the fields its rules compare (none for Free).
const (
	scoreCount    = uint64(0xFFFF) << 48 // pieces taken
	scoreFromKing = uint64(1) << 47      // the capturing piece is a king
	scoreKings    = uint64(0x7F) << 40   // kings taken
	// The low 40 bits are the king flags of the victims in capture order,
	// the first victim highest: between paths taking as many pieces (the
	// field above it), the larger is the one meeting a king first, the
	// generic engine's keepEarliestKing. Only Italian compares them, whose
	// board has 32 squares: a path takes at most 31 pieces. On Turkish's 64
	// squares a path may take more than 40, so emit masks the field, lest
	// it spill into the counts.
	scoreOrder = uint64(1)<<40 - 1
)

// capSearch is the state of the depth-first search of capture paths. It
// lives on the generator's stack; the recursion is at most one level per
// piece taken.
type capSearch struct {
	e        *Engine
	moves    []Move // the output, its capacity fixed; n of them are filled
	n        int
	overflow bool   // a move did not fit in moves (see emit)
	empty    uint64 // empty squares; the moving piece's origin counts as empty
	prey     uint64 // enemy pieces not yet taken (taken ones block, unless lifted)
	kings    uint64 // the position's kings, both colours
	captured uint64 // pieces taken so far on this path
	best     uint64 // score of the moves listed
	fromKing uint64 // scoreFromKing if the moving piece is a king
	lift     bool   // taken pieces leave the board at once (Turkish): see jump
	col      int    // colour index of the side to move (0 White, 1 Black)
	manDirs  uint8  // directions the side's men capture in
	from     uint8
	man      bool // the moving piece started as a man
}

// jump finds the jump from s in direction d by a king or a man: the victim
// and the squares the piece may land on (land == 0: no jump).
//
// Where taken pieces leave the board at once (Turkish), their squares are
// empty to a flying king, which may cross them, or stop on them, later in
// the move. To a man or a short king they make no difference, so the
// search only adds them to the empty squares here, in a flying king's
// scan: each of its jumps moves such a piece two squares along a line, so
// it only ever lands on squares at even offsets (in both coordinates) from
// its origin, while its victims stood at odd ones; and it jumps only a
// piece of prey, which a taken square, lifted or not, no longer holds.
func (cs *capSearch) jump(s, d int, king bool) (v int, land uint64) {
	e := cs.e
	prey := cs.prey
	if !king && !e.menTakeKings {
		prey &^= cs.kings
	}
	if king && e.flying {
		empty := cs.empty
		if cs.lift {
			empty |= cs.captured
		}
		blk := e.ray[s][d] &^ empty
		if blk == 0 {
			return 0, 0
		}
		v = e.nearest(d, blk)
		if prey>>v&1 == 0 {
			return 0, 0
		}
		if e.landsBehind {
			return v, e.nb[v][d] & empty
		}
		r := e.ray[v][d]
		return v, e.before(d, r, r&^empty)
	}
	if e.nb[s][d]&prey == 0 {
		return 0, 0
	}
	v = int(e.nbSq[s][d])
	return v, e.nb[v][d] & cs.empty
}

// search explores every jump from s, except in the directions of skip, and
// reports whether there was one. The complete paths are recorded by the
// caller's land, which alone knows whether a landing square ends the path.
func (cs *capSearch) search(s int, king, crowned bool, order uint64, skip uint8) bool {
	dirs := uint8(0xF)
	if !king {
		dirs = cs.manDirs
	}
	dirs &^= skip
	found := false
	for ; dirs != 0; dirs &= dirs - 1 {
		d := bits.TrailingZeros8(dirs)
		v, land := cs.jump(s, d, king)
		if land == 0 {
			continue
		}
		found = true
		vb := uint64(1) << v
		cs.prey &^= vb
		cs.captured |= vb
		cs.land(land, d, king, crowned, order<<1|cs.kings>>v&1)
		cs.prey |= vb
		cs.captured &^= vb
	}
	return found
}

// land goes on from the landing squares land of a jump in direction d. The
// reverse direction is not searched: where the victim stays on the board,
// taken, no jump back over it is possible; where it is lifted at once,
// Turkish rules forbid the 180-degree turn, as the generic engine does
// (its jumps skip the reverse of the last direction). Thai rules allow it.
func (cs *capSearch) land(land uint64, d int, king, crowned bool, order uint64) {
	back := uint8(1) << (3 - d)
	if cs.e.turnBack {
		back = 0
	}
	if land&(land-1) == 0 { // one landing square: a man, a short king, a short run
		l := bits.TrailingZeros64(land)
		k := king || cs.e.becomeKing && cs.e.promo[cs.col]>>l&1 != 0
		if !cs.search(l, k, crowned || k && !king, order, back) {
			cs.emit(l, crowned, order)
		}
		return
	}
	cs.flyingLand(land, d, crowned, order, back)
}

// flyingLand continues a flying king's capture from the run of empty
// squares land behind its victim. The must-continue rule: if the capture
// can go on from some landing square, the others may not end it. Going on
// straight ahead is the same from every square of the run (same next
// piece, same squares behind it), so it is searched from one only, and
// then every square of the run continues.
func (cs *capSearch) flyingLand(land uint64, d int, crowned bool, order uint64, back uint8) {
	l0 := bits.TrailingZeros64(land)
	_, straight := cs.jump(l0, d, true)
	ahead := uint8(1) << d
	if straight != 0 {
		cs.search(l0, true, crowned, order, back)
		for rest := land & (land - 1); rest != 0; rest &= rest - 1 {
			cs.search(bits.TrailingZeros64(rest), true, crowned, order, back|ahead)
		}
		return
	}
	var ends uint64
	for rest := land; rest != 0; rest &= rest - 1 {
		l := bits.TrailingZeros64(rest)
		if !cs.search(l, true, crowned, order, back|ahead) {
			ends |= 1 << l
		}
	}
	if ends != land { // the capture went on from some square
		return
	}
	for ; ends != 0; ends &= ends - 1 {
		cs.emit(bits.TrailingZeros64(ends), crowned, order)
	}
}

// emit records the complete path of the moving piece ending on to: it is
// kept if its score is the best so far (dropping the worse ones found
// before), merged with an equal move already listed. A move that does not
// fit sets overflow: the caller then starts again with a larger list.
func (cs *capSearch) emit(to int, crowned bool, order uint64) {
	c := cs.captured
	score := uint64(bits.OnesCount64(c))<<48 | cs.fromKing | uint64(bits.OnesCount64(c&cs.kings))<<40 | order&scoreOrder
	score &= cs.e.scoreMask
	if score < cs.best {
		return
	}
	if score > cs.best {
		cs.best, cs.n = score, 0
	}
	m := Move{Captured: c, From: cs.from, To: uint8(to),
		Promotes: cs.man && (crowned || cs.e.promo[cs.col]>>to&1 != 0)}
	var full bool
	if cs.n, full = bitgen.Merge(cs.moves, 0, cs.n, m); full {
		cs.overflow = true
	}
}

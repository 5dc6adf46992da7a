package bitboard10

import "math/bits"

// King moves and captures.
//
// Quiet moves and the test "can a king capture?" are done for all kings at
// once, one slide per direction: the squares a king reaches in direction d
// are the empty run after it, and the runs of two kings in the same
// direction never overlap (a king stops before the other). So the number of
// quiet king moves is the sum of four popcounts, whatever the number of
// kings.
//
// A capture search follows runs: after jumping a piece in direction d the
// king may stop on any square of the empty run behind it. From each square
// of the run it may turn into the two perpendicular directions; at the end
// of the run it may jump on in direction d. Going back is impossible (the
// captured piece, still on the board, blocks). The straight continuation is
// the same from every square of the run, so it is tried once: one path in
// keep mode too (see GenerateKeep).

// fillUp returns gen and the squares reached from it by moving through
// empty squares towards lower bits, s bits a step (s = 6: up-left, 5:
// up-right). Doubling steps (1, 2, 4, 8 squares) cover the longest run, 9
// squares, without a data-dependent branch.
func fillUp(gen, empty uint64, s uint) uint64 {
	gen |= empty & (gen >> s)
	empty &= empty >> s
	gen |= empty & (gen >> (2 * s))
	empty &= empty >> (2 * s)
	gen |= empty & (gen >> (4 * s))
	empty &= empty >> (4 * s)
	return gen | empty&(gen>>(8*s))
}

// fillDown is fillUp towards higher bits (s = 5: down-left, 6: down-right).
func fillDown(gen, empty uint64, s uint) uint64 {
	gen |= empty & (gen << s)
	empty &= empty << s
	gen |= empty & (gen << (2 * s))
	empty &= empty << (2 * s)
	gen |= empty & (gen << (4 * s))
	empty &= empty << (4 * s)
	return gen | empty&(gen<<(8*s))
}

// kingFills returns the kings' runs in the four directions (up-left,
// up-right, down-left, down-right), each king with the empty squares it
// reaches: fillUp and fillDown of kings through empty. A lone king's runs
// (the usual case) are read off its rays instead, a table row and a bit
// scan each: fewer instructions than four fills.
func kingFills(kings, empty uint64) (f0, f1, f2, f3 uint64) {
	if kings&(kings-1) != 0 || kings == 0 {
		return fillUp(kings, empty, 6), fillUp(kings, empty, 5), fillDown(kings, empty, 5), fillDown(kings, empty, 6)
	}
	k := uint(bits.TrailingZeros64(kings)) & 63
	return loneRun(0, k, empty), loneRun(1, k, empty), loneRun(2, k, empty), loneRun(3, k, empty)
}

// loneRun is the run of the lone king on bit k in direction d: the king
// and the empty squares after it, up to the first square not in empty.
func loneRun(d int, k uint, empty uint64) uint64 {
	r := ray[d&3][k&63]
	return 1<<(k&63) | beforeBlocker(d, r, r&^empty)
}

// kingStarts returns, for each direction d, the squares from which a king
// of kings captures in direction d: the king's own square or the last
// square of its empty run, when a[d] (jumpTargets) holds it. If there is
// none, quiet is the number of quiet king moves: the squares of the runs
// (two kings' runs in one direction never overlap: one stops before the
// other).
func kingStarts(kings, empty, a0, a1, a2, a3 uint64) (s0, s1, s2, s3 uint64, quiet int) {
	f0, f1, f2, f3 := kingFills(kings, empty)
	quiet = bits.OnesCount64(f0) + bits.OnesCount64(f1) + bits.OnesCount64(f2) + bits.OnesCount64(f3) - 4*bits.OnesCount64(kings)
	return f0 & a0, f1 & a1, f2 & a2, f3 & a3, quiet
}

// kingSingles counts the kings' captures when none of them can take a
// second piece: the landing squares of the first jumps, whose starts are
// s0..s3 (kingStarts). From the run of landing squares behind a captured
// piece a king can go on only sideways or straight on; neither way passes
// the captured piece or the king's vacated origin (both lie on the way
// back), so fills through the position's empty squares and its jump
// targets a0..a3 (jumpTargets) decide for all runs at once. ok is false
// when some king can go on: the search must then count. (One king's run
// and another's never share a square, and single captures never merge.)
func kingSingles(s0, s1, s2, s3, empty, a0, a1, a2, a3 uint64) (n int, ok bool) {
	// Runs up-left and down-right turn up-right or down-left; the others
	// turn up-left or down-right. Most positions have one or two runs.
	if s0 != 0 {
		l := fillUp(s0>>12, empty, 6)
		if l&a0|fillUp(l, empty, 5)&a1|fillDown(l, empty, 5)&a2 != 0 {
			return 0, false
		}
		n += bits.OnesCount64(l)
	}
	if s1 != 0 {
		l := fillUp(s1>>10, empty, 5)
		if l&a1|fillUp(l, empty, 6)&a0|fillDown(l, empty, 6)&a3 != 0 {
			return 0, false
		}
		n += bits.OnesCount64(l)
	}
	if s2 != 0 {
		l := fillDown(s2<<10, empty, 5)
		if l&a2|fillUp(l, empty, 6)&a0|fillDown(l, empty, 6)&a3 != 0 {
			return 0, false
		}
		n += bits.OnesCount64(l)
	}
	if s3 != 0 {
		l := fillDown(s3<<12, empty, 6)
		if l&a3|fillUp(l, empty, 5)&a1|fillDown(l, empty, 5)&a2 != 0 {
			return 0, false
		}
		n += bits.OnesCount64(l)
	}
	return n, true
}

// nearestOnRay returns the bit index of the square of the non-empty set blk,
// a subset of a ray in direction d, nearest to the ray's origin.
func nearestOnRay(d int, blk uint64) uint {
	if d < 2 {
		return uint(63-bits.LeadingZeros64(blk)) & 63
	}
	return uint(bits.TrailingZeros64(blk)) & 63
}

// kingCaptures adds to g the maximal captures of kings, the kings of the
// side to move, whose first jumps are in starts (see kingStarts). One loop
// for each direction: each calls its own kingRun.
func (g *capGen) kingCaptures(starts *[4]uint64, kings, occ uint64) {
	j := behindEmpty(g.opp, ^occ&BoardMask)
	for x := starts[0]; x != 0; x &= x - 1 {
		b := uint(bits.TrailingZeros64(x)) & 63
		g.setKing(kingBehind(3, b, kings, occ), occ, &j)
		g.kingRunUL((b-12)&63, 1<<((b-6)&63), 1)
	}
	for x := starts[1]; x != 0; x &= x - 1 {
		b := uint(bits.TrailingZeros64(x)) & 63
		g.setKing(kingBehind(2, b, kings, occ), occ, &j)
		g.kingRunUR((b-10)&63, 1<<((b-5)&63), 1)
	}
	for x := starts[2]; x != 0; x &= x - 1 {
		b := uint(bits.TrailingZeros64(x)) & 63
		g.setKing(kingBehind(1, b, kings, occ), occ, &j)
		g.kingRunDL((b+10)&63, 1<<((b+5)&63), 1)
	}
	for x := starts[3]; x != 0; x &= x - 1 {
		b := uint(bits.TrailingZeros64(x)) & 63
		g.setKing(kingBehind(0, b, kings, occ), occ, &j)
		g.kingRunDR((b+12)&63, 1<<((b+6)&63), 1)
	}
}

// kingSingleMoves adds to g the kings' captures when none of them can
// take a second piece (kingSingles decides it from the masks), and then
// reports true; else it adds nothing and the captures must be searched
// (kingCaptures). It adds them in kingCaptures' order: by direction, by
// start, each run of landing squares from the captured piece outwards.
// Most of the kings' captures in a search against a lone king are such
// single ones, and emitting them directly spares the search of each run.
func (g *capGen) kingSingleMoves(starts *[4]uint64, kings, occ, a0, a1, a2, a3 uint64) bool {
	empty := ^occ & BoardMask
	if _, ok := kingSingles(starts[0], starts[1], starts[2], starts[3], empty, a0, a1, a2, a3); !ok {
		return false
	}
	if g.best > 1 {
		return true // the men take more: no single capture counts
	}
	g.best = 1
	for x := starts[0]; x != 0; x &= x - 1 {
		b := uint(bits.TrailingZeros64(x)) & 63
		g.singleRun(kingBehind(3, b, kings, occ), 1<<((b-6)&63), fillUp(1<<((b-12)&63), empty, 6), true)
	}
	for x := starts[1]; x != 0; x &= x - 1 {
		b := uint(bits.TrailingZeros64(x)) & 63
		g.singleRun(kingBehind(2, b, kings, occ), 1<<((b-5)&63), fillUp(1<<((b-10)&63), empty, 5), true)
	}
	for x := starts[2]; x != 0; x &= x - 1 {
		b := uint(bits.TrailingZeros64(x)) & 63
		g.singleRun(kingBehind(1, b, kings, occ), 1<<((b+5)&63), fillDown(1<<((b+10)&63), empty, 5), false)
	}
	for x := starts[3]; x != 0; x &= x - 1 {
		b := uint(bits.TrailingZeros64(x)) & 63
		g.singleRun(kingBehind(0, b, kings, occ), 1<<((b+6)&63), fillDown(1<<((b+12)&63), empty, 6), false)
	}
	return true
}

// singleRun adds the captures of the piece captured by the king on bit k
// ending on each square of run, nearest the piece first: the highest bit
// first on a run up the board (up), the lowest first down it.
func (g *capGen) singleRun(k uint, captured, run uint64, up bool) {
	ml := g.ml
	for ; run != 0; ml.N++ {
		var to uint
		if up {
			to = uint(63-bits.LeadingZeros64(run)) & 63
		} else {
			to = uint(bits.TrailingZeros64(run)) & 63
		}
		run &^= 1 << to
		ml.Moves[ml.N] = Move{Captured: captured, From: uint8(k), To: uint8(to)}
	}
}

// kingBehind returns the king of kings that captures from b: the king on
// b, or else the first piece behind b, in direction back.
func kingBehind(back int, b uint, kings, occ uint64) uint {
	if kings>>b&1 != 0 {
		return b
	}
	return nearestOnRay(back, ray[back&3][b&63]&occ)
}

// setKing prepares g for captures by the king on bit k: its square becomes
// empty, which lets the pieces next to it be jumped towards it.
func (g *capGen) setKing(k uint, occ uint64, j *[4]uint64) {
	o := uint64(1) << k
	g.from = uint8(k)
	g.occ = occ &^ o
	g.empty = ^g.occ & BoardMask
	g.jd[0] = j[0] | g.opp&(o<<6)
	g.jd[1] = j[1] | g.opp&(o<<5)
	g.jd[2] = j[2] | g.opp&(o>>5)
	g.jd[3] = j[3] | g.opp&(o>>6)
}

// The kingRun functions (kingRunUL, kingRunUR, kingRunDL, kingRunDR: one
// for each direction d, written out by gen_kingrun.go so that the shifts
// and the tables' rows are constants) continue a king capture that has
// just jumped in direction d and may stop on l, the first square of the
// empty run behind the captured piece, or on the squares after it.
// captured holds the n pieces captured. From each square of the run they
// look into the two directions at right angles (towards lower bits first:
// up-right and down-left for up-left and down-right runs, up-left and
// down-right for the others), then, at the end of the run, straight on.
// (Few values live across the loop: the calls spill every one of them.)
//
//go:generate go run gen_kingrun.go

// runEnds records the captures of n pieces (captured) ending on the run of
// landing squares from first to last in direction d, from none of which
// the king can take another piece.
func (g *capGen) runEnds(d int, first, last uint, captured uint64, n int) {
	if n < g.best {
		return
	}
	if g.count && (g.keep || n < 3) {
		// No duplicates to merge (see add): count the run.
		if n > g.best {
			g.best, g.ml.N, g.n = n, 0, 0
		}
		g.n += runLength(d, first, last)
		return
	}
	s := dirShift[d&3]
	for sq := first; ; sq = uint(int(sq)+s) & 63 {
		g.add(sq, captured, n, true)
		if sq == last {
			return
		}
	}
}

// runLength is the number of squares from a to b along direction d (b on
// a's ray, or a itself), both counted.
func runLength(d int, a, b uint) int {
	return bits.OnesCount64(ray[d&3][a&63]&^ray[d&3][b&63]) + 1
}

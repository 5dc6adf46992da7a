package bitboard10

import (
	"math/bits"
	"sync"
)

// MaxMoves is the capacity of a MoveList. Real positions have far fewer
// legal moves (the start position has 9); the margin covers constructed
// positions with many kings and keep-mode capture paths.
const MaxMoves = 1024

// MoveList is a fixed-capacity list of moves (no allocation). The zero value
// is an empty list; generation functions overwrite it.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

// Slice returns the moves as a slice aliasing the list.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }

// Generate fills ml with the legal moves of p, duplicate captures merged
// ("drop" mode: one move per origin, destination and captured set).
func (p *Position) Generate(ml *MoveList) { p.generate(ml, false) }

// GenerateKeep fills ml with the legal moves of p, one per distinct capture
// path ("keep" mode, for perft). A path is the sequence of captured pieces
// and of the squares where the piece turns: paths with the same origin,
// destination and captured set but a different order or different turning
// squares are all kept. A king that continues straight on over the next
// piece makes one path, not one per empty square it could have stopped on
// before it (dctl's convention; the published keep tables count this way).
func (p *Position) GenerateKeep(ml *MoveList) { p.generate(ml, true) }

// LegalMoves returns the legal moves (drop mode) as a new slice. Convenient,
// but allocates; use Generate in loops.
func (p *Position) LegalMoves() []Move {
	var ml MoveList
	p.generate(&ml, false)
	return append([]Move(nil), ml.Slice()...)
}

// capGen is the state of a capture search for one moving piece.
type capGen struct {
	ml   *MoveList
	best int    // number of pieces captured by the moves in ml
	opp  uint64 // enemy pieces
	occ  uint64 // occupied squares, the origin of the moving piece excluded
	// jd[d]: enemy pieces with an empty square right behind them in
	// direction d (the origin of the moving piece counts as empty), i.e.
	// the pieces a man next to them can jump in direction d.
	jd    [4]uint64
	empty uint64 // empty squares, the origin of the moving piece included
	from  uint8
	keep  bool
	// count: only the number of moves is wanted; captures that need no
	// merging may be counted in n instead of listed in ml.
	count bool
	n     int
}

// add records a complete capture of n pieces ending on bit to, keeping only
// the maximal captures (majority rule) and, in drop mode, merging duplicates.
// Duplicates need a loop: at least 4 captures for a man. For kings, the
// same-direction continuation (see kingRun) is explored from one landing
// square only, which leaves loops of at least 3 captures (a safe bound; the
// tests compare with dedupe of every move).
func (g *capGen) add(to uint, captured uint64, n int, king bool) {
	if n < g.best {
		return
	}
	if n > g.best {
		g.best = n
		g.ml.N = 0
		g.n = 0
	}
	if !g.keep && (n >= 4 || (king && n >= 3)) {
		for i := 0; i < g.ml.N; i++ {
			m := &g.ml.Moves[i]
			if m.Captured == captured && m.To == uint8(to) && m.From == g.from {
				return
			}
		}
	}
	g.ml.Moves[g.ml.N] = Move{Captured: captured, From: g.from, To: uint8(to)}
	g.ml.N++
}

// manCap continues the capture of a man standing on bit sq after capturing
// the pieces in captured (n of them). A capture that can go on one way
// only (the usual case) goes on in the loop: recursion, whose calls save
// and restore every live register, is kept for the forks.
func (g *capGen) manCap(sq uint, captured uint64, n int) {
	for {
		b := uint64(1) << (sq & 63)
		t0 := (b >> 6) & g.jd[0] &^ captured
		t1 := (b >> 5) & g.jd[1] &^ captured
		t2 := (b << 5) & g.jd[2] &^ captured
		t3 := (b << 6) & g.jd[3] &^ captured
		t := t0 | t1 | t2 | t3
		if t == 0 {
			if n > 0 {
				g.addMan(sq, captured, n)
			}
			return
		}
		if t&(t-1) == 0 { // one piece to take next, on f: land beyond it
			f := uint(bits.TrailingZeros64(t))
			sq = 2*f - sq
			captured |= t
			n++
			continue
		}
		if t0 != 0 {
			g.manCap(sq-12, captured|t0, n+1)
		}
		if t1 != 0 {
			g.manCap(sq-10, captured|t1, n+1)
		}
		if t2 != 0 {
			g.manCap(sq+10, captured|t2, n+1)
		}
		if t3 != 0 {
			g.manCap(sq+12, captured|t3, n+1)
		}
		return
	}
}

// addMan is add for a man's capture: one of fewer than four pieces has
// no duplicate to merge (see add), so when only the number of moves is
// wanted it is counted, not listed.
func (g *capGen) addMan(to uint, captured uint64, n int) {
	if !g.count || n >= 4 {
		g.add(to, captured, n, false)
		return
	}
	switch {
	case n < g.best:
		return
	case n > g.best:
		g.best, g.ml.N, g.n = n, 0, 0
	}
	g.n++
}

// beforeBlocker returns the squares of r (a ray in direction d) strictly
// before its first square in blk (all of r if blk is empty).
func beforeBlocker(d int, r, blk uint64) uint64 {
	if d < 2 { // blk has no bit 63 (the board's bits end at 53): no shift of 64
		return r &^ (1<<(uint(bits.Len64(blk))&63) - 1)
	}
	return r & ((blk & -blk) - 1)
}

// sides returns the pieces of the side to move and of the opponent.
func (p *Position) sides() (own, opp uint64) {
	if p.WhiteToMove {
		return p.White, p.Black
	}
	return p.Black, p.White
}

// manCaptures returns the men of men that can capture an enemy piece of opp.
func manCaptures(men, opp, empty uint64) uint64 {
	return men & ((opp>>6)&(empty>>12) | (opp>>5)&(empty>>10) | (opp<<5)&(empty<<10) | (opp<<6)&(empty<<12))
}

// kingMoves returns the squares a king on bit sq can move to (no capture).
func kingMoves(sq uint, occ uint64) uint64 {
	r0, r1, r2, r3 := ray[0][sq], ray[1][sq], ray[2][sq], ray[3][sq]
	return beforeBlocker(0, r0, r0&occ) | beforeBlocker(1, r1, r1&occ) |
		beforeBlocker(2, r2, r2&occ) | beforeBlocker(3, r3, r3&occ)
}

// KingSlides returns the squares a king on the single bit from reaches by
// a quiet move, empty being the board's empty squares: along each
// diagonal up to the first occupied square or the edge.
func KingSlides(from, empty uint64) uint64 {
	return kingMoves(uint(bits.TrailingZeros64(from))&63, ^empty)
}

// HasCapture reports whether the side to move must capture. A king can
// when its run in some direction reaches a square of jumpTargets in that
// direction. The runs are tested as they are, not through kingStarts,
// whose count of the quiet moves a yes or no does not need (a call and
// five bit counts: Vink's win/25, where the test runs some ten million
// times, 0.96 of the CPU, docs/performance.md); and in one function, not
// a wrapper and a helper (with stepSquares inlined, 0.96).
func (p *Position) HasCapture() bool {
	own, opp := p.sides()
	empty := ^(own | opp) & BoardMask
	if manCaptures(own&^p.Kings, opp, empty) != 0 {
		return true
	}
	kings := own & p.Kings
	if kings == 0 {
		return false
	}
	a0, a1, a2, a3 := jumpTargets(opp, empty)
	f0, f1, f2, f3 := kingFills(kings, empty)
	return f0&a0|f1&a1|f2&a2|f3&a3 != 0
}

// jumpTargets returns, for each direction d (0 = up-left, 1 = up-right,
// 2 = down-left, 3 = down-right), the squares x from which a man could
// capture in direction d: x+d holds a piece of opp and x+2d is empty.
//
// Each is the pieces with an empty square behind them, moved one step
// back: (opp & (empty<<6)) << 6 is (opp<<6) & (empty<<12) with a copy
// fewer (x86 shifts in place), and these masks are made for every child
// counted.
func jumpTargets(opp, empty uint64) (a0, a1, a2, a3 uint64) {
	a0 = (opp & (empty << 6)) << 6
	a1 = (opp & (empty << 5)) << 5
	a2 = (opp & (empty >> 5)) >> 5
	a3 = (opp & (empty >> 6)) >> 6
	return
}

// behindEmpty returns, for each direction d, the pieces of opp with an empty
// square right behind them in direction d: those a piece next to them can
// jump in direction d.
func behindEmpty(opp, empty uint64) [4]uint64 {
	return [4]uint64{opp & (empty << 6), opp & (empty << 5), opp & (empty >> 5), opp & (empty >> 6)}
}

// continuing returns the landing squares of the single man jumps j0..j3
// (j_d = men that can jump in direction d) from which the capture can go
// on. For a man, a continuation in any direction but the reverse one does
// not depend on the vacated origin nor on the captured piece (they lie in
// the reverse direction), so the masks of the position itself decide.
func continuing(j0, j1, j2, j3, a0, a1, a2, a3 uint64) uint64 {
	a01, a23 := a0|a1, a2|a3 // the unions of three from two of two
	return (j0>>12)&(a01|a2) | (j1>>10)&(a01|a3) | (j2<<10)&(a0|a23) | (j3<<12)&(a1|a23)
}

// menDoubles counts the men's captures of two pieces, given their first
// jumps j0..j3 (by direction) and the squares a0..a3 from which a man can
// jump in each direction (jumpTargets). A capture of two pieces is a first
// jump d followed by a second jump e from its landing square, e not back
// over the first piece; its second piece and landing square cannot be the
// first piece nor the man's vacated origin (they lie on the way back), so
// the position's masks decide it, one set of landing squares for each of
// the twelve pairs (d, e). When some capture goes on to a third piece,
// those are counted instead (see menTriples; opp: the other side's
// pieces, men: the side's men). best is the number of pieces the counted
// captures take (2, or 3). ok is false when the search must count.
// Two captures of two pieces never merge (see add), so the count holds in
// both modes.
func menDoubles(j0, j1, j2, j3, a0, a1, a2, a3, opp, men uint64) (n, best int, ok bool) {
	l0, l1, l2, l3 := j0>>12, j1>>10, j2<<10, j3<<12
	s00, s10, s20 := l0&a0, l1&a0, l2&a0
	s01, s11, s31 := l0&a1, l1&a1, l3&a1
	s02, s22, s32 := l0&a2, l2&a2, l3&a2
	s13, s23, s33 := l1&a3, l2&a3, l3&a3
	// The second jumps' starts by direction; two first jumps reach the
	// same square only from different men (rare): then the unions below
	// would undercount, and the search counts.
	e0, e1, e2, e3 := s00|s10|s20, s01|s11|s31, s02|s22|s32, s13|s23|s33
	if continuing(e0, e1, e2, e3, a0, a1, a2, a3) != 0 {
		if s00&s10|s00&s20|s10&s20|s01&s11|s01&s31|s11&s31|s02&s22|s02&s32|s22&s32|s13&s23|s13&s33|s23&s33 != 0 {
			return 0, 0, false
		}
		n, ok := menTriples(e0, e1, e2, e3, a0, a1, a2, a3, opp, men)
		return n, 3, ok
	}
	return bits.OnesCount64(s00) + bits.OnesCount64(s10) + bits.OnesCount64(s20) +
		bits.OnesCount64(s01) + bits.OnesCount64(s11) + bits.OnesCount64(s31) +
		bits.OnesCount64(s02) + bits.OnesCount64(s22) + bits.OnesCount64(s32) +
		bits.OnesCount64(s13) + bits.OnesCount64(s23) + bits.OnesCount64(s33), 2, true
}

// menTriples counts the men's captures of three pieces, given the squares
// e0..e3 from which their second jump starts, by its direction, each
// square reached by one first jump only (menDoubles; a0..a3: jumpTargets).
// As for two pieces, the position's masks decide a third jump f (not back
// over the second piece): three diagonal jumps cannot bring a man back to
// its origin, nor can the third piece be the first or the second unless a
// jump goes back. A fourth jump may land on the vacated origin, though: ok
// is false when a fourth jump is possible, landing on an empty square or
// on any of the side's men (men; opp: the other side's pieces). Captures
// of three pieces never merge (see add).
func menTriples(e0, e1, e2, e3, a0, a1, a2, a3, opp, men uint64) (n int, ok bool) {
	l0, l1, l2, l3 := e0>>12, e1>>10, e2<<10, e3<<12
	t00, t01, t02 := l0&a0, l0&a1, l0&a2
	t10, t11, t13 := l1&a0, l1&a1, l1&a3
	t20, t22, t23 := l2&a0, l2&a2, l2&a3
	t31, t32, t33 := l3&a1, l3&a2, l3&a3
	lm := men | ^(opp|men)&BoardMask
	b0, b1, b2, b3 := jumpTargets(opp, lm)
	if continuing(t00|t10|t20, t01|t11|t31, t02|t22|t32, t13|t23|t33, b0, b1, b2, b3) != 0 {
		return 0, false
	}
	return bits.OnesCount64(t00) + bits.OnesCount64(t01) + bits.OnesCount64(t02) +
		bits.OnesCount64(t10) + bits.OnesCount64(t11) + bits.OnesCount64(t13) +
		bits.OnesCount64(t20) + bits.OnesCount64(t22) + bits.OnesCount64(t23) +
		bits.OnesCount64(t31) + bits.OnesCount64(t32) + bits.OnesCount64(t33), true
}

// addMenCaptures is the number of captures of a side whose kings have
// single captures (kings of them) and whose men are men (a0..a3:
// jumpTargets; opp: the other side's pieces): the men's and the kings'
// single captures, or the men's captures of two or three pieces, which
// outnumber them. ok is false when a man can take four pieces or more:
// the search must count.
func addMenCaptures(kings int, men, opp, a0, a1, a2, a3 uint64) (int, bool) {
	j0, j1, j2, j3 := men&a0, men&a1, men&a2, men&a3
	if continuing(j0, j1, j2, j3, a0, a1, a2, a3) == 0 {
		return kings + bits.OnesCount64(j0) + bits.OnesCount64(j1) + bits.OnesCount64(j2) + bits.OnesCount64(j3), true
	}
	n, _, ok := menDoubles(j0, j1, j2, j3, a0, a1, a2, a3, opp, men)
	return n, ok
}

// menCapturesCounted is the number of the maximal captures of the men
// men (a0..a3: jumpTargets; opp: the other side's pieces), at least one of
// which can capture, and the number of pieces they take, counted from the
// masks; ok is false when a man may take four pieces or more.
func menCapturesCounted(men, opp, a0, a1, a2, a3 uint64) (n, best int, ok bool) {
	j0, j1, j2, j3 := men&a0, men&a1, men&a2, men&a3
	if continuing(j0, j1, j2, j3, a0, a1, a2, a3) == 0 {
		return bits.OnesCount64(j0) + bits.OnesCount64(j1) + bits.OnesCount64(j2) + bits.OnesCount64(j3), 1, true
	}
	return menDoubles(j0, j1, j2, j3, a0, a1, a2, a3, opp, men)
}

// generateCaptures fills ml with the maximal captures and returns the number
// of pieces they capture (0 and an empty list if there is no capture).
func (p *Position) generateCaptures(ml *MoveList, keep bool) int {
	own, opp := p.sides()
	best, _ := sideCaptures(ml, keep, false, own, opp, own&p.Kings, nil)
	return best
}

// sideCaptures fills ml with the maximal captures of the side to move own
// (its kings among them) against opp, and returns the number of pieces
// they capture. With count, captures that need no merging may only be
// counted: counted of them are not in ml. starts holds the first jumps of
// the kings (see kingStarts), or is nil to have them computed here. (The
// callers call it directly: a method in between, taking the sides from a
// Position, was a call more for every capture generated.)
func sideCaptures(ml *MoveList, keep, count bool, own, opp, kings uint64, starts *[4]uint64) (best, counted int) {
	ml.N = 0
	occ := own | opp
	empty := ^occ & BoardMask
	men := own &^ kings
	g := capGen{ml: ml, opp: opp, keep: keep, count: count}
	a0, a1, a2, a3 := jumpTargets(opp, empty)
	j0, j1, j2, j3 := men&a0, men&a1, men&a2, men&a3
	if j0|j1|j2|j3 != 0 {
		if cont := continuing(j0, j1, j2, j3, a0, a1, a2, a3); cont == 0 {
			// Only single jumps: emit them directly.
			n := 0
			for ; j0 != 0; j0 &= j0 - 1 {
				b := bits.TrailingZeros64(j0)
				ml.Moves[n] = Move{Captured: 1 << (b - 6), From: uint8(b), To: uint8(b - 12)}
				n++
			}
			for ; j1 != 0; j1 &= j1 - 1 {
				b := bits.TrailingZeros64(j1)
				ml.Moves[n] = Move{Captured: 1 << (b - 5), From: uint8(b), To: uint8(b - 10)}
				n++
			}
			for ; j2 != 0; j2 &= j2 - 1 {
				b := bits.TrailingZeros64(j2)
				ml.Moves[n] = Move{Captured: 1 << (b + 5), From: uint8(b), To: uint8(b + 10)}
				n++
			}
			for ; j3 != 0; j3 &= j3 - 1 {
				b := bits.TrailingZeros64(j3)
				ml.Moves[n] = Move{Captured: 1 << (b + 6), From: uint8(b), To: uint8(b + 12)}
				n++
			}
			ml.N = n
			g.best = 1
		} else {
			g.menCaptures(empty, j0, j1, j2, j3, cont)
		}
	}
	if kings != 0 {
		var ks [4]uint64
		if starts != nil {
			ks = *starts
		} else {
			ks[0], ks[1], ks[2], ks[3], _ = kingStarts(kings, empty, a0, a1, a2, a3)
		}
		if ks[0]|ks[1]|ks[2]|ks[3] != 0 && (count || !g.kingSingleMoves(&ks, kings, occ, a0, a1, a2, a3)) {
			g.kingCaptures(&ks, kings, occ)
		}
	}
	return g.best, g.n
}

// menCaptures searches the captures of the men whose first jump (j0..j3,
// by direction) can go on (cont: the landing squares from which it can;
// see continuing). Longer captures exist, and they start with one of
// these jumps, so only the men making them need a search.
func (g *capGen) menCaptures(empty, j0, j1, j2, j3, cont uint64) {
	starts := (cont&(j0>>12))<<12 | (cont&(j1>>10))<<10 | (cont&(j2<<10))>>10 | (cont&(j3<<12))>>12
	opp := g.opp
	j := behindEmpty(opp, empty)
	for ; starts != 0; starts &= starts - 1 {
		b := uint(bits.TrailingZeros64(starts)) & 63
		o := uint64(1) << b
		g.from = uint8(b)
		// The vacated origin lets the pieces next to it be jumped
		// towards it.
		g.jd[0] = j[0] | opp&(o<<6)
		g.jd[1] = j[1] | opp&(o<<5)
		g.jd[2] = j[2] | opp&(o>>5)
		g.jd[3] = j[3] | opp&(o>>6)
		g.manCap(b, 0, 0)
	}
}

// countMenCaptures is the number of legal moves of a side with men only
// (men; opp the other side's pieces, empty the empty squares), whose
// first jumps j0..j3 can go on from cont (see continuing): its maximal
// captures, counted, ml scratch space for those that must be merged.
func countMenCaptures(ml *MoveList, keep bool, opp, empty, j0, j1, j2, j3, cont uint64) int {
	ml.N = 0
	g := capGen{ml: ml, opp: opp, keep: keep, count: true}
	g.menCaptures(empty, j0, j1, j2, j3, cont)
	return g.n + ml.N
}

func (p *Position) generate(ml *MoveList, keep bool) {
	if p.generateCaptures(ml, keep) > 0 {
		return
	}
	own, opp := p.sides()
	occ := own | opp
	empty := ^occ & BoardMask
	men := own &^ p.Kings
	n := 0
	if p.WhiteToMove {
		for t := (men >> 6) & empty; t != 0; t &= t - 1 {
			b := bits.TrailingZeros64(t)
			ml.Moves[n] = Move{From: uint8(b + 6), To: uint8(b)}
			n++
		}
		for t := (men >> 5) & empty; t != 0; t &= t - 1 {
			b := bits.TrailingZeros64(t)
			ml.Moves[n] = Move{From: uint8(b + 5), To: uint8(b)}
			n++
		}
	} else {
		for t := (men << 5) & empty; t != 0; t &= t - 1 {
			b := bits.TrailingZeros64(t)
			ml.Moves[n] = Move{From: uint8(b - 5), To: uint8(b)}
			n++
		}
		for t := (men << 6) & empty; t != 0; t &= t - 1 {
			b := bits.TrailingZeros64(t)
			ml.Moves[n] = Move{From: uint8(b - 6), To: uint8(b)}
			n++
		}
	}
	for k := own & p.Kings; k != 0; k &= k - 1 {
		b := uint(bits.TrailingZeros64(k)) & 63
		for t := kingMoves(b, occ); t != 0; t &= t - 1 {
			ml.Moves[n] = Move{From: uint8(b), To: uint8(bits.TrailingZeros64(t))}
			n++
		}
	}
	ml.N = n
}

// countMenQuiet returns the number of non-capture moves of men (white: men
// moving up).
func countMenQuiet(men, empty uint64, white bool) int {
	if white {
		return bits.OnesCount64((men>>6)&empty) + bits.OnesCount64((men>>5)&empty)
	}
	return bits.OnesCount64((men<<5)&empty) + bits.OnesCount64((men<<6)&empty)
}

// countMoves returns the number of legal moves, using ml (nil: a pooled
// list) as scratch space.
func (p *Position) countMoves(ml *MoveList, keep bool) int {
	n, _ := p.countMovesCapture(ml, keep)
	return n
}

// countMovesCapture is countMoves, and whether the moves capture.
func (p *Position) countMovesCapture(ml *MoveList, keep bool) (int, bool) {
	own, opp := p.sides()
	occ := own | opp
	empty := ^occ & BoardMask
	men := own &^ p.Kings
	kings := own & p.Kings
	a0, a1, a2, a3 := jumpTargets(opp, empty)
	j0, j1, j2, j3 := men&a0, men&a1, men&a2, men&a3
	quiet, capture := 0, j0|j1|j2|j3 != 0
	var ks [4]uint64
	if kings != 0 {
		ks[0], ks[1], ks[2], ks[3], quiet = kingStarts(kings, empty, a0, a1, a2, a3)
		if ks[0]|ks[1]|ks[2]|ks[3] != 0 {
			capture = true
		}
	}
	if !capture {
		return quiet + countMenQuiet(men, empty, p.WhiteToMove), false
	}
	// The common captures counted from the masks; the others searched.
	n, ok := 0, true
	if ks[0]|ks[1]|ks[2]|ks[3] != 0 {
		n, ok = kingSingles(ks[0], ks[1], ks[2], ks[3], empty, a0, a1, a2, a3)
	}
	if ok {
		if n, ok = addMenCaptures(n, men, opp, a0, a1, a2, a3); ok {
			return n, true
		}
	}
	if ml == nil {
		ml = listPool.Get().(*MoveList)
		defer listPool.Put(ml)
	}
	_, counted := sideCaptures(ml, keep, true, own, opp, kings, &ks)
	return counted + ml.N, true
}

// CapturesOrQuiet fills ml with the maximal captures of p (drop mode, as
// Generate) and returns 0 when the side to move must capture; otherwise it
// empties ml and returns the number of quiet moves, without listing them.
// The capture test and the kings' runs are computed once for both
// answers: HasCapture followed by Generate or CountMoves computed them
// twice (a tenth of the endgame builder's first pass).
func (p *Position) CapturesOrQuiet(ml *MoveList) int {
	own, opp := p.sides()
	empty := ^(own | opp) & BoardMask
	a0, a1, a2, a3 := jumpTargets(opp, empty)
	var ks [4]uint64
	quiet := 0
	if own&p.Kings != 0 {
		ks[0], ks[1], ks[2], ks[3], quiet = kingStarts(own&p.Kings, empty, a0, a1, a2, a3)
	}
	if own&^p.Kings&(a0|a1|a2|a3)|ks[0]|ks[1]|ks[2]|ks[3] == 0 {
		ml.N = 0
		return quiet + countMenQuiet(own&^p.Kings, empty, p.WhiteToMove)
	}
	sideCaptures(ml, false, false, own, opp, own&p.Kings, &ks)
	return 0
}

// QuietOrCapture returns the number of quiet moves of p, or capture true
// when the side to move must capture (its captures not searched): the
// first half of CapturesOrQuiet, for the endgame builder where every
// capture takes the opponent's last piece. (CapturesOrQuiet keeps its
// own copy, without a call: the builder makes it for every position, and
// with a function of both a pair of three men took 3 % more CPU.)
func (p *Position) QuietOrCapture() (quiet int, capture bool) {
	own, opp := p.sides()
	empty := ^(own | opp) & BoardMask
	a0, a1, a2, a3 := jumpTargets(opp, empty)
	var s0, s1, s2, s3 uint64
	if own&p.Kings != 0 {
		s0, s1, s2, s3, quiet = kingStarts(own&p.Kings, empty, a0, a1, a2, a3)
	}
	if own&^p.Kings&(a0|a1|a2|a3)|s0|s1|s2|s3 == 0 {
		return quiet + countMenQuiet(own&^p.Kings, empty, p.WhiteToMove), false
	}
	return 0, true
}

// listPool holds scratch lists for CountMoves (a MoveList is 16 KiB: too big
// to zero on every call).
var listPool = sync.Pool{New: func() any { return new(MoveList) }}

// CountMoves returns the number of legal moves (drop mode), without
// materialising them unless several pieces can be captured.
func (p *Position) CountMoves() int { return p.countMoves(nil, false) }

// CountMovesCapture is CountMoves, and whether the moves capture (as
// HasCapture, found on the way).
func (p *Position) CountMovesCapture() (n int, capture bool) { return p.countMovesCapture(nil, false) }

// CountMovesKeep is CountMoves in keep mode.
func (p *Position) CountMovesKeep() int { return p.countMoves(nil, true) }

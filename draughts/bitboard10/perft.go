package bitboard10

import "math/bits"

// DefaultHashMB is the suggested transposition-table size for perft
// (PerftOptions.HashMB < 0). Larger tables were not faster up to depth 13
// from the start position: most transpositions are near the leaves, and a
// big table costs TLB misses and first-touch page clearing (512 MiB: 0.05 s
// to over 1 s of kernel time, depending on huge-page availability).
const DefaultHashMB = 64

// PerftOptions selects the perft variant.
type PerftOptions struct {
	// Bulk counts the moves at the last ply without playing them.
	Bulk bool
	// Keep counts every distinct capture path (keep mode) instead of one move
	// per (origin, destination, captured set) (drop mode, the default).
	Keep bool
	// HashMB is the size of the transposition table in MiB (rounded down to
	// a power of two). 0 means no table; negative means DefaultHashMB.
	HashMB int
}

// ttEntry stores the full position (no false hits) with the remaining depth
// and the side to move packed into the unused high bits of the kings.
type ttEntry struct {
	white, black, meta, count uint64
}

const (
	metaDepthShift = 56
	metaBlack      = 1 << 63
	maxTTDepth     = 127
)

// ttBucket is two entries, 64 bytes: slot 0 keeps the deepest result, slot
// 1 the most recent.
type ttBucket [2]ttEntry

// maxUsefulBuckets bounds the table by what a tree of that depth can fill
// (4^depth·16 buckets: far above the stored nodes of a draughts tree), so a
// shallow count does not pay for touching a large table's pages — 25–80 ms
// for 64 MB, against under 5 ms for the whole depth-7 count from the start.
func maxUsefulBuckets(depth int) uint64 {
	if depth >= 28 {
		return 1 << 62
	}
	return 1 << (2*depth + 4)
}

// ttMinDepth is the smallest remaining depth stored in the table.
var ttMinDepth = 2

type perfter struct {
	lists []MoveList
	tt    []ttBucket
	mask  uint64
	free  func()
	// hashes[d] holds the children's hashes at a node of depth d.
	hashes []([MaxMoves]uint64)
	sink   uint64
	keep   bool
	bulk   bool
}

func newPerfter(depth int, opt PerftOptions) *perfter {
	if depth < 1 {
		depth = 1
	}
	pf := &perfter{lists: make([]MoveList, depth+1), keep: opt.Keep, bulk: opt.Bulk}
	if opt.HashMB != 0 {
		pf.hashes = make([][MaxMoves]uint64, depth+1)
	}
	mb := opt.HashMB
	if mb < 0 {
		mb = DefaultHashMB
	}
	if mb > 0 {
		mb = min(mb, 1<<16)        // 64 GiB
		n := uint64(mb) << 20 / 64 // buckets
		n = 1 << (63 - bits.LeadingZeros64(n))
		n = min(n, max(maxUsefulBuckets(depth), 1<<10))
		for ; n >= 1<<10; n /= 2 { // smaller tables if memory is short
			if pf.tt, pf.free = allocTT(n); pf.tt != nil {
				pf.mask = n - 1
				break
			}
		}
		if pf.tt == nil {
			pf.hashes = nil // perft without a table
		}
	}
	return pf
}

// Perft returns the number of leaf nodes of the legal-move tree of depth
// plies from p (perft(0) = 1; a node without legal moves counts 0).
func Perft(p Position, depth int, opt PerftOptions) uint64 {
	if depth <= 0 {
		return 1
	}
	pf := newPerfter(depth, opt)
	defer pf.release()
	return pf.run(p, depth)
}

// release frees the transposition table.
func (pf *perfter) release() {
	if pf.free != nil {
		pf.free()
	}
	pf.tt, pf.free = nil, nil
}

func (pf *perfter) run(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if pf.tt != nil {
		return pf.perftTT(p, p.Hash(), depth)
	}
	return pf.perft(p, depth)
}

// DivideEntry is the perft count below one root move.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal root move (in generation order), the perft
// count of depth-1 below it. The sum of the counts is Perft(p, depth, opt).
func Divide(p Position, depth int, opt PerftOptions) []DivideEntry {
	if depth <= 0 {
		return nil
	}
	pf := newPerfter(depth, opt)
	defer pf.release()
	var ml MoveList
	p.generate(&ml, opt.Keep)
	out := make([]DivideEntry, 0, ml.N)
	for _, m := range ml.Slice() {
		c := p.Play(m)
		out = append(out, DivideEntry{Move: m, Nodes: pf.run(c, depth-1)})
	}
	return out
}

// perft without transposition table.
func (pf *perfter) perft(p Position, depth int) uint64 {
	if depth == 1 {
		if pf.bulk {
			return uint64(p.countMoves(&pf.lists[0], pf.keep))
		}
		p.generate(&pf.lists[1], pf.keep)
		return uint64(pf.lists[1].N)
	}
	if depth == 2 && pf.bulk && p.Kings == 0 {
		if n, ok := pf.countQuietMenChildren(&p); ok {
			return n
		}
	}
	ml := &pf.lists[depth]
	p.generate(ml, pf.keep)
	var sum uint64
	if depth == 2 && pf.bulk {
		return pf.countChildren(p, ml)
	}
	for i := 0; i < ml.N; i++ {
		c := p.Play(ml.Moves[i])
		sum += pf.perft(c, depth-1)
	}
	return sum
}

// perftTT is perft with the transposition table; h is p.Hash().
func (pf *perfter) perftTT(p Position, h uint64, depth int) uint64 {
	if depth < ttMinDepth || depth > maxTTDepth || (depth == 2 && !pf.bulk) {
		return pf.perft(p, depth)
	}
	meta := p.Kings | uint64(depth)<<metaDepthShift
	if !p.WhiteToMove {
		meta |= metaBlack
	}
	b := &pf.tt[h&pf.mask]
	if b[0].meta == meta && b[0].white == p.White && b[0].black == p.Black {
		return b[0].count
	}
	if b[1].meta == meta && b[1].white == p.White && b[1].black == p.Black {
		return b[1].count
	}
	var sum uint64
	ml := &pf.lists[depth]
	p.generate(ml, pf.keep)
	if depth == 2 {
		sum = pf.countChildren(p, ml)
	} else {
		// Compute the children's hashes and touch their buckets first: the
		// independent loads overlap in the memory system, so the probes
		// below mostly hit the cache.
		hs := &pf.hashes[depth]
		var touch uint64
		for i := 0; i < ml.N; i++ {
			hc := p.HashAfter(h, ml.Moves[i])
			hs[i] = hc
			touch += pf.tt[hc&pf.mask][0].meta
		}
		pf.sink += touch
		for i := 0; i < ml.N; i++ {
			c := p.Play(ml.Moves[i])
			sum += pf.perftTT(c, hs[i], depth-1)
		}
	}
	e := ttEntry{white: p.White, black: p.Black, meta: meta, count: sum}
	if uint64(depth) >= b[0].meta>>metaDepthShift&maxTTDepth {
		b[0] = e
	} else {
		b[1] = e
	}
	return sum
}

// countChildren returns the sum of the numbers of legal moves after each move
// of ml (the moves of p): the last two plies of a bulk perft. Each child is
// counted from the parent's bitboards, without playing the move (see
// kidCounter); the captures of a child whose side to move has captures
// that may continue are searched from the runs already found.
func (pf *perfter) countChildren(p Position, ml *MoveList) uint64 {
	var kc kidCounter
	kc.init(&p)
	if kc.kings == 0 {
		return pf.countMenChildren(p, ml, &kc)
	}
	var sum uint64
	var ks [4]uint64
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		if n, ok := kc.count(m, &ks); ok {
			sum += uint64(n)
			continue
		}
		// The child's sides, as count found them (the move not played).
		own := kc.own &^ m.Captured
		opp := kc.mover ^ (uint64(1)<<(m.From&63) ^ uint64(1)<<(m.To&63))
		sum += uint64(pf.searchCount(own, opp, kc.kings&^m.Captured, &ks))
	}
	return sum
}

// searchCount is the number of captures of own (its kings among them)
// against opp, searched: count found that some may go on, and the kings'
// first jumps ks. The kings' search is called directly (the usual case);
// when men can capture too, their captures are counted from the masks
// first, as the number to beat, and only a man that may take four pieces
// or more needs the generator's entry (sideCaptures).
func (pf *perfter) searchCount(own, opp, kings uint64, ks *[4]uint64) int {
	ml := &pf.lists[0]
	if ks[0]|ks[1]|ks[2]|ks[3] != 0 {
		g := capGen{ml: ml, opp: opp, keep: pf.keep, count: true}
		a0, a1, a2, a3 := jumpTargets(opp, ^(own|opp)&BoardMask)
		if men := own &^ kings; men&(a0|a1|a2|a3) != 0 {
			n, best, ok := menCapturesCounted(men, opp, a0, a1, a2, a3)
			if !ok {
				_, counted := sideCaptures(ml, pf.keep, true, own, opp, kings, ks)
				return counted + ml.N
			}
			// The men's captures never merge with the kings' (another
			// origin): kings that take more pieces discard them (add).
			g.best, g.n = best, n
		}
		ml.N = 0
		g.kingCaptures(ks, kings, own|opp)
		return g.n + ml.N
	}
	_, counted := sideCaptures(ml, pf.keep, true, own, opp, kings, ks)
	return counted + ml.N
}

// menCanJump reports whether a man of men can capture a piece of opp
// (empty: the empty squares).
func menCanJump(men, opp, empty uint64) bool {
	a0, a1, a2, a3 := jumpTargets(opp, empty)
	return men&(a0|a1|a2|a3) != 0
}

// countMenChildren is countChildren when the children's side to move has
// no king: a loop of its own, the men's counts inline.
func (pf *perfter) countMenChildren(p Position, ml *MoveList, kc *kidCounter) uint64 {
	var sum uint64
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		// As menMoves (perft_test.go) counts, inline.
		own, opp := kc.own&^m.Captured, kc.mover^(uint64(1)<<(m.From&63)^uint64(1)<<(m.To&63))
		e := ^(own | opp) & BoardMask
		a0, a1, a2, a3 := jumpTargets(opp, e)
		if own&(a0|a1|a2|a3) == 0 {
			sum += uint64(countMenQuiet(own, e, kc.white))
		} else {
			sum += uint64(pf.menCaptureCount(own, opp, e, a0, a1, a2, a3))
		}
	}
	return sum
}

// menCaptureCount is the number of legal moves of own, men only, against
// the pieces opp (empty: the other squares), when own can capture
// (a0..a3: jumpTargets of opp and empty). The loops that count children
// of men call it only then: a step is counted inline.
func (pf *perfter) menCaptureCount(own, opp, empty, a0, a1, a2, a3 uint64) int {
	j0, j1, j2, j3 := own&a0, own&a1, own&a2, own&a3
	if cont := continuing(j0, j1, j2, j3, a0, a1, a2, a3); cont != 0 {
		if n, _, ok := menDoubles(j0, j1, j2, j3, a0, a1, a2, a3, opp, own); ok {
			return n
		}
		return countMenCaptures(&pf.lists[0], pf.keep, opp, empty, j0, j1, j2, j3, cont)
	}
	return bits.OnesCount64(j0) + bits.OnesCount64(j1) + bits.OnesCount64(j2) + bits.OnesCount64(j3)
}

// countQuietMenChildren is countChildren for a position p without kings
// whose side to move has no capture, the most common case of men in
// contact: its steps are read off the bitboards, not listed, and each
// child counted as menMoves (perft_test.go) does. ok is false, and
// nothing counted, when p's side to move has a capture. p has no king.
func (pf *perfter) countQuietMenChildren(p *Position) (sum uint64, ok bool) {
	mover, own := p.sides()
	empty := ^(mover | own) & BoardMask
	a0, a1, a2, a3 := jumpTargets(own, empty)
	if mover&(a0|a1|a2|a3) != 0 {
		return 0, false
	}
	// A step from -> to: the children's opponent is mover ^ from ^ to (a
	// crowning changes nothing for the side that replies), and their
	// empty squares empty ^ from ^ to. The children are counted inline,
	// one loop for each direction: the loop's values stay in registers
	// but for captures (a shared loop, or a call for each child, took
	// 2-3 % more instructions).
	if p.WhiteToMove {
		for t := (mover >> 6) & empty; t != 0; t &= t - 1 {
			ft := t&-t | (t&-t)<<6
			opp, e := mover^ft, empty^ft
			b0, b1, b2, b3 := jumpTargets(opp, e)
			if own&(b0|b1|b2|b3) == 0 {
				sum += uint64(countMenQuiet(own, e, false))
			} else {
				sum += uint64(pf.menCaptureCount(own, opp, e, b0, b1, b2, b3))
			}
		}
		for t := (mover >> 5) & empty; t != 0; t &= t - 1 {
			ft := t&-t | (t&-t)<<5
			opp, e := mover^ft, empty^ft
			b0, b1, b2, b3 := jumpTargets(opp, e)
			if own&(b0|b1|b2|b3) == 0 {
				sum += uint64(countMenQuiet(own, e, false))
			} else {
				sum += uint64(pf.menCaptureCount(own, opp, e, b0, b1, b2, b3))
			}
		}
	} else {
		for t := (mover << 5) & empty; t != 0; t &= t - 1 {
			ft := t&-t | (t&-t)>>5
			opp, e := mover^ft, empty^ft
			b0, b1, b2, b3 := jumpTargets(opp, e)
			if own&(b0|b1|b2|b3) == 0 {
				sum += uint64(countMenQuiet(own, e, true))
			} else {
				sum += uint64(pf.menCaptureCount(own, opp, e, b0, b1, b2, b3))
			}
		}
		for t := (mover << 6) & empty; t != 0; t &= t - 1 {
			ft := t&-t | (t&-t)>>6
			opp, e := mover^ft, empty^ft
			b0, b1, b2, b3 := jumpTargets(opp, e)
			if own&(b0|b1|b2|b3) == 0 {
				sum += uint64(countMenQuiet(own, e, true))
			} else {
				sum += uint64(pf.menCaptureCount(own, opp, e, b0, b1, b2, b3))
			}
		}
	}
	return sum, true
}

// kidCounter counts the legal moves of the children of a position p from
// what they share. In every child the side to move is p's opponent
// ("own"), whose pieces a quiet move of p leaves as they are: only two
// squares change, the mover's origin (now empty) and its destination (now
// taken). The runs of own's kings in a direction d therefore change only
// when one of them passed through the destination, or stopped just before
// the origin; the others, and their counts of quiet moves, are the
// parent's. A capture by p removes own's pieces as well, which lengthens
// the runs they stopped (and ends those of a captured king): those runs
// are found afresh, the others kept.
type kidCounter struct {
	mover, own, kings uint64 // p's side to move; the children's, and its kings
	f0, f1, f2, f3    uint64 // own's kings and the empty runs they reach, in p (kingStarts)
	q0, q1, q2, q3    int    // own's quiet king moves in each direction, in p
	quiet             int    // q0 + q1 + q2 + q3
	// A quiet move from -> to of p changes a run when to is on it
	// (to&onRun) or from stops it (from&stops: the squares that end a run).
	onRun, stops uint64
	white        bool // own is White
}

// init prepares the counts shared by p's children.
func (kc *kidCounter) init(p *Position) {
	kc.mover, kc.own = p.sides()
	kc.kings = kc.own & p.Kings
	kc.white = !p.WhiteToMove
	if k := kc.kings; k != 0 {
		empty := ^(kc.mover | kc.own) & BoardMask
		kc.f0, kc.f1, kc.f2, kc.f3 = kingFills(k, empty)
		kc.q0, kc.q1, kc.q2, kc.q3 = bits.OnesCount64(kc.f0^k), bits.OnesCount64(kc.f1^k), bits.OnesCount64(kc.f2^k), bits.OnesCount64(kc.f3^k)
		kc.quiet = kc.q0 + kc.q1 + kc.q2 + kc.q3
		kc.onRun = kc.f0 | kc.f1 | kc.f2 | kc.f3
		kc.stops = kc.f0>>6 | kc.f1>>5 | kc.f2<<5 | kc.f3<<6
	}
}

// count returns the number of legal moves after m; or false, with the
// first jumps of the kings in ks (kingStarts), when the side to move then
// has a capture that may go on: its moves are left to the generator. ks
// is written only then.
func (kc *kidCounter) count(m Move, ks *[4]uint64) (int, bool) {
	from, to := uint64(1)<<(m.From&63), uint64(1)<<(m.To&63)
	own, kings := kc.own&^m.Captured, kc.kings&^m.Captured
	opp := kc.mover ^ from ^ to
	empty := ^(own | opp) & BoardMask
	men := own &^ kings
	if kings != 0 {
		f0, f1, f2, f3 := kc.f0, kc.f1, kc.f2, kc.f3
		quiet := kc.quiet
		// The runs that met the move's squares are found afresh (out of
		// line: rare after a quiet move).
		if m.Captured != 0 || to&kc.onRun|from&kc.stops != 0 {
			f0, f1, f2, f3, quiet = kc.runs(m.Captured, from, to, kings, empty)
		}
		// The jump targets after the call: fewer values live across it.
		a0, a1, a2, a3 := jumpTargets(opp, empty)
		if s0, s1, s2, s3 := f0&a0, f1&a1, f2&a2, f3&a3; s0|s1|s2|s3 != 0 {
			n, ok := kingSingles(s0, s1, s2, s3, empty, a0, a1, a2, a3)
			if ok && men&(a0|a1|a2|a3) != 0 { // and the men's
				n, ok = addMenCaptures(n, men, opp, a0, a1, a2, a3)
			}
			if !ok {
				*ks = [4]uint64{s0, s1, s2, s3}
			}
			return n, ok
		}
		j0, j1, j2, j3 := men&a0, men&a1, men&a2, men&a3
		if j0|j1|j2|j3 == 0 {
			return quiet + countMenQuiet(men, empty, kc.white), true
		}
		return kc.menCaptures(men, opp, a0, a1, a2, a3, ks)
	}
	a0, a1, a2, a3 := jumpTargets(opp, empty)
	j0, j1, j2, j3 := men&a0, men&a1, men&a2, men&a3
	if j0|j1|j2|j3 == 0 {
		return countMenQuiet(men, empty, kc.white), true
	}
	return kc.menCaptures(men, opp, a0, a1, a2, a3, ks)
}

// menCaptures is count's answer when only men capture (men, the side's
// men; opp, the other side's pieces; a0..a3: jumpTargets).
func (kc *kidCounter) menCaptures(men, opp, a0, a1, a2, a3 uint64, ks *[4]uint64) (int, bool) {
	n, ok := addMenCaptures(0, men, opp, a0, a1, a2, a3)
	if !ok {
		*ks = [4]uint64{}
	}
	return n, ok
}

// runs returns the runs of the kings (kings, on the board whose empty
// squares are empty) after a move from -> to of the other side, which
// captured the pieces captured, and their number of quiet moves: those of
// p where the move changed nothing. A run changes when the move lands on
// it, or vacates the square that ends it, or captures the piece that
// ends it; all of them when it captures a king.
//
//go:noinline
func (kc *kidCounter) runs(captured, from, to, kings, empty uint64) (f0, f1, f2, f3 uint64, quiet int) {
	f0, f1, f2, f3 = kc.f0, kc.f1, kc.f2, kc.f3
	q0, q1, q2, q3 := kc.q0, kc.q1, kc.q2, kc.q3
	all := captured&kc.kings != 0
	gone := from | captured // squares the move empties
	if all || f0&(to|gone<<6) != 0 {
		f0 = fillUp(kings, empty, 6)
		q0 = bits.OnesCount64(f0 ^ kings)
	}
	if all || f1&(to|gone<<5) != 0 {
		f1 = fillUp(kings, empty, 5)
		q1 = bits.OnesCount64(f1 ^ kings)
	}
	if all || f2&(to|gone>>5) != 0 {
		f2 = fillDown(kings, empty, 5)
		q2 = bits.OnesCount64(f2 ^ kings)
	}
	if all || f3&(to|gone>>6) != 0 {
		f3 = fillDown(kings, empty, 6)
		q3 = bits.OnesCount64(f3 ^ kings)
	}
	return f0, f1, f2, f3, q0 + q1 + q2 + q3
}

package intl

import (
	"bytes"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"metz/draughts/bitboard10"
	"metz/internal/hugepages"
	"metz/tables/internal/rounds"
)

// Per-position build flags.
const (
	fQuiet byte = 1 << iota // has quiet moves that stay in the group
	fDraw                   // a move leaving the group reaches a draw
	fDone                   // decided by a quiet move: un-moving has nothing more to tell it
)

// part is one table of a group under construction.
type part struct {
	sig  stmSig
	val  []byte // the result bytes (0 = undecided until the end: draw)
	meta []meta // what an undecided position still waits for
	// live[n%2] has bit j set while j may still learn from a quiet
	// move to a position decided at an n of that parity (see waits): it
	// has quiet moves, no quiet move decided it, and for odd n no exit
	// wins it. Un-moving tests it before listing a predecessor, in
	// structures 32 times smaller than meta (in cache for the on-demand
	// builds): 77 % of the predecessors of MvMMM's closure wait no more.
	live [2][]uint64
	// sp is the slice built (see slice.go): the indices outside it are
	// left 0 and never read. fullSpec for a whole table.
	sp spec
	// lean: the table is stored without distances, and val holds a
	// record a position (see recWin) in place of meta and live; pend[0]
	// and pend[1] hold its losses and wins not yet un-moved, pendN how
	// many, and waiting counts its undecided records.
	lean    bool
	pend    [2][]uint64
	pendN   [2]atomic.Int64
	waiting atomic.Int64
	// What the levels from this table cost so far (see forwardCheaper):
	// positions un-moved and their predecessors; positions of the other
	// table tried forwards and the moves they probed.
	// (fwdWins, fwdWinKids: the same for the levels of wins).
	bwdFound, bwdPreds, fwdLive, fwdKids, fwdWins, fwdWinKids int64
}

// clearLive marks j of t as waiting no more.
func (t *part) clearLive(j int64) {
	t.live[0][j>>6] &^= 1 << (j & 63)
	t.live[1][j>>6] &^= 1 << (j & 63)
}

// meta is kept beside a position's value while the table is built. Its
// bytes sit together, and hold all un-moving needs to know (the exit's
// win repeats the value byte the first pass gave), because un-moving
// reads them at random indices: one cache miss per predecessor where
// reading the value as well took two (a sixth of a build's time).
type meta struct {
	cnt  byte // quiet moves not yet refuted
	loss byte // longest refutation so far, in plies
	flag byte
	exit byte // the value byte of the shortest win by an exit move (0: none)
}

// group builds a signature and its flip together.
type group struct {
	parts []*part
	done  *[4096][]byte // finished tables, by stmSig.code
	specs *[4096]spec   // the slices of done and of parts (nil: all whole)
	top   int           // largest distance assigned so far
	cores func() int    // how many cores un-moving may use now
}

// buildGroup computes the tables of sigs (a signature and its flip, or one
// signature that is its own flip) from the finished tables in done: the
// slices of them specs gives (nil: whole tables; see slice.go). Its
// records come from metas and go back there when it returns.
//
// A lean build (lean: the tables are stored without distances) keeps a
// byte a position, value and record at once (see recWin), and returns
// its tables packed (packTable); a lean group with men and kings is
// built placement by placement (placement.go).
func buildGroup(sigs []stmSig, done *[4096][]byte, specs *[4096]spec, metas *metaPool, cores func() int, lean bool) ([][]byte, error) {
	g := &group{done: done, specs: specs, cores: cores}
	for _, s := range sigs {
		sp := fullSpec
		if specs != nil {
			sp = specs[s.code()]
		}
		if lean {
			if sp != fullSpec {
				return nil, fmt.Errorf("endgame: %v: a slice is built with distances, not lean", s)
			}
			t := &part{sig: s, sp: sp, lean: true}
			if byPlacement && placed(sigs) {
				t.val = make([]byte, s.Size()) // held men first (placement.go)
				hugepages.Advise(t.val)
			} else {
				t.val, t.pend = leanBytes(s.Size())
			}
			g.parts = append(g.parts, t)
			continue
		}
		m, put := metas.get(s.Size())
		defer put() // the tables returned are val alone
		words := (s.Size() + 63) / 64
		t := &part{sig: s, val: make([]byte, s.Size()), sp: sp, meta: m}
		t.live = [2][]uint64{make([]uint64, words), make([]uint64, words)}
		g.parts = append(g.parts, t)
	}
	out := make([][]byte, len(g.parts))
	if lean && byPlacement && placed(sigs) {
		if err := g.placements(); err != nil {
			return nil, err
		}
		for i, t := range g.parts {
			out[i] = packPlaced(t)
		}
		return out, nil
	}
	for _, t := range g.parts {
		if err := g.initPart(t); err != nil {
			return nil, err
		}
	}
	if lean {
		g.leanLevels()
		for i, t := range g.parts {
			out[i] = packRecords(t.val)
		}
		return out, nil
	}
	for n := 0; n <= g.top; n++ {
		if n+2 > maxPlies {
			return nil, fmt.Errorf("endgame: %v: distances beyond %d plies do not fit a byte", sigs[0], maxPlies)
		}
		for ti, t := range g.parts {
			g.level(t, g.parts[len(g.parts)-1-ti], n)
		}
	}
	for i, t := range g.parts {
		out[i] = t.val
	}
	return out, nil
}

// initPart generates the moves of every position of t on every core,
// each taking the next block of initBlock indices when it is done with
// one: the density of captures varies along a table (its slowest digit is
// where the side to move's men stand), and halves fixed ahead left one
// core idle while the other finished its half.
func (g *group) initPart(t *part) error {
	workers := runtime.GOMAXPROCS(0)
	size := t.sig.Size()
	var next atomic.Int64 // the next block
	var wg sync.WaitGroup
	errs := make([]error, workers)
	tops := make([]int, workers)
	for w := range workers {
		wg.Go(func() {
			b := &[2]batch{}
			for errs[w] == nil {
				lo := (next.Add(1) - 1) * initBlock
				if lo >= size {
					return
				}
				for _, r := range t.inSlice(lo, min(lo+initBlock, size)) {
					var top int
					if top, errs[w] = g.initRange(t, r[0], r[1], b); errs[w] != nil {
						break
					}
					tops[w] = max(tops[w], top)
				}
			}
		})
	}
	wg.Wait()
	for w := range workers {
		if errs[w] != nil {
			return errs[w]
		}
		g.top = max(g.top, tops[w])
	}
	return nil
}

// inSlice returns the stretches of lo..hi-1 whose white men stand in t's
// slice (all of it for a whole table): the white men are the slowest
// digit of the index, so a slice that fixes them skips whole stretches
// (a man on 6 keeps 1 index in 45); the other men are tested position
// by position (listExits).
func (t *part) inSlice(lo, hi int64) [][2]int64 {
	if t.sig.WM == 0 || t.sp.aw&menWM == menWM {
		return [][2]int64{{lo, hi}}
	}
	stride := t.sig.Size() / binom[menSquares][t.sig.WM]
	var out [][2]int64
	for r := lo / stride; r*stride < hi; r++ {
		if unrank(r, t.sig.WM, menSquares, &bitWM)&^t.sp.aw != 0 {
			continue
		}
		a, b := max(lo, r*stride), min(hi, (r+1)*stride)
		if n := len(out); n > 0 && out[n-1][1] == a {
			out[n-1][1] = b
		} else {
			out = append(out, [2]int64{a, b})
		}
	}
	return out
}

// initBlock is the number of indices a core takes at a time in the first
// pass: a multiple of 64, so that no word of live is shared.
const initBlock = 1 << 16

// exitMoves returns how many quiet moves p (White to move) has that stay
// in its table, and the moves that leave it: every capture when one is
// compulsory, else the promotions. Where no capture is possible the quiet
// moves are counted from bitboards, not listed, and the captures not
// searched the full way (generating every move was half the first pass of
// KKMvKK).
func exitMoves(p *bitboard10.Position, ml *bitboard10.MoveList) (quiet int, exits []bitboard10.Move) {
	all := p.CapturesOrQuiet(ml)
	if ml.N > 0 {
		return 0, ml.Moves[:ml.N] // captures only
	}
	n := 0
	men, empty := p.White&^p.Kings, ^(p.White|p.Black)&bitboard10.BoardMask
	for t := (men >> 6) & empty & bitboard10.WhitePromo; t != 0; t &= t - 1 {
		b := uint8(bits.TrailingZeros64(t))
		ml.Moves[n] = bitboard10.Move{From: b + 6, To: b}
		n++
	}
	for t := (men >> 5) & empty & bitboard10.WhitePromo; t != 0; t &= t - 1 {
		b := uint8(bits.TrailingZeros64(t))
		ml.Moves[n] = bitboard10.Move{From: b + 5, To: b}
		n++
	}
	return all - n, ml.Moves[:n]
}

// level propagates every position of t decided at distance n to its
// predecessors, which are in o (the other table of the group, or t itself),
// on the cores the group may use (builder.cores). Un-moving waits on memory
// (each predecessor is a random index), so it is split in rounds: the
// workers scan blocks of t, handed out in turn, for the next few thousand
// predecessors, listed by the worker that owns their stretch of o
// (stretches dealt in turn too, for balance); then each applies the ones
// it owns. On one core the rounds are kept too: applying a list of
// predecessors at once lets their cache misses overlap, where updating
// each as it was found took 27 % more CPU (KKKvKK). The updates of one
// level all have the same parity (all wins or all refutations), so they
// commute and the tables come out the same as on one core.
func (g *group) level(t, o *part, n int) {
	if !anyLive(o.live[n%2]) {
		return // nothing of o waits: every predecessor would be passed over
	}
	if traceLevel != nil {
		defer traceLevel(t, o, n, time.Now())
	}
	if g.forwardCheaper(t, o, n) {
		g.forward(t, o, n)
		return
	}
	ws := g.unmove(t, func(w *levelWorker, blocks *atomic.Int64) int { return w.scan(t, o, n, blocks) },
		func(w *levelWorker, js []int64) { w.apply(o, js, n) })
	for _, w := range ws {
		g.top = max(g.top, w.top)
	}
}

// unmove makes a level by un-moving positions of t, on the cores the
// group may use: the workers scan blocks of t (scan), listing the
// predecessors each worker owns, then each applies its own (apply). It
// returns the workers, for their counts.
func (g *group) unmove(t *part, scan func(w *levelWorker, blocks *atomic.Int64) int, apply func(w *levelWorker, js []int64)) []*levelWorker {
	ws := make([]*levelWorker, 1)
	if len(t.val) >= 1<<16 {
		ws = make([]*levelWorker, g.cores())
	}
	for k := range ws {
		ws[k] = &levelWorker{out: make([][]int64, len(ws))}
		ws[k].cur.reset(t.sig)
	}
	var blocks atomic.Int64 // the next block of t to scan
	rounds.Run(len(ws), func(k int) int { return scan(ws[k], &blocks) }, func(k int) {
		w := ws[k]
		for _, from := range ws {
			apply(w, from.out[k])
			from.out[k] = from.out[k][:0]
		}
	})
	for _, w := range ws {
		t.bwdFound += int64(w.found)
		t.bwdPreds += w.listed
	}
	return ws
}

// traceLevel, when not nil (the profiling tests), is called after each
// level made, with the time it began.
var traceLevel func(t, o *part, n int, start time.Time)

// anyLive reports whether a bit of live is set: once none is, the
// levels left have nothing to un-move into that table (no position of
// KKKKKvM waits from level 8 on, of MvKKKKK's pair's 19).
func anyLive(live []uint64) bool {
	for _, w := range live {
		if w != 0 {
			return true
		}
	}
	return false
}

// levelWorker is one core's share of a level: the block of t it scans
// (from next to hi), the predecessors it found, by the worker owning them,
// and the largest distance its updates assigned.
type levelWorker struct {
	blockCursor
	out    [][]int64
	top    int
	preds  [scanAhead][]int64 // the predecessors of the last positions found
	found  int                // the positions found so far
	listed int64              // and their predecessors
	cur    flipCursor         // unranks the positions found
	counts leanCounts         // a lean build's changes to o's counts
}

const (
	roundSize = 1 << 14 // about how many predecessors a worker lists in a round
	scanBlock = 1 << 16 // the indices of t a worker takes to scan at a time
	ownBlock  = 1 << 12 // the stretches of o dealt to the workers in turn
)

// scan lists the predecessors of the next positions of t decided at
// distance n, in w's block and the next free ones, until a round's worth
// or the end of t. It returns how many it listed.
func (w *levelWorker) scan(t, o *part, n int, blocks *atomic.Int64) (listed int) {
	target, size, live := byte(n+1), int64(len(t.val)), o.live[n%2]
	st := o.sig.strides()
	keep := func(js []int64) int { return w.keep(js, live) }
	ask := func(js []int64) { prefetchBits(&live[0], js) }
	for listed < roundSize && w.take(blocks, size) {
		k := bytes.IndexByte(t.val[w.next:w.hi], target)
		if k < 0 {
			w.next = w.hi
			continue
		}
		i := w.next + int64(k)
		w.next = i + 1
		listed += w.unmoveAt(i, &st, keep, ask)
	}
	return listed + w.flush(keep)
}

// take moves b on to the next free block of scanBlock indices (blocks
// counts those taken) of a table of size indices, unless b's own is not
// done; false when every block is.
func (b *blockCursor) take(blocks *atomic.Int64, size int64) bool {
	if b.next < b.hi {
		return true
	}
	k := blocks.Add(1) - 1
	if k*scanBlock >= size {
		return false
	}
	b.next, b.hi = k*scanBlock, min((k+1)*scanBlock, size)
	return true
}

// blockCursor is a worker's block of a table: from next to hi.
type blockCursor struct{ next, hi int64 }

// unmoveAt lists the predecessors (strides st) of position i of w's
// table, found by a scan, and asks for what keep will read of them
// (ask); it hands keep those of the position found scanAhead before and
// returns how many keep kept.
func (w *levelWorker) unmoveAt(i int64, st *strides, keep func([]int64) int, ask func([]int64)) int {
	slot := &w.preds[w.found%scanAhead]
	w.found++
	kept := keep(*slot)
	*slot = flippedPredecessors(w.cur.at(i), st, (*slot)[:0])
	w.listed += int64(len(*slot))
	ask(*slot)
	return kept
}

// flush hands keep the predecessors still listed at the end of a scan.
func (w *levelWorker) flush(keep func([]int64) int) (kept int) {
	for k := range w.preds {
		kept += keep(w.preds[k])
		w.preds[k] = w.preds[k][:0]
	}
	return kept
}

// scanAhead is how many positions' predecessors scan lists before it
// reads their waiting bits: each is a cache miss, asked for ahead
// (prefetchBits) while the next positions are un-moved.
const scanAhead = 4

// keep adds to w's lists the predecessors js that may still learn
// (their bit in live) and returns how many.
func (w *levelWorker) keep(js []int64, live []uint64) (kept int) {
	for _, j := range js {
		if live[j>>6]>>(j&63)&1 == 0 {
			continue // decided, or no quiet move: nothing to learn
		}
		k := owner(j, len(w.out))
		w.out[k] = append(w.out[k], j)
		kept++
	}
	return kept
}

// applyAhead is how many updates ahead apply asks for the records it
// will read.
const applyAhead = 32

// apply makes the updates of level n at the indices js of o. Each record
// read is a cache miss, and update's branches on it keep the next misses
// from overlapping: the records of the next applyAhead updates are asked
// for (prefetchMetas) before those of the present ones are made.
func (w *levelWorker) apply(o *part, js []int64, n int) {
	if len(js) == 0 {
		return
	}
	ask := func(js []int64) {
		prefetchMetas(&o.meta[0], js)
		if n%2 == 0 { // an update then decides: it writes the value and clears both live bits (live[0]'s read by scan)
			prefetchBytes(&o.val[0], js)
			prefetchBits(&o.live[1][0], js)
		}
	}
	ask(js[:min(applyAhead, len(js))])
	for k, j := range js {
		if k%applyAhead == 0 {
			ask(js[min(k+applyAhead, len(js)):min(k+2*applyAhead, len(js))])
		}
		w.top = max(w.top, update(o, j, n))
	}
}

// owner returns which of n workers applies the updates of index j: the
// stretches of ownBlock indices are dealt in turn. One or two workers (the
// usual counts) take no division, which cost as much as listing the index.
func owner(j int64, n int) int {
	b := int(uint64(j) / ownBlock)
	if n&(n-1) == 0 {
		return b & (n - 1)
	}
	return b % n
}

// waits reports whether the position of m can still learn from a quiet
// move to a position decided at distance n: the move is legal there (no
// capture was compulsory) and the position is undecided, or, when that
// position is lost (n even), won by an exit only later.
func waits(m *meta, n int) bool {
	if m.flag&(fQuiet|fDone) != fQuiet {
		return false
	}
	if n%2 == 0 {
		return m.exit == 0 || int(m.exit) > n+2
	}
	return m.exit == 0 // else already won
}

// update records, at index j of o, that one of its quiet moves reaches a
// position decided at distance n: a win if that position is lost for the
// side then to move (n even), else one more move refuted. It returns the
// distance it assigned (0 for none).
func update(o *part, j int64, n int) int {
	m := &o.meta[j]
	if !waits(m, n) {
		if n%2 == 0 && m.exit != 0 && m.flag&fDone == 0 {
			o.live[0][j>>6] &^= 1 << (j & 63) // the exit wins as soon: for good
		}
		return 0
	}
	if n%2 == 0 {
		o.val[j] = byte(n + 2)
		m.flag |= fDone
		o.clearLive(j)
		return n + 1
	}
	m.cnt--
	m.loss = max(m.loss, byte(n+1))
	if m.cnt == 0 && m.flag&fDraw == 0 {
		o.val[j] = m.loss + 1
		m.flag |= fDone
		o.clearLive(j)
		return int(m.loss)
	}
	return 0
}

// step[d][b] is the neighbour of bit b in direction d (0 up-left, 1
// up-right, 2 down-left, 3 down-right), or noSquare.
var step [4][64]uint8

const noSquare = 255

func init() {
	shifts := [4]int{-6, -5, 5, 6}
	for d, sh := range shifts {
		for b := range 64 {
			step[d][b] = noSquare
			nb := b + sh
			if bitboard10.BoardMask>>b&1 != 0 && nb >= 0 && nb < 64 && bitboard10.BoardMask>>nb&1 != 0 {
				step[d][b] = uint8(nb)
			}
		}
	}
}

// predecessorIndices appends to buf the index in the table of sig of every
// position from which the opponent reached q (White to move) by a quiet
// move that keeps the material, normalised, and returns it (whether the
// move was legal there is the caller's check; forEachPredecessor, in the
// tests, is the plain reference). They are found in
// the predecessors' frame (flip(q), where the side that moved is White):
// a white man came from one step below, a white king from anywhere along
// a free diagonal (the squares read off ray masks, not walked one by
// one). They differ from q's flip by the moved piece alone, so the groups
// are ranked once and only the moved piece's group again for each
// (ranking every group of every predecessor was a fifth of a build's
// time); a king's group is ranked from sums prepared once per king (see
// kingRanks).
func predecessorIndices(q bitboard10.Position, sig stmSig, buf []int64) []int64 {
	f := flipOf(q)
	st := sig.strides()
	return flippedPredecessors(&f, &st, buf)
}

// flippedPredecessors is predecessorIndices for f, the flip of q, in the
// table of the strides st.
func flippedPredecessors(f *flipped, st *strides, buf []int64) []int64 {
	wm, wk, a, b := f.wm, f.wk, f.a, f.b
	strideBM, strideWK, strideWM := st.bm, st.wk, st.wm
	base := a*strideWM + b*strideWK + f.c*strideBM + f.d
	occ := wm | wk | f.bm | f.bk
	empty := ^occ & bitboard10.BoardMask
	for m := wm; m != 0; m &= m - 1 {
		x := m & -m
		for from := (x<<5 | x<<6) & empty; from != 0; from &= from - 1 {
			buf = append(buf, base+(rank(wm^x^(from&-from), &termWM)-a)*strideWM)
		}
	}
	base -= b * strideWK
	for k := wk; k != 0; k &= k - 1 {
		x := bits.TrailingZeros64(k)
		var kr kingRanks
		kr.set(wk, x)
		for from := freeRays(x, occ); from != 0; from &= from - 1 {
			buf = append(buf, base+kr.rank(bits.TrailingZeros64(from))*strideWK)
		}
	}
	return buf
}

// kingRanks ranks a group of kings with one of them moved: the others'
// terms of the colex sum below and above the moved king's new place, by
// how many others are below it, added up ahead (one read a rank, where
// the separate sums and the binomial's row took three, dependent).
type kingRanks struct {
	others uint64
	ps     [maxSide]int64 // ps[j]: the others' terms with j of them below
}

// kingTerm[y][j] is the moved king's term of the colex sum on bit y with j
// other kings below it (index.go's init, run before this file's, fills
// binom and domK).
var kingTerm [64][maxSide]int64

func init() {
	for y := range 64 {
		for j := range maxSide {
			if domK[y] >= 0 {
				kingTerm[y][j] = binom[domK[y]][j+1]
			}
		}
	}
}

// set prepares the ranks of group with its king on bit x moved.
func (kr *kingRanks) set(group uint64, x int) {
	kr.others = group &^ (1 << x)
	var d [maxSide]int64
	m := 0
	for o := kr.others; o != 0; o &= o - 1 {
		d[m] = int64(domK[bits.TrailingZeros64(o)])
		m++
	}
	var suf, pre int64 // the terms of the others above, below
	kr.ps[m] = 0
	for j := m - 1; j >= 0; j-- {
		suf += binom[d[j]][j+2]
		kr.ps[j] = suf
	}
	for j := 1; j <= m; j++ {
		pre += binom[d[j-1]][j]
		kr.ps[j] += pre
	}
}

// rank returns the colex rank of the group with the moved king on bit y.
func (kr *kingRanks) rank(y int) int64 {
	j := bits.OnesCount64(kr.others & (1<<y - 1))
	return kr.ps[j] + kingTerm[y][j]
}

// rays[d][b] holds the squares from bit b onwards in direction d (see
// step), b excluded.
var rays [4][64]uint64

func init() {
	for d := range 4 {
		for b := range 64 {
			for o := step[d][b]; o != noSquare; o = step[d][o] {
				rays[d][b] |= 1 << o
			}
		}
	}
}

// freeRays returns the squares a king on bit x reaches along free
// diagonals (occ the occupied squares).
func freeRays(x int, occ uint64) uint64 {
	var free uint64
	for d := range 4 {
		r := rays[d][x]
		if blk := r & occ; blk != 0 {
			f := bits.TrailingZeros64(blk) // directions 2, 3 go to higher bits
			if d < 2 {
				f = 63 - bits.LeadingZeros64(blk)
			}
			r &^= rays[d][f] | 1<<f
		}
		free |= r
	}
	return free
}

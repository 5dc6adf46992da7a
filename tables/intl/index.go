package intl

import (
	"math/bits"

	"metz/draughts/bitboard10"
)

// menSquares is the number of squares a man can stand on (all but its own
// crowning row).
const menSquares = 45

// binom[n][k] = n choose k, for n <= 50 and k <= maxSide.
var binom [51][maxSide + 1]int64

// Domains: the number of a square inside the squares a group may use, by bit
// of the bitboard layout (-1 where the group may not stand), and back.
var (
	domWM, domBM, domK [64]int8  // bit -> domain number
	bitWM, bitBM, bitK [50]uint8 // domain number -> bit
)

func init() {
	for n := 0; n <= 50; n++ {
		binom[n][0] = 1
		for k := 1; k <= maxSide && k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
	for b := range 64 {
		domWM[b], domBM[b], domK[b] = -1, -1, -1
	}
	for sq := 1; sq <= 50; sq++ {
		b := bits.TrailingZeros64(bitboard10.SquareBit(sq))
		domK[b] = int8(sq - 1)
		bitK[sq-1] = uint8(b)
		if sq > 5 { // the side to move (White) crowns on 1..5
			domWM[b] = int8(sq - 6)
			bitWM[sq-6] = uint8(b)
		}
		if sq <= menSquares { // the opponent crowns on 46..50
			domBM[b] = int8(sq - 1)
			bitBM[sq-1] = uint8(b)
		}
	}
	fillTerms(&termWM, &domWM)
	fillTerms(&termBM, &domBM)
	fillTerms(&termK, &domK)
}

// rankTerms[i][b] is the term binom[dom[b]][i] that a square on bit b adds
// to a colex rank as the i-th square (from the lowest bit) of a domain
// dom, or offDomain where dom lacks b: one table read a square, not two
// dependent ones and a branch (ranking was 8 % of KKMvKK's build).
type rankTerms [maxSide + 1][64]int64

// offDomain makes any rank with a square outside its domain negative:
// maxSide of them outweigh the largest rank, binom[50][maxSide] < 2^27.
const offDomain = -1 << 40

var termWM, termBM, termK rankTerms

// fillTerms fills t from the domain dom (after binom).
func fillTerms(t *rankTerms, dom *[64]int8) {
	for i := range t {
		for b, d := range dom {
			t[i][b] = offDomain
			if d >= 0 {
				t[i][b] = binom[d][i]
			}
		}
	}
}

// rotWM, rotBM and rotK are termWM, termBM and termK for a group given
// in the other side's frame (see flippedIndex).
var rotWM, rotBM, rotK rankTerms

func init() {
	for _, r := range []struct{ rot, t *rankTerms }{{&rotWM, &termWM}, {&rotBM, &termBM}, {&rotK, &termK}} {
		for i := range r.rot {
			for b := range 64 {
				r.rot[i][b] = offDomain
				if b < bitboard10.NumBits {
					r.rot[i][b] = r.t[i][bitboard10.NumBits-1-b]
				}
			}
		}
	}
}

// rankRotated is rank(bitboard10.Rotate(bb), t) for the terms rt of t
// rotated (rotWM, rotBM, rotK): the squares taken from the highest, the
// lowest of the rotated group, without rotating it.
func rankRotated(bb uint64, rt *rankTerms) int64 {
	var r int64
	for i := 1; bb != 0; i++ {
		b := 63 - bits.LeadingZeros64(bb)
		r += rt[i][b]
		bb &^= 1 << b
	}
	if r < 0 {
		return -1
	}
	return r
}

// rank returns the colex rank of the squares of bb in the domain of the
// terms t, or -1 if a square is outside it.
func rank(bb uint64, t *rankTerms) int64 {
	var r int64
	for i := 1; bb != 0; i++ {
		r += t[i][bits.TrailingZeros64(bb)&63]
		bb &= bb - 1
	}
	if r < 0 {
		return -1
	}
	return r
}

// unrank returns the bitboard of the k squares of colex rank r in a domain
// of n squares mapped to bits by toBit.
func unrank(r int64, k, n int, toBit *[50]uint8) uint64 {
	switch k { // the common cases, without the search
	case 0:
		return 0
	case 1:
		return 1 << toBit[r]
	case 2, 3:
		return unranked[domainOf(toBit)][k-2][r]
	}
	var bb uint64
	for ; k > 3; k-- { // the highest square, then the others below it
		d := topSquare(r, k)
		bb |= 1 << toBit[d]
		r -= binom[d][k]
	}
	return bb | unranked[domainOf(toBit)][1][r]
}

// topSquare returns the highest domain number of the k squares of colex
// rank r: the largest d with binom[d][k] <= r, found from a coarse table
// of where each stretch of ranks starts (unrankMask's walk down from the
// top of the domain took a tenth of a six-piece build's un-moving, for a
// group of five kings).
func topSquare(r int64, k int) int {
	c := &coarseTop[k]
	d := int(c.start[r>>c.shift])
	for binom[d+1][k] <= r {
		d++
	}
	return d
}

// coarseTop[k] holds, for each stretch of 1<<shift ranks of k squares,
// the highest square of its first rank.
var coarseTop [maxSide + 1]struct {
	shift uint
	start []uint8
}

func init() {
	for k := 4; k <= maxSide; k++ {
		c := &coarseTop[k]
		for binom[50][k]>>c.shift > 2048 {
			c.shift++
		}
		c.start = make([]uint8, binom[50][k]>>c.shift+1)
		d := k - 1
		for i := range c.start {
			for d+1 < 50 && binom[d+1][k] <= int64(i)<<c.shift {
				d++
			}
			c.start[i] = uint8(d)
		}
	}
}

// unranked[g][k-2][r] is unrank(r, k, ...) in the domain g (see domainOf)
// for two and three pieces: un-moving unranks every position it takes,
// and unrankMask's search down the domain was a tenth of the listing
// (three tables, 0.4 MB).
var unranked [3][2][]uint64

// domainOf returns the number of the domain of toBit in unranked: 0
// kings, 1 white men, 2 black men.
func domainOf(toBit *[50]uint8) int {
	switch toBit {
	case &bitK:
		return 0
	case &bitWM:
		return 1
	}
	return 2
}

func init() {
	for g, d := range [3]struct {
		n     int
		toBit *[50]uint8
	}{{50, &bitK}, {menSquares, &bitWM}, {menSquares, &bitBM}} {
		for k := 2; k <= 3; k++ {
			tab := make([]uint64, binom[d.n][k])
			for r := range tab {
				tab[r] = onBoard(unrankMask(int64(r), k, d.n), d.toBit)
			}
			unranked[g][k-2] = tab
		}
	}
}

// unrankMask is unrank's choice of domain numbers, as bits of a mask.
func unrankMask(r int64, k, n int) uint64 {
	var m uint64
	d := n - 1
	for i := k; i >= 1; i-- {
		for binom[d][i] > r {
			d--
		}
		r -= binom[d][i]
		m |= 1 << d
		d--
	}
	return m
}

// onBoard maps the domain numbers of mask to bits of the board by toBit.
func onBoard(mask uint64, toBit *[50]uint8) uint64 {
	var bb uint64
	for ; mask != 0; mask &= mask - 1 {
		bb |= 1 << toBit[bits.TrailingZeros64(mask)]
	}
	return bb
}

// Index returns the index of p in the table of s, or -1 if p (White to move,
// the normalised frame) does not have the material of s or has a man on its
// crowning row. The caller normalises p (see normalize).
func (s stmSig) Index(p bitboard10.Position) int64 {
	wm, wk := p.White&^p.Kings, p.White&p.Kings
	bm, bk := p.Black&^p.Kings, p.Black&p.Kings
	if bits.OnesCount64(wm) != s.WM || bits.OnesCount64(wk) != s.WK ||
		bits.OnesCount64(bm) != s.BM || bits.OnesCount64(bk) != s.BK {
		return -1
	}
	return s.index(wm, wk, bm, bk)
}

// index is Index for groups known to have the counts of s.
func (s stmSig) index(wm, wk, bm, bk uint64) int64 {
	a, b, c, d := rank(wm, &termWM), rank(wk, &termK), rank(bm, &termBM), rank(bk, &termK)
	if a < 0 || c < 0 {
		return -1
	}
	return ((a*binom[50][s.WK]+b)*binom[menSquares][s.BM]+c)*binom[50][s.BK] + d
}

// strides is what a step of each slower digit of an index adds to it (the
// black kings' step is 1).
type strides struct{ bm, wk, wm int64 }

// strides returns the strides of the indices of s.
func (s stmSig) strides() strides {
	bm := binom[50][s.BK]
	wk := bm * binom[menSquares][s.BM]
	return strides{bm: bm, wk: wk, wm: wk * binom[50][s.WK]}
}

// Position returns the position (White to move) of index i of the table of
// s; ok is false when two pieces share a square (not a position).
func (s stmSig) Position(i int64) (p bitboard10.Position, ok bool) {
	nbk, nbm, nwk := binom[50][s.BK], binom[menSquares][s.BM], binom[50][s.WK]
	bk := unrank(i%nbk, s.BK, 50, &bitK)
	i /= nbk
	bm := unrank(i%nbm, s.BM, menSquares, &bitBM)
	i /= nbm
	wk := unrank(i%nwk, s.WK, 50, &bitK)
	i /= nwk
	wm := unrank(i, s.WM, menSquares, &bitWM)
	w, b := wm|wk, bm|bk
	if bits.OnesCount64(w|b) != s.Pieces() {
		return p, false
	}
	return bitboard10.Position{White: w, Black: b, Kings: wk | bk, WhiteToMove: true}, true
}

// sigOf returns the signature of p (White to move, normalised frame).
func sigOf(p bitboard10.Position) stmSig {
	return stmSig{
		WM: bits.OnesCount64(p.White &^ p.Kings), WK: bits.OnesCount64(p.White & p.Kings),
		BM: bits.OnesCount64(p.Black &^ p.Kings), BK: bits.OnesCount64(p.Black & p.Kings),
	}
}

// flip returns p seen from the other side: rotated by 180° with the colours
// swapped and the other side to move. The rules are symmetric under this
// map, so p and flip(p) have the same value for their side to move.
func flip(p bitboard10.Position) bitboard10.Position {
	return bitboard10.Position{
		White:       bitboard10.Rotate(p.Black),
		Black:       bitboard10.Rotate(p.White),
		Kings:       bitboard10.Rotate(p.Kings),
		WhiteToMove: !p.WhiteToMove,
	}
}

// normalize returns p with White to move (flipping it if Black is to move).
func normalize(p bitboard10.Position) bitboard10.Position {
	if p.WhiteToMove {
		return p
	}
	return flip(p)
}

// walker decodes the positions of a signature in index order. The index
// is mixed-radix (see Position), the black kings' rank its fastest digit,
// so from one index to the next most digits stay: a walker keeps each
// digit's combination and steps it to its colex successor, where Position
// would divide the index and unrank every digit again (an eighth of the
// first pass of a five-piece build).
type walker struct {
	d [4]digit // black kings, black men, white kings, white men
}

// digit is one part of the index: k squares of its domain, by toBit,
// at rank r of count; bb the squares.
type digit struct {
	r, count int64
	k        int
	toBit    *[50]uint8
	bb       uint64
	tab      []uint64 // for two and three squares, their unranking table
	// For four squares and more: the ranks lo..hi-1 share the highest
	// square, top; the others are unranked (where Gosper's step and
	// onBoard's loop took 8 % of a placement's first pass, the white
	// kings its fastest digit there).
	lo, hi int64
	top    uint64
}

// walk returns a walker standing at index i of s.
func (s stmSig) walk(i int64) *walker {
	w := &walker{}
	for j, g := range [4]struct {
		k, n  int
		toBit *[50]uint8
	}{{s.BK, 50, &bitK}, {s.BM, menSquares, &bitBM}, {s.WK, 50, &bitK}, {s.WM, menSquares, &bitWM}} {
		d := &w.d[j]
		d.k, d.count, d.toBit = g.k, binom[g.n][g.k], g.toBit
		d.r = i % d.count
		if j == len(w.d)-1 {
			d.r = i
		}
		i /= d.count
		d.bb = onBoard(unrankMask(d.r, d.k, g.n), d.toBit)
		if d.k == 2 || d.k == 3 {
			d.tab = unranked[domainOf(d.toBit)][d.k-2]
		}
	}
	return w
}

// position returns the position the walker stands at, as Position does.
func (w *walker) position() (p bitboard10.Position, ok bool) {
	bk, bm, wk, wm := w.d[0].bb, w.d[1].bb, w.d[2].bb, w.d[3].bb
	wh, bl := wm|wk, bm|bk
	if bits.OnesCount64(wh|bl) != w.d[0].k+w.d[1].k+w.d[2].k+w.d[3].k {
		return p, false
	}
	return bitboard10.Position{White: wh, Black: bl, Kings: wk | bk, WhiteToMove: true}, true
}

// next steps to the following index: the fastest digit takes its colex
// successor (its squares read from the unranking tables, for four and
// more below the highest square, see many), or goes back to rank 0 and
// carries.
func (w *walker) next() {
	for j := range w.d {
		d := &w.d[j]
		last := j == len(w.d)-1
		if d.r++; d.r < d.count || last {
			if d.k > 0 && d.r < d.count { // past the last index: nothing to decode
				switch {
				case d.k == 1:
					d.bb = 1 << d.toBit[d.r]
				case d.tab != nil:
					d.bb = d.tab[d.r]
				default:
					d.bb = d.many()
				}
			}
			return
		}
		d.r = 0
		d.bb = onBoard(1<<d.k-1, d.toBit)
		d.hi = 0 // many starts again
	}
}

// many returns the squares of rank d.r, four squares and more: the
// highest read from the stretch of ranks it shares, the others unranked.
func (d *digit) many() uint64 {
	if d.r >= d.hi || d.r < d.lo {
		sq := topSquare(d.r, d.k)
		d.lo, d.hi, d.top = binom[sq][d.k], binom[sq+1][d.k], 1<<d.toBit[sq]
	}
	return d.top | unrank(d.r-d.lo, d.k-1, len(d.toBit), d.toBit)
}

// exitRanks gives the signature and index that flippedIndex gives for
// the position after each of the exits of one position (White to move),
// without playing them: a move changes the mover's group of the moved
// piece and takes the captured pieces, so the mover's other group is
// ranked once for the position, and the opponent's groups once for each
// set of pieces captured (a king's captures often take the same pieces
// and land on several squares). The first pass ranks every capture so.
type exitRanks struct {
	wm, wk, bm, bk uint64 // the position's groups
	rm, rk         int64  // the mover's men and kings as they stand, ranked for the flip (-2: not yet)
	capt           uint64 // the pieces captured of the last move ranked
	ra, rb         int64  // the opponent's men and kings after it
	na, nb         int
	fresh          bool // no move ranked yet
}

// reset readies e for the exits of p (White to move).
func (e *exitRanks) reset(p *bitboard10.Position) {
	e.wm, e.wk = p.White&^p.Kings, p.White&p.Kings
	e.bm, e.bk = p.Black&^p.Kings, p.Black&p.Kings
	e.rm, e.rk, e.fresh = -2, -2, true
}

// index returns flippedIndex(p.Play(m)) for a move m of e's position.
func (e *exitRanks) index(m bitboard10.Move) (stmSig, int64) {
	if e.fresh || m.Captured != e.capt {
		a, b := e.bm&^m.Captured, e.bk&^m.Captured
		e.capt, e.fresh = m.Captured, false
		e.ra, e.rb = rankRotated(a, &rotWM), rankRotated(b, &rotK)
		e.na, e.nb = bits.OnesCount64(a), bits.OnesCount64(b)
	}
	from, to := uint64(1)<<(m.From&63), uint64(1)<<(m.To&63)
	men, kings := e.wm, e.wk
	var cc, d int64
	switch {
	case kings&from != 0:
		kings = kings&^from | to
		if e.rm == -2 {
			e.rm = rankRotated(men, &rotBM)
		}
		cc, d = e.rm, rankRotated(kings, &rotK)
	case to&bitboard10.WhitePromo != 0:
		men, kings = men&^from, kings|to
		cc, d = rankRotated(men, &rotBM), rankRotated(kings, &rotK)
	default:
		men = men&^from | to
		if e.rk == -2 {
			e.rk = rankRotated(kings, &rotK)
		}
		cc, d = rankRotated(men, &rotBM), e.rk
	}
	s := stmSig{WM: e.na, WK: e.nb, BM: bits.OnesCount64(men), BK: bits.OnesCount64(kings)}
	if e.ra < 0 || cc < 0 {
		return s, -1
	}
	return s, ((e.ra*binom[50][s.WK]+e.rb)*binom[menSquares][s.BM]+cc)*binom[50][s.BK] + d
}

// flipCursor unranks the positions of a table taken in increasing index
// order (un-moving's scan of a level, the forward levels' waiting
// positions) straight into the frame of their flip, where their
// predecessors and moves are listed, and ranks the flip's groups for the
// flipped table. Consecutive positions share their slow digits (the white
// groups, then the black men): those are unranked, turned and ranked
// once for the stretch of indices that shares them, where Position
// divided the index three times and every group of every position was
// unranked, turned and ranked again (in MMvKM's lean build, 5 % of the
// instructions).
type flipCursor struct {
	s             stmSig
	nbk, nlow     int64 // indices sharing the black men, the white groups
	midLo, midEnd int64 // the stretch of the cached black men
	hiLo, hiEnd   int64 // the stretch of the cached white groups
	f             flipped
}

// flipped is a position in the frame of its flip: its groups, White
// (the side that just moved) to move, and their ranks.
type flipped struct {
	wm, wk, bm, bk uint64
	a, b, c, d     int64 // rank(wm, &termWM), rank(wk, &termK), rank(bm, &termBM), rank(bk, &termK)
}

// flipOf returns flip(q) as a flipped.
func flipOf(q bitboard10.Position) flipped {
	fq := flip(q)
	f := flipped{wm: fq.White &^ fq.Kings, wk: fq.White & fq.Kings, bm: fq.Black &^ fq.Kings, bk: fq.Black & fq.Kings}
	f.a, f.b, f.c, f.d = rank(f.wm, &termWM), rank(f.wk, &termK), rank(f.bm, &termBM), rank(f.bk, &termK)
	return f
}

// reset readies c for the table of s, nothing cached.
func (c *flipCursor) reset(s stmSig) {
	st := s.strides()
	*c = flipCursor{s: s, nbk: st.bm, nlow: st.wk, midLo: 1, hiLo: 1}
}

// at returns flip(Position(i)) for a valid index i of c's table. The
// result is c's, valid until the next call.
func (c *flipCursor) at(i int64) *flipped {
	f := &c.f
	if i < c.midLo || i >= c.midEnd {
		if i < c.hiLo || i >= c.hiEnd {
			h := i / c.nlow
			nwk := binom[50][c.s.WK]
			qwk := unrank(h%nwk, c.s.WK, 50, &bitK)
			qwm := unrank(h/nwk, c.s.WM, menSquares, &bitWM)
			c.hiLo, c.hiEnd = h*c.nlow, (h+1)*c.nlow
			f.bm, f.bk = bitboard10.Rotate(qwm), bitboard10.Rotate(qwk)
			f.c, f.d = rank(f.bm, &termBM), rank(f.bk, &termK)
		}
		m := (i - c.hiLo) / c.nbk
		c.midLo = c.hiLo + m*c.nbk
		c.midEnd = c.midLo + c.nbk
		f.wm = bitboard10.Rotate(unrank(m, c.s.BM, menSquares, &bitBM))
		f.a = rank(f.wm, &termWM)
	}
	switch r := i - c.midLo; c.s.BK {
	case 0:
		f.wk, f.b = 0, 0
	case 1: // a king on domain square r is on 49-r turned
		f.wk, f.b = 1<<bitK[49-r], 49-r
	default:
		f.wk = bitboard10.Rotate(unrank(r, c.s.BK, 50, &bitK))
		f.b = rank(f.wk, &termK)
	}
	return f
}

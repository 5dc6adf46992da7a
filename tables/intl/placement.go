package intl

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"metz/draughts/bitboard10"
)

// A lean group with men is built placement by placement. Men move only
// forwards, and a capture or a promotion leaves the group, so the
// positions of a group split by where the men stand (a placement: both
// sides' men, the same squares seen from either table): a king's move
// keeps the placement, a man's move leads to a placement more advanced
// (the men's rows from their own side, summed, one more). The
// placements are solved from the most advanced to the least, each
// completely: its first pass reads a man's move, like a capture, as the
// final value of a placement already solved, and counts only the kings'
// moves as waiting; then its kings are un-moved inside it until nothing
// changes, and what still waits is drawn. While the group is built its
// records are held men first (placeIndex), so that a placement's
// positions are one stretch of them in each table (its kings' ranks: a
// few hundred kilobytes to 24 MB), and turned to the file's order when
// packed (packPlaced): un-moving, and a man's move read where the next
// placement stands, find the processor's cache where the whole group's
// records (up to 5.5 G bytes) missed it every time. The placements of
// one advancement do not reach each other and are shared among the
// cores.

// recValue is the value byte that stands for a final record where a
// placement's first pass reads it (a man's move into a placement solved
// already: a win in 1, a loss in 0, as wdlByte).
var recValue = func() (v [256]byte) {
	v[recWin], v[recLoss] = wdlByte[wdlWin], wdlByte[wdlLoss]
	return v
}()

// placeIndex is where the position of the ranks a, b, c, d (white men,
// white kings, black men, black kings) of a table of s sits in its
// records while the group is built: men first, so that a placement's
// positions are one stretch, (a·C(45, BM) + c)·kings + b·C(50, BK) + d.
func placeIndex(s stmSig, a, b, c, d int64) int64 {
	nbk := binom[50][s.BK]
	return (a*binom[menSquares][s.BM]+c)*binom[50][s.WK]*nbk + b*nbk + d
}

// placeSide is one table's share of a placement: the men (in its frame)
// and its records (the kings' positions, by their ranks: white kings·nbk
// + black kings).
type placeSide struct {
	t      *part
	wm, bm uint64
	rec    []byte
	a      int64 // the white men's rank
	nbk    int64 // C(50, BK)
	ks     stmSig
	// rotW and rotB turn the ranks of the white and black kings to
	// their ranks in the other table's frame (see rotatedRanks).
	rotW, rotB []int32
	// manTo[d-5][to] is where a white man's quiet move from to+d to to
	// leads in the other table's records, but for its kings' ranks: the
	// men are those of the placement, ranked once for it, where each
	// move ranked them again.
	manTo [2][64]int64
}

// placeOf readies s for the part t with the men wm, bm (t's frame).
func (s *placeSide) placeOf(t *part, wm, bm uint64) {
	size := binom[50][t.sig.WK] * binom[50][t.sig.BK]
	at := placeIndex(t.sig, rank(wm, &termWM), 0, rank(bm, &termBM), 0)
	s.t, s.wm, s.bm, s.rec, s.a = t, wm, bm, t.val[at:at+size:at+size], rank(wm, &termWM)
	s.nbk, s.ks = binom[50][t.sig.BK], stmSig{WK: t.sig.WK, BK: t.sig.BK}
	s.rotW, s.rotB = rotatedRanks(t.sig.WK), rotatedRanks(t.sig.BK)
}

// menTo fills s.manTo for the other side o (its records and men readied).
func (s *placeSide) menTo(o *placeSide) {
	for m := s.wm; m != 0; m &= m - 1 {
		from := bits.TrailingZeros64(m)
		for d := 5; d <= 6; d++ {
			to := from - d
			if to < 0 || bitboard10.BoardMask&^bitboard10.WhitePromo&^(s.wm|s.bm)>>to&1 == 0 {
				continue // off the board, a promotion, or never free
			}
			men := s.wm&^(1<<from) | 1<<to
			s.manTo[d-5][to] = placeIndex(o.t.sig, o.a, 0, rankRotated(men, &rotBM), 0)
		}
	}
}

// rotatedRanks returns, for k kings, the rank of the kings of each rank
// r turned to the other side's frame: rankRotated of their squares. A
// placement's first pass and its un-moving read them (the kings are
// walked in rank order, each turned with one read where ranking them
// took a loop over the kings).
func rotatedRanks(k int) []int32 { return rotRanks[k]() }

var rotRanks = func() (f [maxSide + 1]func() []int32) {
	for k := range f {
		f[k] = sync.OnceValue(func() []int32 {
			tab := make([]int32, binom[50][k])
			for r := range tab {
				tab[r] = int32(rankRotated(unrank(int64(r), k, 50, &bitK), &rotK))
			}
			return tab
		})
	}
	return f
}()

// packPlaced returns the packed table (see packRecords) of a part whose
// records are held men first (placeIndex): in the file's order, the
// white men, white kings, black men, black kings.
func packPlaced(t *part) []byte {
	s := t.sig
	nwm, nwk, nbm, nbk := binom[menSquares][s.WM], binom[50][s.WK], binom[menSquares][s.BM], binom[50][s.BK]
	if nwk == 1 || nbm == 1 {
		return packRecords(t.val) // the same order
	}
	out := make([]byte, packedLen(s.Size()))
	pow := [wdlPer]byte{1, 3, 9, 27, 81}
	o, k := 0, 0 // the next digit: out[o]'s k-th
	for a := range nwm {
		for b := range nwk {
			at := placeIndex(s, a, b, 0, 0)
			for range nbm {
				for _, r := range t.val[at : at+nbk] {
					out[o] += recWDL[r] * pow[k]
					if k++; k == wdlPer {
						o, k = o+1, 0
					}
				}
				at += nwk * nbk // the next black men
			}
		}
	}
	return out
}

// placed reports whether a lean group of sigs is built by placements:
// it has men and kings. Without kings a placement is one position, and
// its overhead took 9.5 s of CPU where the levels took 2.0 (MMMvMM's
// pair, built lean from 5 pieces).
func placed(sigs []stmSig) bool {
	s := sigs[0]
	return s.Men() > 0 && s.WK+s.BK > 0
}

// manAdvance returns the rows the men of bb have advanced (white men
// from row 9, the bottom, black men from row 0).
func manAdvance(bb uint64, white bool) int {
	n := 0
	for ; bb != 0; bb &= bb - 1 {
		row := int(domK[bits.TrailingZeros64(bb)]) / 5
		if white {
			row = 9 - row
		}
		n += row
	}
	return n
}

// placements builds the lean group g by placements, on the cores it may
// use: for each advancement, the most first, the workers take the white
// men's ranks in turn and solve every placement of that advancement with
// them.
func (g *group) placements() error {
	s := g.parts[0].sig
	nw, nb := binom[menSquares][s.WM], binom[menSquares][s.BM]
	advW := make([]int, nw)
	for a := range nw {
		advW[a] = manAdvance(unrank(a, s.WM, menSquares, &bitWM), true)
	}
	byAdv := make([][]int64, 8*s.BM+1) // the black men's ranks by their advancement
	for c := range nb {
		v := manAdvance(unrank(c, s.BM, menSquares, &bitBM), false)
		byAdv[v] = append(byAdv[v], c)
	}
	var maxSize int64
	for _, t := range g.parts {
		maxSize = max(maxSize, binom[50][t.sig.WK]*binom[50][t.sig.BK])
	}
	workers := g.cores()
	ws := make([]*placeWorker, workers)
	for k := range ws {
		ws[k] = newPlaceWorker(maxSize, g.done)
	}
	for total := 8 * s.Men(); total >= 0; total-- {
		var next atomic.Int64
		var wg sync.WaitGroup
		errs := make([]error, workers)
		for k, w := range ws {
			wg.Go(func() {
				for errs[k] == nil {
					a := next.Add(1) - 1
					if a >= nw {
						return
					}
					v := total - advW[a]
					if v < 0 || v >= len(byAdv) {
						continue
					}
					wm := unrank(a, s.WM, menSquares, &bitWM)
					for _, c := range byAdv[v] {
						if errs[k] = w.solve(g, wm, unrank(c, s.BM, menSquares, &bitBM)); errs[k] != nil {
							break
						}
					}
				}
			})
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// placeWorker holds one core's arrays for the placement it solves: the
// pending bits of its two sides.
type placeWorker struct {
	side [2]placeSide
	n    int         // sides: 1 when the placement is its own mirror in a table its own flip
	pend [2][]uint64 // decided (won or lost), not yet un-moved
	bs   [2]placeBatch
	ml   bitboard10.MoveList
	// preds lists the predecessors retro updates next: those that win,
	// those with a move refuted.
	preds [2][]int64
	done  *[4096][]byte // the finished tables the exits reach
}

func newPlaceWorker(size int64, done *[4096][]byte) *placeWorker {
	w := &placeWorker{done: done}
	for k := range w.pend {
		w.pend[k] = make([]uint64, (size+63)/64)
	}
	return w
}

// placeBatch is a batch of a placement's first pass, with its positions
// (read again where a king's moves are).
type placeBatch struct {
	batch
	pos [firstBatch]bitboard10.Position
	hi  [firstBatch]int64 // the black kings' part of the other table's kings' rank
}

// solve solves the placement of the white men wm and black men bm of
// g's first table (and its mirror in the other), every placement more
// advanced solved already.
func (w *placeWorker) solve(g *group, wm, bm uint64) error {
	if wm&bm != 0 {
		return nil // no position: its records stay draws
	}
	t, o := g.parts[0], g.parts[len(g.parts)-1]
	mw, mb := bitboard10.Rotate(bm), bitboard10.Rotate(wm) // the mirror, in o's frame
	w.n = 2
	if t == o {
		a, c, ma, mc := rank(wm, &termWM), rank(bm, &termBM), rank(mw, &termWM), rank(mb, &termBM)
		if ma < a || ma == a && mc < c {
			return nil // solved with its mirror
		}
		if ma == a && mc == c {
			w.n = 1
		}
	}
	w.side[0].placeOf(t, wm, bm)
	w.side[1].placeOf(o, mw, mb)
	for k := range w.n {
		w.side[k].menTo(&w.side[(k+1)%w.n])
	}
	if err := w.firsts(); err != nil {
		return err
	}
	w.retro()
	for k := range w.n {
		w.store(k)
	}
	return nil
}

// firsts gives the positions of both sides their first records. The
// side whose mover has more kings goes second: where the first side's
// first pass decided most of its positions, the second reads its kings'
// moves where the first side's records stand (see settle), and the first
// side's decisions are not un-moved. In KKKKMvM's pair the men's side has
// no king, and its 125.8 M losses had 4.35 G predecessors; a position of
// the kings' side stops reading at its first move to a loss. Where most
// of the first side waits (the drawn endings: KMMvKM's pair), reading
// every king's move of the second side cost more than un-moving.
func (w *placeWorker) firsts() error {
	if w.n == 1 {
		return w.first(0, false)
	}
	sec := 0
	if w.side[1].t.sig.WK > w.side[0].t.sig.WK {
		sec = 1
	}
	if err := w.first(1-sec, false); err != nil {
		return err
	}
	pend := w.pend[1-sec][:(len(w.side[1-sec].rec)+63)/64]
	decided := 0
	for _, x := range pend {
		decided += bits.OnesCount64(x)
	}
	fwd := 2*decided > len(w.side[1-sec].rec)
	if err := w.first(sec, fwd); err != nil {
		return err
	}
	if fwd {
		clear(pend)
	}
	return nil
}

// first gives every position of side k its first record (see
// initRange: the lookups of a batch asked for while the next batch's
// moves are generated); with fwd, its kings' moves read the other
// side's records, given already.
func (w *placeWorker) first(k int, fwd bool) error {
	s := &w.side[k]
	size := int64(len(s.rec))
	clear(w.pend[k][:(size+63)/64])
	walk := s.ks.walk(0)
	if err := w.list(&w.bs[0], k, walk, 0, min(firstBatch, size)); err != nil {
		return err
	}
	prefetchLookups(w.bs[0].look)
	for b, start := 0, int64(0); start < size; b, start = b+1, start+firstBatch {
		if next := start + firstBatch; next < size {
			if err := w.list(&w.bs[(b+1)%2], k, walk, next, min(next+firstBatch, size)); err != nil {
				return err
			}
			prefetchLookups(w.bs[(b+1)%2].look)
		}
		if err := w.settle(&w.bs[b%2], k, fwd, start, min(start+firstBatch, size)); err != nil {
			return err
		}
	}
	return nil
}

// list walks the kings' positions start..end-1 of s with walk and lists
// in b their kings' quiet moves and the lookups of their other moves:
// captures and promotions in smaller tables, a man's quiet move in the
// other table's record (a placement solved already).
func (w *placeWorker) list(b *placeBatch, k int, walk *walker, start, end int64) error {
	s, o := &w.side[k], &w.side[(k+1)%w.n]
	b.look = b.look[:0]
	var er exitRanks
	tabs := exitTables{done: w.done, code: -1}
	for i := start; i < end; i++ {
		x := i - start
		b.first[x] = len(b.look)
		p, ok := walk.position()
		rw, rb := walk.d[2].r, walk.d[0].r // the kings' ranks (see walker)
		walk.next()
		if !ok || (p.White|p.Black)&(s.wm|s.bm) != 0 {
			b.quiet[x] = -1
			continue
		}
		p.White |= s.wm
		p.Black |= s.bm
		b.pos[x] = p
		b.hi[x] = int64(s.rotB[rb]) * o.nbk
		kings, moves, takesAll := placedMoves(&p, &w.ml)
		b.quiet[x] = kings
		if takesAll {
			b.look = append(b.look, lostLookup) // the position reached is lost
			continue
		}
		if len(moves) > 0 {
			er.reset(&p)
		}
		mirror := b.hi[x] + int64(s.rotW[rw]) // the kings' place in the other table's placements
		for _, m := range moves {
			if m.Captured == 0 && bitboard10.WhitePromo>>m.To&1 == 0 {
				j := s.manTo[m.From-m.To-5][m.To] + mirror
				b.look = append(b.look, lookup{at: &o.t.val[j], dec: &recValue})
				continue
			}
			sg, j := er.index(m)
			if sg.WM+sg.WK == 0 { // the other side's last piece taken: the position reached is lost
				b.look = append(b.look, lostLookup)
				continue
			}
			l, err := tabs.lookup(sg, j)
			if err != nil {
				return err
			}
			b.look = append(b.look, l)
		}
	}
	b.first[end-start] = len(b.look)
	return nil
}

// placedMoves returns how many quiet king moves p (White to move) has,
// and its other moves: every capture when one is compulsory, else the
// men's quiet moves (promotions among them), listed in ml. Where the
// opponent has one piece, a compulsory capture takes it (every capture
// takes at least one piece): takesAll, and no move is listed.
func placedMoves(p *bitboard10.Position, ml *bitboard10.MoveList) (kings int, moves []bitboard10.Move, takesAll bool) {
	var all int
	if p.Black&(p.Black-1) == 0 {
		q, capture := p.QuietOrCapture()
		if capture {
			return 0, nil, true
		}
		all, ml.N = q, 0
	} else if all = p.CapturesOrQuiet(ml); ml.N > 0 {
		return 0, ml.Moves[:ml.N], false
	}
	n := 0
	men, empty := p.White&^p.Kings, ^(p.White|p.Black)&bitboard10.BoardMask
	for _, d := range [2]uint8{5, 6} {
		for t := (men >> d) & empty; t != 0; t &= t - 1 {
			b := uint8(bits.TrailingZeros64(t))
			ml.Moves[n] = bitboard10.Move{From: b + d, To: b}
			n++
		}
	}
	return all - n, ml.Moves[:n], false
}

// settle gives the positions start..end-1 of side k their first record
// from the lookups read in b, and marks those decided won or lost. With
// fwd, a position not won by those reads its kings' moves in the other
// side's records: a move to a loss wins, one to a win or a draw is
// settled at once, and only those to a position undecided still wait.
func (w *placeWorker) settle(b *placeBatch, k int, fwd bool, start, end int64) error {
	rec, pend := w.side[k].rec, w.pend[k]
	for i := start; i < end; i++ {
		q := b.quiet[i-start]
		if q < 0 {
			rec[i] = recDraw
			continue
		}
		win, draw := false, false
		for li := b.first[i-start]; li < b.first[i-start+1]; li++ {
			switch v := b.look[li].value(); {
			case v == vInvalid:
				return fmt.Errorf("endgame: %v: a move reaches an index marked invalid", w.side[k].t.sig)
			case v == vDraw:
				draw = true
			case (v-1)%2 == 0:
				win = true // a move to a lost position
			}
		}
		if fwd && !win && q > 0 {
			q, win, draw = w.kingMoves(k, &b.pos[i-start], b.hi[i-start], draw)
		}
		r, err := leanRecord(w.side[k].t.sig, q, win, draw)
		if err != nil {
			return err
		}
		rec[i] = r
		if r == recWin || r == recLoss {
			pend[i>>6] |= 1 << (i & 63)
		}
	}
	return nil
}

// kingMoves reads the records that the kings' quiet moves of p (side k)
// reach in the other side, and returns how many are undecided, whether
// one is lost (then it stops) and whether one is drawn (or draw already).
// hi is the black kings' part of their rank there (placeBatch.hi).
func (w *placeWorker) kingMoves(k int, p *bitboard10.Position, hi int64, draw bool) (waits int, win, drawn bool) {
	so := &w.side[(k+1)%w.n]
	rec := so.rec
	occ := bitboard10.Rotate(p.White | p.Black) // the other side's frame
	kings := bitboard10.Rotate(p.White & p.Kings)
	for m := kings; m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		var kr kingRanks
		kr.set(kings, x)
		for to := freeRays(x, occ); to != 0; to &= to - 1 {
			switch r := rec[hi+kr.rank(bits.TrailingZeros64(to))]; {
			case r == recLoss:
				return 0, true, draw
			case r == recDraw:
				draw = true
			case r != recWin:
				waits++
			}
		}
	}
	return waits, false, draw
}

// retro un-moves the placement's decided positions, the kings' quiet
// moves alone (a man's un-move leaves the placement), until none is left
// to un-move: sweeps over the pending bits, in any order (the values at
// the fixed point do not depend on it). The predecessors of a few
// positions are listed, their records asked of the processor's cache
// (prefetchFrom), then updated together: a placement's records are up
// to 24 MB a side (the tables of one man: KKKMvKK, 3 and 2 kings), where
// this machine's second-level cache holds 1 MB, and each update waited
// for its miss.
func (w *placeWorker) retro() {
	var cur [2]turnedKings
	for more := true; more; {
		more = false
		for k := range w.n {
			pend := w.pend[k][:(len(w.side[k].rec)+63)/64]
			if w.side[k].t.sig.BK == 0 {
				// The other side's mover has no king: no king's move
				// reaches these positions (KKKKMvM's were un-moved for
				// nothing).
				clear(pend)
				continue
			}
			o := (k + 1) % w.n
			for wi := range pend {
				for pend[wi] != 0 {
					i := int64(wi)*64 + int64(bits.TrailingZeros64(pend[wi]))
					pend[wi] &= pend[wi] - 1
					w.listPreds(k, i, &cur[k])
					more = true
					if len(w.preds[0])+len(w.preds[1]) >= retroRound {
						w.update(o)
					}
				}
			}
			w.update(o)
		}
	}
}

// retroRound is about how many predecessors retro lists before it
// updates them; prefetchFrom is the size of a side's records from which
// they are asked for (the smaller stay in the cache).
const (
	retroRound   = 512
	prefetchFrom = 1 << 20
)

// turnedKings holds what the positions of a side un-moved in a row
// share: their white kings (the ranks lo..end-1 of the placement), with
// the men, turned to the other side's frame, and those kings' rank
// there (a division, an unranking, a turn and a ranking a position
// where the index alone changes).
type turnedKings struct {
	lo, end int64
	occ     uint64
	d       int64
}

// listPreds lists the positions of the other side from which a king's
// quiet move reaches position i of side k (won or lost), and asks for
// their records: in w.preds[0] where i is lost (they win), else in
// w.preds[1] (a move refuted). They are found in their own frame (flip
// of i's), where the side that moved is White; c is side k's, kept from
// one position to the next.
func (w *placeWorker) listPreds(k int, i int64, c *turnedKings) {
	s, so := &w.side[k], &w.side[(k+1)%w.n]
	l := 1
	if s.rec[i] == recLoss {
		l = 0
	}
	js := w.preds[l]
	n := len(js)
	if i < c.lo || i >= c.end {
		h := i / s.nbk
		c.lo, c.end = h*s.nbk, (h+1)*s.nbk
		c.occ = bitboard10.Rotate(s.wm | s.bm | unrank(h, s.t.sig.WK, 50, &bitK))
		c.d = int64(s.rotW[h])
	}
	fwk := bitboard10.Rotate(unrank(i-c.lo, s.t.sig.BK, 50, &bitK)) // the mover's kings
	occ := c.occ | fwk
	for m := fwk; m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		var kr kingRanks
		kr.set(fwk, x)
		for from := freeRays(x, occ); from != 0; from &= from - 1 {
			js = append(js, kr.rank(bits.TrailingZeros64(from))*so.nbk+c.d)
		}
	}
	if len(so.rec) > prefetchFrom {
		prefetchBytes(&so.rec[0], js[n:])
	}
	w.preds[l] = js
}

// update makes the updates listed in w.preds on side o's records and
// empties the lists: the wins, then the refutations (the fixed point is
// the same in any order).
func (w *placeWorker) update(o int) {
	rec, pend := w.side[o].rec, w.pend[o]
	for l, js := range w.preds {
		for _, j := range js {
			r := rec[j]
			switch {
			case !undecided(r):
				continue
			case l == 0: // a king's move to a lost position wins
				rec[j] = recWin
			case r&recCount > 1:
				rec[j] = r - 1
				continue
			case r&recDrawn != 0:
				rec[j] = recDraw // every king's move refuted, a man's move or an exit draws
				continue
			default:
				rec[j] = recLoss
			}
			pend[j>>6] |= 1 << (j & 63)
		}
		w.preds[l] = js[:0]
	}
}

// store marks side k's positions still waiting as drawn.
func (w *placeWorker) store(k int) {
	rec := w.side[k].rec
	for i, r := range rec {
		if undecided(r) {
			rec[i] = recDraw
		}
	}
}

// byPlacement, for the tests and the measurements, builds the lean groups
// with men as the groups without (false): level by level over the whole
// tables.
var byPlacement = true

package intl

import (
	"math/bits"
	"sync/atomic"

	"metz/draughts/bitboard10"
	"metz/tables/internal/rounds"
)

// A lean build's level of losses can also be made forwards. Un-moving a
// lost position lists all its predecessors, and in the lopsided endings
// most of them are won already: of the 1.97 G predecessors of the
// positions of MvKKKKK lost at level 2, 3.6 % still waited (the other
// side's five kings give some 42 predecessors a position, and a position
// with many moves to lost positions is won by the first). Such a level is
// cheaper the other way round: every position of o still waiting tries
// its moves, a piece at a time, until one reaches a position of t lost at
// this level (most do at the first piece). Which positions win, and their
// stand-in value, are the same either way: a waiting position wins at
// level n exactly when one of its quiet moves reaches a position of t
// decided at n, whichever end that is found from. (A distance build
// keeps un-moving: its wins by an exit wait for a shorter quiet win,
// which forward takes no account of.)

// forwardCheaper reports whether level n of a lean build is cheaper
// made forwards, from o's waiting positions, than by un-moving t's
// losses (n even) or wins (n odd): estimated from the predecessors a
// position of t had at the levels un-moved so far (before the first,
// from a sample of those to un-move: samplePreds) and the moves a waiting
// one read at the levels of that parity made forwards (before the first,
// from a sample: sampleForward), a move read counted as two predecessors
// at a level of losses and as one at a level of wins (KKKKvMM's first
// level of wins: 21.5 s of CPU forwards, 125.5 M positions waiting and
// 383 M moves read, against 34.9 s un-moving 189 M wins and their 543 M
// predecessors, at a load of 9).
// A level of wins must read every move of a waiting position, and the
// levels with distances made it dearer than un-moving at every level
// (each held a few of the wins); without distances the first level of
// wins holds most of them (189 M of KKKKvMM's 192 M, 2.9 predecessors
// each, where the 2 men's positions waiting have some 3.5 moves).
func (g *group) forwardCheaper(t, o *part, n int) bool {
	if !o.lean || forwardMode < 0 {
		return false
	}
	if forwardMode > 0 {
		return true
	}
	p := n % 2
	found, live := t.pendN[p].Load(), o.waiting.Load()
	if found == 0 {
		return false // nothing to un-move, and nothing to find
	}
	var perPred float64
	if t.bwdFound >= 1000 {
		perPred = float64(t.bwdPreds) / float64(t.bwdFound)
	} else {
		perPred = samplePreds(t, o, p)
	}
	tried, read := t.fwdLive, t.fwdKids
	if p == 1 {
		tried, read = t.fwdWins, t.fwdWinKids
	}
	var perLive float64
	if tried >= 1000 {
		perLive = float64(read) / float64(tried)
	} else {
		perLive = sampleForward(t, o, p)
	}
	weight := 2.0 // a move read: a random byte of t's records
	if p == 1 {
		weight = 1 // a bit of pend[1], eight times smaller
	}
	return float64(live)*(1+weight*perLive) < float64(found)*(1+perPred)
}

// samplePreds returns about how many predecessors t's positions to
// un-move (pend[p]) have: those of the first of them in each of some 1 000
// stretches of the table, each weighted by the losses of its stretch.
// The first pass decides many positions at once (in KKKKvMM's pair 57 M
// losses of MMvKKKK, 33 predecessors each, whose first level took three
// times as long un-moved as made forwards), before any level has
// measured it.
func samplePreds(t, o *part, p int) float64 {
	pend := t.pend[p]
	var cur flipCursor
	cur.reset(t.sig)
	st := o.sig.strides()
	var buf []int64
	var preds, found float64
	step := max(1, len(pend)/1000)
	for lo := 0; lo < len(pend); lo += step {
		first, n := -1, 0
		for k := lo; k < min(lo+step, len(pend)); k++ {
			if pend[k] != 0 && first < 0 {
				first = k
			}
			n += bits.OnesCount64(pend[k])
		}
		if first < 0 {
			continue
		}
		i := int64(first)*64 + int64(bits.TrailingZeros64(pend[first]))
		buf = flippedPredecessors(cur.at(i), &st, buf[:0])
		preds += float64(len(buf) * n)
		found += float64(n)
	}
	return preds / max(found, 1)
}

// sampleForward returns about how many moves a forward level of parity
// p reads a waiting position of o: those of the first waiting position in
// each of some 1 000 stretches of o's records (the first 4 096 of each).
func sampleForward(t, o *part, p int) float64 {
	var cur flipCursor
	cur.reset(o.sig)
	nBM, nBK := binom[menSquares][t.sig.BM], binom[50][t.sig.BK]
	size := int64(len(o.val))
	step := max(1, size/1000)
	var fp fwdPos
	var tried, read float64
	for lo := int64(0); lo < size; lo += step {
		for j := lo; j < min(lo+step, lo+4096, size); j++ {
			if !undecided(o.val[j]) {
				continue
			}
			fp.all = p == 1
			for ok := fp.start(j, &cur, t.sig, nBM, nBK); ok; ok = fp.advance(nBM, nBK) {
				read += float64(len(fp.chunk()))
				if p == 0 && fp.reaches(t.val) {
					break
				}
			}
			tried++
			break
		}
	}
	return read / max(tried, 1)
}

// forwardMode, for the tests, makes every level that may be made
// forwards so (1), or none (-1); 0 lets forwardCheaper choose.
var forwardMode = 0

// forward makes level n forwards. At a level of losses (n even) every
// position of o still waiting that has a quiet move to a position of t
// lost wins, as un-moving t's losses not yet un-moved (pend[0]) would
// have made it: a position still waiting has no move to a loss un-moved
// before. At a level of wins (n odd) every position of o still waiting
// reads all its moves and counts those that reach a win of t not yet
// un-moved (pend[1]): as many refutations as un-moving those wins would
// have made. The workers scan blocks of o's records (multiples of 64
// indices: no pend word is shared) and list what they found, then each
// makes its own; the rounds keep the records read and the records
// written apart (t may be o).
func (g *group) forward(t, o *part, n int) {
	ws := make([]*fwdWorker, 1)
	if len(o.val) >= 1<<16 {
		ws = make([]*fwdWorker, g.cores())
	}
	for k := range ws {
		ws[k] = &fwdWorker{}
		ws[k].cur.reset(o.sig)
	}
	var blocks atomic.Int64
	rounds.Run(len(ws), func(k int) int { return ws[k].list(t, o, n%2 == 1, &blocks) }, func(k int) {
		w := ws[k]
		if n%2 == 1 {
			w.refute(o)
			return
		}
		for _, j := range w.won {
			o.val[j] = recWin
			o.pend[1][j>>6] |= 1 << (j & 63)
		}
		w.counts.decided += int64(len(w.won))
		w.counts.pend[1] += int64(len(w.won))
		w.won = w.won[:0]
	})
	for _, w := range ws {
		o.add(w.counts)
		if n%2 == 1 {
			t.fwdWins += w.live
			t.fwdWinKids += w.kids
			continue
		}
		t.fwdLive += w.live
		t.fwdKids += w.kids
	}
}

// refute makes the refutations w listed at a level of wins made
// forwards: each entry is a waiting index of o and how many of its quiet
// moves reach a win not yet un-moved (j<<8 | count); the last one
// refuted loses, or draws where an exit draws.
func (w *fwdWorker) refute(o *part) {
	for _, e := range w.won {
		j, c := e>>8, byte(e)
		r := o.val[j]
		if r&recCount > c {
			o.val[j] = r - c
			continue
		}
		w.counts.decided++
		if r&recDrawn != 0 {
			o.val[j] = recDraw
			continue
		}
		o.val[j] = recLoss
		o.pend[0][j>>6] |= 1 << (j & 63)
		w.counts.pend[0]++
	}
	w.won = w.won[:0]
}

// fwdBatch is how many waiting positions a worker tries at once: the
// values a piece's moves reach are asked for (prefetchBytes) and read
// only after the other positions of the batch have had their turn.
const fwdBatch = 16

// fwdWorker is one core's share of a forward level: the block of o it
// scans (from next to hi), the positions being tried, the winners listed
// and its counts.
type fwdWorker struct {
	blockCursor
	base       int64  // the first of the records mask covers
	mask       uint64 // bit 8k+7: record base+k is undecided, not yet taken (waitingBytes) from base on still to take (waitingBytes)
	batch      [fwdBatch]fwdPos
	nb         int
	won        []int64
	counts     leanCounts
	live, kids int64      // positions tried, moves probed
	cur        flipCursor // unranks the positions tried
}

// fwdPos is a waiting position being tried, in t's frame (flip of o's:
// the side to move there is Black), a piece at a time.
type fwdPos struct {
	j          int64
	occ        uint64
	bm, bk     uint64  // the moving side's men and kings
	men, kings uint64  // those not tried yet
	hi, c, d   int64   // the index's digits: (hi*nBM + c)*nBK + d
	kids       []int64 // the indices the piece being tried reaches
	at         int     // the first of kids not read yet
	all        bool    // every move is read (a level of wins), a piece at a time
	hits       int     // at a level of wins, the moves read that reach one
	buf        [24]int64
}

// fwdChunk is how many of a piece's moves are asked for and read at a
// time: most positions tried reach a loss with one of the first few (a
// king has some eleven moves), and asking for all took memory bandwidth
// for nothing.
const fwdChunk = 4

// chunk returns the indices of p's next moves to read: at a level of
// wins, all of the piece's.
func (p *fwdPos) chunk() []int64 {
	if p.all {
		return p.kids[p.at:]
	}
	return p.kids[p.at:min(p.at+fwdChunk, len(p.kids))]
}

// advance moves p on to its next chunk of moves, of this piece or the
// next; false when every move has been read.
func (p *fwdPos) advance(nBM, nBK int64) bool {
	if p.at += len(p.chunk()); p.at < len(p.kids) {
		return true
	}
	return p.step(nBM, nBK)
}

// wins counts the moves of p's chunk that reach a position in pend.
func (p *fwdPos) wins(pend []uint64) int {
	n := 0
	for _, k := range p.chunk() {
		n += int(pend[k>>6] >> (k & 63) & 1)
	}
	return n
}

// list tries the waiting positions of o, block after block, until it has
// listed a round's worth of winners (a level of losses) or of positions
// refuted (wins: each with its count, see refute) or o is done; it
// returns how many.
func (w *fwdWorker) list(t, o *part, wins bool, blocks *atomic.Int64) int {
	nBM, nBK := binom[menSquares][t.sig.BM], binom[50][t.sig.BK]
	ask := func(p *fwdPos) {
		if wins {
			prefetchBits(&t.pend[1][0], p.chunk())
		} else {
			prefetchBytes(&t.val[0], p.chunk())
		}
		w.kids += int64(len(p.chunk()))
	}
	more := true
	for {
		for more && w.nb < fwdBatch && len(w.won) < roundSize {
			j, ok := w.nextWaiting(o.val, blocks)
			if !ok {
				more = false
				break
			}
			p := &w.batch[w.nb]
			p.all, p.hits = wins, 0
			if p.start(j, &w.cur, t.sig, nBM, nBK) {
				ask(p)
				w.nb++
			}
			w.live++
		}
		if w.nb == 0 {
			return len(w.won)
		}
		keep := 0
		for k := range w.nb {
			p := &w.batch[k]
			if wins {
				p.hits += p.wins(t.pend[1])
			} else if p.reaches(t.val) {
				w.won = append(w.won, p.j)
				continue
			}
			if !p.advance(nBM, nBK) {
				if p.hits > 0 {
					w.won = append(w.won, p.j<<8|int64(p.hits))
				}
				continue // every move read
			}
			ask(p)
			if keep != k {
				w.batch[keep] = *p
				w.batch[keep].kids = w.batch[keep].buf[:len(p.kids)]
			}
			keep++
		}
		w.nb = keep
	}
}

// start readies p to try the moves of index j of o (a waiting position:
// it has quiet moves and no capture), unranked by cur, and lists the
// first piece's. It reports false if there is none (not expected of a
// waiting position).
func (p *fwdPos) start(j int64, cur *flipCursor, ts stmSig, nBM, nBK int64) bool {
	f := cur.at(j)
	p.j = j
	p.occ = f.wm | f.wk | f.bm | f.bk
	p.bm, p.bk = f.bm, f.bk
	p.men, p.kings = p.bm, p.bk
	p.hi = f.a*binom[50][ts.WK] + f.b
	p.c, p.d = f.c, f.d
	return p.step(nBM, nBK)
}

// step lists in p.kids the indices in t that the next untried piece's
// quiet moves reach (promotions excluded: they leave the group), and
// reports false when every piece has been tried.
func (p *fwdPos) step(nBM, nBK int64) bool {
	p.kids, p.at = p.buf[:0], 0
	empty := ^p.occ & bitboard10.BoardMask
	for p.men != 0 {
		x := p.men & -p.men
		p.men ^= x
		base := p.hi * nBM
		for to := (x<<5 | x<<6) & empty; to != 0; to &= to - 1 {
			c := rank(p.bm^x^(to&-to), &termBM)
			if c < 0 {
				continue // onto the crowning row: a promotion
			}
			p.kids = append(p.kids, (base+c)*nBK+p.d)
		}
		if len(p.kids) > 0 {
			return true
		}
	}
	for p.kings != 0 {
		x := bits.TrailingZeros64(p.kings)
		p.kings &= p.kings - 1
		var kr kingRanks
		kr.set(p.bk, x)
		base := (p.hi*nBM + p.c) * nBK
		for to := freeRays(x, p.occ); to != 0; to &= to - 1 {
			p.kids = append(p.kids, base+kr.rank(bits.TrailingZeros64(to)))
		}
		if len(p.kids) > 0 {
			return true
		}
	}
	return false
}

// reaches reports whether one of p's chunk of moves reaches a position
// lost in rec.
func (p *fwdPos) reaches(rec []byte) bool {
	for _, k := range p.chunk() {
		if rec[k] == recLoss {
			return true
		}
	}
	return false
}

package intl

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"sync/atomic"
	"time"

	"metz/internal/hugepages"
)

// A lean build (the tables stored without distances: win, draw or loss)
// keeps one byte a position, its record, which is the position's value
// and what it still waits for at once: undecided, the count of its quiet
// moves not yet refuted (and a flag when an exit draws); decided, won,
// lost or drawn. Un-moving reads and writes that byte alone, one cache
// line a predecessor, where a value byte, a record byte and a bit of a
// live bitset took up to three (a win wrote all three). Which positions
// are won, drawn and lost does not depend on the order in which the
// decided ones are un-moved (the fixed point), so the levels keep no
// distance: the positions decided and not yet un-moved are bits of two
// bitsets (pend: losses, wins), which a level reads in place of a byte
// scan of the values, and the first pass's decisions are all un-moved at
// the first level of their parity. 1¼ bytes an index in all, where the
// value, record and live bytes took 2⅛.
const (
	recDraw  byte = 0x00 // decided: drawn (or no position)
	recLoss  byte = 0x7E // decided: lost for the side to move
	recWin   byte = 0x7F // decided: won
	recDrawn byte = 0x80 // an undecided record's flag: an exit draws
	recCount byte = 0x7F // an undecided record's count of quiet moves left
	recMax        = 0x7D // the largest count a record holds
)

// undecided reports whether r is the record of a position still waiting
// (a count from 1 to recMax).
func undecided(r byte) bool { return (r&recCount)-1 < recMax }

// waitingBytes returns, for 8 records read as a little-endian word, bit
// 8k+7 set where record k is undecided.
func waitingBytes(x uint64) uint64 {
	const ones = 0x0101010101010101
	c := x & (0x7F * ones)       // the counts (recCount)
	atLeast1 := c + 0x7F*ones    // top bit: count ≥ 1 (no carry out of a byte: c ≤ 0x7F)
	over := c + (0x80-0x7E)*ones // top bit: count ≥ recLoss
	return atLeast1 &^ over & (0x80 * ones)
}

// leanRecord is the record the first pass gives a position with quiet
// quiet moves in the group, an exit that wins, or one that draws.
func leanRecord(s stmSig, quiet int, win, draw bool) (byte, error) {
	switch {
	case win:
		return recWin, nil // final: no quiet move makes it more won
	case quiet > recMax:
		return 0, fmt.Errorf("endgame: %v: %d quiet moves do not fit a lean record", s, quiet)
	case quiet > 0 && draw:
		return byte(quiet) | recDrawn, nil
	case quiet > 0:
		return byte(quiet), nil
	case draw:
		return recDraw, nil
	}
	return recLoss, nil // no move at all, or every exit reaches a win
}

// leanCounts are what a worker changed in a part's counts.
type leanCounts struct {
	waits, decided int64    // positions found waiting, no longer waiting
	pend           [2]int64 // positions added to pend[0] (losses), pend[1] (wins)
}

// add adds c to t's counts.
func (t *part) add(c leanCounts) {
	t.waiting.Add(c.waits - c.decided)
	t.pendN[0].Add(c.pend[0])
	t.pendN[1].Add(c.pend[1])
}

// settleRecord writes index i's record r and counts it in c.
func (t *part) settleRecord(i int64, r byte, c *leanCounts) {
	t.val[i] = r
	switch r {
	case recLoss:
		t.pend[0][i>>6] |= 1 << (i & 63)
		c.pend[0]++
	case recWin:
		t.pend[1][i>>6] |= 1 << (i & 63)
		c.pend[1]++
	case recDraw:
	default:
		c.waits++
	}
}

// leanLevels un-moves, level after level, the positions of the group
// decided and not yet un-moved: the losses at even levels, the wins at
// odd ones, until none is left. A level's updates all have one parity,
// so each level's decisions are of the other: the pend bitset a level
// reads is never written while it is read.
func (g *group) leanLevels() {
	for n := 0; g.anyPending(); n++ {
		for ti, t := range g.parts {
			if t.pendN[n%2].Load() > 0 {
				g.leanLevel(t, g.parts[len(g.parts)-1-ti], n)
			}
		}
	}
}

// anyPending reports whether a position of the group is decided and not
// yet un-moved.
func (g *group) anyPending() bool {
	for _, t := range g.parts {
		if t.pendN[0].Load()+t.pendN[1].Load() > 0 {
			return true
		}
	}
	return false
}

// leanLevel un-moves the positions of t in pend[n%2] (losses for even n,
// wins for odd) into o, forwards where that is cheaper (see forward),
// and empties that bitset.
func (g *group) leanLevel(t, o *part, n int) {
	p := n % 2
	defer t.pendN[p].Store(0)
	if o.waiting.Load() == 0 { // nothing of o waits: every predecessor would be passed over
		clear(t.pend[p])
		return
	}
	if traceLevel != nil {
		defer traceLevel(t, o, n, time.Now())
	}
	if g.forwardCheaper(t, o, n) {
		g.forward(t, o, n)
		clear(t.pend[p])
		return
	}
	ws := g.unmove(t, func(w *levelWorker, blocks *atomic.Int64) int { return w.scanPending(t, o, n, blocks) },
		func(w *levelWorker, js []int64) { w.applyLean(o, js, n) })
	for _, w := range ws {
		o.add(w.counts)
	}
}

// scanPending is scan for a lean build: the positions found are the bits
// of t.pend[n%2] (cleared as they are taken), the predecessors kept those
// whose record is undecided.
func (w *levelWorker) scanPending(t, o *part, n int, blocks *atomic.Int64) (listed int) {
	pend, size, rec := t.pend[n%2], int64(len(t.val)), o.val
	st := o.sig.strides()
	keep := func(js []int64) int { return w.keepUndecided(js, rec) }
	ask := func(js []int64) { prefetchBytes(&rec[0], js) }
	for listed < roundSize && w.take(blocks, size) {
		word := pend[w.next>>6] >> (w.next & 63)
		if word == 0 {
			w.next = (w.next | 63) + 1 // a block is whole words: no bit of another's
			continue
		}
		i := w.next + int64(bits.TrailingZeros64(word))
		pend[i>>6] &^= 1 << (i & 63)
		w.next = i + 1
		listed += w.unmoveAt(i, &st, keep, ask)
	}
	return listed + w.flush(keep)
}

// keepUndecided is keep for a lean build: the predecessors kept are those
// whose record is undecided (the record the update reads, in the cache
// by then).
func (w *levelWorker) keepUndecided(js []int64, rec []byte) (kept int) {
	for _, j := range js {
		if !undecided(rec[j]) {
			continue // decided, or no quiet move: nothing to learn
		}
		k := owner(j, len(w.out))
		w.out[k] = append(w.out[k], j)
		kept++
	}
	return kept
}

// applyLean makes the updates of level n at the indices js of o, a lean
// part: a quiet move to a lost position wins, the last refutation loses
// (or draws where an exit draws). The records were read by keepUndecided
// in this round; those of the next applyAhead updates are asked for again
// in case they left the cache.
func (w *levelWorker) applyLean(o *part, js []int64, n int) {
	if len(js) == 0 {
		return
	}
	rec, pend := o.val, &o.pend
	c := &w.counts
	prefetchBytes(&rec[0], js[:min(applyAhead, len(js))])
	for k, j := range js {
		if k%applyAhead == 0 {
			prefetchBytes(&rec[0], js[min(k+applyAhead, len(js)):min(k+2*applyAhead, len(js))])
		}
		r := rec[j]
		if !undecided(r) {
			continue
		}
		if n%2 == 0 {
			rec[j] = recWin
			pend[1][j>>6] |= 1 << (j & 63)
			c.decided++
			c.pend[1]++
			continue
		}
		if r&recCount > 1 {
			rec[j] = r - 1
			continue
		}
		c.decided++
		if r&recDrawn != 0 {
			rec[j] = recDraw // every quiet move refuted, an exit draws: for good
			continue
		}
		rec[j] = recLoss
		pend[0][j>>6] |= 1 << (j & 63)
		c.pend[0]++
	}
}

// nextWaiting returns the next index of o in w's block whose record is
// undecided, 8 records at a time, taking the next free block when it is
// done; ok false when o is.
func (w *fwdWorker) nextWaiting(rec []byte, blocks *atomic.Int64) (int64, bool) {
	size := int64(len(rec))
	for w.mask == 0 {
		if !w.take(blocks, size) {
			return 0, false
		}
		w.base = w.next
		if w.next+8 <= size {
			w.mask = waitingBytes(binary.LittleEndian.Uint64(rec[w.next:]))
		} else {
			for k := range size - w.next { // the table's last few records
				if undecided(rec[w.next+k]) {
					w.mask |= 0x80 << (8 * k)
				}
			}
		}
		w.next += 8
	}
	k := int64(bits.TrailingZeros64(w.mask) / 8)
	w.mask &= w.mask - 1
	return w.base + k, true
}

// packRecords returns the packed table (see packTable) of a lean part's
// records: a position still undecided is a draw.
func packRecords(rec []byte) []byte { return packDigits(rec, &recWDL) }

// recWDL is the WDL digit of a record.
var recWDL = func() (d [256]byte) {
	d[recWin], d[recLoss] = wdlWin, wdlLoss
	return d
}()

// leanBytes returns a lean part's records, marked for huge pages, and
// its two pend bitsets.
func leanBytes(size int64) ([]byte, [2][]uint64) {
	rec := make([]byte, size)
	hugepages.Advise(rec)
	var pend [2][]uint64
	for p := range pend {
		pend[p] = make([]uint64, (size+63)/64)
		hugepages.Advise(pend[p])
	}
	return rec, pend
}

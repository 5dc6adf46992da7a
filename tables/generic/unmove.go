package generic

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"unsafe"

	"metz/draughts"
	"metz/tables/internal/rounds"
)

// unmoveLevel passes the values of the positions decided at distance d to
// their predecessors, on every core. The level is not kept as a list (8
// bytes a position decided, which was most of a large build's memory):
// the cores scan the values for it, a block of indices at a time.
// Un-moving waits on memory (each predecessor is a random index) and
// runs in rounds: the cores list the predecessors of the level's next
// positions, each by the core that owns its stretch of the tables, then
// each core refutes the quiet moves of the ones it owns. One level's
// positions are all wins or all losses, so their updates commute and the
// tables are those one core builds; the values they set are all farther
// than d, so the scan of level d does not see them.
func (b *builder) unmoveLevel(d int) error {
	if d+1 > maxPlies {
		return fmt.Errorf("%s: a distance beyond %d plies", b.sh.sig, maxPlies)
	}
	us := b.unmovers()
	var next atomic.Int64 // the next block of indices to scan
	rounds.Run(len(us), func(k int) int {
		if firstError(us) != nil {
			return 0
		}
		return us[k].list(d, &next)
	}, func(k int) { us[k].apply(us, k, d) })
	for _, u := range us {
		b.merge(&u.w)
	}
	return firstError(us)
}

// unmover is one core's share of a level: its scratch and the positions
// its refutations decide (w), the block of indices it scans (turn, from
// pos to end), and the predecessors listed, by the unmover owning them: a
// predecessor's index j, bit 62 its side to move, bit 63 whether the
// position it moved to is won.
type unmover struct {
	b        *builder
	w        worker
	turn     int
	pos, end int64
	out      [][]uint64
	err      error
}

const (
	roundSize = 1 << 14 // about how many predecessors an unmover lists in a round
	scanBlock = 1 << 12 // the indices an unmover scans at a time
	ownBlock  = 1 << 12 // the stretches of indices dealt to the unmovers in turn
)

// unmovers makes the unmovers of a level: one a core, or one for a small
// table.
func (b *builder) unmovers() []*unmover {
	us := make([]*unmover, 1)
	if b.sh.size >= 4*scanBlock {
		us = make([]*unmover, max(1, runtime.GOMAXPROCS(0)))
	}
	for k := range us {
		us[k] = &unmover{b: b, w: newWorker(b.t, b.sh.sig), out: make([][]uint64, len(us))}
	}
	return us
}

// list scans the level's blocks of indices, taking the next block when
// one is done, and lists the predecessors not yet decided of the
// positions at distance d, where the quiet move was legal, until a
// round's worth or the end of the tables. It returns how many it listed.
func (u *unmover) list(d int, next *atomic.Int64) (listed int) {
	b := u.b
	blocks := (b.sh.size + scanBlock - 1) / scanBlock
	for listed < roundSize {
		if u.pos >= u.end {
			k := next.Add(1) - 1
			if k >= 2*blocks {
				return listed
			}
			u.turn = int(k / blocks)
			u.pos = k % blocks * scanBlock
			u.end = min(u.pos+scanBlock, b.sh.size)
		}
		i := findLevel(b.tab.vals[u.turn], u.pos, u.end, d)
		u.pos = i + 1
		if i >= u.end {
			continue
		}
		win, _ := decodeValue(b.tab.vals[u.turn][i])
		mover := draughts.Color(u.turn).Opponent()
		p := uint64(mover) << 62
		if win {
			p |= 1 << 63
		}
		b.predecessors(&u.w, mover, i, func(j int64) {
			if !b.open(mover, j) {
				return // refute would pass over it (and nothing writes while listing)
			}
			k := j / ownBlock % int64(len(u.out))
			u.out[k] = append(u.out[k], p|uint64(j))
			listed++
		})
	}
	return listed
}

// findLevel is the first index from lo (before hi) whose value lies at
// distance d, hi when there is none. Most values do not: four at a time
// are compared (a value's distance is its bits above the lowest, see
// encode), and the word holding one is then read value by value.
func findLevel(vals []uint16, lo, hi int64, d int) int64 {
	const lanes, low, high = 0xFFFEFFFEFFFEFFFE, 0x0001000100010001, 0x8000800080008000
	want := uint16(d+1) << 1 // never invalid's bits: d is below maxPlies
	pattern := uint64(want) * low
	i := lo
	for ; i < hi && uintptr(unsafe.Pointer(&vals[i]))%8 != 0; i++ { // to a whole word
		if vals[i]&^1 == want {
			return i
		}
	}
	for ; i+4 <= hi; i += 4 {
		x := *(*uint64)(unsafe.Pointer(&vals[i]))&lanes ^ pattern // a lane at distance d is 0
		if (x-low)&^x&high != 0 {
			break
		}
	}
	for ; i < hi; i++ {
		if vals[i]&^1 == want {
			return i
		}
	}
	return hi
}

// apply refutes, for each predecessor listed for unmover k this round, its
// quiet move to the level's position; one left lost is read again for its
// exits, which give the distance of its loss.
func (u *unmover) apply(us []*unmover, k, d int) {
	b := u.b
	for _, from := range us {
		for _, p := range from.out[k] {
			if u.err != nil {
				break
			}
			mover, j, childWin := draughts.Color(p>>62&1), int64(p&(1<<62-1)), p>>63 == 1
			if !b.refute(&u.w, mover, j, d, childWin) {
				continue
			}
			x, err := b.exitsOf(&u.w, mover, j)
			if err != nil {
				u.err = err
				break
			}
			b.lose(&u.w, mover, j, d, x)
		}
		from.out[k] = from.out[k][:0]
	}
}

// firstError is the first error an unmover met, if any.
func firstError(us []*unmover) error {
	for _, u := range us {
		if u.err != nil {
			return u.err
		}
	}
	return nil
}

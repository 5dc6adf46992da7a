package retro

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"metz/draughts"
	"metz/internal/rounds"
)

// unmoveLevel passes the values of the positions decided at distance d to
// their predecessors, on every core. Un-moving waits on memory (each
// predecessor is a random index) and was the one pass of a build on a
// single core; it runs in rounds: the cores list the predecessors of the
// level's next positions, each by the core that owns its stretch of the
// tables, then each core refutes the quiet moves of the ones it owns. One
// level's positions are all wins or all losses, so their updates commute
// and the tables are those one core builds; the positions they decide go
// to each core's own lists, merged once the level is done (they are all
// farther than d).
func (b *builder) unmoveLevel(d int) error {
	if d+1 > maxPlies {
		return fmt.Errorf("%s: a distance beyond %d plies", b.sh.sig, maxPlies)
	}
	entries := b.levels[d]
	b.settlePending(entries, d)
	us := b.unmovers(len(entries))
	var next atomic.Int64 // the next block of entries to take
	rounds.Run(len(us), func(k int) int {
		if firstError(us) != nil {
			return 0
		}
		return us[k].list(entries, d, &next)
	}, func(k int) { us[k].apply(us, k, d) })
	for _, u := range us {
		b.merge(&u.w)
	}
	return firstError(us)
}

// unmover is one core's share of a level: its scratch and the positions
// its refutations decide (w), the block of entries it lists (from pos to
// end), and the predecessors listed, by the unmover owning them: a
// predecessor's index j, bit 62 its side to move, bit 63 whether the
// position it moved to is won.
type unmover struct {
	b        *builder
	w        worker
	pos, end int
	out      [][]uint64
	err      error
}

const (
	roundSize  = 1 << 14 // about how many predecessors an unmover lists in a round
	entryBlock = 1 << 10 // the entries an unmover takes at a time
	ownBlock   = 1 << 12 // the stretches of indices dealt to the unmovers in turn
)

// unmovers makes the unmovers of a level of n entries: one a core, or one
// for a short level.
func (b *builder) unmovers(n int) []*unmover {
	us := make([]*unmover, 1)
	if n >= entryBlock {
		us = make([]*unmover, max(1, runtime.GOMAXPROCS(0)))
	}
	for k := range us {
		us[k] = &unmover{b: b, w: newWorker(b.t, b.sh.sig), out: make([][]uint64, len(us))}
	}
	return us
}

// dropped marks an entry settlePending drops.
const dropped = ^uint64(0)

// settlePending decides the level's pending entries (wins by an exit) that
// no quiet move won sooner, and drops the others (un-moved when that move
// won them), before the level is listed, on every core: listing then only
// reads the values, and can pass over a predecessor already decided.
func (b *builder) settlePending(entries []uint64, d int) {
	parts := 1
	if len(entries) >= entryBlock {
		parts = max(1, runtime.GOMAXPROCS(0))
	}
	per := (len(entries) + parts - 1) / parts
	var wg sync.WaitGroup
	for lo := 0; lo < len(entries); lo += per {
		wg.Go(func() {
			for k := lo; k < min(lo+per, len(entries)); k++ {
				e := entries[k]
				if e>>63 == 0 {
					continue
				}
				turn, i := int(e>>62&1), int64(e&(1<<62-1))
				if b.tab.vals[turn][i] != 0 {
					entries[k] = dropped
					continue
				}
				b.tab.vals[turn][i] = encode(true, d)
				entries[k] = e &^ (1 << 63)
			}
		})
	}
	wg.Wait()
}

// list takes the level's entries, a block at a time, and lists their
// predecessors not yet decided, where the quiet move was legal, until a
// round's worth or the end of the level. It returns how many it listed.
func (u *unmover) list(entries []uint64, d int, next *atomic.Int64) (listed int) {
	b := u.b
	for listed < roundSize {
		if u.pos >= u.end {
			k := int(next.Add(1) - 1)
			if k*entryBlock >= len(entries) {
				return listed
			}
			u.pos, u.end = k*entryBlock, min((k+1)*entryBlock, len(entries))
		}
		e := entries[u.pos]
		u.pos++
		if e == dropped {
			continue
		}
		turn, i := int(e>>62&1), int64(e&(1<<62-1))
		win, _ := decodeValue(b.tab.vals[turn][i])
		mover := draughts.Color(turn).Opponent()
		p := uint64(mover) << 62
		if win {
			p |= 1 << 63
		}
		vals, cnt := b.tab.vals[mover], b.cnt[mover]
		b.predecessors(&u.w, mover, i, func(j int64) {
			if vals[j] != 0 || cnt[j]&hasCapture != 0 {
				return // refute would pass over it (and nothing writes while listing)
			}
			k := j / ownBlock % int64(len(u.out))
			u.out[k] = append(u.out[k], p|uint64(j))
			listed++
		})
	}
	return listed
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

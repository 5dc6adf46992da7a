package intl

import (
	"errors"
	"runtime"
	"sort"
	"sync"
)

// next returns the signatures one move of s's side to move can lead to
// outside s's own table: a capture of any number of the other side's men
// and kings, a promotion, or both. (The flip, reached by every quiet
// move, is in s's group.)
func next(s stmSig) []stmSig {
	var out []stmSig
	for bm := 0; bm <= s.BM; bm++ {
		for bk := 0; bk <= s.BK; bk++ {
			c := stmSig{s.WM, s.WK, bm, bk}
			if c != s && c.valid() {
				out = append(out, c)
			}
			if p := (stmSig{s.WM - 1, s.WK + 1, bm, bk}); s.WM > 0 && p.valid() {
				out = append(out, p) // a plain promotion where c == s
			}
		}
	}
	return out
}

// schedule is the order in which run builds the groups of a set of
// signatures, and what each waits for.
type schedule struct {
	groups  [][]stmSig // by level (pieces, then men), the largest first within one
	reads   [][]int    // the groups whose tables groups[i] reads
	readers [][]int    // the groups that read groups[i]'s tables
	waiting []int      // how many of reads[i] are unfinished
	holders []int      // groups[i] and its readers, those unfinished
}

// newSchedule plans the pairs of sigs. A signature's successors outside
// sigs are taken to be in done already.
func newSchedule(sigs []stmSig) *schedule {
	sc := &schedule{}
	of := map[stmSig]int{}
	for _, lv := range levels(sigs) {
		gs := pairs(lv)
		sort.SliceStable(gs, func(i, j int) bool { return groupSize(gs[i]) > groupSize(gs[j]) })
		for _, g := range gs {
			for _, s := range g {
				of[s] = len(sc.groups)
			}
			sc.groups = append(sc.groups, g)
		}
	}
	n := len(sc.groups)
	sc.reads, sc.readers = make([][]int, n), make([][]int, n)
	sc.waiting, sc.holders = make([]int, n), make([]int, n)
	for i, g := range sc.groups {
		seen := map[int]bool{i: true}
		for _, s := range g {
			for _, t := range next(s) {
				if j, ok := of[t]; ok && !seen[j] {
					seen[j] = true
					sc.reads[i] = append(sc.reads[i], j)
					sc.readers[j] = append(sc.readers[j], i)
				}
			}
		}
		sc.waiting[i] = len(sc.reads[i])
	}
	for i := range sc.groups {
		sc.holders[i] = 1 + len(sc.readers[i])
	}
	return sc
}

// run builds the groups of sigs on as many goroutines as there are
// processors, each group as soon as the groups whose tables its moves
// reach are finished, in the order of the levels (by pieces, then by men)
// and the largest first within one. A group's tables are published in
// done when it finishes. release, if not nil, is called (under the
// scheduler's lock) with each group once it and every group of sigs that
// reads its tables are finished: the tables may go then. Waiting for a
// whole level before the next began left a core idle while its last
// group finished: 260 core-seconds of the six-piece build, 26 now.
func (b *builder) run(sigs []stmSig, release func(g []stmSig)) error {
	sc := newSchedule(sigs)
	var (
		mu      sync.Mutex
		cond    = sync.NewCond(&mu)
		started = make([]bool, len(sc.groups))
		begun   int  // groups started
		stop    bool // an error: no group is begun
		errs    []error
	)
	// pick returns the first group ready to build, waiting for one; -1
	// when every group is begun or the build stops.
	pick := func() int {
		for !stop && begun < len(sc.groups) {
			for i := range sc.groups {
				if !started[i] && sc.waiting[i] == 0 {
					started[i] = true
					begun++
					return i
				}
			}
			cond.Wait()
		}
		return -1
	}
	let := func(i int) { // group i, or one of its readers, finished
		if sc.holders[i]--; sc.holders[i] == 0 && release != nil {
			release(sc.groups[i])
		}
	}
	finish := func(i int, tabs [][]byte, err error) {
		defer cond.Broadcast()
		if err != nil {
			errs = append(errs, err)
			stop = true
			return
		}
		for k, s := range sc.groups[i] {
			b.done[s.code()] = tabs[k]
		}
		for _, r := range sc.readers[i] {
			sc.waiting[r]--
		}
		let(i)
		for _, j := range sc.reads[i] {
			let(j)
		}
	}
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := pick()
				mu.Unlock()
				if i < 0 {
					return
				}
				tabs, err := b.gated(sc.groups[i])
				mu.Lock()
				finish(i, tabs, err)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err := b.stopped(); err != nil {
		return err // the groups finished are written
	}
	return errors.Join(errs...)
}

// gated builds g once the memory it takes fits MemoryBudget beside the
// groups being built (see memGate).
func (b *builder) gated(g []stmSig) ([][]byte, error) {
	if err := b.stopped(); err != nil {
		return nil, err
	}
	need := b.workingBytes(g)
	b.gate.acquire(need)
	defer b.gate.release(need)
	if err := b.stopped(); err != nil { // stopped while it waited
		return nil, err
	}
	b.building.Add(1)
	defer b.building.Add(-1)
	return b.group(g)
}

// stopped is b.ctx's error, if any.
func (b *builder) stopped() error {
	if b.ctx == nil {
		return nil
	}
	return b.ctx.Err()
}

package solver

import (
	"sync"
	"sync/atomic"
)

// Cores is a pool of processor tokens shared by the verifications of one
// run: a verification holds one while it runs, and the parts of its work
// that may run at once (the stated lines beside the other first moves,
// the open first moves of a round) borrow the spare ones. When a batch
// nears its end, its last problems get the cores the finished ones gave
// back.
//
// Which goroutine runs which part never changes a result: the parts share
// nothing they write (see search.fork), and they are joined in a fixed
// order. A verification with Cores gives the report it gives without.
type Cores struct{ free chan struct{} }

// NewCores returns a pool of n tokens (at least one).
func NewCores(n int) *Cores {
	c := &Cores{free: make(chan struct{}, max(n, 1))}
	for range cap(c.free) {
		c.free <- struct{}{}
	}
	return c
}

func (c *Cores) acquire() {
	if c != nil {
		<-c.free
	}
}

func (c *Cores) release() {
	if c != nil {
		c.free <- struct{}{}
	}
}

// each runs f(0), …, f(n-1), each once, and returns when all have
// returned. The calling goroutine, which holds a token, takes tasks in
// order; helpers take the others as tokens come free. While the caller
// waits for the helpers it lends its token out. With a nil pool the tasks
// run in order on the caller.
func (c *Cores) each(n int, f func(i int)) {
	var next atomic.Int64
	taken := make(chan struct{}) // closed when the last task is taken
	var once sync.Once
	take := func() (int, bool) {
		i := int(next.Add(1) - 1)
		if i == n-1 {
			once.Do(func() { close(taken) })
		}
		return i, i < n
	}
	run := func() {
		for i, ok := take(); ok; i, ok = take() {
			f(i)
		}
	}
	if c == nil || n < 2 {
		run()
		return
	}
	var wg sync.WaitGroup
	for range n - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case <-c.free:
				run()
				c.release()
			case <-taken:
			}
		}()
	}
	run()
	c.release()
	wg.Wait()
	c.acquire()
}

// runs is how many runs of tasks a round with left tasks not yet started
// takes, the pool's cores taking that many at once: a task started now
// gets 1/runs of the time left (limits.partDeadline), so that under a
// clock whose node limit is far off the first task no longer takes all
// of the time while the others keep their first look.
func (c *Cores) runs(left int) int {
	at := 1
	if c != nil {
		at = cap(c.free)
	}
	return (max(left, 1) + at - 1) / at
}

// Package rounds runs work in which every core finds items and each item
// must be handled by the core that owns it: the endgame builders' un-move
// passes, where a position's predecessors are found anywhere in a table
// and updating them from two cores at once would race.
package rounds

import (
	"sync"
	"sync/atomic"
)

// Run repeats rounds of two phases on workers goroutines: list(k) for
// every worker k at once, returning how many items it listed for the
// owners; then, unless no worker listed any, apply(k) for every worker at
// once, each handling the items listed for it. The phases never overlap,
// so list may read what apply writes. A worker's list must stop short of
// its share of a round only when the work is done: Run ends after a round
// that listed nothing.
func Run(workers int, list func(k int) int, apply func(k int)) {
	for {
		var wg sync.WaitGroup
		var listed atomic.Int64
		for k := range workers {
			wg.Go(func() { listed.Add(int64(list(k))) })
		}
		wg.Wait()
		if listed.Load() == 0 {
			return
		}
		for k := range workers {
			wg.Go(func() { apply(k) })
		}
		wg.Wait()
	}
}

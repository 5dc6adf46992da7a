package rounds

import (
	"sync/atomic"
	"testing"
)

// TestRun hands out 10,000 numbers from a shared counter, a few per round,
// and has each added to its owner's sum (owner: the number modulo the
// workers): every number is handled once, by its owner, and no apply
// phase overlaps a list phase (the counters would race under -race).
func TestRun(t *testing.T) {
	const n, workers, perRound = 10000, 3, 7
	var next atomic.Int64
	out := make([][][]int, workers) // out[from][owner]
	for k := range out {
		out[k] = make([][]int, workers)
	}
	sums := make([]int, workers)
	counts := make([]int, workers)
	rounds := 0
	Run(workers, func(k int) int {
		listed := 0
		for listed < perRound {
			x := int(next.Add(1) - 1)
			if x >= n {
				break
			}
			out[k][x%workers] = append(out[k][x%workers], x)
			listed++
		}
		return listed
	}, func(k int) {
		if k == 0 {
			rounds++
		}
		for from := range out {
			for _, x := range out[from][k] {
				if x%workers != k {
					t.Errorf("worker %d got %d", k, x)
				}
				sums[k] += x
				counts[k]++
			}
			out[from][k] = out[from][k][:0]
		}
	})
	total, handled := 0, 0
	for k := range sums {
		total += sums[k]
		handled += counts[k]
	}
	if handled != n || total != n*(n-1)/2 {
		t.Errorf("handled %d numbers summing to %d, want %d and %d", handled, total, n, n*(n-1)/2)
	}
	if least := n / (workers * perRound); rounds < least {
		t.Errorf("%d rounds, want at least %d", rounds, least)
	}
}

// TestRunNothing: work with no item ends after one list phase, without an
// apply phase.
func TestRunNothing(t *testing.T) {
	lists, applies := 0, 0
	Run(1, func(int) int { lists++; return 0 }, func(int) { applies++ })
	if lists != 1 || applies != 0 {
		t.Errorf("%d list and %d apply phases, want 1 and 0", lists, applies)
	}
}

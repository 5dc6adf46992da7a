package app

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"metz/db"
	"metz/draughts"
	"metz/internal/problemgen"
	"metz/problems"
	"metz/similar"
)

// scaleSystems are the rule systems of the generated archive, with the
// number of pieces of its positions.
var scaleSystems = []struct {
	r      *draughts.Rules
	lo, hi int
}{
	{draughts.International, 8, 26}, {draughts.English, 5, 16}, {draughts.Russian, 5, 16},
	{draughts.Italian, 5, 16}, {draughts.Turkish, 6, 18}, {draughts.Brazilian, 5, 16},
}

// generatedArchive makes n problems of several rule systems, each with a
// line of up to ten plies played at random as its stated solution; one
// in forty repeats an earlier one with the colours reversed and one in
// forty with a piece taken off, so that queries have matches to find.
func generatedArchive(n int) map[string][]*problems.Problem {
	gen := problemgen.New(2026)
	out := map[string][]*problems.Problem{}
	made := map[string][]draughts.Position{} // by rule system
	for i := range n {
		sys := scaleSystems[i%len(scaleSystems)]
		pos := gen.Position(sys.r, sys.lo, sys.hi)
		earlier := made[sys.r.Name]
		switch {
		case i%40 == 7 && len(earlier) > 10:
			old := earlier[len(earlier)-1-gen.Intn(10)]
			if t, ok := (similar.Transform{FlipRows: true, FlipCols: true, Swap: true}).Apply(old); ok {
				pos = t
			}
		case i%40 == 23 && len(earlier) > 10:
			pos = earlier[len(earlier)-1-gen.Intn(10)].Clone()
			for s, pc := range pos.Board {
				if pc != draughts.Empty {
					pos.Board[s] = draughts.Empty
					break
				}
			}
		}
		made[sys.r.Name] = append(earlier, pos)
		tree := &problems.Tree{}
		at := &tree.Children
		p := pos
		for k, m := range gen.Line(pos, 10) {
			node := &problems.Node{Move: sys.r.FormatMove(m, true), White: k%2 == 0}
			*at = append(*at, node)
			at = &node.Children
			p = p.Play(m)
		}
		src := fmt.Sprintf("gen%02d", i/10000)
		out[src] = append(out[src], &problems.Problem{Number: i%10000 + 1, Rules: sys.r, Position: problems.MustPosition(sys.r, pos.FEN()),
			Stipulation: problems.StipWin, Solution: tree, Date: strconv.Itoa(1850 + i%170)})
	}
	return out
}

// cpuTime is the process's CPU time so far (user and system): on a
// shared machine the steady figure, where the wall clock counts the
// other jobs too.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// heapPeak samples the heap in use every 20 ms until done is called.
func heapPeak() (*uint64, func()) {
	var peak uint64
	stop, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	return &peak, func() { close(stop); <-finished }
}

// maxRSS is the process's peak resident memory in MB.
func maxRSS() float64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Maxrss) / 1024
}

// TestSimilarScale is the benchmark of docs/performance.md: the index of
// METZ_SIMILAR_SCALE generated problems (150000 there) built, and queries
// on problems drawn from them. It prints its figures with -v.
func TestSimilarScale(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("METZ_SIMILAR_SCALE"))
	if n <= 0 {
		t.Skip("METZ_SIMILAR_SCALE=150000 runs the benchmark of docs/performance.md")
	}
	path := filepath.Join(t.TempDir(), "metz.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	start := time.Now()
	archive := generatedArchive(n)
	t.Logf("generated %d problems in %v", n, time.Since(start).Round(time.Millisecond))
	start = time.Now()
	var srcs []string
	for src, ps := range archive {
		srcs = append(srcs, src)
		if _, err := d.ImportBatch(problems.Source{Key: src}, ps, nil); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(srcs)
	fi, _ := os.Stat(path)
	t.Logf("stored in %v; database %.0f MB without the index", time.Since(start).Round(time.Millisecond), float64(fi.Size())/1e6)

	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	rssBefore := maxRSS()
	peak, done := heapPeak()
	start, cpu0 := time.Now(), cpuTime()
	indexed, err := IndexSimilar(d, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	build, buildCPU := time.Since(start), cpuTime()-cpu0
	done()
	runtime.ReadMemStats(&after)
	_, _ = d.SQL().Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	fi2, _ := os.Stat(path)
	np, nk, _ := d.SimilarCount()
	t.Logf("index: %d problems, %d keys, built in %v wall, %v CPU (%.0f µs CPU a problem); heap in use at most %.0f MB above the %.0f MB before; allocated %.0f MB in all; peak RSS %.0f MB (%.0f before); database %.0f MB (+%.0f MB)",
		indexed, nk, build.Round(time.Millisecond), buildCPU.Round(time.Millisecond), float64(buildCPU.Microseconds())/float64(indexed),
		float64(*peak-before.HeapInuse)/1e6, float64(before.HeapInuse)/1e6,
		float64(after.TotalAlloc-before.TotalAlloc)/1e6, maxRSS(), rssBefore, float64(fi2.Size())/1e6, float64(fi2.Size()-fi.Size())/1e6)
	if np != n {
		t.Errorf("%d problems indexed, want %d", np, n)
	}
	twoDeletions := 0
	for _, ps := range archive {
		for _, p := range ps {
			r, _ := draughts.RulesByName(p.RulesName())
			pos, _ := draughts.ParseFEN(r, p.FEN())
			if k := pieceTotal(pos); k >= 6 {
				twoDeletions += k * (k - 1) / 2
			}
		}
	}
	t.Logf("a two-deletion neighbourhood would add %d keys (%.1f times the index)", twoDeletions, float64(twoDeletions+nk)/float64(nk))

	gen := problemgen.New(99)
	var times, cpus []time.Duration
	matches, probes := 0, 0
	for range 200 {
		src := srcs[gen.Intn(len(srcs))]
		ref := fmt.Sprintf("%s:%d", src, 1+gen.Intn(len(archive[src])))
		q0, c0 := time.Now(), cpuTime()
		res, err := Similar(d, SimilarQuery{Ref: ref})
		if err != nil {
			t.Fatal(err)
		}
		times, cpus = append(times, time.Since(q0)), append(cpus, cpuTime()-c0)
		matches += len(res.Matches)
		r, _ := draughts.RulesByName(res.Rules)
		pos, _ := draughts.ParseFEN(r, res.FEN)
		for _, ks := range similar.QueryProbes(pos, res.Blow) {
			probes += len(ks)
		}
	}
	slices.Sort(times)
	slices.Sort(cpus)
	t.Logf("200 queries, CPU: median %v, 90th percentile %v, worst %v", cpus[len(cpus)/2].Round(time.Microsecond),
		cpus[len(cpus)*9/10].Round(time.Microsecond), cpus[len(cpus)-1].Round(time.Microsecond))
	t.Logf("200 queries, wall: median %v, 90th percentile %v, worst %v; %.1f matches and %d keys probed a query on average",
		times[len(times)/2].Round(time.Microsecond), times[len(times)*9/10].Round(time.Microsecond),
		times[len(times)-1].Round(time.Microsecond), float64(matches)/200, probes/200)
	if cpus[len(cpus)-1] > time.Second {
		t.Errorf("worst query %v of CPU: over a second", cpus[len(cpus)-1])
	}
}

func pieceTotal(p draughts.Position) int {
	wm, wk, bm, bk := p.Material()
	return wm + wk + bm + bk
}

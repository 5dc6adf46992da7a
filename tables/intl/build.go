package intl

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"metz/tables/base"
)

// MaxPieces is the largest piece count Build accepts: 5 pieces take 1.9
// GB of disk, a byte a position; the 6-piece tables, stored without
// distances (WDLPieces), 11.7 GB more.
const MaxPieces = 6

// Progress reports one finished signature to Build's callback.
type Progress struct {
	// Name is the table's signature, side to move first ("KKMvK"): the
	// international builder keeps one table per side-to-move material.
	Name   string
	Pieces int
	Size   int64 // table indices
	Stats  base.Stats
	Loaded bool          // read from an existing file, not built
	Time   time.Duration // time spent on its group (shared with its flip)
	Bytes  int64         // file size
	// Done and Total count signatures; DoneSize and TotalSize count table
	// indices (a fairer measure of the work).
	Done, Total         int
	DoneSize, TotalSize int64
}

// Build builds every table with 2..maxPieces pieces in dir (created if
// needed). Tables already present and valid are read instead of rebuilt, so
// an interrupted or smaller build is resumed. progress, if not nil, is
// called once per signature, from one goroutine at a time. When ctx is
// done the build stops after the groups being built (a table and its
// flip): every one finished is on disk, and a later build resumes.
func Build(ctx context.Context, dir string, maxPieces int, progress func(Progress)) error {
	if maxPieces < 2 || maxPieces > MaxPieces {
		return fmt.Errorf("endgame: --pieces %d: expected 2 to %d (a table needs a piece on each side)", maxPieces, MaxPieces)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	var sigs []stmSig
	for n := 2; n <= maxPieces; n++ {
		sigs = append(sigs, signatures(n)...)
	}
	if need, have := PeakWorking(maxPieces), physicalMemory(); have > 0 && need > have*9/10 {
		return fmt.Errorf("endgame: --pieces %d: the largest table pair needs %.1f GB of memory to build and this machine has %.1f GB", maxPieces, float64(need)/1e9, float64(have)/1e9)
	}
	base.RemoveStaleTemps(dir, "*"+fileExt+".tmp*", time.Now().Add(-base.StaleTemp)) // an earlier build's, killed mid-write
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("endgame: table directory: %w", err)
	}
	return (&builder{dir: dir, progress: progress, ctx: ctx}).buildAll(sigs)
}

// BuildPacked builds the tables of sigs (both sides to move) and all
// they lead to in dir, as Build does, but stores those of packedFrom
// pieces and more as the 6-piece ones are, win, draw or loss without
// distances (WDLPieces): a small set of that form (4-piece tables packed,
// built in a second or so) stands in for the 6-piece set where a test
// needs tables without distances. Tables of fewer pieces keep theirs.
func BuildPacked(ctx context.Context, dir string, sigs []base.Sig, packedFrom int) error {
	var want []stmSig
	for _, s := range sigs {
		w, b := sides(s)
		if !w.valid() || w.Pieces() > DemandPieces {
			return fmt.Errorf("endgame: packed build of %v: expected a signature of 2 to %d pieces", s, DemandPieces)
		}
		want = append(want, w, b)
	}
	if len(want) == 0 || packedFrom < 2 {
		return fmt.Errorf("endgame: packed build of %d signatures from %d pieces", len(want), packedFrom)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("endgame: table directory: %w", err)
	}
	return (&builder{dir: dir, ctx: ctx, wdlFrom: packedFrom}).buildAll(want)
}

// Missing counts the tables of 2..maxPieces pieces that have no file in
// dir, and the bytes they will take: what Build would have to build (a
// damaged file, found only when read, is rebuilt too and not counted).
func Missing(dir string, maxPieces int) (tables int, bytes int64) {
	for n := 2; n <= min(maxPieces, MaxPieces); n++ {
		for _, s := range signatures(n) {
			if _, err := os.Stat(filepath.Join(dir, fileName(s))); err != nil {
				tables++
				bytes += fileBytes(s)
			}
		}
	}
	return tables, bytes
}

// fileBytes is the size of the file of s's table.
func fileBytes(s stmSig) int64 {
	if s.Pieces() >= WDLPieces {
		return packedLen(s.Size()) + headerSize
	}
	return s.Size() + headerSize
}

// InMemory builds every table of 2..maxPieces pieces in memory and
// returns them; nothing is written. Three pieces take about 0.2 s of CPU
// and 1 MB.
func InMemory(maxPieces int) (*Tables, error) {
	if maxPieces < 2 || maxPieces > MaxPieces {
		return nil, fmt.Errorf("endgame: %d pieces: expected 2 to %d", maxPieces, MaxPieces)
	}
	var sigs []stmSig // every signature of 2..maxPieces: its own closure
	for n := 2; n <= maxPieces; n++ {
		sigs = append(sigs, signatures(n)...)
	}
	b := &builder{}
	b.plan(sigs)
	defer b.metas.release()
	if err := b.run(sigs, nil); err != nil {
		return nil, err
	}
	t := &Tables{tabs: map[stmSig][]byte{}}
	for _, s := range sigs {
		t.tabs[s] = b.done[s.code()]
	}
	return t, nil
}

// SmallPieces is how many pieces the tables of EnsureSmall cover: cheap
// enough to build on demand (about 0.2 s of CPU), and they settle the
// smallest king endings at once, which a search must otherwise list
// position by position.
const SmallPieces = 3

// buildSigs builds the given signatures and, first, every signature they
// depend on (fewer pieces, or fewer men).
func buildSigs(dir string, want []stmSig, progress func(Progress)) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("endgame: table directory: %w", err)
	}
	return (&builder{dir: dir, progress: progress}).buildAll(want)
}

// buildAll is buildSigs with b's settings (b.dir made already).
func (b *builder) buildAll(want []stmSig) error {
	sigs := closure(want)
	b.plan(sigs)
	defer b.metas.release()
	for _, s := range sigs {
		b.total++
		b.totalSize += s.Size()
	}
	return b.run(sigs, b.drop)
}

// drop lets go of the tables of g, finished and on disk, once every
// group that reads them is finished too (run's release).
func (b *builder) drop(g []stmSig) {
	for _, s := range g {
		b.done[s.code()] = nil
	}
}

// closure returns want and every signature a capture or a promotion can
// lead to from them, recursively.
func closure(want []stmSig) []stmSig {
	seen := map[stmSig]bool{}
	var visit func(s stmSig)
	visit = func(s stmSig) {
		if !s.valid() || seen[s] {
			return
		}
		seen[s] = true
		visit(s.Flip())
		for _, n := range next(s) {
			visit(n)
		}
	}
	for _, s := range want {
		visit(s)
	}
	out := make([]stmSig, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	return out
}

// levels sorts sigs into build levels: by pieces, then by men. The
// signatures of one level do not depend on each other except through their
// flips.
func levels(sigs []stmSig) [][]stmSig {
	sort.Slice(sigs, func(i, j int) bool {
		a, b := sigs[i], sigs[j]
		if a.Pieces() != b.Pieces() {
			return a.Pieces() < b.Pieces()
		}
		if a.Men() != b.Men() {
			return a.Men() < b.Men()
		}
		return a.String() < b.String()
	})
	var out [][]stmSig
	for i, s := range sigs {
		if i == 0 || s.Pieces() != sigs[i-1].Pieces() || s.Men() != sigs[i-1].Men() {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], s)
	}
	return out
}

// builder holds the finished tables of a build.
type builder struct {
	dir      string
	readOnly bool // tables are read from dir, none written
	progress func(Progress)
	done     [4096][]byte
	specs    *[4096]spec // the slices built and read (nil: whole tables; see slice.go)
	metas    metaPool    // the records of the groups being built

	mu                  sync.Mutex // guards the counters and progress calls
	total, finished     int
	totalSize, doneSize int64

	building atomic.Int32 // the groups being built at the moment (see cores)

	// wdlFrom, when not 0, replaces WDLPieces: the tests pack smaller
	// tables.
	wdlFrom int

	gate memGate // bounds the working memory of the groups built at once

	ctx context.Context // when done, no group is begun (nil: never)
}

// Working memory of a group, by index: the value byte, the record (meta)
// and the live bits (two bitsets); in a lean build the record byte and
// its two pend bitsets (see recWin); built by placements, the record
// byte alone (the pending bits are a placement's, see placement.go).
const (
	fullBytesPerIndex   = 1 + 4 + 2.0/8
	leanBytesPerIndex   = 1 + 2.0/8
	placedBytesPerIndex = 1
)

// MemoryBudget is how much working memory the groups built at once may
// take together (a larger group is built alone): the largest six-piece
// pair takes 5.5 GB built by placements, and the tables it reads come on
// top (mapped: resident, but the kernel's to drop; a whole build held to
// 16 GB by a cgroup finishes, docs/tables-build.md).
const MemoryBudget = 14 << 30

// workingBytes is the memory g's build takes (its tables to read aside).
func (b *builder) workingBytes(g []stmSig) int64 {
	per := fullBytesPerIndex
	switch {
	case g[0].Pieces() < b.wdlPieces():
	case byPlacement && placed(g):
		per = placedBytesPerIndex
	default:
		per = leanBytesPerIndex
	}
	return int64(float64(groupSize(g)) * per)
}

// memGate lets a group start while the groups being built take at most
// MemoryBudget with it, or when none is being built.
type memGate struct {
	mu   sync.Mutex
	cond *sync.Cond
	used int64
}

func (m *memGate) acquire(n int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.cond == nil {
		m.cond = sync.NewCond(&m.mu)
	}
	for m.used > 0 && m.used+n > MemoryBudget {
		m.cond.Wait()
	}
	m.used += n
}

func (m *memGate) release(n int64) {
	m.mu.Lock()
	m.used -= n
	if m.cond != nil {
		m.cond.Broadcast()
	}
	m.mu.Unlock()
}

// PeakWorking is the working memory of the largest group of the tables
// of 2..maxPieces pieces: what Build needs at least, besides the tables
// it reads.
func PeakWorking(maxPieces int) int64 {
	b := &builder{}
	var peak int64
	for n := 2; n <= min(maxPieces, MaxPieces); n++ {
		for _, g := range pairs(signatures(n)) {
			peak = max(peak, b.workingBytes(g))
		}
	}
	return peak
}

// wdlPieces is the smallest piece count b stores without distances.
func (b *builder) wdlPieces() int {
	if b.wdlFrom > 0 {
		return b.wdlFrom
	}
	return WDLPieces
}

// plan readies b to build any of sigs: its record mappings are made for
// the largest (see metaPool).
func (b *builder) plan(sigs []stmSig) {
	for _, s := range sigs {
		b.metas.reserve = max(b.metas.reserve, s.Size())
	}
}

// cores is how many cores one group's un-moving may use: the processors
// shared among the groups being built. While a level's groups fill every
// core, un-moving each on several only adds the cost of its rounds (the
// four-piece build took 12 s against 11); the last, largest group of a
// level gets them all.
func (b *builder) cores() int {
	return max(1, runtime.GOMAXPROCS(0)/max(1, int(b.building.Load())))
}

// freeAfter is the size of a group after whose build its memory is given
// back at once.
const freeAfter = 1 << 24

func groupSize(g []stmSig) int64 {
	var n int64
	for _, s := range g {
		n += s.Size()
	}
	return n
}

// group reads the tables of g from disk if they are all there, else builds
// and writes them.
func (b *builder) group(g []stmSig) ([][]byte, error) {
	start := time.Now()
	out, loaded := make([][]byte, len(g)), b.dir != "" // no directory: built in memory
	for i, s := range g {
		if !loaded {
			break
		}
		t, err := readTable(b.dir, s)
		if errors.Is(err, errNoTable) {
			loaded = false
			break
		}
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	if !loaded {
		var err error
		if out, err = buildGroup(g, &b.done, b.specs, &b.metas, b.cores, g[0].Pieces() >= b.wdlPieces()); err != nil {
			return nil, err
		}
		// A lean group's tables come packed (buildGroup): a fifth of its
		// records' memory stays.
		if groupSize(g) >= freeAfter {
			// The tables let go (see drop), and the value bytes of a
			// packed group, are garbage now; collected only when the
			// heap doubles, garbage stacked up with the next pairs'
			// arrays (the five-piece build once peaked at 4.4 GB for
			// 2.4 GB with this). The build's records are kept for the
			// next group (metaPool).
			debug.FreeOSMemory()
		}
		for i, s := range g {
			if b.dir == "" || b.readOnly {
				continue
			}
			if err := writeTable(b.dir, s, out[i]); err != nil {
				return nil, fmt.Errorf("endgame: writing %v: %w", s, err)
			}
		}
	}
	b.report(g, out, loaded, time.Since(start))
	return out, nil
}

// report calls the progress callback for each table of a finished group.
func (b *builder) report(g []stmSig, tabs [][]byte, loaded bool, d time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i, s := range g {
		b.finished++
		b.doneSize += s.Size()
		if b.progress != nil {
			b.progress(Progress{Name: s.String(), Pieces: s.Pieces(), Size: s.Size(), Stats: tableStats(s, tabs[i]), Loaded: loaded, Time: d,
				Bytes: int64(len(tabs[i])) + headerSize, Done: b.finished, Total: b.total,
				DoneSize: b.doneSize, TotalSize: b.totalSize})
		}
	}
}

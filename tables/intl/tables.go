package intl

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"metz/draughts"
	"metz/draughts/bitboard10"
	"metz/tables/base"
)

// Tables reads the tables of a directory on demand (each file on its first
// probe: mapped read-only on Unix, read whole elsewhere) and keeps them for
// the life of the process. It is safe for concurrent use.
type Tables struct {
	dir string
	// readOnly: the tables of dir are read, and those built are kept in
	// memory only (a directory that cannot be written).
	readOnly bool

	// building serialises the builds of Ensure and EnsureSlice: two
	// searches meeting the same signature build it once.
	building sync.Mutex

	mu   sync.Mutex
	tabs map[stmSig][]byte // nil value: looked for and not built

	// seen repeats tabs by signature code for the probes, which a search
	// makes for every position of few pieces, from every worker: an
	// atomic read, where the map needs the lock (and the workers would
	// queue on it).
	seen [1 << 12]atomic.Pointer[[]byte]
	// slices holds, by signature code, the slice of a table built for a
	// search's root (EnsureSlice) where the whole table is not there.
	slices [1 << 12]atomic.Pointer[sliceTab]
	// sliced is the most pieces of a slice held (SlicedPieces).
	sliced maxInt

	reachOnce sync.Once
	reach     int // see Reach
	wdlReach  int // see WDLReach
}

// Open returns the tables of dir. dir must exist; tables are read when they
// are first probed.
func Open(dir string) (*Tables, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("endgame: table directory: %w (build it with: metz endgame build --pieces 4 --dir %s)", err, dir)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("endgame: %s is not a directory", dir)
	}
	return &Tables{dir: dir, tabs: map[stmSig][]byte{}}, nil
}

// Memory returns empty tables with no directory: every table probed is
// built in memory (Ensure, EnsureSmall) and saved nowhere.
func Memory() *Tables { return &Tables{tabs: map[stmSig][]byte{}} }

// ReadOnly makes t read the tables of its directory but write none: those
// it builds are kept in memory (for a directory that cannot be written).
func (t *Tables) ReadOnly() { t.readOnly = true }

// saveDir is where t writes the tables it builds ("" for none).
func (t *Tables) saveDir() string {
	if t.readOnly {
		return ""
	}
	return t.dir
}

// Dir returns the directory of the tables ("" for tables built in memory).
func (t *Tables) Dir() string { return t.dir }

// table returns the bytes of the table of s; nil and no error when it has
// not been built.
func (t *Tables) table(s stmSig) ([]byte, error) {
	if tab := t.seen[s.code()].Load(); tab != nil {
		return *tab, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if tab, ok := t.tabs[s]; ok || t.dir == "" {
		t.seen[s.code()].Store(&tab)
		return tab, nil // no directory: the tables were built in memory
	}
	tab, err := readTable(t.dir, s)
	if errors.Is(err, errNoTable) {
		err = nil
	}
	if err != nil {
		return nil, err // not remembered: a later probe tries again
	}
	t.tabs[s] = tab
	t.seen[s.code()].Store(&tab)
	return tab, nil
}

// stored reports whether the table of s is on disk (or already loaded).
func (t *Tables) stored(s stmSig) bool {
	there, _ := t.storedForm(s)
	return there
}

// storedForm reports whether the table of s is on disk (or already
// loaded), and whether it holds distances (a byte a position) or values
// alone (packed): the file's size tells, without reading it.
func (t *Tables) storedForm(s stmSig) (there, distances bool) {
	t.mu.Lock()
	tab, ok := t.tabs[s]
	t.mu.Unlock()
	if ok || t.dir == "" {
		return tab != nil, tab != nil && !isPacked(s, tab)
	}
	fi, err := os.Stat(filepath.Join(t.dir, fileName(s)))
	if err != nil {
		return false, false
	}
	return true, fi.Size()-headerSize == s.Size()
}

// SlicedPieces is the most pieces of the slices t holds in memory
// (EnsureSlice), 0 when none: a search reads them at any depth, as it
// reads the tables saved.
func (t *Tables) SlicedPieces() int {
	if t == nil {
		return 0
	}
	return int(t.sliced.Load())
}

// maxInt is an atomic int that only grows.
type maxInt struct{ atomic.Int32 }

// store raises m to n.
func (m *maxInt) store(n int) {
	for {
		old := m.Load()
		if int32(n) <= old || m.CompareAndSwap(old, int32(n)) {
			return
		}
	}
}

// Check reads the header and the length of every table file of the
// directory, so that a damaged or foreign file is reported once, naming
// it, when the tables are opened: a probe cannot tell it from a table not
// built, and a search would go on without it.
func (t *Tables) Check() error {
	if t == nil || t.dir == "" {
		return nil
	}
	paths, err := filepath.Glob(filepath.Join(t.dir, "*"+fileExt))
	if err != nil {
		return err
	}
	for _, path := range paths {
		s, err := parseSig(strings.TrimSuffix(filepath.Base(path), fileExt))
		if err != nil {
			return fmt.Errorf("%s: not named as a table: %w", path, err)
		}
		if err := checkFile(path, s); err != nil {
			return err
		}
	}
	return nil
}

// Complete reports whether every table of n pieces is there (built on
// disk or in memory), with distances or not. Nil tables have none.
func (t *Tables) Complete(n int) bool { return t.complete(n, false) }

// complete is Complete; with distances, only tables that hold them count.
func (t *Tables) complete(n int, distances bool) bool {
	if t == nil {
		return false
	}
	for _, s := range signatures(n) {
		if there, dist := t.storedForm(s); !there || distances && !dist {
			return false
		}
	}
	return true
}

// Reach is the largest piece count n such that every table of 2 to n
// pieces is there with its distances: every position of at most Reach
// pieces is decided by Probe, its distance included. 0 when not even the
// 2-piece tables are (or t is nil). It is worked out once (a look at
// every file; each search asks), as a table found missing is remembered
// missing.
func (t *Tables) Reach() int {
	if t == nil {
		return 0
	}
	t.reachOnce.Do(func() { t.reach, t.wdlReach = t.reachOf(true), t.reachOf(false) })
	return t.reach
}

// WDLReach is Reach counting the tables stored without distances too
// (the 6-piece ones): every position of at most WDLReach pieces has its
// value, win, draw or loss, in ProbeWDL, but past Reach pieces no
// distance. It is never less than Reach.
func (t *Tables) WDLReach() int {
	if t == nil {
		return 0
	}
	t.Reach()
	return t.wdlReach
}

// reachOf is Reach (distances) or WDLReach.
func (t *Tables) reachOf(distances bool) int {
	n := 1
	for n < MaxPieces && t.complete(n+1, distances) {
		n++
	}
	if n == 1 {
		return 0
	}
	return n
}

// Probe returns the value of p for its side to move and the distance to the
// end in plies (odd for a win, even for a loss, 0 for a draw). ok is false
// when p is not international draughts, its material has no built table, or
// it is not a game position (a man on its crowning row, the side not to move
// without pieces). A side to move without pieces has lost (in 0 plies).
func (t *Tables) Probe(p draughts.Position) (r base.Result, plies int, ok bool) {
	r, plies, ok, _ = t.ProbeErr(p)
	return r, plies, ok
}

// ProbeErr is Probe with the error of a table file that is there but
// cannot be read (truncated, another format), which Probe reports as not
// covered.
func (t *Tables) ProbeErr(p draughts.Position) (r base.Result, plies int, ok bool, err error) {
	bp, ok := FromDraughts(p)
	if !ok {
		return base.Draw, 0, false, nil
	}
	return t.ProbeBitboard(bp)
}

// ProbeBitboard is Probe for a bitboard position; err reports a table file
// that exists but cannot be read.
func (t *Tables) ProbeBitboard(p bitboard10.Position) (r base.Result, plies int, ok bool, err error) {
	n := normalize(p)
	s := sigOf(n)
	if s.WM+s.WK == 0 && s.BM+s.BK > 0 {
		return base.Loss, 0, true, nil
	}
	if !s.valid() {
		return base.Draw, 0, false, nil
	}
	// The table first: the index costs more, and is wasted where the
	// material has none (five pieces with tables of four).
	tab, err := t.table(s)
	if err != nil {
		return base.Draw, 0, false, err
	}
	if tab == nil || isPacked(s, tab) { // a slice may hold the distance
		sl := t.slices[s.code()].Load()
		if !sl.covers(n) {
			return base.Draw, 0, false, nil
		}
		tab = sl.tab
	}
	i := s.Index(n)
	if i < 0 {
		return base.Draw, 0, false, nil
	}
	r, plies, ok = decode(tab[i])
	return r, plies, ok, nil
}

// ProbeWDL returns the value of p for its side to move from any table,
// those without distances (WDLPieces pieces and more) included; ok and
// err as for ProbeBitboard.
func (t *Tables) ProbeWDL(p bitboard10.Position) (r base.Result, ok bool, err error) {
	n := normalize(p)
	s := sigOf(n)
	if s.WM+s.WK == 0 && s.BM+s.BK > 0 {
		return base.Loss, true, nil
	}
	if !s.valid() {
		return base.Draw, false, nil
	}
	tab, err := t.table(s)
	if err != nil {
		return base.Draw, false, err
	}
	if tab == nil {
		sl := t.slices[s.code()].Load()
		if !sl.covers(n) {
			return base.Draw, false, nil
		}
		tab = sl.tab
	}
	i := s.Index(n)
	if i < 0 {
		return base.Draw, false, nil
	}
	r, _, ok = decode(valueAt(s, tab, i))
	return r, ok, nil
}

// FromDraughts converts an international draughts position to the bitboard
// form; ok is false under other rules.
func FromDraughts(p draughts.Position) (bitboard10.Position, bool) {
	// Only the international rules: the tables score wins and losses as
	// they do, and qui perd gagne (which bitboard also moves) inverts them.
	if p.Rules == nil || p.Rules.Name != draughts.International.Name {
		return bitboard10.Position{}, false
	}
	bp, err := bitboard10.FromGeneric(p)
	return bp, err == nil
}

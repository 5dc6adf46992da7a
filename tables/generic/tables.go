package generic

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"metz/draughts"
	"metz/draughts/bitboard12"
	"metz/draughts/engines"
	"metz/tables/base"
	"metz/tables/internal/mapfile"
)

// Tables are the tables of one rule system built so far.
type Tables struct {
	r             *draughts.Rules
	l             *layout
	bits          *bitLayout                      // the boards bitboard8 plays (nil: the generic path)
	wide          *bitboard12.Engine              // the generic path's moves, where bitboard12 plays r (see scanWide)
	built         atomic.Pointer[[1 << 12]*table] // by Sig.code; replaced, never changed
	sliceCounters                                 // the slices built (slice.go)

	mu       sync.Mutex // held while building, loading or saving
	bytes    int64      // what the built tables take
	refused  map[base.Sig]Limit
	dir      string      // where tables are read and saved ("": nowhere)
	readOnly bool        // tables are read from dir, none saved (ReadOnly)
	saving   atomic.Bool // dir is set (read without mu)
	saveErr  error

	stored    [1 << 12]atomic.Bool // by Sig.code: saved in dir
	maxStored atomic.Int32
	checked   int // the largest file whose checksum is verified (checkedBytes)
}

// New returns empty tables for r.
func New(r *draughts.Rules) *Tables {
	t := &Tables{r: r, l: newLayout(r), refused: map[base.Sig]Limit{}, checked: checkedBytes}
	// The builder works on bitboard8's boards, or else on its own with
	// bitboard12's moves: the engines of each that play r (nil otherwise).
	c := engines.All(r)
	t.bits = newBitLayout(r, t.l, c.Board8)
	if t.bits == nil {
		t.wide = c.Board12
	}
	t.built.Store(new([1 << 12]*table))
	return t
}

// Rules is the rule system the tables are for.
func (t *Tables) Rules() *draughts.Rules { return t.r }

// Bytes is the memory the built tables take.
func (t *Tables) Bytes() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.bytes
}

func (t *Tables) table(s base.Sig) *table {
	if !s.Valid() {
		return nil
	}
	return t.built.Load()[code(s)]
}

// Has reports whether s is built.
func (t *Tables) Has(s base.Sig) bool { return t.table(s) != nil }

// Probe reads p's value for its side to move and the distance to the end
// in plies (0 for a draw); ok is false when p's signature is not built.
func (t *Tables) Probe(p draughts.Position) (v base.Result, plies int, ok bool) {
	if p.Rules != t.r {
		return base.Draw, 0, false
	}
	return t.probeSig(p, base.SigOf(p))
}

// probeSig is Probe when p's signature s is known.
func (t *Tables) probeSig(p draughts.Position, s base.Sig) (v base.Result, plies int, ok bool) {
	// A search asks this of every position it judges, most often of a
	// signature that is not built: lookupSig's errors are for the builder,
	// and formatting one here took a fifth of a 12x12 search's time.
	tab, i, covered := t.locate(p, s)
	if !covered {
		return base.Draw, 0, false
	}
	return probed(tab.value(p.Turn, i))
}

// probed is a probe's answer from a table entry read for the side to
// move: whether it wins, in how many plies, and whether either side wins
// at all (an undecided entry is a draw).
func probed(win bool, plies int, decided bool) (base.Result, int, bool) {
	switch {
	case !decided:
		return base.Draw, 0, true
	case win:
		return base.Win, plies, true
	}
	return base.Loss, plies, true
}

// ProbeOrBuild is Probe, reading p's signature from the directory or
// building it first (Ensure) when it is not in memory and within lim (a
// negative lim.Positions: read, never build); built is the positions it
// analysed. The signature is counted once: searches call this for every
// position they judge.
func (t *Tables) ProbeOrBuild(p draughts.Position, lim Limit) (v base.Result, plies int, ok bool, built int64) {
	if p.Rules != t.r {
		return base.Draw, 0, false, 0
	}
	s := base.SigOf(p)
	if v, plies, ok = t.probeSig(p, s); ok {
		return v, plies, ok, 0
	}
	if !t.l.covers(p.Board) {
		return base.Draw, 0, false, 0 // no table holds it: nothing to build
	}
	if lim.Positions < 0 {
		if !t.Stored(s) || t.Ensure(s, lim) != nil {
			return base.Draw, 0, false, 0
		}
		v, plies, ok = t.probeSig(p, s)
		return v, plies, ok, 0
	}
	if t.refusedFast(s, lim) {
		return base.Draw, 0, false, 0
	}
	_, built = t.Cost(s)
	if t.Ensure(s, lim) != nil {
		return base.Draw, 0, false, 0
	}
	v, plies, ok = t.probeSig(p, s)
	return v, plies, ok, built
}

// refusedFast reports whether s was refused with no smaller a limit than
// lim (Ensure would refuse it again).
func (t *Tables) refusedFast(s base.Sig, lim Limit) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	old, ok := t.refused[s]
	return ok && lim.within(old) && !t.Stored(s)
}

// lookupSig reads p, whose signature is s, from its built table.
func (t *Tables) lookupSig(p draughts.Position, s base.Sig) (win bool, plies int, decided bool, err error) {
	tab, i, ok := t.locate(p, s)
	switch {
	case tab == nil:
		return false, 0, false, fmt.Errorf("retro: %s not built", s)
	case !ok && tab.bl != nil:
		return false, 0, false, errNotInSlice(s)
	case !ok:
		return false, 0, false, fmt.Errorf("retro: %s: a man on its crowning row is in no table", s)
	}
	win, plies, decided = tab.value(p.Turn, i)
	return win, plies, decided, nil
}

// locate finds p, whose signature is s, in its built table: tab is nil
// when s is not built, and ok false then or for a man on its crowning row
// (in no table).
func (t *Tables) locate(p draughts.Position, s base.Sig) (tab *table, i int64, ok bool) {
	if tab = t.table(s); tab != nil {
		i, ok = t.l.indexOf(&tab.sh, p)
		return tab, i, ok
	}
	if tab = t.sliceTable(s); tab == nil {
		return nil, 0, false
	}
	i, ok = tab.bl.index(&tab.sh, boardSquares(p.Board))
	return tab, i, ok
}

// value reads index i with turn to move.
func (tab *table) value(turn draughts.Color, i int64) (win bool, plies int, decided bool) {
	v := tab.raw(int(turn), i)
	if v == 0 || v == invalid {
		return false, 0, false
	}
	win, plies = decodeValue(v)
	return win, plies, true
}

// bytesPerPosition is what a table kept on the heap takes per index and
// side to move (two bytes while it is built, often one after: the cost
// counts two), and buildBytes what building it takes on top (the
// byte of its move count). A table saved in the directory is mapped, not
// kept on the heap (mapfile.Mapped): reading one costs none of the limit.
const (
	bytesPerPosition = 2
	buildBytes       = 1
)

// Cost is the memory building s would add (with what it needs and is not
// built yet, those saved in the directory read instead), and the positions
// it would analyse.
func (t *Tables) Cost(s base.Sig) (bytes, positions int64) {
	if !s.Valid() {
		return 0, 0
	}
	load, build := t.plan(s)
	bytes, _, positions = t.cost(build)
	return bytes + t.loadBytes(load), positions
}

// Plan is what Ensure(s) would build: the signatures, their positions,
// and the most memory one of their builds takes. Nothing when s is ready
// or saved.
type Plan struct {
	Sigs      []base.Sig
	Positions int64
	Peak      int64
}

// PlanOf is the plan of Ensure(s) (nothing for a signature no table has).
func (t *Tables) PlanOf(s base.Sig) Plan {
	if !s.Valid() {
		return Plan{}
	}
	_, build := t.plan(s)
	_, peak, positions := t.cost(build)
	return Plan{Sigs: build, Positions: positions, Peak: peak}
}

// loadBytes is the heap the tables sigs take once read: none when they
// are mapped.
func (t *Tables) loadBytes(sigs []base.Sig) int64 {
	if mapfile.Mapped {
		return 0
	}
	var n int64
	for _, s := range sigs {
		n += t.Positions(s) * bytesPerPosition
	}
	return n
}

// cost is what building sigs takes: the heap kept (none when each is
// saved and mapped back), the most memory one build adds while it runs,
// and the positions (each capped at maxSize so that nothing overflows).
func (t *Tables) cost(sigs []base.Sig) (bytes, peak, positions int64) {
	for _, n := range sigs {
		size := 2 * t.l.shape(n).size
		positions = min(positions+size, maxSize)
		peak = max(peak, size*(bytesPerPosition+buildBytes))
	}
	if t.saving.Load() && mapfile.Mapped {
		return 0, peak, positions
	}
	return positions * bytesPerPosition, peak, positions
}

// Limit bounds a build: the heap the new tables take (3 bytes a position
// while the largest is built, 2 kept after unless saved and mapped) and
// the positions analysed,
// which sets the time (about half a microsecond each on one core of 8x8
// and Turkish, built on bitboards, and more than a microsecond on the
// larger boards). Zero Positions is no bound.
type Limit struct{ Bytes, Positions int64 }

func (l Limit) String() string {
	if l.Positions == 0 {
		return fmt.Sprintf("%.1f MB", float64(l.Bytes)/(1<<20))
	}
	return fmt.Sprintf("%.1f MB, %d positions", float64(l.Bytes)/(1<<20), l.Positions)
}

// within reports whether l allows all that o allows.
func (l Limit) within(o Limit) bool {
	return l.Bytes <= o.Bytes && (o.Positions == 0 || (l.Positions != 0 && l.Positions <= o.Positions))
}

// TotalBytes is the most heap the tables of one rule system keep: past
// it, what was built is dropped (and built again when needed, or mapped
// from the directory). Mapped tables are not counted: the system keeps
// their pages in memory as it can.
const TotalBytes = 1 << 30

// Ensure builds s and every signature it leads to, unless that goes past
// lim (then it says so, and is not tried again with no larger a limit). A
// table saved in the directory is read instead of built (and needs none
// of the tables it leads to); a table built is saved there. A negative
// lim.Positions allows reading only.
func (t *Tables) Ensure(s base.Sig, lim Limit) error {
	return t.EnsureContext(context.Background(), s, lim)
}

// EnsureContext is Ensure that stops, with ctx's error, between the tables
// it builds when ctx is done: those built before are kept (and saved).
func (t *Tables) EnsureContext(ctx context.Context, s base.Sig, lim Limit) error {
	return t.EnsureReporting(ctx, s, lim, nil)
}

// EnsureReporting is EnsureContext calling built (when not nil) after
// each signature it builds, with its positions and the time it took.
func (t *Tables) EnsureReporting(ctx context.Context, s base.Sig, lim Limit, built func(s base.Sig, positions int64, d time.Duration)) error {
	if err := check(s); err != nil {
		return err
	}
	if t.Has(s) {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.Has(s) {
		return nil
	}
	if old, ok := t.refused[s]; ok && lim.within(old) && !t.Stored(s) {
		return fmt.Errorf("retro: the tables of %s need more than %s", s, old)
	}
	for {
		load, build := t.plan(s)
		bytes, peak, positions := t.cost(build)
		bytes += t.loadBytes(load)
		if positions >= maxSize || bytes+peak > lim.Bytes ||
			(lim.Positions < 0 && len(build) > 0) || (lim.Positions > 0 && positions > lim.Positions) {
			t.refused[s] = lim
			return fmt.Errorf("retro: the tables of %s and of what it leads to need %.1f MB to build and %d positions (allowed: %s)",
				s, float64(bytes+peak)/(1<<20), positions, lim)
		}
		if t.bytes > 0 && t.bytes+bytes > TotalBytes {
			t.built.Store(new([1 << 12]*table)) // searches still reading the old ones keep them
			t.bytes = 0
			continue
		}
		if !t.loadAll(load) {
			continue // a file that did not read is built instead
		}
		return t.buildAll(ctx, build, built)
	}
}

// loadAll reads sigs from the directory (t.mu held); false when one did
// not read back (it is no longer taken as stored).
func (t *Tables) loadAll(sigs []base.Sig) bool {
	for _, n := range sigs {
		if t.load(n) != nil {
			return false
		}
	}
	return true
}

// buildAll builds sigs in their order, publishing and saving each (t.mu
// held).
func (t *Tables) buildAll(ctx context.Context, sigs []base.Sig, built func(base.Sig, int64, time.Duration)) error {
	for _, n := range sigs {
		if err := ctx.Err(); err != nil {
			return err
		}
		start := time.Now()
		tab, err := newBuilder(t, n).build()
		if err != nil {
			return err
		}
		t.add(n, t.keep(n, tab))
		if built != nil {
			built(n, 2*tab.sh.size, time.Since(start))
		}
	}
	return nil
}

// keep saves tab, s's table just built, and returns what to keep of it:
// the saved file mapped back when that reads, else tab in one byte a
// value when it fits (t.mu held).
func (t *Tables) keep(s base.Sig, tab *table) *table {
	if t.save(s, tab) {
		if back, err := t.readFile(t.path(s), s); err == nil {
			return back
		}
	}
	return tab.compact(t.winOdd())
}

// add publishes a table built or read (t.mu held).
func (t *Tables) add(s base.Sig, tab *table) {
	next := *t.built.Load()
	next[code(s)] = tab
	t.built.Store(&next)
	t.bytes += tab.heapBytes()
}

// plan is what s needs and is not in memory: the signatures saved in the
// directory, to read (their own successors are not needed), and the rest,
// to build, in the order they must be built (fewer pieces, then fewer men).
func (t *Tables) plan(s base.Sig) (load, build []base.Sig) {
	seen := map[base.Sig]bool{}
	var visit func(s base.Sig)
	visit = func(s base.Sig) {
		if seen[s] || t.Has(s) {
			return
		}
		seen[s] = true
		if t.Stored(s) {
			load = append(load, s)
			return
		}
		build = append(build, s)
		for _, n := range successors(s) {
			visit(n)
		}
	}
	visit(s)
	sortForBuild(build)
	return load, build
}

// sortForBuild puts sigs in an order where each comes after those it
// leads to: fewer pieces, then fewer men.
func sortForBuild(sigs []base.Sig) {
	slices.SortFunc(sigs, func(a, b base.Sig) int {
		if a.Pieces() != b.Pieces() {
			return a.Pieces() - b.Pieces()
		}
		if a.Men() != b.Men() {
			return a.Men() - b.Men()
		}
		return code(a) - code(b)
	})
}

// successors is every signature one move of either side may lead to out
// of s: a crowning, or a capture of some of the other side's men and
// kings, the capturer crowned or not. A few may not be reachable; they
// are built all the same.
func successors(s base.Sig) []base.Sig {
	var out []base.Sig
	side := func(myM, myK, theirM, theirK int, mk func(myM, myK, theirM, theirK int) base.Sig) {
		for crown := 0; crown <= min(1, myM); crown++ {
			for m := 0; m <= theirM; m++ {
				for k := 0; k <= theirK; k++ {
					if m+k == 0 && crown == 0 {
						continue
					}
					out = append(out, mk(myM-crown, myK+crown, theirM-m, theirK-k))
				}
			}
		}
	}
	side(s.WM, s.WK, s.BM, s.BK, func(a, b, c, d int) base.Sig { return base.Sig{WM: a, WK: b, BM: c, BK: d} })
	side(s.BM, s.BK, s.WM, s.WK, func(a, b, c, d int) base.Sig { return base.Sig{WM: c, WK: d, BM: a, BK: b} })
	return out
}

// Signatures lists every signature of 2 to maxPieces pieces with a piece
// on each side (within MaxSide a side), in the order a build takes them
// (fewer pieces, then fewer men).
func Signatures(maxPieces int) []base.Sig {
	var out []base.Sig
	for n := 2; n <= maxPieces; n++ {
		for white := 1; white < n; white++ {
			for wm := 0; wm <= white; wm++ {
				for bm := 0; bm <= n-white; bm++ {
					if s := (base.Sig{WM: wm, WK: white - wm, BM: bm, BK: n - white - bm}); s.Valid() {
						out = append(out, s)
					}
				}
			}
		}
	}
	sortForBuild(out)
	return out
}

// Positions is the number of positions of s, both sides to move.
func (t *Tables) Positions(s base.Sig) int64 {
	if !s.Valid() {
		return 0
	}
	return 2 * t.l.shape(s).size
}

// Stats counts the values of s's table, which must be in memory:
// positions (those the index holds that are real), wins, draws and
// losses for the side to move, and the longest distance.
func (t *Tables) Stats(s base.Sig) (base.Stats, error) {
	var st base.Stats
	tab := t.table(s)
	if tab == nil {
		return st, fmt.Errorf("retro: %s not built", s)
	}
	for turn := range 2 {
		for i := range tab.sh.size {
			switch v := tab.raw(turn, i); {
			case v == invalid:
			case v == 0:
				st.Count(base.Draw, 0)
			default:
				win, plies := decodeValue(v)
				r := base.Loss
				if win {
					r = base.Win
				}
				st.Count(r, plies)
			}
		}
	}
	return st, nil
}

// Each calls f for every position of signature s with turn to move, in
// index order, with the value the table holds for it; s must be built.
func (t *Tables) Each(s base.Sig, turn draughts.Color, f func(p draughts.Position, v base.Result, plies int)) error {
	tab := t.table(s)
	if tab == nil {
		return fmt.Errorf("retro: %s not built", s)
	}
	var pl placed
	board := make([]draughts.Piece, t.r.Geo.N)
	for i := range tab.sh.size {
		clear(board)
		if !t.l.decode(&tab.sh, i, &pl, board) {
			continue
		}
		p := draughts.Position{Rules: t.r, Board: append([]draughts.Piece(nil), board...), Turn: turn, Runs: t.l.runsAt(&tab.sh, i, &pl)}
		v, plies, _ := t.probeSig(p, s)
		f(p, v, plies)
	}
	return nil
}

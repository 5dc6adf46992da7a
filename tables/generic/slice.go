package generic

import (
	"context"
	"fmt"
	"math/bits"
	"sync/atomic"

	"metz/draughts"
	"metz/tables/base"
)

// A slice is the part of a signature's table one position can reach. Men
// never move back: a man's rows run from where it stands to its crowning
// row, and a capture or a crowning leaves the signature. So the positions
// whose men each stand on the rows from their side's rearmost man's row
// forwards are closed under the signature's own moves, and a retrograde
// analysis of them alone gives each the whole table's value, provided its
// exits (into smaller signatures) are read from slices that hold them:
// sliceSpecs works those out from the root's. On the boards bitboard8
// plays (numbered row by row) such a set is a run of squares for each
// side's men, so a slice is a table whose men's domains are shorter runs:
// the same builder, index and un-moves (a man's step back from its
// rearmost row leaves the run, and is not a predecessor).
//
// Slices are built for a root (EnsureSlice: the solver's root), kept in
// memory and never saved: each is the root's, and a signature's slice
// grows (the union) when a later root needs more of it. A signature of up
// to wholePieces pieces, or whose slice is most of its table, is built
// whole instead and saved like any table, so that the next run reads it.

// spec is the squares each side's men may stand on in a slice (each a run
// within the side's domain): White's, then Black's.
type spec struct{ wm, bm uint64 }

// wholePieces is the most pieces of a signature built whole by a slice
// plan (and saved): the 2-5-piece English tables are 374 M positions
// (87 s of CPU) in all, a problem's share of them a few seconds to a
// minute, once: every later run reads them, where a slice is built again
// by every process.
var wholePieces = 5

// wholeFrom is the share of a table, in percent, from which a slice of it
// is built whole instead (and saved): a little more work this run, none
// the next.
var wholeFrom int64 = 75

// fullSpec is the spec of a whole table.
func (t *Tables) fullSpec() spec { return spec{t.bits.dom[gWM], t.bits.dom[gBM]} }

func (sp spec) union(o spec) spec  { return spec{sp.wm | o.wm, sp.bm | o.bm} }
func (sp spec) within(o spec) bool { return sp.wm&^o.wm == 0 && sp.bm&^o.bm == 0 }

// coneOf is the spec of the positions whose men stand on the rows p's men
// can reach: every row from each side's rearmost man to its crowning row.
func (t *Tables) coneOf(p draughts.Position) spec {
	var wm, bm uint64
	for s, pc := range p.Board {
		switch pc {
		case draughts.WhiteMan:
			wm |= 1 << s
		case draughts.BlackMan:
			bm |= 1 << s
		}
	}
	return spec{t.rowsAhead(draughts.White, wm), t.rowsAhead(draughts.Black, bm)}
}

// rowsAhead is the run of c's men's domain from the rearmost row of men
// to the crowning row (the whole domain when there is no man).
func (t *Tables) rowsAhead(c draughts.Color, men uint64) uint64 {
	g := gWM
	if c == draughts.Black {
		g = gBM
	}
	dom := t.bits.dom[g]
	if men&dom == 0 {
		return dom
	}
	// The rows the men may step to, then every square of those rows.
	reach := men & dom
	for {
		next := reach
		for m := reach; m != 0; m &= m - 1 {
			for _, d := range t.bits.manDirs[c] {
				if a := t.bits.next[bits.TrailingZeros64(m)][d]; a >= 0 {
					next |= 1 << a
				}
			}
		}
		next &= dom
		if next == reach {
			break
		}
		reach = next
	}
	var rows, out uint64
	geo := t.r.Geo
	for m := reach; m != 0; m &= m - 1 {
		rows |= 1 << geo.Row(bits.TrailingZeros64(m))
	}
	for m := dom; m != 0; m &= m - 1 {
		if s := bits.TrailingZeros64(m); rows>>geo.Row(s)&1 != 0 {
			out |= 1 << s
		}
	}
	// A run of squares (the rows are consecutive, and so are their
	// squares): its hull, to be sure.
	lo, hi := bits.TrailingZeros64(out), 63-bits.LeadingZeros64(out)
	return (1<<(hi-lo+1) - 1) << lo & dom
}

// layoutOf is the bitboard index of a slice: t's, the men's domains cut
// to sp's runs.
func (t *Tables) layoutOf(sp spec) *bitLayout {
	bl := *t.bits
	for g, m := range map[int]uint64{gWM: sp.wm, gBM: sp.bm} {
		bl.off[g], bl.size[g], bl.dom[g] = bits.TrailingZeros64(m), bits.OnesCount64(m), m
	}
	return &bl
}

// sliceShape is the index of s's slice sp.
func (t *Tables) sliceShape(s base.Sig, sp spec) shape {
	return t.l.sized(s, t.layoutOf(sp).size)
}

// sliceSize is the positions (both sides to move) of s's slice sp.
func (t *Tables) sliceSize(s base.Sig, sp spec) int64 { return 2 * t.sliceShape(s, sp).size }

// sliceSpecs is every signature of at most maxPieces pieces that the
// positions of root's slice sp lead to, with the slice of it they reach
// (those built whole, or to be, with the full spec). A move of White
// leaves the signature by a crowning, after which the other men stand
// where they stood, or a capture, after which a man that captures
// backwards may stand anywhere; Black's the same.
func (t *Tables) sliceSpecs(root base.Sig, sp spec, maxPieces int) map[base.Sig]spec {
	specs := map[base.Sig]spec{}
	full := t.fullSpec()
	var todo []base.Sig
	add := func(s base.Sig, sp spec) {
		if !s.Valid() {
			return
		}
		if s.WM == 0 {
			sp.wm = full.wm
		}
		if s.BM == 0 {
			sp.bm = full.bm
		}
		old, ok := specs[s]
		if ok && sp.within(old) {
			return
		}
		sp = sp.union(old)
		if s.Pieces() <= maxPieces && (s.Pieces() <= wholePieces || t.Has(s) || t.Stored(s) ||
			t.sliceSize(s, sp) >= t.Positions(s)*wholeFrom/100) {
			sp = full
		}
		specs[s] = sp
		if !(t.Has(s) || t.Stored(s)) {
			todo = append(todo, s) // a whole table's successors are there
		}
	}
	add(root, sp)
	for len(todo) > 0 {
		s := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		sp := specs[s]
		t.exitSpecs(s, sp, draughts.White, add)
		t.exitSpecs(s, sp, draughts.Black, add)
	}
	for s := range specs {
		if s.Pieces() > maxPieces {
			delete(specs, s)
		}
	}
	return specs
}

// exitSpecs calls add with each signature c's moves lead to out of s,
// and the slice they reach from s's slice sp.
func (t *Tables) exitSpecs(s base.Sig, sp spec, c draughts.Color, add func(base.Sig, spec)) {
	mm, mk, om, ok := s.WM, s.WK, s.BM, s.BK
	if c == draughts.Black {
		mm, mk, om, ok = s.BM, s.BK, s.WM, s.WK
	}
	sig := func(myM, myK, theirM, theirK int) base.Sig {
		if c == draughts.White {
			return base.Sig{WM: myM, WK: myK, BM: theirM, BK: theirK}
		}
		return base.Sig{WM: theirM, WK: theirK, BM: myM, BK: myK}
	}
	captured := sp // after a capture by a man that may jump backwards
	if t.r.MenCaptureBackward {
		if c == draughts.White {
			captured.wm = t.fullSpec().wm
		} else {
			captured.bm = t.fullSpec().bm
		}
	}
	for crown := 0; crown <= min(1, mm); crown++ {
		for m := 0; m <= om; m++ {
			for k := 0; k <= ok; k++ {
				switch {
				case m+k == 0 && crown == 0:
				case m+k == 0:
					add(sig(mm-crown, mk+crown, om, ok), sp)
				default:
					add(sig(mm-crown, mk+crown, om-m, ok-k), captured)
				}
			}
		}
	}
}

// slices are the slices built, by Sig.code (see Tables.slices).
type sliceSet = [1 << 12]*table

// sliceTable is s's slice in memory (nil: none).
func (t *Tables) sliceTable(s base.Sig) *table {
	if !s.Valid() {
		return nil
	}
	set := t.slices.Load()
	if set == nil {
		return nil
	}
	return set[code(s)]
}

// HasSlice reports whether a slice of s (or its whole table) is in
// memory: a probe of a position outside a slice answers not covered.
func (t *Tables) HasSlice(s base.Sig) bool { return t.Has(s) || t.sliceTable(s) != nil }

// SlicePieces is the most pieces of a slice in memory (0: none).
func (t *Tables) SlicePieces() int { return int(t.slicePieces.Load()) }

// publishSlice makes tab the slice of s (t.mu held).
func (t *Tables) publishSlice(s base.Sig, tab *table) {
	var next sliceSet
	if old := t.slices.Load(); old != nil {
		next = *old
	}
	next[code(s)] = tab
	t.slices.Store(&next)
	if n := int32(s.Pieces()); n > t.slicePieces.Load() {
		t.slicePieces.Store(n)
	}
}

// SlicePlan is what EnsureSlice(p) would build: the signatures (whole or
// sliced), their positions, and the most memory one build takes.
type SlicePlan struct {
	Sigs      []base.Sig
	Whole     int // of them, built whole (and saved)
	Positions int64
	Peak      int64
	Pieces    int // the largest signature built
	specs     map[base.Sig]spec
	load      []base.Sig // saved in the directory, to read first
}

// planSlices is the plan of the slices of p's signatures of at most
// maxPieces pieces (t.mu held).
func (t *Tables) planSlices(p draughts.Position, maxPieces int) SlicePlan {
	var pl SlicePlan
	pl.specs = t.sliceSpecs(base.SigOf(p), t.coneOf(p), maxPieces)
	full := t.fullSpec()
	for s, sp := range pl.specs {
		if t.Has(s) {
			continue
		}
		if t.Stored(s) {
			pl.load = append(pl.load, s)
			continue
		}
		if old := t.sliceTable(s); old != nil && old.spec.union(sp) == old.spec {
			continue // the slice there holds it
		}
		if old := t.sliceTable(s); old != nil {
			sp = sp.union(old.spec) // a slice only grows
			pl.specs[s] = sp
		}
		n := t.sliceSize(s, sp)
		if sp == full {
			pl.Whole++
		}
		pl.Sigs = append(pl.Sigs, s)
		pl.Positions = min(pl.Positions+n, maxSize)
		pl.Peak = max(pl.Peak, n*(bytesPerPosition+buildBytes))
		pl.Pieces = max(pl.Pieces, s.Pieces())
	}
	sortForBuild(pl.Sigs)
	return pl
}

// EnsureSlice makes ready the positions p can reach in the tables of up to
// maxPieces pieces (its own signature's among them when it has no more):
// the slices of them it reaches are built in memory, the signatures of up
// to wholePieces pieces or whose slice is most of the table built whole
// and saved, the tables in the directory read. The largest piece count
// from maxPieces down whose plan fits lim is built; pieces is that count
// (0: nothing fits, or nothing was needed) and built the positions
// analysed. When none fits and p has at most maxPieces pieces (its own
// table is the answer), the whole tables its plan needs are built in
// their order, each saved, as far as lim allows: the next run goes on
// from there (Resume). Only on the boards bitboard8 plays; elsewhere
// nothing is done.
//
// It stops between tables when ctx is done: the whole tables finished are
// kept (and saved), the slices finished kept in memory, and its error is
// ctx's.
func (t *Tables) EnsureSlice(ctx context.Context, p draughts.Position, maxPieces int, lim Limit) (pieces int, built int64, err error) {
	if t.bits == nil || p.Rules != t.r || !t.l.covers(p.Board) || lim.Positions < 0 {
		return 0, 0, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for n := min(maxPieces, base.SigOf(p).Pieces()); n > wholePieces; n-- {
		pl := t.readPlan(p, n)
		if !pl.fits(lim, t.sliceBytes.Load()) {
			continue
		}
		built, err = t.buildSlices(ctx, pl)
		return n, built, err
	}
	if n := base.SigOf(p).Pieces(); n <= maxPieces && t.saving.Load() {
		built, err = t.buildWholeAhead(ctx, t.readPlan(p, n), lim)
	}
	return 0, built, err
}

// readPlan is planSlices with the tables it reads loaded from the
// directory (t.mu held): a file that does not read back is built instead
// (the plan made again).
func (t *Tables) readPlan(p draughts.Position, maxPieces int) SlicePlan {
	for {
		pl := t.planSlices(p, maxPieces)
		if t.loadAll(pl.load) {
			return pl
		}
	}
}

// fits reports whether pl keeps within lim, with used bytes of slices in
// memory already.
func (pl SlicePlan) fits(lim Limit, used int64) bool {
	return pl.Positions < maxSize && pl.Peak+used <= lim.Bytes &&
		(lim.Positions == 0 || pl.Positions <= lim.Positions)
}

// buildWholeAhead builds the whole tables of pl in its order, each saved,
// until the next one would go past lim (t.mu held): a plan too large for
// one run is built over several, each reading what the others saved. The
// first is built if it fits lim's memory, whatever its positions, so that
// every run goes on (a six-piece English table of 3 kings against 2 kings
// and a man is 138 M positions). A whole table's successors are whole
// too, and come first in the order.
func (t *Tables) buildWholeAhead(ctx context.Context, pl SlicePlan, lim Limit) (built int64, err error) {
	full := t.fullSpec()
	saved := 0 // the tables of a side without a piece (a few positions) are never saved
	for _, s := range pl.Sigs {
		if pl.specs[s] != full {
			continue
		}
		if err := ctx.Err(); err != nil {
			return built, err
		}
		n := t.Positions(s)
		if n*(bytesPerPosition+buildBytes) > lim.Bytes || (lim.Positions > 0 && saved > 0 && built+n > lim.Positions) {
			break // the first one saved is built whatever its positions: each run goes on
		}
		if s.WM+s.WK > 0 && s.BM+s.BK > 0 {
			saved++
		}
		tab, err := newBuilder(t, s).build()
		if err != nil {
			return built, err
		}
		t.add(s, t.keep(s, tab))
		built += n
	}
	return built, nil
}

// PlanSlices is the plan EnsureSlice(p) would build for maxPieces pieces,
// for the commands that say what it takes.
func (t *Tables) PlanSlices(p draughts.Position, maxPieces int) SlicePlan {
	if t.bits == nil || p.Rules != t.r || !t.l.covers(p.Board) {
		return SlicePlan{}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.planSlices(p, maxPieces)
}

// buildSlices builds pl's signatures in order (t.mu held): the whole ones
// published and saved like any table, the slices published in memory.
func (t *Tables) buildSlices(ctx context.Context, pl SlicePlan) (built int64, err error) {
	full := t.fullSpec()
	for _, s := range pl.Sigs {
		if err := ctx.Err(); err != nil {
			return built, err
		}
		sp := pl.specs[s]
		if sp == full {
			tab, err := newBuilder(t, s).build()
			if err != nil {
				return built, err
			}
			t.add(s, t.keep(s, tab))
			built += 2 * tab.sh.size
			continue
		}
		b := newSliceBuilder(t, s, sp)
		tab, err := b.build()
		if err != nil {
			return built, err
		}
		built += 2 * tab.sh.size
		tab = tab.compact(t.winOdd())
		tab.bl, tab.spec = b.bl, sp
		t.sliceBytes.Add(tab.heapBytes())
		t.publishSlice(s, tab)
	}
	return built, nil
}

// newSliceBuilder is a builder of s's slice sp.
func newSliceBuilder(t *Tables, s base.Sig, sp spec) *builder {
	bl := t.layoutOf(sp)
	return newBuilderOn(t, s, bl, t.l.sized(s, bl.size))
}

// sliceCounters are the Tables' fields of the slices (kept apart from the
// whole tables: a probe reads a whole table first).
type sliceCounters struct {
	slices      atomic.Pointer[sliceSet]
	slicePieces atomic.Int32
	sliceBytes  atomic.Int64
}

// errNotInSlice is the builder's error for an exit outside the slice it
// reads: sliceSpecs failed to hold it (a defect, never a value read where
// none was built).
func errNotInSlice(s base.Sig) error {
	return fmt.Errorf("retro: a position of %s outside the slice built", s)
}

// tableOrSlice is s's whole table, else its slice (nil: neither).
func (t *Tables) tableOrSlice(s base.Sig) *table {
	if tab := t.table(s); tab != nil {
		return tab
	}
	return t.sliceTable(s)
}

// layout is the bitboard index of tab: its own for a slice, t's else.
func (tab *table) layout(t *Tables) *bitLayout {
	if tab.bl != nil {
		return tab.bl
	}
	return t.bits
}

// boardSquares is each group's squares of board (at most 64 squares).
func boardSquares(board []draughts.Piece) (sq [4]uint64) {
	for s, pc := range board {
		if g := groupOf(pc); g >= 0 {
			sq[g] |= 1 << s
		}
	}
	return sq
}

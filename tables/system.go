package tables

import (
	"context"
	"fmt"
	"math/bits"
	"time"

	"metz/draughts"
	"metz/draughts/bitboard10"
	"metz/draughts/bitboard8"
	"metz/tables/generic"
	"metz/tables/intl"
)

// System is one rule system's tables within a Tables handle (Tables.System):
// what the solver holds for the length of a search, and asks for every
// position it judges. Exactly one builder is behind it: the international
// one under the international rules, the generic one under the others. A
// nil *System has no tables.
type System struct {
	r    *draughts.Rules
	root string // the table directory ("": none)
	mem  int64
	intl *intl.Tables    // international
	gen  *generic.Tables // every other system
}

// Limit bounds what a probe may build: the memory of the tables built
// (Bytes) and the positions analysed (Positions; 0 is no bound, a negative
// value allows reading only).
type Limit = generic.Limit

// Rules is the rule system of s.
func (s *System) Rules() *draughts.Rules { return s.r }

// Dir is where s reads and saves its tables ("" for none).
func (s *System) Dir() string {
	if s.root == "" {
		return ""
	}
	return Dir(s.root, s.r)
}

// MemoryLimit is the most memory s's builds for one Ensure or Probe may
// take (Config.Memory).
func (s *System) MemoryLimit() int64 { return s.mem }

// Ensure makes the table of p's material, and all it leads to, ready to
// probe: read from the directory, else built (the international ones up
// to intl.DemandPieces pieces, the others within s's memory). built is
// the positions analysed (0 when all were there). When ctx is done the
// build stops between tables (those finished are kept) with ctx's error.
func (s *System) Ensure(ctx context.Context, p draughts.Position) (built int64, err error) {
	return s.EnsureReporting(ctx, p, nil)
}

// EnsureReporting is Ensure telling progress (when not nil) of each table
// as it is built, under rules other than the international ones (those
// report nothing).
func (s *System) EnsureReporting(ctx context.Context, p draughts.Position, progress func(Progress)) (built int64, err error) {
	if p.Rules.Name != s.r.Name {
		return 0, fmt.Errorf("tables: a %s position in %s tables", p.Rules.Name, s.r.Name)
	}
	if s.intl != nil {
		return s.intl.EnsureFor(ctx, p)
	}
	sig := SigOf(p)
	built = s.ToBuild(p)
	var report func(Sig, int64, time.Duration)
	if progress != nil {
		report = reporter(s.gen.PlanOf(sig), progress)
	}
	if err := s.gen.EnsureReporting(ctx, sig, Limit{Bytes: s.mem}, report); err != nil {
		return 0, err
	}
	return built, nil
}

// EnsureSig is Ensure for every position of the signature sig, either
// side to move.
func (s *System) EnsureSig(ctx context.Context, sig Sig) (built int64, err error) {
	if s.intl != nil {
		return s.intl.EnsureContext(ctx, sig)
	}
	_, built = s.gen.Cost(sig)
	return built, s.gen.EnsureContext(ctx, sig, Limit{Bytes: s.mem})
}

// Plan is what Ensure(p) would build under rules other than the
// international ones: the tables, their positions, the bytes they take on
// disk (one a position, as every 8x8 table built so far) and the most
// memory one of their builds takes (all zero when nothing is to be built,
// and under the international rules).
func (s *System) Plan(p draughts.Position) (tables int, positions, disk, memory int64) {
	if s.intl != nil {
		return 0, 0, 0, 0
	}
	pl := s.gen.PlanOf(SigOf(p))
	return len(pl.Sigs), pl.Positions, pl.Positions, pl.Peak
}

// ToBuild is the number of positions Ensure(p) would analyse (0 when
// p's tables are all there to read).
func (s *System) ToBuild(p draughts.Position) int64 {
	if s.intl != nil {
		return s.intl.ToBuild(p)
	}
	if sig := SigOf(p); !s.gen.Has(sig) && !s.gen.Stored(sig) {
		_, n := s.gen.Cost(sig)
		return n
	}
	return 0
}

// Probe reads p's value for its side to move and its distance in plies (0
// for a draw); ok is false when its table is not ready (see Ensure) and
// err names a table file that is there but does not read.
func (s *System) Probe(p draughts.Position) (r Result, plies int, ok bool, err error) {
	switch {
	case s == nil || p.Rules.Name != s.r.Name:
		return Draw, 0, false, nil
	case s.intl != nil:
		return s.intl.ProbeErr(p)
	}
	r, plies, ok, _ = s.gen.ProbeOrBuild(p, Limit{Bytes: s.mem})
	return r, plies, ok, nil
}

// ProbeWDL reads p's value for its side to move, win, draw or loss, from
// any table there, those stored without distances included (the
// international 6-piece tables, which Probe does not read): it gives no
// distance, ever. A win read so is a win, not a win within any number of
// plies; where the distance matters (a bounded goal, a shortest win),
// Probe is the probe. It builds nothing. Under rules other than the
// international ones every table holds its distances, and ProbeWDL is
// Probe's value. ok and err as for Probe.
func (s *System) ProbeWDL(p draughts.Position) (r Result, ok bool, err error) {
	switch {
	case s == nil || p.Rules.Name != s.r.Name:
		return Draw, false, nil
	case s.intl != nil:
		bp, is := intl.FromDraughts(p)
		if !is {
			return Draw, false, nil
		}
		return s.intl.ProbeWDL(bp)
	}
	r, _, ok, _ = s.gen.ProbeOrBuild(p, Limit{Bytes: s.mem, Positions: -1}) // read only
	return r, ok, nil
}

// ProbeBitboardWDL is ProbeWDL for an international position in the
// 10x10 bitboard form (the solver's fast path), past ValueOnlyPieces
// pieces and under other rules not covered; a table that does not read
// answers not covered too.
func (s *System) ProbeBitboardWDL(p bitboard10.Position) (r Result, ok bool) {
	if s == nil || s.intl == nil || bits.OnesCount64(p.White|p.Black) > s.ValueOnlyPieces() {
		return Draw, false
	}
	r, ok, err := s.intl.ProbeWDL(p)
	return r, ok && err == nil
}

// ValueOnlyPieces is the most pieces of the tables that may hold a value
// without its distance (ProbeWDL answers where Probe does not): under the
// international rules with a table directory, the 6-piece tables (stored
// win, draw or loss alone); 0 under the others and for tables built in
// memory, which all hold their distances.
func (s *System) ValueOnlyPieces() int {
	if s == nil || s.intl == nil || s.intl.Dir() == "" {
		return 0
	}
	return intl.MaxPieces
}

// ProbeOrBuild is Probe for a search: p's table is read when it is in
// memory or in the directory, else built first (with every table it
// leads to) when that fits lim. built is the positions analysed. Both
// builders build on demand up to 4 pieces (the international one no
// more: intl.DemandPieces); larger tables are read when saved.
func (s *System) ProbeOrBuild(p draughts.Position, lim Limit) (r Result, plies int, ok bool, built int64) {
	if s.intl == nil {
		return s.gen.ProbeOrBuild(p, lim)
	}
	bp, is := intl.FromDraughts(p)
	if !is {
		return Draw, 0, false, 0
	}
	return s.ProbeBitboard(bp, lim)
}

// ProbeBitboard is ProbeOrBuild for an international position in the
// 10x10 bitboard form (the solver's fast path: no conversion). Under other
// rules, and past intl.SlicePieces pieces, ok is false; so is it for a
// position of a table stored without distances (6 pieces) outside the
// slices built with them (Slice).
func (s *System) ProbeBitboard(p bitboard10.Position, lim Limit) (r Result, plies int, ok bool, built int64) {
	if s.intl == nil || bits.OnesCount64(p.White|p.Black) > intl.SlicePieces {
		return Draw, 0, false, 0
	}
	r, plies, ok, err := s.intl.ProbeBitboard(p)
	if ok || err != nil || lim.Positions < 0 {
		return r, plies, ok, 0
	}
	if built, err = s.intl.EnsureBitboard(p, intlPositions(lim)); err != nil {
		return Draw, 0, false, 0
	}
	r, plies, ok, _ = s.intl.ProbeBitboard(p)
	return r, plies, ok, built
}

// intlPositions is the most positions an international build within lim
// may analyse: lim.Positions, and no more than lim.Bytes (its tables hold
// one byte an index).
func intlPositions(lim Limit) int64 {
	if lim.Bytes > 0 && (lim.Positions == 0 || lim.Positions > lim.Bytes) {
		return lim.Bytes
	}
	return lim.Positions
}

// Slice readies the positions a search from p reaches, when p is an
// international position of at most intl.SlicePieces pieces whose
// tables are not there with distances: only the slices of its tables
// that p can reach are built (intl.Tables.EnsureSlice), within lim, in
// memory, with distances (also those of 6 and 7 pieces). A probe outside
// them builds the whole tables as ever up to intl.DemandPieces pieces.
// Under the other rules it builds the slices of p's tables of up to
// SlicePieces pieces (sliceGeneric). built is the positions analysed.
func (s *System) Slice(p draughts.Position, lim Limit) (built int64) {
	if s == nil || lim.Positions < 0 {
		return 0
	}
	if s.intl == nil {
		return s.sliceGeneric(p, lim)
	}
	bp, ok := intl.FromDraughts(p)
	if !ok || bits.OnesCount64(bp.White|bp.Black) > intl.SlicePieces {
		return 0
	}
	built, err := s.intl.EnsureSlice(bp, intlPositions(lim))
	if err != nil {
		return 0
	}
	return built
}

// SlicePieces is the most pieces of the slices the generic builder builds
// at a root (System.Slice): every signature of up to 7 pieces that a root
// reaches, where its plan fits the budget.
const SlicePieces = 7

// sliceNanos is about what the generic builder costs a position on 8x8
// bitboards, in wall time on two idle cores (the whole 2-6-piece English
// set: 7.5 G positions in 1,123 s): the solver's bound in positions, set
// at the generic boards' 1.5 µs, is scaled by it.
const sliceNanos = 200

// sliceGeneric is Slice under rules other than the international ones,
// on the boards bitboard8 plays (generic.Tables.EnsureSlice): the slices
// of the tables of up to SlicePieces pieces p reaches are built within
// lim, those of up to 5 pieces and those whose slice is most of the table
// whole and saved, the others in memory, where every search of this
// process reads them (StoredPieces). A root of at most SlicePieces pieces
// whose plan is too large builds the whole tables ahead of it, each
// saved, for as long as lim's time allows: the next run goes on. The
// build stops between tables once the time lim stands for (its positions
// at NanosPerPosition, 15 s at the root of a solve) has passed.
func (s *System) sliceGeneric(p draughts.Position, lim Limit) (built int64) {
	// The memory is what an Ensure may take (Config.Memory, 1 GB by
	// default), when the search's budget is less: the 5-piece tables
	// are built once, saved, and read mapped.
	lim.Bytes = max(lim.Bytes, s.mem)
	ctx := context.Background()
	if lim.Positions > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(lim.Positions*s.NanosPerPosition()))
		defer cancel()
		lim.Positions = lim.Positions * s.NanosPerPosition() / sliceNanos
	}
	_, built, _ = s.gen.EnsureSlice(ctx, p, SlicePieces, lim)
	return built
}

// ProbeBits8 reads a position on bitboard8's boards from the tables in
// memory, without converting it (the solver's fast path on 8x8 boards);
// ok is false when its table is not in memory (ProbeOrBuild reads it from
// the directory or builds it) and under the international rules.
func (s *System) ProbeBits8(p bitboard8.Position) (r Result, plies int, ok bool) {
	if s.intl != nil {
		return Draw, 0, false
	}
	return s.gen.ProbeBits(p)
}

// ScanBitboard calls f for every position of sig with White to move, in
// the 10x10 bitboard form, with its value and distance: what the checks
// of the books' claims about international endings read. An error under
// other rules, and when the tables of sig are not ready (EnsureSig).
func (s *System) ScanBitboard(sig Sig, f func(p bitboard10.Position, r Result, plies int)) error {
	if s.intl == nil {
		return fmt.Errorf("tables: %s tables are not scanned as 10x10 bitboards", s.r.Name)
	}
	return s.intl.Scan(sig, f)
}

// Has reports whether the table of sig is ready to probe without building
// (in memory, whole or a slice; under the international rules, in the
// directory too).
func (s *System) Has(sig Sig) bool {
	if s.intl == nil {
		return s.gen.HasSlice(sig)
	}
	return s.intl.Built(sig)
}

// Saved reports whether sig's table is saved in the directory, not only
// built in memory for this run.
func (s *System) Saved(sig Sig) bool {
	switch {
	case s == nil:
		return false
	case s.intl == nil:
		return s.gen.Stored(sig)
	}
	return sig.Pieces() <= s.savedPieces()+1 && s.intl.Built(sig) // the 6-piece files too (values alone)
}

// Cost is the positions a build of sig (with all it leads to) would
// analyse, 0 when nothing is to be built, -1 when sig itself is never
// built on demand (an international table of more than
// intl.DemandPieces pieces not in the directory: only the tables below
// it are).
func (s *System) Cost(sig Sig) int64 {
	if s.intl == nil {
		_, n := s.gen.Cost(sig)
		return n
	}
	if sig.Pieces() > intl.DemandPieces {
		if s.Has(sig) {
			return 0
		}
		return -1
	}
	return s.intl.ToBuildSig(sig)
}

// StoredPieces is the most pieces of a table that may be read without
// being built: every table saved with its distances, whatever its size,
// and the slices a root had built (Slice), which a search reads at any
// depth (the international 6- and 7-piece ones too, with their
// distances: the 6-piece files, which hold none, are read by ProbeWDL).
func (s *System) StoredPieces() int {
	switch {
	case s == nil:
		return 0
	case s.intl == nil:
		return max(s.gen.StoredPieces(), s.gen.SlicePieces())
	}
	return max(s.savedPieces(), s.intl.SlicedPieces())
}

// savedPieces is StoredPieces without the slices in memory.
func (s *System) savedPieces() int {
	switch {
	case s == nil:
		return 0
	case s.intl == nil:
		return s.gen.StoredPieces()
	case s.intl.Dir() == "":
		return 0
	}
	return intl.WDLPieces - 1 // those with distances: the 6-piece files give the value alone (ProbeWDL)
}

// Reach is the largest piece count n such that every table of 2 to n
// pieces is ready with its distances: every position of at most Reach
// pieces is decided by Probe, its distance included (WDLReach counts the
// tables without distances too). 0 when not even the 2-piece ones are:
// tables built as a search meets them, as the generic builder's are on
// demand, do not count until then.
func (s *System) Reach() int {
	switch {
	case s == nil:
		return 0
	case s.intl == nil:
		return s.gen.Reach()
	}
	return s.intl.Reach()
}

// WDLReach is Reach counting the tables stored without distances too:
// every position of at most WDLReach pieces has its value in ProbeWDL (the
// international 6-piece tables: win, draw or loss alone), but past Reach
// pieces not its distance. It is never less than Reach; under rules other
// than the international ones, whose tables all hold distances, it is
// Reach.
func (s *System) WDLReach() int {
	if s == nil || s.intl == nil {
		return s.Reach()
	}
	return s.intl.WDLReach()
}

// NanosPerPosition is about what building a table costs a position on one
// core: the searches turn time into positions with it. The generic
// builder's is 1.5 µs on 32 squares, scaled by the board's squares (it is
// faster on 8x8 bitboards: the figure keeps the clock's bound cautious);
// the international builder's was measured at about 0.2 µs (the 26 M
// indices of a man against three, 4.6 s of CPU on the loaded 2-core
// machine).
func (s *System) NanosPerPosition() int64 {
	if s.intl != nil {
		return 200
	}
	return 1500 * int64(s.r.Geo.N) / 32
}

// The handle's own probes, for the commands: each goes to the system of
// the position's rules.

// Probe is System.Probe for p's rules (nothing covered by nil tables).
func (t *Tables) Probe(p draughts.Position) (r Result, plies int, ok bool, err error) {
	return t.System(p.Rules).Probe(p)
}

// ProbeWDL is System.ProbeWDL for p's rules: the value alone, from
// tables with distances or without (nothing covered by nil tables).
func (t *Tables) ProbeWDL(p draughts.Position) (r Result, ok bool, err error) {
	return t.System(p.Rules).ProbeWDL(p)
}

// Ensure is System.Ensure for p's rules.
func (t *Tables) Ensure(ctx context.Context, p draughts.Position) (built int64, err error) {
	return t.EnsureReporting(ctx, p, nil)
}

// EnsureReporting is System.EnsureReporting for p's rules.
func (t *Tables) EnsureReporting(ctx context.Context, p draughts.Position, progress func(Progress)) (built int64, err error) {
	if t == nil {
		return 0, fmt.Errorf("tables: no tables (--tables none)")
	}
	return t.System(p.Rules).EnsureReporting(ctx, p, progress)
}

// ToBuild is System.ToBuild for p's rules (0 for nil tables).
func (t *Tables) ToBuild(p draughts.Position) int64 {
	if t == nil {
		return 0
	}
	return t.System(p.Rules).ToBuild(p)
}

// Plan is System.Plan for p's rules (nothing for nil tables).
func (t *Tables) Plan(p draughts.Position) (tables int, positions, disk, memory int64) {
	if t == nil {
		return 0, 0, 0, 0
	}
	return t.System(p.Rules).Plan(p)
}

// StoredPieces is the most pieces of r's tables saved in the directory
// (System.StoredPieces less the slices in memory; 0 for nil tables).
func (t *Tables) StoredPieces(r *draughts.Rules) int { return t.System(r).savedPieces() }

// Reach is System.Reach for r (0 for nil tables).
func (t *Tables) Reach(r *draughts.Rules) int { return t.System(r).Reach() }

// WDLReach is System.WDLReach for r (0 for nil tables).
func (t *Tables) WDLReach(r *draughts.Rules) int { return t.System(r).WDLReach() }

// RootsPieces is the most pieces of the tables a batch of roots has built
// ahead of its searches (BuildRoots): the English 2-6-piece set is 7.5 G
// positions, about 2,100 s of CPU, where a seven-piece signature alone may
// be several G.
const RootsPieces = 6

// PlanRoots is what BuildRoots(roots) would build under rules other than
// the international ones (nothing under those): the tables, their
// positions, the bytes they take on disk (one a position) and the most
// memory one of their builds takes.
func (s *System) PlanRoots(roots []draughts.Position) (tables int, positions, disk, memory int64) {
	if s == nil || s.intl != nil {
		return 0, 0, 0, 0
	}
	pl := s.gen.PlanRoots(roots, RootsPieces)
	return len(pl.Sigs), pl.Positions, pl.Positions, pl.Peak
}

// BuildRoots builds, once, the whole tables of up to RootsPieces pieces
// that the roots (the positions of a batch, on the boards bitboard8
// plays) reach, with all they lead to, each saved as it ends (those read
// from the directory are not built again): each root of up to
// RootsPieces pieces is then read from its table, and the larger ones'
// searches find the endings they capture down to decided. mem bounds one
// table's build (refused before any starts when one would take more);
// the positions are not bounded, and progress (when not nil) is told of
// each table. Ctrl-C (ctx) stops between tables, keeping those finished.
func (s *System) BuildRoots(ctx context.Context, roots []draughts.Position, mem int64, progress func(Progress)) (built int64, err error) {
	if s == nil || s.intl != nil {
		return 0, nil
	}
	var report func(Sig, int64, time.Duration)
	if progress != nil {
		report = reporter(s.gen.PlanRoots(roots, RootsPieces), progress)
	}
	return s.gen.BuildRoots(ctx, roots, RootsPieces, Limit{Bytes: mem}, report)
}

// reporter tells progress of each table of pl as the generic builder
// ends it: which of how many, and the positions done of the plan's.
func reporter(pl generic.Plan, progress func(Progress)) func(Sig, int64, time.Duration) {
	var done int64
	current := 0
	return func(n Sig, positions int64, d time.Duration) {
		done, current = done+positions, current+1
		progress(Progress{Sig: n.String(), Pieces: n.Pieces(), Time: d, Done: done, Total: pl.Positions,
			Current: current, Tables: len(pl.Sigs)})
	}
}

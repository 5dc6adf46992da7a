package tables

import (
	"metz/draughts"
	"metz/draughts/bitboard"
	"metz/draughts/bitboard8"
	"metz/tables/generic"
	"metz/tables/intl"
)

// Limit bounds what a probe may build: the memory of the tables built
// (Bytes) and the positions analysed (Positions; 0 is no bound, a negative
// value allows reading only).
type Limit = generic.Limit

// ProbeOrBuild is Probe for a search: p's table is read when it is in
// memory or in the directory, else built first (with every table it
// leads to) when that fits lim. built is the positions analysed. Both
// builders build on demand up to 4 pieces (the international one no
// more: intl.DemandPieces); larger tables are read when saved.
func (t *Tables) ProbeOrBuild(p draughts.Position, lim Limit) (r Result, plies int, ok bool, built int64) {
	if t.intl == nil {
		return t.gen.ProbeOrBuild(p, lim)
	}
	bp, is := intl.FromDraughts(p)
	if !is {
		return Draw, 0, false, 0
	}
	return t.ProbeBitboard(bp, lim)
}

// ProbeBitboard is ProbeOrBuild for an international position in the
// 10x10 bitboard form (the solver's fast path: no conversion). Under other
// rules ok is false.
func (t *Tables) ProbeBitboard(p bitboard.Position, lim Limit) (r Result, plies int, ok bool, built int64) {
	if t.intl == nil {
		return Draw, 0, false, 0
	}
	r, plies, ok, err := t.intl.ProbeBitboard(p)
	if ok || err != nil || lim.Positions < 0 {
		return r, plies, ok, 0
	}
	if built, err = t.intl.EnsureBitboard(p, intlPositions(lim)); err != nil {
		return Draw, 0, false, 0
	}
	r, plies, ok, _ = t.intl.ProbeBitboard(p)
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
// international position of at most intl.DemandPieces pieces whose
// tables are not there: only the slices of its tables that p can reach
// are built (intl.EnsureSlice), within lim, in memory. A probe outside
// them builds the whole tables as ever. built is the positions analysed.
func (t *Tables) Slice(p bitboard.Position, lim Limit) (built int64) {
	if t == nil || t.intl == nil || lim.Positions < 0 {
		return 0
	}
	built, err := t.intl.EnsureSlice(p, intlPositions(lim))
	if err != nil {
		return 0
	}
	return built
}

// ProbeBits8 reads a position on bitboard8's boards from the tables in
// memory, without converting it (the solver's fast path on 8x8 boards);
// ok is false when its table is not in memory (ProbeOrBuild reads it from
// the directory or builds it) and under the international rules.
func (t *Tables) ProbeBits8(p bitboard8.Position) (r Result, plies int, ok bool) {
	if t.intl != nil {
		return Draw, 0, false
	}
	return t.gen.ProbeBits(p)
}

// Has reports whether the table of s is ready to probe without building
// (in memory; under the international rules, in the directory too).
func (t *Tables) Has(s Sig) bool {
	if t.intl == nil {
		return t.gen.Has(s)
	}
	return t.intl.Built(s)
}

// Cost is the positions a build of s (with all it leads to) would analyse,
// 0 when nothing is to be built, -1 when s itself is never built on
// demand (an international table of more than intl.DemandPieces
// pieces not in the directory: only the tables below it are).
func (t *Tables) Cost(s Sig) int64 {
	if t.intl == nil {
		_, n := t.gen.Cost(s)
		return n
	}
	if s.Pieces() > intl.DemandPieces {
		if t.Has(s) {
			return 0
		}
		return -1
	}
	return t.intl.ToBuildSig(s)
}

// StoredPieces is the most pieces of a table that may be read from the
// directory without being built (every table saved, whatever its size).
func (t *Tables) StoredPieces() int {
	if t.intl == nil {
		return t.gen.StoredPieces()
	}
	if t.intl.Dir() == "" {
		return 0
	}
	return intl.MaxPieces
}

// Reach is the largest piece count n such that every table of 2 to n
// pieces is ready: every position of at most Reach pieces is decided by a
// probe (0 when not even the 2-piece ones are: tables built as a search
// meets them, as the generic builder's are on demand, do not count until
// then).
func (t *Tables) Reach() int {
	switch {
	case t == nil:
		return 0
	case t.intl == nil:
		return t.gen.Reach()
	}
	return t.intl.Reach()
}

// NanosPerPosition is about what building a table costs a position on one
// core: the searches turn time into positions with it. The generic
// builder's is 1.5 µs on 32 squares, scaled by the board's squares (it is
// faster on 8x8 bitboards: the figure keeps the clock's bound cautious);
// the international builder's was measured at about 0.2 µs (the 26 M
// indices of a man against three, 4.6 s of CPU on the loaded 2-core
// machine).
func (t *Tables) NanosPerPosition() int64 {
	if t.intl != nil {
		return 200
	}
	return 1500 * int64(t.r.Geo.N) / 32
}

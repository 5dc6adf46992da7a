package intl

import (
	"context"

	"metz/draughts/bitboard10"
	"metz/tables/base"
)

// The exported API names material by the one signature type of the
// tables API (base.Sig: White's men and kings, then Black's). This
// builder files its tables by the side to move's material instead (stmSig,
// the side to move playing White), so the positions of one signature lie
// in two tables: White to move in sides' first, Black to move in its
// flip. A table is always built with its flip.

// sides returns the tables holding the positions of s: White to move,
// then Black to move.
func sides(s base.Sig) (whiteToMove, blackToMove stmSig) {
	return stmSig(s), stmSig(s.Flip())
}

// Has reports whether the positions of s, either side to move, can be
// probed now (in memory or on disk); a table that does not read counts as
// missing.
func (t *Tables) Has(s base.Sig) bool {
	w, b := sides(s)
	return t.has(w) && t.has(b)
}

// Built reports whether the tables of s are on disk (or already loaded).
func (t *Tables) Built(s base.Sig) bool {
	w, b := sides(s)
	return t.stored(w) && t.stored(b)
}

// Ensure makes the tables of s available to the probes of t, with every
// table they lead to: those in t's directory or memory are read, the
// others built in memory and, when t has a directory, written there for
// later runs. built is the number of indices analysed (0 when nothing was
// built). Signatures of more than DemandPieces pieces are refused: Build
// makes those ahead.
func (t *Tables) Ensure(s base.Sig) (built int64, err error) {
	return t.EnsureContext(context.Background(), s)
}

// EnsureContext is Ensure that stops, with ctx's error, between the groups
// of tables it builds (those of one level of the closure) when ctx is
// done: what was built before is kept.
func (t *Tables) EnsureContext(ctx context.Context, s base.Sig) (built int64, err error) {
	w, b := sides(s)
	if built, err = t.ensure(ctx, w); err != nil {
		return built, err
	}
	more, err := t.ensure(ctx, b) // normally built with w; missing if its file was removed
	return built + more, err
}

// ToBuildSig is the number of indices Ensure would build for s (0 when its
// tables are there or are not built on demand).
func (t *Tables) ToBuildSig(s base.Sig) int64 {
	w, b := sides(s)
	if n := t.toBuild(w); n > 0 {
		return n // the closure of w holds b
	}
	return t.toBuild(b)
}

// Scan calls f for every position of s with White to move (bitboard
// positions are in that frame) with its result and distance, in index
// order; an error when the table is not built or does not read.
func (t *Tables) Scan(s base.Sig, f func(p bitboard10.Position, r base.Result, plies int)) error {
	w, _ := sides(s)
	return t.scan(w, f)
}

// Count returns the number of tables with n pieces and their indices
// together (the work of Build at that count).
func Count(n int) (tables int, indices int64) {
	for _, s := range signatures(n) {
		tables++
		indices += s.Size()
	}
	return tables, indices
}

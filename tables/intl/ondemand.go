package intl

import (
	"context"
	"fmt"
	"os"

	"metz/draughts"
	"metz/draughts/bitboard10"
)

// DemandPieces is the largest piece count Ensure builds on demand: the
// closure of a four-piece signature is at most about 27 M indices (a man
// against three men), a few seconds of two cores at most, most king
// endings well under one; five pieces take minutes and are built ahead by
// Build.
const DemandPieces = 4

// ensure makes the table of s available to the probes of t, with every
// table it leads to (its flip among them): those in t's directory or
// memory are read, the others built in memory and, when t has a
// directory, written there for later runs. built is the number of indices
// analysed (0 when nothing was built). Signatures of more than
// DemandPieces pieces are refused: Build makes those ahead. It stops, with
// ctx's error, between the groups of tables it builds (those of one level
// of the closure) when ctx is done: what was built before is kept.
func (t *Tables) ensure(ctx context.Context, s stmSig) (built int64, err error) {
	if !s.valid() {
		return 0, fmt.Errorf("endgame: %v has no table", s)
	}
	if tab, err := t.table(s); err != nil || tab != nil {
		return 0, err
	}
	if s.Pieces() > DemandPieces {
		return 0, fmt.Errorf("endgame: %v: %d pieces are built ahead (metz endgame build --pieces %d), not on demand", s, s.Pieces(), s.Pieces())
	}
	t.building.Lock()
	defer t.building.Unlock()
	if d := t.saveDir(); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return 0, fmt.Errorf("endgame: table directory: %w", err)
		}
	}
	b := &builder{dir: t.dir, readOnly: t.readOnly, ctx: ctx}
	defer b.metas.release()
	missing, built, err := t.missing(s, &b.done)
	if err != nil {
		return 0, err
	}
	b.plan(missing)
	defer func() {
		for _, n := range missing {
			if tab := b.done[n.code()]; tab != nil {
				t.keep(n, tab)
			}
		}
	}()
	if err := b.run(missing, nil); err != nil {
		return 0, err
	}
	return built, nil
}

// missing lists the signatures of s's closure that Ensure must build
// (pairs whole) and their indices; the tables there are are put in done.
func (t *Tables) missing(s stmSig, done *[4096][]byte) (sigs []stmSig, size int64, err error) {
	for _, n := range closure([]stmSig{s}) {
		tab, err := t.table(n)
		if err != nil {
			return nil, 0, err
		}
		if tab != nil && t.has(n.Flip()) {
			done[n.code()] = tab
			continue
		}
		sigs = append(sigs, n) // a pair is built whole: its flip is missing too
		size += n.Size()
	}
	return sigs, size, nil
}

// ToBuild is the number of indices Ensure would build for p's material
// (0 when its tables are there, or p is not an international position
// Ensure builds).
func (t *Tables) ToBuild(p draughts.Position) int64 {
	bp, ok := FromDraughts(p)
	if !ok {
		return 0
	}
	return t.toBuild(sigOf(normalize(bp)))
}

// has reports whether the table of s is readable now (in memory or on
// disk); a table that does not read counts as missing, to be built again.
func (t *Tables) has(s stmSig) bool {
	tab, err := t.table(s)
	return err == nil && tab != nil
}

// keep publishes a table built by Ensure to the probes.
func (t *Tables) keep(s stmSig, tab []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.tabs[s] = tab
	t.seen[s.code()].Store(&tab)
	t.slices[s.code()].Store(nil) // the whole table answers for its slice
}

// EnsureFor is Ensure for the signature of p, when p is an international
// position of at most DemandPieces pieces with a piece on each side;
// other positions are left alone (built 0, no error).
func (t *Tables) EnsureFor(ctx context.Context, p draughts.Position) (built int64, err error) {
	bp, ok := FromDraughts(p)
	if !ok {
		return 0, nil
	}
	s := sigOf(normalize(bp))
	if !s.valid() || s.Pieces() > DemandPieces {
		return 0, nil
	}
	return t.ensure(ctx, s)
}

// EnsureSmall makes every table of up to SmallPieces pieces ready: read
// from t's directory when there, else built (a fraction of a second) and
// written there, so that the probes of a search find every position of so
// few pieces whatever was built ahead. Ensure adds the tables a search
// asks for on top.
func (t *Tables) EnsureSmall() error {
	for n := 2; n <= SmallPieces; n++ {
		for _, s := range signatures(n) {
			if _, err := t.ensure(context.Background(), s); err != nil {
				return err
			}
		}
	}
	return nil
}

// EnsureBitboard is Ensure for the material of p when building it (with
// all it leads to) analyses at most limit indices (a negative limit: none,
// only what is there is read). built is the indices analysed; a table too
// large for limit, or of more than DemandPieces pieces, is an error.
func (t *Tables) EnsureBitboard(p bitboard10.Position, limit int64) (built int64, err error) {
	s := sigOf(normalize(p))
	if !s.valid() || s.Pieces() > DemandPieces {
		return 0, fmt.Errorf("endgame: %v is not built on demand", s)
	}
	if t.has(s) && t.has(s.Flip()) {
		return 0, nil
	}
	if need := t.toBuild(s); need > 0 && (limit < 0 || need > limit) {
		return 0, fmt.Errorf("endgame: the tables of %v need %d indices built (allowed: %d)", s, need, limit)
	}
	return t.ensure(context.Background(), s)
}

// toBuild is ToBuild for the table of s.
func (t *Tables) toBuild(s stmSig) int64 {
	if !s.valid() || s.Pieces() > DemandPieces {
		return 0
	}
	var done [4096][]byte
	_, size, _ := t.missing(s, &done)
	return size
}

package intl

import (
	"fmt"
	"math/bits"
	"os"

	"metz/draughts/bitboard10"
)

// A slice is the part of a table that one position can reach. Men only
// move forwards, and a capture or a promotion leaves the signature: so
// within a signature (and its flip, the positions after a move) the
// positions whose men each stand on squares forward of where that side's
// men stood are closed under the signature's own moves. A table built on
// such a set alone gives every position of it the value the full table
// does: the moves of its positions stay in it, and its exits, into
// smaller signatures, are read from their slices, which are worked out
// from this one's (sliceSpecs) to hold every position those exits reach.
// The solver builds the slices of its root's signatures, a fraction of
// the full tables when the root has men (a man against three men from
// W:W6:B2,3,4: 14 M indices against 26 M), and never saves them.

// spec is the set of positions of a slice, in the frame of its table
// (White to move): White's men stand on aw, Black's on ab; kings
// anywhere.
type spec struct{ aw, ab uint64 }

// menWM and menBM are the squares White's and Black's men may stand on:
// all but their crowning rows.
const (
	menWM = bitboard10.BoardMask &^ bitboard10.WhitePromo
	menBM = bitboard10.BoardMask &^ bitboard10.BlackPromo
)

// fullSpec is the spec of a whole table.
var fullSpec = spec{aw: menWM, ab: menBM}

// flip is the spec of the same positions in the frame of the flipped
// table.
func (sp spec) flip() spec {
	return spec{aw: bitboard10.Rotate(sp.ab) & menWM, ab: bitboard10.Rotate(sp.aw) & menBM}
}

// union is the smallest spec holding both.
func (sp spec) union(o spec) spec { return spec{aw: sp.aw | o.aw, ab: sp.ab | o.ab} }

// within reports whether every position of sp is in o.
func (sp spec) within(o spec) bool { return sp.aw&^o.aw == 0 && sp.ab&^o.ab == 0 }

// full reports whether sp is the whole table.
func (sp spec) full() bool { return fullSpec.within(sp) }

// holds reports whether p (White to move, normalised) is in the slice.
func (sp spec) holds(p bitboard10.Position) bool {
	return p.White&^p.Kings&^sp.aw == 0 && p.Black&^p.Kings&^sp.ab == 0
}

// size is the number of indices of s's table in the slice (overlapping
// non-positions included, as in Size).
func (sp spec) size(s stmSig) int64 {
	return binom[bits.OnesCount64(sp.aw&menWM)][s.WM] * binom[50][s.WK] *
		binom[bits.OnesCount64(sp.ab&menBM)][s.BM] * binom[50][s.BK]
}

// coneOf returns the spec of the positions whose men stand where p's men,
// moving forward, can (p White to move, normalised): White's men move to
// lower bits, Black's to higher ones.
func coneOf(p bitboard10.Position) spec {
	up, down := p.White&^p.Kings, p.Black&^p.Kings
	for {
		next := up | (up>>5|up>>6)&bitboard10.BoardMask
		if next == up {
			break
		}
		up = next
	}
	for {
		next := down | (down<<5|down<<6)&bitboard10.BoardMask
		if next == down {
			break
		}
		down = next
	}
	return spec{aw: up & menWM, ab: down & menBM}
}

// sliceSpecs returns the signatures the positions of root's slice sp lead
// to, each with the slice of it they reach (both tables of every pair).
// A move of White (in a table's frame) leaves the signature by a
// promotion, which keeps the other men where they were, or by a capture
// of one or more of Black's pieces, after which a capturing man may
// stand anywhere (it also jumps backwards): White's men then get the
// whole board. The flip's slice is the same positions seen from the
// other side, so Black's moves are White's of the flipped table.
func sliceSpecs(root stmSig, sp spec) map[stmSig]spec {
	specs := map[stmSig]spec{}
	var todo []stmSig
	add := func(s stmSig, sp spec) {
		if !s.valid() {
			return
		}
		if s.WM == 0 { // no man to place: the same slice as the whole
			sp.aw = menWM
		}
		if s.BM == 0 {
			sp.ab = menBM
		}
		old, ok := specs[s]
		if ok && sp.within(old) {
			return
		}
		if ok {
			sp = sp.union(old)
		}
		specs[s] = sp
		todo = append(todo, s)
	}
	add(root, sp)
	for len(todo) > 0 {
		s := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		sp := specs[s]
		add(s.Flip(), sp.flip())
		if s.WM > 0 {
			add(stmSig{s.WM - 1, s.WK + 1, s.BM, s.BK}, sp)
		}
		captured := sp
		if s.WM > 0 {
			captured.aw = menWM
		}
		for bm := 0; bm <= s.BM; bm++ {
			for bk := 0; bk <= s.BK; bk++ {
				if bm == s.BM && bk == s.BK {
					continue
				}
				add(stmSig{s.WM, s.WK, bm, bk}, captured)
				if s.WM > 0 { // the capturing man crowns: the others stay
					add(stmSig{s.WM - 1, s.WK + 1, bm, bk}, sp)
				}
			}
		}
	}
	return specs
}

// SlicePieces is the most pieces of a root whose slices EnsureSlice
// builds: the limit it is given bounds the work.
const SlicePieces = 7

// hasDistances reports whether the table of s is readable now with its
// distances (not packed).
func (t *Tables) hasDistances(s stmSig) bool {
	tab, err := t.table(s)
	return err == nil && tab != nil && !isPacked(s, tab)
}

// wholeFrom is the share of a table, in percent, from which its slice is
// built whole instead: a little more work, and a table written to the
// directory, which the next run reads instead of building (the king and
// men against back-rank men of W:W6:B2,3,4: 87 to 100 %).
const wholeFrom = 75

// sliceTab is a slice a Tables keeps for its probes: the table's bytes,
// valid on sp alone.
type sliceTab struct {
	tab []byte
	sp  spec
}

// covers reports whether p (normalised) is in the slice.
func (sl *sliceTab) covers(p bitboard10.Position) bool { return sl != nil && sl.sp.holds(p) }

// EnsureSlice makes the positions p can reach ready to probe, when p's
// tables are not all there: the slices of the tables it leads to that
// hold them (see slice.go) are built in memory, never written. A slice of
// wholeFrom percent of its table or more (a king ending's is all of it)
// is built whole instead, and written to t's directory like any table.
// Tables there, whole or as a slice holding what is needed, are read. A probe outside the slices answers not covered, and
// EnsureBitboard builds the whole tables then. built is the indices
// analysed; limit bounds them as EnsureBitboard's does (a negative
// limit: build nothing). Positions of more than DemandPieces pieces, or
// not positions of a table, are left alone.
//
// Slices go up to SlicePieces pieces. Every slice is built with
// distances, also those of WDLPieces pieces and more, whose whole tables
// keep none: a slice is read by Probe as a table of bytes is, and the
// search gets the distances it needs from it. A whole table without
// distances is not read for a slice (its values would give the slices
// built from it stand-in distances), and a slice of so many pieces is
// never written, even whole.
func (t *Tables) EnsureSlice(p bitboard10.Position, limit int64) (built int64, err error) {
	n := normalize(p)
	s := sigOf(n)
	if !s.valid() || s.Pieces() > SlicePieces || s.Index(n) < 0 {
		return 0, nil
	}
	if t.hasDistances(s) && t.hasDistances(s.Flip()) || t.slices[s.code()].Load().covers(n) {
		return 0, nil
	}
	t.building.Lock()
	defer t.building.Unlock()
	if d := t.saveDir(); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return 0, fmt.Errorf("endgame: table directory: %w", err)
		}
	}
	var specs [4096]spec
	b := &builder{specs: &specs, wdlFrom: SlicePieces + 1} // no directory: a slice is never written; all with distances
	defer b.metas.release()
	var todo []stmSig
	for sig, want := range sliceSpecs(s, coneOf(n)) {
		c := sig.code()
		if tab, err := t.table(sig); err != nil {
			return 0, err
		} else if tab != nil && !isPacked(sig, tab) && t.hasDistances(sig.Flip()) {
			b.done[c], specs[c] = tab, fullSpec
			continue
		}
		sl, fl := t.slices[c].Load(), t.slices[sig.Flip().code()].Load()
		if sl != nil && fl != nil && want.within(sl.sp) && want.flip().within(fl.sp) {
			b.done[c], specs[c] = sl.tab, sl.sp
			continue
		}
		if sl != nil {
			// A slice only grows: a search still probing the old one
			// finds its positions in the new.
			want = want.union(sl.sp)
		}
		if want.size(sig) >= sig.Size()*wholeFrom/100 && sig.Pieces() < WDLPieces {
			want = fullSpec // hardly smaller: the whole table, saved for the next run
		}
		specs[c] = want
		todo = append(todo, sig)
		built += want.size(sig)
	}
	if built > 0 && (limit < 0 || limit > 0 && built > limit) {
		return 0, fmt.Errorf("endgame: the slices of %v's tables need %d indices built (allowed: %d)", s, built, limit)
	}
	b.plan(todo)
	if err := b.run(todo, nil); err != nil {
		return 0, err
	}
	for _, sig := range todo {
		tab, sp := b.done[sig.code()], specs[sig.code()]
		if !sp.full() || sig.Pieces() >= WDLPieces {
			t.slices[sig.code()].Store(&sliceTab{tab: tab, sp: sp})
			t.sliced.store(sig.Pieces())
			continue
		}
		if d := t.saveDir(); d != "" {
			if err := writeTable(d, sig, tab); err != nil {
				return 0, fmt.Errorf("endgame: writing %v: %w", sig, err)
			}
		}
		t.keep(sig, tab)
	}
	return built, nil
}

package intl

import (
	"fmt"

	"metz/draughts/bitboard10"
	"metz/tables/base"
)

// The first pass reads, for every capture and promotion, the value of the
// position reached in a smaller table (or the flip of one with a man
// less): random reads in tables of up to hundreds of megabytes, a cache
// miss each, which were a sixth of a five-piece build when each waited
// for the previous one. The first pass therefore goes in batches: the
// moves of a batch of positions are generated and their lookups listed
// and asked of the processor's cache (prefetchLookups), the next batch's
// moves are generated meanwhile, then each position is settled from its
// lookups, read (from the cache by then) as it goes.

// firstBatch is the number of positions whose lookups are made together.
const firstBatch = 256

// outside marks in batch.quiet a position outside the slice built.
const outside = -2

// lookup is one exit move's probe: where the value of the position
// reached, normalised, is read, and the table that turns the byte read
// into its value byte (a packed table's digit, or a lean record, as its
// stand-in, wdlByte): one read of each, where a switch on the kind of
// table a lookup reads took a branch that the mixed kinds of a
// position's exits made hard to predict. prefetchLookups reads at from
// the start of the record.
type lookup struct {
	at  *byte
	dec *[256]byte
}

// value reads the value byte of l's position.
func (l *lookup) value() byte { return l.dec[*l.at] }

// byteValue turns a lookup's byte that is a value byte already: as it
// is. A packed table's k-th digit is turned by digitValue[k] (value.go),
// a lean record by recValue.
var byteValue = func() (id [256]byte) {
	for b := range 256 {
		id[b] = byte(b)
	}
	return id
}()

// lostByte is the value byte of a position whose side to move has no
// piece left, a loss in 0: lostLookup reads it, where an exit needs no
// table.
var (
	lostByte   byte = 1
	lostLookup      = lookup{at: &lostByte, dec: &byteValue}
)

// batch holds the lookups of a batch of positions: those of position k
// are look[first[k]:first[k+1]]; quiet[k] is its count of quiet moves in
// the group, -1 for an index that is no position, outside for one that
// is not in the slice built (left alone).
type batch struct {
	look  []lookup
	first [firstBatch + 1]int
	quiet [firstBatch]int
}

// initRange fills the indices lo..hi-1 of t: invalid, decided at once (no
// quiet move in the group), or undecided with its count of quiet moves and
// what the other moves give, using bs for its batches. It returns the
// largest distance assigned. The lookups of a batch are asked for
// (prefetchLookups) before the next batch's moves are generated and read
// after: their cache misses are then waited for by no one.
func (g *group) initRange(t *part, lo, hi int64, bs *[2]batch) (int, error) {
	if lo >= hi {
		return 0, nil
	}
	var ml bitboard10.MoveList
	top := 0
	w := t.sig.walk(lo)
	list := func(b *batch, start int64) error {
		if err := g.listExits(b, t, w, start, min(start+firstBatch, hi), &ml); err != nil {
			return err
		}
		prefetchLookups(b.look)
		return nil
	}
	if err := list(&bs[0], lo); err != nil {
		return 0, err
	}
	for k, start := 0, lo; start < hi; k, start = k+1, start+firstBatch {
		b := &bs[k%2]
		if next := start + firstBatch; next < hi {
			if err := list(&bs[(k+1)%2], next); err != nil {
				return 0, err
			}
		}
		tp, err := settle(b, t, start, min(start+firstBatch, hi))
		if err != nil {
			return 0, err
		}
		top = max(top, tp)
	}
	return top, nil
}

// listExits walks the positions start..end-1 of t with w and lists in b
// their quiet moves' count and their exit moves' lookups. In a slice
// (see slice.go), every lookup must land in the slice of its table: a
// slice that misses one is a bug, reported, not a value read where none
// was built.
func (g *group) listExits(b *batch, t *part, w *walker, start, end int64, ml *bitboard10.MoveList) error {
	b.look = b.look[:0]
	sliced := t.sp != fullSpec
	var er exitRanks
	// The slice of the last exit's table, turned to the frame of the
	// positions after a move (see below): the exits of a batch lead to a
	// few tables, mostly one after the other.
	turnedCode, turned := -1, spec{}
	tabs := exitTables{done: g.done, code: -1}
	for i := start; i < end; i++ {
		k := i - start
		b.first[k] = len(b.look)
		p, ok := w.position()
		w.next()
		if !ok {
			b.quiet[k] = -1
			continue
		}
		if sliced && !t.sp.holds(p) {
			b.quiet[k] = outside
			continue
		}
		quiet, exits := exitMoves(&p, ml)
		b.quiet[k] = quiet
		if len(exits) > 0 {
			er.reset(&p)
		}
		for _, m := range exits {
			s, i := er.index(m)
			if s.WM+s.WK == 0 {
				b.look = append(b.look, lostLookup)
				continue
			}
			// The slice turned to c's frame rather than c to the slice's: the
			// same test, without playing the move again and turning the
			// position for each exit (which took 5 % of the instructions of
			// the longest wins' first passes).
			if g.specs != nil {
				if code := s.code(); code != turnedCode {
					turnedCode, turned = code, g.specs[code].flip()
				}
				if !turned.holds(p.Play(m)) { // in the frame of the flipped table
					return fmt.Errorf("endgame: %v: a move of %s leaves the slice of %v", t.sig, p.FEN(), s)
				}
			}
			l, err := tabs.lookup(s, i)
			if err != nil {
				return err
			}
			b.look = append(b.look, l)
		}
	}
	b.first[end-start] = len(b.look)
	return nil
}

// exitTables finds the finished table an exit leads to. It keeps the
// last one, and whether it is packed: the exits of a batch lead to a few
// tables, mostly one after the other.
type exitTables struct {
	done   *[4096][]byte
	code   int // of tab; -1 before the first
	tab    []byte
	packed bool
}

// lookup returns the lookup of index i of the finished table of s.
func (e *exitTables) lookup(s stmSig, i int64) (lookup, error) {
	if code := s.code(); code != e.code {
		if e.tab = e.done[code]; e.tab == nil {
			return lookup{}, fmt.Errorf("endgame: table %v needed before it was built", s)
		}
		e.code, e.packed = code, isPacked(s, e.tab)
	}
	if e.packed {
		return lookup{at: &e.tab[i/wdlPer], dec: &digitValue[i%wdlPer]}, nil
	}
	return lookup{at: &e.tab[i], dec: &byteValue}, nil
}

// settle gives the positions start..end-1 of t their first value from the
// lookups read in b. It returns the largest distance assigned.
func settle(b *batch, t *part, start, end int64) (int, error) {
	top := 0
	var lc leanCounts
	defer func() {
		if t.lean {
			t.add(lc)
		}
	}()
	for i := start; i < end; i++ {
		k := i - start
		quiet := b.quiet[k]
		if quiet == outside {
			continue
		}
		if quiet < 0 && t.lean {
			t.val[i] = recDraw
			continue
		}
		if quiet < 0 {
			t.val[i] = vInvalid
			t.clearRecord(i) // the records are reused unzeroed (metaPool)
			continue
		}
		win, loss, draw := 0, 0, false
		for li := b.first[k]; li < b.first[k+1]; li++ {
			r, plies, ok := decode(b.look[li].value())
			if !ok {
				p, _ := t.sig.Position(i)
				return 0, fmt.Errorf("endgame: %v: a move of %s reaches an index marked invalid", t.sig, p.FEN())
			}
			switch r {
			case base.Loss:
				if win == 0 || plies+1 < win {
					win = plies + 1
				}
			case base.Win:
				loss = max(loss, plies+1)
			default:
				draw = true
			}
		}
		if win > maxPlies || loss > maxPlies {
			return 0, fmt.Errorf("endgame: %v: distances beyond %d plies do not fit a byte", t.sig, maxPlies)
		}
		if t.lean {
			r, err := leanRecord(t.sig, quiet, win > 0, draw)
			if err != nil {
				return 0, err
			}
			t.settleRecord(i, r, &lc)
			continue
		}
		if quiet == 0 {
			t.meta[i] = meta{} // decided: waits for nothing
		}
		switch {
		case quiet == 0 && win > 0:
			t.val[i] = byte(win + 1)
		case quiet == 0 && draw:
			t.val[i] = vDraw
		case quiet == 0:
			t.val[i] = byte(loss + 1) // no move at all: loss in 0
		default:
			t.meta[i] = meta{cnt: byte(quiet), loss: byte(loss), flag: fQuiet}
			t.live[0][i>>6] |= 1 << (i & 63)
			if win == 0 {
				t.live[1][i>>6] |= 1 << (i & 63)
			}
			if draw {
				t.meta[i].flag |= fDraw
			}
			if win > 0 {
				t.val[i] = byte(win + 1) // may still be shortened by a quiet move
				t.meta[i].exit = t.val[i]
			}
		}
		if t.val[i] != vDraw {
			top = max(top, int(t.val[i])-1)
		}
	}
	return top, nil
}

// clearRecord marks index i of t as waiting for nothing.
func (t *part) clearRecord(i int64) { t.meta[i] = meta{} }

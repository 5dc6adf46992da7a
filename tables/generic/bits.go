package generic

import (
	"fmt"
	"math/bits"

	"metz/draughts"
	"metz/draughts/bitboard8"
	"metz/tables/base"
)

// The boards the bitboard generator plays (the 8x8 systems and Turkish)
// are built on bitboards: a position is decoded from its index straight
// into each group's squares, bitboard8 lists its moves, the positions its
// exits lead to are indexed from their bitboards, and its quiet moves are
// un-made on the bitboards. Decoding into a board of pieces, converting it
// for the captures, listing the quiet moves on it and indexing boards back
// were most of a build's time (BenchmarkBuild). Larger boards keep the
// generic path (with bitboard12's moves: see scanWide), and the two give
// the same tables (TestBitsAgreeWithGeneric).

// bitLayout is the index of one such board on bitboards, and the steps
// its pieces un-move by. Its squares are numbered row by row and a man's
// domain is the board less one end row, so every group's domain is a run
// of squares: a group's domain numbers are its squares shifted down by
// the run's first square.
type bitLayout struct {
	l       *layout
	e       *bitboard8.Engine
	board   uint64      // every square
	off     [4]int      // each group's first square (domain number 0)
	dom     [4]uint64   // each group's squares
	size    [4]int      // each group's number of squares
	next    [64][4]int8 // Geometry.Step
	manDirs [2][]int
	flying  bool
}

// newBitLayout compiles l's board for bitboards, or returns nil when e
// is nil (the generic engine plays r) or the board is not numbered as
// above.
func newBitLayout(r *draughts.Rules, l *layout, e *bitboard8.Engine) *bitLayout {
	g := r.Geo
	if e == nil || g.N > 64 {
		return nil
	}
	b := &bitLayout{l: l, e: e, board: 1<<g.N - 1, flying: r.FlyingKings,
		manDirs: [2][]int{r.ManDirs(draughts.White), r.ManDirs(draughts.Black)}}
	for k, d := range l.doms {
		if len(d.sq) == 0 || d.sq[len(d.sq)-1]-d.sq[0] != len(d.sq)-1 {
			return nil // not a run of squares
		}
		b.off[k], b.size[k] = d.sq[0], len(d.sq)
		b.dom[k] = (1<<len(d.sq) - 1) << d.sq[0]
	}
	for s := range g.N {
		for d := range 4 {
			b.next[s][d] = int8(g.Step(s, d))
		}
	}
	return b
}

// ranked is an index read group by group: each group's domain numbers (as
// a mask) and its rank.
type ranked struct {
	dom  [4]uint64
	rank [4]int64
}

// decode reads index i of sh: its ranks are its digits, the fastest
// group's first (see shape), one division each.
func (b *bitLayout) decode(sh *shape, i int64) ranked {
	var r ranked
	for g := 3; g >= 0; g-- {
		if k := sh.n[g]; k > 0 { // an empty group has rank 0
			c := b.l.binom[b.size[g]][k]
			r.rank[g], i = i%c, i/c
			r.dom[g] = b.l.unrankMask(r.rank[g], k, b.size[g])
		}
	}
	return r
}

// step moves r to the next index of sh: the first pass reads the indices
// in order, and the next one is the last one with the fastest group's
// next combination (colex order is the masks' numeric order: Gosper's
// hack), or with its first and the next group stepped when it wraps. This
// spares it decode's divisions and searches.
func (b *bitLayout) step(sh *shape, r *ranked) {
	for g := 3; g >= 0; g-- {
		k := sh.n[g]
		if r.rank[g]+1 < b.l.binom[b.size[g]][k] {
			x := r.dom[g]
			c := x + x&-x
			r.dom[g] = c | (x^c)>>(bits.TrailingZeros64(x)+2)
			r.rank[g]++
			return
		}
		r.dom[g], r.rank[g] = 1<<k-1, 0
	}
}

// squares is each group's squares of r; ok is false when two pieces
// share a square (no position: see layout.decode).
func (b *bitLayout) squares(r *ranked) (sq [4]uint64, ok bool) {
	var occ uint64
	for g := range 4 {
		sq[g] = r.dom[g] << b.off[g]
		if occ&sq[g] != 0 {
			return sq, false
		}
		occ |= sq[g]
	}
	return sq, true
}

// position is the engine's position of the groups' squares sq.
func position(sq [4]uint64, turn draughts.Color) bitboard8.Position {
	return bitboard8.Position{White: sq[gWM] | sq[gWK], Black: sq[gBM] | sq[gBK], Kings: sq[gWK] | sq[gBK],
		WhiteToMove: turn == draughts.White}
}

// groupSquares is each group's squares of p.
func groupSquares(p bitboard8.Position) [4]uint64 {
	return [4]uint64{p.White &^ p.Kings, p.White & p.Kings, p.Black &^ p.Kings, p.Black & p.Kings}
}

// turnOf is p's side to move.
func turnOf(p bitboard8.Position) draughts.Color {
	if p.WhiteToMove {
		return draughts.White
	}
	return draughts.Black
}

// index is the index in sh of the groups' squares sq; ok is false when a
// man stands on its crowning row (see layout.index).
func (b *bitLayout) index(sh *shape, sq [4]uint64) (i int64, ok bool) {
	for g := range 4 {
		if sq[g]&^b.dom[g] != 0 {
			return 0, false
		}
		i += b.l.rankMask(sq[g]>>b.off[g]) * sh.stride[g]
	}
	return i, true
}

// lookupBits is lookupSig for a position on the bitboards.
func (t *Tables) lookupBits(p bitboard8.Position) (win bool, plies int, decided bool, err error) {
	sq := groupSquares(p)
	s := base.Sig{WM: bits.OnesCount64(sq[gWM]), WK: bits.OnesCount64(sq[gWK]), BM: bits.OnesCount64(sq[gBM]), BK: bits.OnesCount64(sq[gBK])}
	tab := t.tableOrSlice(s)
	if tab == nil {
		return false, 0, false, fmt.Errorf("retro: %s not built", s)
	}
	i, ok := tab.layout(t).index(&tab.sh, sq)
	switch {
	case !ok && tab.bl != nil:
		return false, 0, false, errNotInSlice(s)
	case !ok:
		return false, 0, false, fmt.Errorf("retro: %s: a man on its crowning row is in no table", s)
	}
	win, plies, decided = tab.value(turnOf(p), i)
	return win, plies, decided, nil
}

// ProbeBits is Probe for a position on bitboard8's boards, read without
// converting it to a board of pieces: a search asks it of every position
// it judges, and the conversion, the signature counted square by square
// and the generic index were most of a probe's time. ok is false when its
// signature is not in memory (Probe or ProbeOrBuild then loads or builds
// it), when bitboard8 does not play t's rules, and for a man on its
// crowning row.
func (t *Tables) ProbeBits(p bitboard8.Position) (v base.Result, plies int, ok bool) {
	if t.bits == nil {
		return base.Draw, 0, false
	}
	sq := groupSquares(p)
	tab := t.tableOrSlice(base.Sig{WM: bits.OnesCount64(sq[gWM]), WK: bits.OnesCount64(sq[gWK]), BM: bits.OnesCount64(sq[gBM]), BK: bits.OnesCount64(sq[gBK])})
	if tab == nil {
		return base.Draw, 0, false
	}
	i, ok := tab.layout(t).index(&tab.sh, sq)
	if !ok {
		return base.Draw, 0, false
	}
	return probed(tab.value(turnOf(p), i))
}

// initBits is initOne for the indices lo to hi, read in order.
func (b *builder) initBits(w *worker, turn int, lo, hi int64) error {
	if lo >= hi {
		return nil
	}
	bl := b.bl
	r := bl.decode(&b.sh, lo)
	for i := lo; i < hi; i++ {
		sq, ok := bl.squares(&r)
		if !ok {
			b.tab.vals[turn][i] = invalid
		} else if err := b.initBitsOne(w, turn, i, position(sq, draughts.Color(turn))); err != nil {
			return err
		}
		bl.step(&b.sh, &r)
	}
	return nil
}

// initBitsOne is initOne for p, the position of index i.
func (b *builder) initBitsOne(w *worker, turn int, i int64, p bitboard8.Position) error {
	n, capture, x, err := b.scanBits(w, p)
	if err != nil {
		return err
	}
	return b.initCounts(w, turn, i, n, capture, x)
}

// scanBits is scan on the bitboards. The engine lists the captures, or
// else the quiet moves, which are counted but for the crownings.
func (b *builder) scanBits(w *worker, p bitboard8.Position) (n int, capture bool, x exits, err error) {
	e := b.t.bits.e
	e.Generate(p, w.ml)
	for _, m := range w.ml.Slice() {
		capture = m.IsCapture()
		if !capture && !m.Promotes {
			n++
			continue
		}
		if err = x.addBits(b, e.Play(p, m)); err != nil {
			break
		}
	}
	return n, capture, x, err
}

// addBits is add for a child on the bitboards.
func (x *exits) addBits(b *builder, child bitboard8.Position) error {
	win, plies, decided, err := b.t.lookupBits(child)
	if err != nil {
		return err
	}
	x.note(win, plies, decided)
	return nil
}

// unmoveBits is predecessors on the bitboards: mover's pieces of the
// position of index i stepped back, in the generic path's order.
func (b *builder) unmoveBits(mover draughts.Color, i int64, f func(j int64)) {
	bl := b.bl
	r := bl.decode(&b.sh, i)
	sq, _ := bl.squares(&r)
	empty := bl.board &^ (sq[gWM] | sq[gWK] | sq[gBM] | sq[gBK])
	from := func(g, a, to int) { // the piece now on to stood on a
		moved := sq[g]&^(1<<to) | 1<<a
		f(i + (bl.l.rankMask(moved>>bl.off[g])-r.rank[g])*b.sh.stride[g])
	}
	for _, g := range groupsOf(mover) {
		for ps := sq[g]; ps != 0; ps &= ps - 1 {
			to := bits.TrailingZeros64(ps)
			if g == gWM || g == gBM { // a man stepped forward (or sideways)
				for _, dir := range bl.manDirs[mover] {
					if a := int(bl.next[to][3-dir]); a >= 0 && (empty&bl.dom[g])>>a&1 != 0 {
						from(g, a, to)
					}
				}
				continue
			}
			for dir := range 4 {
				for a := int(bl.next[to][dir]); a >= 0 && empty>>a&1 != 0; a = int(bl.next[a][dir]) {
					from(g, a, to)
					if !bl.flying {
						break
					}
				}
			}
		}
	}
}

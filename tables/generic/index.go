package generic

import (
	"fmt"
	"math/bits"

	"metz/draughts"
	"metz/tables/base"
)

// MaxSide is the most pieces of one colour a signature may hold.
const MaxSide = base.MaxSide

// code is s's number among the signatures (base.Sig.Code), s being valid.
func code(s base.Sig) int {
	c, _ := s.Code()
	return c
}

// counts is the signature by group, in index order.
func counts(s base.Sig) [4]int { return [4]int{s.WM, s.WK, s.BM, s.BK} }

// with is s with one more pc; without, one fewer.
func with(s base.Sig, pc draughts.Piece) base.Sig    { return plus(s, pc, 1) }
func without(s base.Sig, pc draughts.Piece) base.Sig { return plus(s, pc, -1) }

func plus(s base.Sig, pc draughts.Piece, n int) base.Sig {
	switch pc {
	case draughts.WhiteMan:
		s.WM += n
	case draughts.WhiteKing:
		s.WK += n
	case draughts.BlackMan:
		s.BM += n
	case draughts.BlackKing:
		s.BK += n
	}
	return s
}

// groups in the index: the square domain and piece of each.
const (
	gWM = iota
	gWK
	gBM
	gBK
)

var groupPiece = [4]draughts.Piece{draughts.WhiteMan, draughts.WhiteKing, draughts.BlackMan, draughts.BlackKing}

// groupOf is the index group of a piece (-1 for none).
func groupOf(pc draughts.Piece) int {
	switch pc {
	case draughts.WhiteMan:
		return gWM
	case draughts.WhiteKing:
		return gWK
	case draughts.BlackMan:
		return gBM
	case draughts.BlackKing:
		return gBK
	}
	return -1
}

// domain is the squares a group may stand on: men not on their crowning
// row, kings anywhere. Squares are numbered inside the domain so that the
// index counts only the positions the rules allow.
type domain struct {
	sq  []int // domain number -> square
	num []int // square -> domain number, -1 outside
}

func newDomain(r *draughts.Rules, allow func(s int) bool) domain {
	d := domain{num: make([]int, r.Geo.N)}
	for s := range r.Geo.N {
		d.num[s] = -1
		if allow(s) {
			d.num[s] = len(d.sq)
			d.sq = append(d.sq, s)
		}
	}
	return d
}

// layout is the domains of one rule system.
type layout struct {
	r     *draughts.Rules
	doms  [4]*domain
	binom [][MaxSide + 1]int64 // binom[n][k], n up to the board's squares
}

func newLayout(r *draughts.Rules) *layout {
	wm := newDomain(r, func(s int) bool { return !r.PromotionRow(s, draughts.White) })
	bm := newDomain(r, func(s int) bool { return !r.PromotionRow(s, draughts.Black) })
	k := newDomain(r, func(int) bool { return true })
	l := &layout{r: r, doms: [4]*domain{&wm, &k, &bm, &k}}
	l.binom = make([][MaxSide + 1]int64, r.Geo.N+1)
	for n := range l.binom {
		l.binom[n][0] = 1
		for j := 1; j <= MaxSide && j <= n; j++ {
			l.binom[n][j] = l.binom[n-1][j-1] + l.binom[n-1][j]
		}
	}
	return l
}

// shape is the index of one signature: the size of each group's range and
// its stride (index = sum of rank*stride).
type shape struct {
	sig    base.Sig
	n      [4]int // pieces per group
	stride [4]int64
	size   int64  // positions per side to move
	base   int64  // of them, the placements of the pieces (size, but for Frisian's runs: runs.go)
	runs   [2]int // run states of White and Black (1: none)
}

// maxSize caps a signature's size: past it the arithmetic would overflow,
// and no memory holds a table that large anyway (the size only serves to
// refuse it).
const maxSize = 1 << 50

func (l *layout) shape(s base.Sig) shape {
	var size [4]int
	for g, d := range l.doms {
		size[g] = len(d.sq)
	}
	return l.sized(s, size)
}

// sized is the shape of s when each group g may stand on domSize[g]
// squares (a slice's men fewer: slice.go).
func (l *layout) sized(s base.Sig, domSize [4]int) shape {
	sh := shape{sig: s, n: counts(s), size: 1}
	for g := 3; g >= 0; g-- {
		sh.stride[g] = sh.size
		f := l.binom[domSize[g]][sh.n[g]]
		if sh.size > maxSize/max(f, 1) {
			sh.size = maxSize
			continue
		}
		sh.size *= f
	}
	sh.base = sh.size
	return l.withRuns(sh)
}

// rank is the colex rank of ascending domain numbers d.
func (l *layout) rank(d []int) int64 {
	var r int64
	for i, x := range d {
		r += l.binom[x][i+1]
	}
	return r
}

// unrank writes the k ascending domain numbers of colex rank r into d.
func (l *layout) unrank(r int64, k, n int, d []int) {
	x := n - 1
	for i := k; i >= 1; i-- {
		for l.binom[x][i] > r {
			x--
		}
		r -= l.binom[x][i]
		d[i-1] = x
		x--
	}
}

// rankMask is rank for the domain numbers of the bits of m.
func (l *layout) rankMask(m uint64) int64 {
	var r int64
	for i := 1; m != 0; i++ {
		r += l.binom[bits.TrailingZeros64(m)][i]
		m &= m - 1
	}
	return r
}

// unrankMask is unrank into the bits of a mask. The lowest number is what
// is left of r (binom[x][1] is x), found without unrank's search down to
// it, its longest (the whole domain for a group of one piece).
func (l *layout) unrankMask(r int64, k, n int) uint64 {
	if k == 0 {
		return 0
	}
	var m uint64
	x := n - 1
	for i := k; i >= 2; i-- {
		for l.binom[x][i] > r {
			x--
		}
		r -= l.binom[x][i]
		m |= 1 << x
		x--
	}
	return m | 1<<r
}

// placed is a decoded position: each group's domain numbers, ascending.
type placed struct {
	d [4][MaxSide]int
}

// decode fills pl with the position of index i; ok is false when two
// pieces share a square (the index is dense, such entries are not
// positions).
func (l *layout) decode(sh *shape, i int64, pl *placed, board []draughts.Piece) bool {
	for g := range 4 {
		k := sh.n[g]
		dom := l.doms[g]
		l.unrank(i/sh.stride[g]%l.binom[len(dom.sq)][k], k, len(dom.sq), pl.d[g][:k])
		for _, x := range pl.d[g][:k] {
			s := dom.sq[x]
			if board[s] != draughts.Empty {
				return false
			}
			board[s] = groupPiece[g]
		}
	}
	return true
}

// index is the index of the position on board, which must have the
// signature sh. ok is false when a piece stands outside its domain: a man
// on its own crowning row, which no game reaches (a man there is crowned)
// and no table holds, though a FEN may place one.
func (l *layout) index(sh *shape, board []draughts.Piece) (i int64, ok bool) {
	var d [4][MaxSide]int
	var k [4]int
	for s, pc := range board {
		if g := groupOf(pc); g >= 0 {
			if d[g][k[g]] = l.doms[g].num[s]; d[g][k[g]] < 0 {
				return 0, false
			}
			k[g]++
		}
	}
	for g := range 4 {
		i += l.rank(d[g][:k[g]]) * sh.stride[g]
	}
	return i, true
}

// covers reports whether every piece on board lies in its domain (see
// index).
func (l *layout) covers(board []draughts.Piece) bool {
	for s, pc := range board {
		if g := groupOf(pc); g >= 0 && l.doms[g].num[s] < 0 {
			return false
		}
	}
	return true
}

// moved is the index of the position pl with one piece of group g moved
// from square a to square b (both in g's domain).
func (l *layout) moved(sh *shape, i int64, pl *placed, g, a, b int) int64 {
	k := sh.n[g]
	var d [MaxSide]int
	copy(d[:k], pl.d[g][:k])
	from, to := l.doms[g].num[a], l.doms[g].num[b]
	j := 0
	for d[j] != from {
		j++
	}
	d[j] = to
	for ; j > 0 && d[j] < d[j-1]; j-- { // keep them ascending
		d[j], d[j-1] = d[j-1], d[j]
	}
	for ; j < k-1 && d[j] > d[j+1]; j++ {
		d[j], d[j+1] = d[j+1], d[j]
	}
	return i + (l.rank(d[:k])-l.rank(pl.d[g][:k]))*sh.stride[g]
}

func check(s base.Sig) error {
	if !s.Valid() {
		return fmt.Errorf("signature %s: at most %d pieces a side", s, MaxSide)
	}
	return nil
}

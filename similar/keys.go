package similar

import (
	"hash/fnv"
	"math"

	"metz/draughts"
)

// Kind is what an index key stands for.
type Kind int

// The kinds of index keys. Their numbers are stored: never renumber them.
const (
	// KindPosition: the position as it stands (pieces on squares, side
	// to move).
	KindPosition Kind = 1
	// KindShift: the position up to a shift, a mirror and the colours
	// reversed (the least key over them), for legal positions only.
	KindShift Kind = 2
	// KindNear: the position with one piece taken off, one key for each
	// piece (positions of three pieces or more).
	KindNear Kind = 3
	// KindBlow: the final combination of the solution's main line.
	KindBlow Kind = 4
)

// Scheme numbers the way keys are computed: an index built under another
// scheme is built again.
const Scheme = 1

// Key is one index entry of a problem.
type Key struct {
	Kind  Kind
	Value int64
}

// mix is splitmix64's finaliser: a fixed bijection that spreads the bits,
// so that keys computed today are those computed tomorrow (they are
// stored).
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// itemKey is the random key of piece pc on cell (r, c); cells may be
// relative (negative) in a shift's normal form.
func itemKey(r, c int, pc draughts.Piece) uint64 {
	return mix(uint64(r+128)<<16 | uint64(c+128)<<8 | uint64(pc))
}

// blackToMove is XORed into a key when Black is to move.
var blackToMove = mix(0x626c61636b)

// rulesSalt keeps the keys of two rule systems apart: a position under
// other rules is another problem.
func rulesSalt(r *draughts.Rules, k Kind) uint64 {
	h := fnv.New64a()
	h.Write([]byte(r.Name))
	return mix(h.Sum64() ^ uint64(k))
}

// toInt64 stores a 64-bit key in a signed SQL integer.
func toInt64(x uint64) int64 { return int64(x) } //nolint:gosec // the bits are the key

// positionHash is the Zobrist-style key of p's pieces and side to move
// under its rules, with the salt of kind k.
func positionHash(p draughts.Position, k Kind) uint64 {
	g := p.Rules.Geo
	h := rulesSalt(p.Rules, k)
	if p.Turn == draughts.Black {
		h ^= blackToMove
	}
	for s, pc := range p.Board {
		if pc != draughts.Empty {
			h ^= itemKey(g.Row(s), g.Col(s), pc)
		}
	}
	return h
}

// cellPiece is a piece on a cell, the cell relative in a shift's normal form.
type cellPiece struct {
	r, c int
	pc   draughts.Piece
}

// shiftHash is the key of p transformed by t and moved so that its
// lowest row and leftmost column are 0: two positions share it exactly
// when one is the other moved (and transformed by t).
func shiftHash(p draughts.Position, t Transform) uint64 {
	g := p.Rules.Geo
	cells := make([]cellPiece, 0, 32)
	minR, minC := math.MaxInt, math.MaxInt
	for s, pc := range p.Board {
		if pc == draughts.Empty {
			continue
		}
		r, c := t.Cell(g.Row(s), g.Col(s), g.Width, g.Height)
		cells = append(cells, cellPiece{r, c, t.Piece(pc)})
		minR, minC = min(minR, r), min(minC, c)
	}
	h := rulesSalt(p.Rules, KindShift)
	turn := p.Turn
	if t.Swap {
		turn = turn.Opponent()
	}
	if turn == draughts.Black {
		h ^= blackToMove
	}
	for _, x := range cells {
		h ^= itemKey(x.r-minR, x.c-minC, x.pc)
	}
	return h
}

// shiftKey is the least shiftHash over the transforms a shift may compose
// with: the key of the position's whole class.
func shiftKey(p draughts.Position) uint64 {
	best := uint64(math.MaxUint64)
	for _, t := range looseTransforms(hasMen(p)) {
		best = min(best, shiftHash(p, t))
	}
	return best
}

// pieceCount is the number of pieces on the board.
func pieceCount(p draughts.Position) int {
	n := 0
	for _, pc := range p.Board {
		if pc != draughts.Empty {
			n++
		}
	}
	return n
}

// PositionKeys are the index keys of a position: itself, its shift class
// (when it is legal) and its one-piece deletions (three pieces or more).
func PositionKeys(p draughts.Position) []Key {
	h := positionHash(p, KindPosition)
	keys := []Key{{KindPosition, toInt64(h)}}
	if Legal(p) && pieceCount(p) > 0 {
		keys = append(keys, Key{KindShift, toInt64(shiftKey(p))})
	}
	if pieceCount(p) >= 3 {
		near := nearBase(p, h)
		g := p.Rules.Geo
		for s, pc := range p.Board {
			if pc != draughts.Empty {
				keys = append(keys, Key{KindNear, toInt64(near ^ itemKey(g.Row(s), g.Col(s), pc))})
			}
		}
	}
	return keys
}

// nearBase turns a KindPosition hash into the KindNear hash of the same
// pieces: only the salt differs.
func nearBase(p draughts.Position, h uint64) uint64 {
	return h ^ rulesSalt(p.Rules, KindPosition) ^ rulesSalt(p.Rules, KindNear)
}

// Probes are the keys a query looks up, by kind.
type Probes map[Kind][]int64

func (pr Probes) add(k Kind, h uint64) { pr[k] = append(pr[k], toInt64(h)) }

// QueryProbes are the keys to look up to find every indexed position that
// may stand in a relation to q (and some that do not: Compare decides).
// With blow, the key of q's final combination is probed too.
func QueryProbes(q draughts.Position, blow *Blow) Probes {
	pr := Probes{KindPosition: ExactProbes(q)}
	for _, t := range Symmetries(q.Rules, hasMen(q)) {
		if qt, ok := t.Apply(q); ok {
			nearProbes(qt, pr)
		}
	}
	if Legal(q) && pieceCount(q) > 0 {
		pr.add(KindShift, shiftKey(q))
	}
	if blow != nil {
		pr.add(KindBlow, blow.Key)
	}
	return pr
}

// ExactProbes are the KindPosition keys of q under each of its
// symmetries: the records that are q, or q turned with the colours
// reversed (or mirrored), hold one of them.
func ExactProbes(q draughts.Position) []int64 {
	var out []int64
	for _, t := range Symmetries(q.Rules, hasMen(q)) {
		if qt, ok := t.Apply(q); ok {
			out = append(out, toInt64(positionHash(qt, KindPosition)))
		}
	}
	return out
}

// nearProbes adds the keys that find the positions P with at most two
// pieces not in q and at most two pieces of q not in P (docs/similar.md):
// q less a set D of at most two pieces is looked up among the positions
// (P ⊆ q) and among the one-piece deletions (P less one piece); q less D
// with one piece y added, among the deletions (P less one piece is q less
// D plus y: P has two pieces q lacks). Sets too small for the relation
// (see Compare) are not probed.
func nearProbes(q draughts.Position, pr Probes) {
	g := q.Rules.Geo
	type item struct {
		s  int
		pc draughts.Piece
		k  uint64
	}
	var items []item
	for s, pc := range q.Board {
		if pc != draughts.Empty {
			items = append(items, item{s, pc, itemKey(g.Row(s), g.Col(s), pc)})
		}
	}
	n := len(items)
	base := positionHash(q, KindPosition)
	probe := func(h uint64, removed []int, rest int) {
		if rest < 2 {
			return
		}
		pr.add(KindPosition, h)
		pr.add(KindNear, nearBase(q, h))
		if rest < 4 {
			return // two pieces added on each side need six pieces
		}
		nb := nearBase(q, h)
		for s := range g.N {
			occupied := q.Board[s] != draughts.Empty
			for _, r := range removed {
				if r == s {
					occupied = false
				}
			}
			if occupied {
				continue
			}
			for pc := draughts.WhiteMan; pc <= draughts.BlackKing; pc++ {
				if pc == q.Board[s] || (pc.IsMan() && q.Rules.PromotionRow(s, pc.Color())) {
					continue
				}
				pr.add(KindNear, nb^itemKey(g.Row(s), g.Col(s), pc))
			}
		}
	}
	for i := range n {
		h1 := base ^ items[i].k
		probe(h1, []int{items[i].s}, n-1)
		for j := i + 1; j < n; j++ {
			probe(h1^items[j].k, []int{items[i].s, items[j].s}, n-2)
		}
	}
	// q itself with one piece added: P less one piece is q.
	probe(base, nil, n)
}

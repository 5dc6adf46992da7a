// Package bitgen holds what the bitboard generators of draughts/bitboard8
// (one 64-bit word) and draughts/bitboard12 (two words) share whatever the
// width of their bitboards: the position type and its conversions, the
// move list, the listing itself (Lister: Generate, AppendMoves and
// CountMoves, which choose between quiet moves and compulsory captures,
// make room for them and grow the list of captures that overflow it), the
// merging of capture paths, and the small fixed-size tables of shift
// groups their engines compile. The bit arithmetic of each generator (who
// can capture, the capture search, the quiet moves) stays in its own
// package, written for its word, and the Lister calls it through function
// values: one or two indirect calls per listing.
package bitgen

import (
	"fmt"

	"metz/draughts"
)

// MaxMoves is the room a generator makes for a position's moves before
// listing them. Quiet moves always fit (each generator proves its own
// bound: at most 256 on a diagonal board of 32 squares, fewer than 200 on
// Turkish's, 240 on 12x12). Merged captures have no such simple bound:
// their list is doubled until they fit.
const MaxMoves = 512

// List is a reusable list of moves: Generate fills it, Slice reads it. Its
// buffer grows to the most moves it has held and is kept, so that listing
// them again does not allocate.
type List[M any] struct{ moves []M }

// Slice returns the moves as a slice aliasing the list.
func (ml *List[M]) Slice() []M { return ml.moves }

// Set makes moves the list's moves (and its buffer).
func (ml *List[M]) Set(moves []M) { ml.moves = moves }

// Buffer returns the list's buffer, emptied, for the next moves.
func (ml *List[M]) Buffer() []M { return ml.moves[:0] }

// Merge records m in moves[:n] unless a move of moves[from:n] equals it (a
// capture path with the same effect as one already listed), and returns
// the new count; overflow is true when m is new and moves is full.
func Merge[M comparable](moves []M, from, n int, m M) (int, bool) {
	for _, o := range moves[from:n] {
		if o == m {
			return n, false
		}
	}
	if n == len(moves) {
		return n, true
	}
	moves[n] = m
	return n + 1, false
}

// MaxGroups bounds the shift groups of one table: 4 directions x 2 row
// parities (on a diagonal board, the index delta of a direction
// alternates with the row).
const MaxGroups = 8

// Groups holds a few step or jump groups in a fixed array (no allocation).
type Groups[T any] struct {
	G [MaxGroups]T
	N int
}

// Slice returns the groups.
func (gs *Groups[T]) Slice() []T { return gs.G[:gs.N] }

// Find returns the index of the first group of gs[from:] that same
// accepts, adding v when there is none.
func (gs *Groups[T]) Find(from int, same func(T) bool, v T) (int, error) {
	for i := from; i < gs.N; i++ {
		if same(gs.G[i]) {
			return i, nil
		}
	}
	if gs.N == MaxGroups {
		return 0, fmt.Errorf("more than %d shift groups", MaxGroups)
	}
	gs.G[gs.N] = v
	gs.N++
	return gs.N - 1, nil
}

// StepGroup is the quiet steps of one direction that move a piece by the
// same index delta, on bitboards of type B shifted by an S: on a diagonal
// board the delta of a direction depends on the row's parity, so a
// direction is two groups (on Turkish's orthogonal board, one).
type StepGroup[B, S any] struct {
	From  B // origins whose neighbour is at From+Delta
	To    S // origin bits to target bits
	Delta int8
}

// AddManSteps adds to steps[c] the quiet steps of the men of colour c
// (0 White, 1 Black) on r's board, grouped by index delta: next(s, d) is
// the neighbour of s in direction d (-1 off the board), shift makes the
// shift of an index delta, and set adds square s to a bitboard.
func AddManSteps[B, S any](r *draughts.Rules, steps *[2]Groups[StepGroup[B, S]], next func(s, d int) int,
	shift func(delta int) S, set func(b B, s int) B) error {
	for c, col := range []draughts.Color{draughts.White, draughts.Black} {
		for _, d := range r.ManDirs(col) {
			if err := addSteps(&steps[c], r.Geo.N, d, next, shift, set); err != nil {
				return err
			}
		}
	}
	return nil
}

// addSteps adds the steps of direction d to gs.
func addSteps[B, S any](gs *Groups[StepGroup[B, S]], n, d int, next func(s, d int) int, shift func(delta int) S, set func(b B, s int) B) error {
	for s := range n {
		t := next(s, d)
		if t < 0 {
			continue
		}
		i, err := gs.Find(0, func(g StepGroup[B, S]) bool { return int(g.Delta) == t-s },
			StepGroup[B, S]{To: shift(t - s), Delta: int8(t - s)})
		if err != nil {
			return err
		}
		gs.G[i].From = set(gs.G[i].From, s)
	}
	return nil
}

// Walk reads r's board for a generator's tables from Geometry.Step, so
// that every geometry and numbering is read from one place: it calls
// square(s, promo) for every square s (promo[c]: s is on the crowning row
// of the men of colour c) and ray(s, d, t, k) for the squares t beyond s
// in direction d, k = 1 for its neighbour, 2 for the next, and so on. It
// returns the directions along which square indices increase.
func Walk(r *draughts.Rules, square func(s int, promo [2]bool), ray func(s, d, t, k int)) ([4]bool, error) {
	g := r.Geo
	for s := range g.N {
		square(s, [2]bool{r.PromotionRow(s, draughts.White), r.PromotionRow(s, draughts.Black)})
		for d := range 4 {
			k := 1
			for t := g.Step(s, d); t >= 0; t = g.Step(t, d) {
				ray(s, d, t, k)
				k++
			}
		}
	}
	return g.Increasing()
}

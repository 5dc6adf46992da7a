package endgame

import (
	"bytes"
	"fmt"
	"math/bits"
	"runtime"
	"sync"

	"metz/draughts/bitboard"
)

// Per-position build flags.
const (
	fQuiet byte = 1 << iota // has quiet moves that stay in the group
	fDraw                   // a move leaving the group reaches a draw
)

// part is one table of a group under construction.
type part struct {
	sig  Sig
	val  []byte // the result bytes (0 = undecided until the end: draw)
	cnt  []byte // quiet moves not yet refuted
	loss []byte // longest refutation so far, in plies
	flag []byte
}

// group builds a signature and its flip together.
type group struct {
	parts []*part
	done  *[4096][]byte // finished tables, by Sig.code
	top   int           // largest distance assigned so far
}

// buildGroup computes the tables of sigs (a signature and its flip, or one
// signature that is its own flip) from the finished tables in done.
func buildGroup(sigs []Sig, done *[4096][]byte) ([][]byte, error) {
	g := &group{done: done}
	for _, s := range sigs {
		n := s.Size()
		g.parts = append(g.parts, &part{sig: s, val: make([]byte, n), cnt: make([]byte, n),
			loss: make([]byte, n), flag: make([]byte, n)})
	}
	for _, t := range g.parts {
		if err := g.initPart(t); err != nil {
			return nil, err
		}
	}
	for n := 0; n <= g.top; n++ {
		if n+2 > maxPlies {
			return nil, fmt.Errorf("endgame: %v: distances beyond %d plies do not fit a byte", sigs[0], maxPlies)
		}
		for ti, t := range g.parts {
			g.level(t, g.parts[len(g.parts)-1-ti], n)
		}
	}
	out := make([][]byte, len(g.parts))
	for i, t := range g.parts {
		out[i] = t.val
	}
	return out, nil
}

// initPart generates the moves of every position of t, in parallel chunks.
func (g *group) initPart(t *part) error {
	workers := runtime.GOMAXPROCS(0)
	size := t.sig.Size()
	chunk := (size + int64(workers) - 1) / int64(workers)
	var wg sync.WaitGroup
	errs := make([]error, workers)
	tops := make([]int, workers)
	for w := range workers {
		lo, hi := int64(w)*chunk, min(int64(w+1)*chunk, size)
		wg.Add(1)
		go func() {
			defer wg.Done()
			tops[w], errs[w] = g.initRange(t, lo, hi)
		}()
	}
	wg.Wait()
	for w := range workers {
		if errs[w] != nil {
			return errs[w]
		}
		g.top = max(g.top, tops[w])
	}
	return nil
}

// initRange fills the indices lo..hi-1 of t: invalid, decided at once (no
// quiet move in the group), or undecided with its count of quiet moves and
// what the other moves give. It returns the largest distance assigned.
func (g *group) initRange(t *part, lo, hi int64) (int, error) {
	var ml bitboard.MoveList
	top := 0
	for i := lo; i < hi; i++ {
		p, ok := t.sig.Position(i)
		if !ok {
			t.val[i] = vInvalid
			continue
		}
		p.Generate(&ml)
		quiet, win, loss, draw := 0, 0, 0, false
		for _, m := range ml.Moves[:ml.N] {
			if m.Captured == 0 && (p.Kings>>m.From&1 != 0 || (1<<m.To)&bitboard.WhitePromo == 0) {
				quiet++
				continue
			}
			r, plies, err := g.exitValue(p.Play(m))
			if err != nil {
				return 0, err
			}
			switch r {
			case Loss: // the opponent loses: a win for us
				if win == 0 || plies+1 < win {
					win = plies + 1
				}
			case Win:
				loss = max(loss, plies+1)
			default:
				draw = true
			}
		}
		if win > maxPlies || loss > maxPlies {
			return 0, fmt.Errorf("endgame: %v: distances beyond %d plies do not fit a byte", t.sig, maxPlies)
		}
		switch {
		case quiet == 0 && win > 0:
			t.val[i] = byte(win + 1)
		case quiet == 0 && draw:
			t.val[i] = vDraw
		case quiet == 0:
			t.val[i] = byte(loss + 1) // no move at all: loss in 0
		default:
			t.cnt[i], t.loss[i], t.flag[i] = byte(quiet), byte(loss), fQuiet
			if draw {
				t.flag[i] |= fDraw
			}
			if win > 0 {
				t.val[i] = byte(win + 1) // may still be shortened by a quiet move
			}
		}
		if t.val[i] != vDraw {
			top = max(top, int(t.val[i])-1)
		}
	}
	return top, nil
}

// exitValue returns the value, for the opponent to move, of the position c
// reached by a capture or a promotion (c has Black to move).
func (g *group) exitValue(c bitboard.Position) (Result, int, error) {
	n := flip(c)
	s := SigOf(n)
	if s.WM+s.WK == 0 {
		return Loss, 0, nil // no piece left: lost
	}
	tab := g.done[s.code()]
	if tab == nil {
		return Draw, 0, fmt.Errorf("endgame: table %v needed before it was built", s)
	}
	r, plies, ok := decode(tab[s.Index(n)])
	if !ok {
		return Draw, 0, fmt.Errorf("endgame: %v: position %s marked invalid", s, n.FEN())
	}
	return r, plies, nil
}

// level propagates every position of t decided at distance n to its
// predecessors, which are in o (the other table of the group, or t itself).
func (g *group) level(t, o *part, n int) {
	target := byte(n + 1)
	lost := n%2 == 0
	for i := 0; ; {
		k := bytes.IndexByte(t.val[i:], target)
		if k < 0 {
			return
		}
		i += k
		q, _ := t.sig.Position(int64(i))
		forEachPredecessor(q, func(pp bitboard.Position) {
			g.update(o, o.sig.index(pp.White&^pp.Kings, pp.White&pp.Kings, pp.Black&^pp.Kings, pp.Black&pp.Kings), lost, n)
		})
		i++
	}
}

// update records, at index j of o, that one of its quiet moves reaches a
// position decided at distance n (lost for the side then to move if lost).
func (g *group) update(o *part, j int64, lost bool, n int) {
	if o.flag[j]&fQuiet == 0 {
		return // the move is not legal there (a capture was compulsory)
	}
	v := o.val[j]
	if lost {
		if v == 0 || (v%2 == 0 && int(v) > n+2) {
			o.val[j] = byte(n + 2)
			g.top = max(g.top, n+1)
		}
		return
	}
	if v != 0 {
		return // already won (or lost with every move refuted)
	}
	o.cnt[j]--
	o.loss[j] = max(o.loss[j], byte(n+1))
	if o.cnt[j] == 0 && o.flag[j]&fDraw == 0 {
		o.val[j] = o.loss[j] + 1
		g.top = max(g.top, int(o.loss[j]))
	}
}

// step[d][b] is the neighbour of bit b in direction d (0 up-left, 1
// up-right, 2 down-left, 3 down-right), or noSquare.
var step [4][64]uint8

const noSquare = 255

func init() {
	shifts := [4]int{-6, -5, 5, 6}
	for d, sh := range shifts {
		for b := range 64 {
			step[d][b] = noSquare
			nb := b + sh
			if bitboard.BoardMask>>b&1 != 0 && nb >= 0 && nb < 64 && bitboard.BoardMask>>nb&1 != 0 {
				step[d][b] = uint8(nb)
			}
		}
	}
}

// forEachPredecessor calls f with every position, normalised (White to
// move), from which the opponent reached q (White to move) by a quiet move
// that keeps the material: a king sliding back along a free diagonal, or a
// man stepping back (Black men move down, so they come from above). Whether
// the move was legal there (no capture available) is the caller's check.
func forEachPredecessor(q bitboard.Position, f func(bitboard.Position)) {
	occ := q.White | q.Black
	for bb := q.Black; bb != 0; bb &= bb - 1 {
		s := uint8(bits.TrailingZeros64(bb))
		from := uint64(1) << s
		king := q.Kings&from != 0
		for d := range 4 {
			if !king && d >= 2 {
				break
			}
			for o := step[d][s]; o != noSquare && occ>>o&1 == 0; o = step[d][o] {
				to := uint64(1) << o
				p := q
				p.Black = p.Black&^from | to
				if king {
					p.Kings = p.Kings&^from | to
				}
				p.WhiteToMove = false
				f(flip(p))
				if !king {
					break
				}
			}
		}
	}
}

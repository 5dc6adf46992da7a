package generic

import (
	"fmt"
	"runtime"
	"sync"

	"metz/draughts"
	"metz/draughts/bitboard12"
	"metz/draughts/bitboard8"
	"metz/tables/base"
)

// A position's value for its side to move, one uint16: 0 is a draw (or,
// while building, not yet decided), invalid marks an index that is no
// position, and otherwise (plies+1)<<1 | win.
const (
	invalid  = 0xFFFF
	maxPlies = 30000
)

func encode(win bool, plies int) uint16 {
	v := uint16(plies+1) << 1
	if win {
		v |= 1
	}
	return v
}

func decodeValue(v uint16) (win bool, plies int) { return v&1 == 1, int(v>>1) - 1 }

// A position's state while building, one byte beside its value: the
// quiet moves in the signature not yet refuted, or one of the marks
// below. The first pass asks the engine once; un-moving reads the marks
// instead of asking again for every predecessor (a quarter of the build's
// time).
const (
	// cntCapture: the position has a capture, so no quiet move was legal
	// there and it is no predecessor; its value is settled by the first
	// pass.
	cntCapture = 0xFF
	// cntNoLoss: an exit (capture or crowning) draws or wins: the
	// position can no longer be lost.
	cntNoLoss = 0xFE
	// cntPending: an exit wins, at the distance its value holds for now;
	// a quiet win found sooner replaces it (and it cannot be lost).
	cntPending = 0xFD
	// maxCount is the most quiet moves a position may have.
	maxCount = 0xFC
)

// builder builds one signature, with the tables it exits into built.
type builder struct {
	t   *Tables
	l   *layout
	r   *draughts.Rules
	sh  shape
	bl  *bitLayout // the index on the bitboards (t.bits, or a slice's; nil on the generic path)
	tab *table
	cnt [2][]uint8 // quiet moves not yet refuted, or a mark (cntCapture...)
	// How many values were set at each distance, merged from the cores:
	// a level is scanned for only when some were (a count may be too
	// large, never too small: a pending win replaced by a quicker one
	// stays counted at its first distance).
	counts []int64
}

// worker is the scratch of one goroutine of a pass, and how many
// positions it decided at each distance.
type worker struct {
	counts []int64             // values set, by distance
	ml     *bitboard8.MoveList // the bitboards' moves (nil on the generic path)
	// The generic path's: a position, and one beside it (exits,
	// predecessors), and the signature.
	board   []draughts.Piece
	pl      placed
	scratch []draughts.Piece
	spl     placed
	sig     base.Sig
	wml     *bitboard12.MoveList // bitboard12's moves (nil: the generic engine's)
	taken   []int                // the squares one of those moves captures
}

// newWorker makes the scratch of the path t builds on.
func newWorker(t *Tables, s base.Sig) worker {
	if t.bits != nil {
		return worker{ml: new(bitboard8.MoveList)}
	}
	n := t.r.Geo.N
	w := worker{board: make([]draughts.Piece, n), scratch: make([]draughts.Piece, n), sig: s}
	if t.wide != nil {
		w.wml = new(bitboard12.MoveList)
	}
	return w
}

// set gives index i of turn its value v (of that many plies) and counts
// it at its distance.
func (b *builder) set(w *worker, turn int, i int64, win bool, plies int) {
	b.tab.vals[turn][i] = encode(win, plies)
	w.counts = growTo(w.counts, plies)
	w.counts[plies]++
}

func newBuilder(t *Tables, s base.Sig) *builder {
	return newBuilderOn(t, s, t.bits, t.l.shape(s))
}

// newBuilderOn is a builder of s on the index bl, sh (a slice's, or the
// whole table's).
func newBuilderOn(t *Tables, s base.Sig, bl *bitLayout, sh shape) *builder {
	b := &builder{t: t, l: t.l, r: t.r, sh: sh, bl: bl, tab: &table{sh: sh}}
	for turn := range 2 {
		b.tab.vals[turn] = make([]uint16, sh.size)
		b.cnt[turn] = make([]uint8, sh.size)
	}
	return b
}

// build runs the analysis and returns the table.
func (b *builder) build() (*table, error) {
	if err := b.firstPass(); err != nil {
		return nil, err
	}
	for d := 0; d < len(b.counts); d++ {
		if b.counts[d] == 0 {
			continue
		}
		if err := b.unmoveLevel(d); err != nil {
			return nil, err
		}
	}
	return b.tab, nil
}

// exits sums up the moves of a position that leave the signature.
type exits struct {
	any, win, draw bool
	winPlies       int // the quickest win among them
	lossPlies      int // the slowest loss among them
}

// add records a move to child (signature s), whose value the built
// tables hold.
func (x *exits) add(b *builder, child draughts.Position, s base.Sig) error {
	win, plies, decided, err := b.t.lookupSig(child, s)
	if err != nil {
		return err
	}
	x.note(win, plies, decided)
	return nil
}

// note records a move to a child of that value for its side to move.
func (x *exits) note(win bool, plies int, decided bool) {
	x.any = true
	switch {
	case !decided:
		x.draw = true
	case !win: // the child's side to move loses: this move wins
		if !x.win || plies+1 < x.winPlies {
			x.win, x.winPlies = true, plies+1
		}
	default:
		x.lossPlies = max(x.lossPlies, plies+1)
	}
}

// scan counts p's quiet moves that stay in the signature and sums up the
// others; pl is p's pieces as decoded, and out is where w writes the
// positions the moves lead to.
func (b *builder) scan(w *worker, p draughts.Position, pl *placed, out []draughts.Piece) (n int, capture bool, x exits, err error) {
	c := draughts.Position{Rules: b.r, Board: out, Turn: p.Turn.Opponent()}
	if b.t.wide != nil {
		return b.scanWide(w, p, b.wideOf(pl, p.Turn), c)
	}
	if capture, err = b.scanCaptures(w, p, c, &x); capture || err != nil {
		return 0, true, x, err
	}
	p.EachQuiet(func(from, to int, man bool) {
		if err != nil {
			return
		}
		if !man || !b.r.PromotionRow(to, p.Turn) {
			n++
			return
		}
		copy(out, p.Board) // a crowning: another signature
		pc := out[from]
		out[to], out[from] = pc.Crowned(), draughts.Empty
		c.Runs = exitRuns(p, out)
		err = x.add(b, c, with(without(w.sig, pc), pc.Crowned()))
	})
	return n, false, x, err
}

// scanCaptures adds p's captures, if it has any, to x; c (whose board is
// the scan's out) is where each one's position is written.
func (b *builder) scanCaptures(w *worker, p, c draughts.Position, x *exits) (bool, error) {
	if !p.HasCapture() {
		return false, nil
	}
	for _, m := range p.Moves() {
		if err := b.exitBy(w, p, c, x, m.From(), m.To(), m.Captured, m.Promotes); err != nil {
			return true, err
		}
	}
	return true, nil
}

// exitBy writes into c's board the position after p's capture from one
// square to another taking the pieces on taken (and crowning), and adds it
// to x under its signature.
func (b *builder) exitBy(w *worker, p, c draughts.Position, x *exits, from, to int, taken []int, promotes bool) error {
	out := c.Board
	copy(out, p.Board)
	pc := out[from]
	out[from] = draughts.Empty
	s := w.sig
	for _, sq := range taken {
		s = without(s, p.Board[sq])
		out[sq] = draughts.Empty
	}
	if promotes {
		s = with(without(s, pc), pc.Crowned())
		pc = pc.Crowned()
	}
	out[to] = pc
	c.Runs = exitRuns(p, out)
	return x.add(b, c, s)
}

// initOne reads index i with turn to move: its moves, and what the rules
// and the smaller tables decide at once.
func (b *builder) initOne(w *worker, turn int, i int64) error {
	clear(w.board)
	if !b.l.decode(&b.sh, i, &w.pl, w.board) {
		b.tab.vals[turn][i] = invalid
		return nil
	}
	p := draughts.Position{Rules: b.r, Board: w.board, Turn: draughts.Color(turn), Runs: b.l.runsAt(&b.sh, i, &w.pl)}
	n, capture, x, err := b.scan(w, p, &w.pl, w.scratch)
	if err != nil {
		return err
	}
	return b.initCounts(w, turn, i, n, capture, x)
}

// initCounts records what initOne found of index i: n quiet moves in the
// signature (or a capture) and the exits x. A position with a capture
// has no other move, so its value is final at once; a win by an exit
// without one is pending (a quiet move may win sooner).
func (b *builder) initCounts(w *worker, turn int, i int64, n int, capture bool, x exits) error {
	if n > maxCount {
		return fmt.Errorf("%s: %d quiet moves in one position", b.sh.sig, n)
	}
	c := &b.cnt[turn][i]
	*c = uint8(n)
	switch {
	case n == 0 && !x.any: // no legal move: lost, won in the losing game
		b.set(w, turn, i, b.r.LosingGame, 0)
	case x.win:
		*c = cntPending
		b.set(w, turn, i, true, x.winPlies)
	case x.draw:
		*c = cntNoLoss
	case n == 0: // every move leaves and loses
		b.set(w, turn, i, false, x.lossPlies)
	}
	if capture {
		*c = cntCapture
	}
	return nil
}

// open reports whether index j of turn may still change: undecided, or a
// pending win. A position with a capture never does.
func (b *builder) open(turn draughts.Color, j int64) bool {
	c := b.cnt[turn][j]
	return c != cntCapture && (c == cntPending || b.tab.vals[turn][j] == 0)
}

// predecessors calls f with the index of every position from which mover
// played a quiet move to index i (the other side to move there) that keeps
// the material, w's scratch serving.
func (b *builder) predecessors(w *worker, mover draughts.Color, i int64, f func(j int64)) {
	if b.bl != nil {
		b.unmoveBits(mover, i, f)
		return
	}
	clear(w.board)
	b.l.decode(&b.sh, i, &w.pl, w.board)
	if b.sh.runs[mover] > 1 {
		b.runPredecessors(w, mover, i, f)
		return
	}
	geo := b.r.Geo
	for _, g := range groupsOf(mover) {
		dom := b.l.doms[g]
		for _, x := range w.pl.d[g][:b.sh.n[g]] {
			to := dom.sq[x]
			if g == gWM || g == gBM {
				for _, dir := range b.r.ManDirs(mover) {
					if a := geo.Step(to, 3-dir); a >= 0 && w.board[a] == draughts.Empty && dom.num[a] >= 0 {
						f(b.l.moved(&b.sh, i, &w.pl, g, to, a))
					}
				}
				continue
			}
			for dir := range 4 {
				for a := geo.Step(to, dir); a >= 0 && w.board[a] == draughts.Empty; a = geo.Step(a, dir) {
					f(b.l.moved(&b.sh, i, &w.pl, g, to, a))
					if !b.r.FlyingKings {
						break
					}
				}
			}
		}
	}
}

// groupsOf is the index groups of colour c's men and kings.
func groupsOf(c draughts.Color) [2]int {
	if c == draughts.White {
		return [2]int{gWM, gWK}
	}
	return [2]int{gBM, gBK}
}

// exitsOf is the exits of index j, mover to play, read again for a
// position whose every quiet move is refuted (once per lost position).
func (b *builder) exitsOf(w *worker, mover draughts.Color, j int64) (exits, error) {
	if bl := b.bl; bl != nil {
		r := bl.decode(&b.sh, j)
		sq, _ := bl.squares(&r)
		_, _, x, err := b.scanBits(w, position(sq, mover))
		return x, err
	}
	clear(w.scratch)
	b.l.decode(&b.sh, j, &w.spl, w.scratch)
	exit := make([]draughts.Piece, len(w.board)) // rare: once per lost position
	p := draughts.Position{Rules: b.r, Board: w.scratch, Turn: mover, Runs: b.l.runsAt(&b.sh, j, &w.spl)}
	_, _, x, err := b.scan(w, p, &w.spl, exit)
	return x, err
}

// refute passes to predecessor j, mover to play, a quiet move to a
// position decided at distance d: j wins if that position is lost
// (childWin false), and is lost once every quiet move it has is refuted
// and no exit saves it. It reports the latter: then j's exits give the
// distance of its loss (lose).
func (b *builder) refute(w *worker, mover draughts.Color, j int64, d int, childWin bool) (lost bool) {
	if !b.open(mover, j) {
		return false // decided already, or the quiet move was not legal there
	}
	c := b.cnt[mover][j]
	if !childWin {
		if c == cntPending {
			if _, plies := decodeValue(b.tab.vals[mover][j]); plies <= d+1 {
				return false // the exit wins as soon
			}
		}
		b.set(w, int(mover), j, true, d+1)
		return false
	}
	if c >= cntPending {
		return false // an exit holds
	}
	b.cnt[mover][j] = c - 1
	return c == 1
}

// lose records predecessor j lost, its quiet moves refuted at distance d
// and its exits x.
func (b *builder) lose(w *worker, mover draughts.Color, j int64, d int, x exits) {
	b.set(w, int(mover), j, false, max(d+1, x.lossPlies))
}

// firstPass runs initOne over every index, on every core: it asks the
// engine for each position's moves, which is most of the work, and
// writes only its own indices. The levels each worker found are merged.
func (b *builder) firstPass() error {
	workers := max(1, min(runtime.GOMAXPROCS(0), int(b.sh.size/4096)))
	ws := make([]worker, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	chunk := (b.sh.size + int64(workers) - 1) / int64(workers)
	for k := range ws {
		ws[k] = newWorker(b.t, b.sh.sig)
		wg.Add(1)
		go func(w *worker, lo, hi int64) {
			defer wg.Done()
			for turn := 0; turn < 2 && errs[k] == nil; turn++ {
				errs[k] = b.initRange(w, turn, lo, hi)
			}
		}(&ws[k], int64(k)*chunk, min(b.sh.size, int64(k+1)*chunk))
	}
	wg.Wait()
	for k := range ws {
		if errs[k] != nil {
			return errs[k]
		}
		b.merge(&ws[k])
	}
	return nil
}

// initRange runs initOne over the indices lo to hi.
func (b *builder) initRange(w *worker, turn int, lo, hi int64) error {
	if b.bl != nil {
		return b.initBits(w, turn, lo, hi)
	}
	for i := lo; i < hi; i++ {
		if err := b.initOne(w, turn, i); err != nil {
			return err
		}
	}
	return nil
}

// merge adds the counts of the positions w decided to the builder's.
func (b *builder) merge(w *worker) {
	for d, n := range w.counts {
		b.counts = growTo(b.counts, d)
		b.counts[d] += n
	}
	clear(w.counts)
}

// growTo makes counts long enough to hold distance d.
func growTo(counts []int64, d int) []int64 {
	if len(counts) <= d {
		counts = append(counts, make([]int64, d+1-len(counts))...)
	}
	return counts
}

package draughts

// capSearch enumerates complete capture sequences by depth-first search over
// single jumps, on a private copy of the board.
type capSearch struct {
	r       *Rules
	g       *Geometry
	side    Color
	board   []Piece // working board; the moving piece is lifted off its origin
	taken   []bool  // captured but not yet removed (end-of-move removal); nil: none
	mover   Piece
	path    []int
	caps    []int
	capPcs  []Piece
	crowned bool // a man crowned during the capture (Russian)
	out     []Move
}

type jump struct{ victim, dir int }

func newCapSearch(p Position) *capSearch {
	return &capSearch{r: p.Rules, g: p.Rules.Geo, side: p.Turn,
		board: append([]Piece(nil), p.Board...), taken: make([]bool, len(p.Board))}
}

// captures returns every complete capture sequence of the side to move,
// before the precedence filter.
func (p Position) captures() []Move {
	cs := newCapSearch(p)
	for s, pc := range p.Board {
		if !pc.Belongs(p.Turn) {
			continue
		}
		cs.mover = pc
		cs.board[s] = Empty // the origin counts as empty for the whole move
		cs.path = append(cs.path[:0], s)
		cs.search(s, pc.IsKing(), -1)
		cs.board[s] = pc
	}
	return cs.out
}

// canTake reports whether the piece (king or man) may jump square v.
func (cs *capSearch) canTake(v int, king bool) bool {
	pc := cs.board[v]
	if !pc.Belongs(cs.side.Opponent()) || (cs.taken != nil && cs.taken[v]) {
		return false
	}
	return king || cs.r.MenCaptureKings || !pc.IsKing()
}

// jumps lists the pieces a man or king on s can jump next (at most one per
// direction, so a fixed array: no allocation). lastDir is the direction of
// the previous jump (-1 at the start), used for the no-reversal rule when
// pieces are removed at once.
func (cs *capSearch) jumps(s int, king bool, lastDir int) (js [8]jump, n int) {
	for _, d := range cs.r.captureDirs(king, cs.side) {
		if cs.r.ImmediateRemoval && !cs.r.TurnBack && lastDir >= 0 && d == Opposite(lastDir) {
			continue
		}
		v := cs.g.Step(s, d)
		if king && cs.r.FlyingKings {
			for v >= 0 && cs.board[v] == Empty {
				v = cs.g.Step(v, d)
			}
		}
		if v < 0 || !cs.canTake(v, king) {
			continue
		}
		if l := cs.g.Step(v, d); l >= 0 && cs.board[l] == Empty {
			js[n] = jump{v, d}
			n++
		}
	}
	return js, n
}

// landings lists the squares a piece may land on after jumping j.
func (cs *capSearch) landings(j jump, king bool) []int {
	var ls []int
	for l := cs.g.Step(j.victim, j.dir); l >= 0 && cs.board[l] == Empty; l = cs.g.Step(l, j.dir) {
		ls = append(ls, l)
		if !king || !cs.r.FlyingKings || cs.r.KingLandsBehind {
			break
		}
	}
	return ls
}

// search extends the sequence whose piece stands on s.
func (cs *capSearch) search(s int, king bool, lastDir int) {
	all, nj := cs.jumps(s, king, lastDir)
	js := all[:nj]
	if nj == 0 {
		if len(cs.caps) > 0 {
			cs.emit()
		}
		return
	}
	for _, j := range js {
		cs.take(j.victim)
		ls := cs.landings(j, king)
		// Must-continue: if some landing square allows a further jump,
		// only those landing squares may be chosen.
		var cont []int
		for _, l := range ls {
			if _, n := cs.jumps(l, cs.kingAfter(l, king), j.dir); n > 0 {
				cont = append(cont, l)
			}
		}
		if len(cont) > 0 {
			ls = cont
		}
		for _, l := range ls {
			cs.path = append(cs.path, l)
			wasCrowned := cs.crowned
			k := cs.kingAfter(l, king)
			cs.crowned = cs.crowned || (k && !king)
			cs.search(l, k, j.dir)
			cs.crowned = wasCrowned
			cs.path = cs.path[:len(cs.path)-1]
		}
		cs.untake(j.victim)
	}
}

// kingAfter says whether the piece is a king after landing on l.
func (cs *capSearch) kingAfter(l int, king bool) bool {
	return king || (cs.r.Passing == BecomeKing && cs.r.PromotionRow(l, cs.side))
}

func (cs *capSearch) take(v int) {
	cs.caps = append(cs.caps, v)
	cs.capPcs = append(cs.capPcs, cs.board[v])
	if cs.r.ImmediateRemoval {
		cs.board[v] = Empty
	} else {
		cs.taken[v] = true
	}
}

func (cs *capSearch) untake(v int) {
	n := len(cs.caps) - 1
	if cs.r.ImmediateRemoval {
		cs.board[v] = cs.capPcs[n]
	} else {
		cs.taken[v] = false
	}
	cs.caps, cs.capPcs = cs.caps[:n], cs.capPcs[:n]
}

func (cs *capSearch) emit() {
	to := cs.path[len(cs.path)-1]
	promotes := cs.mover.IsMan() && (cs.crowned || cs.r.PromotionRow(to, cs.side))
	// Path and Captured share one allocation; full slice expressions keep
	// an append to one from writing into the other.
	np, nc := len(cs.path), len(cs.caps)
	sq := make([]int, np+nc)
	copy(sq, cs.path)
	copy(sq[np:], cs.caps)
	cs.out = append(cs.out, Move{
		Path:           sq[:np:np],
		Captured:       sq[np:],
		CapturedPieces: append([]Piece(nil), cs.capPcs...),
		Promotes:       promotes,
	})
}

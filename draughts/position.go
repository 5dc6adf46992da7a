package draughts

import "slices"

// Position is a board with the side to move, under one rule system.
// Board is indexed by square index (square number - 1).
type Position struct {
	Rules *Rules
	Board []Piece
	Turn  Color
	// Runs, under rules with a KingMoveLimit (Frisian), is each colour's
	// run of quiet moves with one king; zero elsewhere, and for a side
	// without men (the limit does not apply to it).
	Runs [2]KingRun
}

// KingRun is a side's last quiet moves in a row made with one king: how
// many (0: none, or the last move was not one), and the square that king
// stands on. A king whose run has reached Rules.KingMoveLimit may only
// capture until its side has moved another piece.
type KingRun struct {
	Square uint8 // meaningful when Moves > 0
	Moves  uint8
}

// NewPosition returns an empty board under r with White to move.
func NewPosition(r *Rules) Position {
	return Position{Rules: r, Board: make([]Piece, r.Geo.N), Turn: r.FirstMover}
}

// Start returns the initial position of r.
func Start(r *Rules) Position {
	p := NewPosition(r)
	g := r.Geo
	for s := 0; s < g.N; s++ {
		row := g.Row(s)
		switch {
		case row >= r.StartGap && row < r.StartGap+r.StartRows:
			p.Board[s] = WhiteMan
		case row < g.Height-r.StartGap && row >= g.Height-r.StartGap-r.StartRows:
			p.Board[s] = BlackMan
		}
	}
	return p
}

// Clone returns a deep copy.
func (p Position) Clone() Position {
	q := p
	q.Board = append([]Piece(nil), p.Board...)
	return q
}

// Play returns the position after m (copy-make: p is unchanged).
func (p Position) Play(m Move) Position {
	q := p
	q.Board = p.boardAfter(m)
	q.Turn = p.Turn.Opponent()
	if p.Rules.KingMoveLimit > 0 {
		q.Runs = p.runsAfter(m)
	}
	return q
}

// runsAfter is the runs once m is played: a quiet king move goes on with
// its king's run, or starts one; any other move of the side ends its run.
// A run whose king is taken, or of a side left without men, is none. It
// reads p's board, not the board after m (HashAfter does not build one).
func (p Position) runsAfter(m Move) [2]KingRun {
	runs, c := p.Runs, p.Turn
	from, to := m.From(), m.To()
	switch old := runs[c]; {
	case !p.Board[from].IsKing() || m.IsCapture():
		runs[c] = KingRun{}
	case old.Moves > 0 && int(old.Square) == from:
		runs[c] = KingRun{Square: uint8(to), Moves: old.Moves + 1}
	default:
		runs[c] = KingRun{Square: uint8(to), Moves: 1}
	}
	// The mover's run is its king's quiet move: the king stands on to and
	// the men are all there. The other side's run loses what m takes.
	if runs[c].Moves > 0 && !slices.Contains(p.Board, ManOf(c)) {
		runs[c] = KingRun{}
	}
	if o := c.Opponent(); runs[o].Moves > 0 && (slices.Contains(m.Captured, int(runs[o].Square)) || !p.menLeft(o, m.Captured)) {
		runs[o] = KingRun{}
	}
	return runs
}

// menLeft reports whether colour c has a man on a square not in taken.
func (p Position) menLeft(c Color, taken []int) bool {
	for s, pc := range p.Board {
		if pc == ManOf(c) && !slices.Contains(taken, s) {
			return true
		}
	}
	return false
}

// HeldRuns is p's runs less those that no longer hold: a run whose king
// is gone, or of a side left without men (what Play leaves after a
// capture).
func (p Position) HeldRuns() [2]KingRun {
	runs := p.Runs
	for c := range runs {
		if runs[c].Moves > 0 && !runHolds(p.Board, Color(c), runs[c]) {
			runs[c] = KingRun{}
		}
	}
	return runs
}

// runHolds reports whether run may stand for colour c on board: c's king
// on its square, and c has men.
func runHolds(board []Piece, c Color, run KingRun) bool {
	if int(run.Square) >= len(board) || board[run.Square] != KingOf(c) {
		return false
	}
	return slices.Contains(board, ManOf(c))
}

// kingBlocked reports whether the king on s may make no quiet move: its
// run has reached the rules' limit (and its side still has men).
func (p Position) kingBlocked(s int) bool {
	lim := p.Rules.KingMoveLimit
	run := p.Runs[p.Turn]
	return lim > 0 && int(run.Moves) >= lim && int(run.Square) == s && slices.Contains(p.Board, ManOf(p.Turn))
}

// Count returns the number of men and kings of colour c.
func (p Position) Count(c Color) (men, kings int) {
	wm, wk, bm, bk := p.Material()
	if c == White {
		return wm, wk
	}
	return bm, bk
}

// Material counts the men and kings of both sides in one pass over the
// board: the searches count material at every node (a fifth of a generic
// search's time when each side's was counted apart, square by square).
func (p Position) Material() (wm, wk, bm, bk int) {
	var n [8]int
	for _, pc := range p.Board {
		n[pc&7]++
	}
	return n[WhiteMan], n[WhiteKing], n[BlackMan], n[BlackKing]
}

// Equal reports whether two positions have the same pieces and side to move.
func (p Position) Equal(q Position) bool {
	if p.Rules != q.Rules || p.Turn != q.Turn || p.Runs != q.Runs || len(p.Board) != len(q.Board) {
		return false
	}
	for i := range p.Board {
		if p.Board[i] != q.Board[i] {
			return false
		}
	}
	return true
}

// Hash is the Zobrist key of the position (pieces, side to move and, under
// Frisian rules, the king runs).
func (p Position) Hash() uint64 {
	z := p.Rules.Geo.zob
	var h uint64
	for s, pc := range p.Board {
		if pc != Empty {
			h ^= z.keys[s][pc]
		}
	}
	if p.Turn == Black {
		h ^= z.black
	}
	return h ^ z.runs(p.Runs)
}

// HashAfter returns the Hash of p.Play(m) from h, the hash of p, without
// playing it: only the squares the move changes are read, where Hash reads
// the whole board.
func (p Position) HashAfter(h uint64, m Move) uint64 {
	z := p.Rules.Geo.zob
	from, to := m.From(), m.To()
	pc := p.Board[from]
	h ^= z.keys[from][pc] ^ z.black
	for i, c := range m.Captured {
		h ^= z.keys[c][m.CapturedPieces[i]]
	}
	if m.Promotes {
		pc = pc.Crowned()
	}
	h ^= z.keys[to][pc]
	if p.Rules.KingMoveLimit > 0 {
		h ^= z.runs(p.Runs) ^ z.runs(p.runsAfter(m))
	}
	return h
}

// boardAfter is a copy of the board with m played.
func (p Position) boardAfter(m Move) []Piece {
	b := append([]Piece(nil), p.Board...)
	pc := b[m.From()]
	b[m.From()] = Empty
	for _, c := range m.Captured {
		b[c] = Empty
	}
	if m.Promotes {
		pc = pc.Crowned()
	}
	b[m.To()] = pc
	return b
}

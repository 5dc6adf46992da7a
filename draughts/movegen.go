package draughts

// Mode says whether capture paths with the same effect are merged.
type Mode uint8

const (
	// Drop merges moves with the same origin, destination, captured set and
	// crowning into one (keeping the first path found). Used everywhere but perft.
	Drop Mode = iota
	// Keep keeps every distinct capture sequence — the pieces taken in a
	// different order — as published perft tables count them; only for perft.
	// A king that takes a piece and goes straight on over the next one
	// follows one sequence whichever square it passes between them.
	Keep
)

// Moves returns the legal moves of the side to move (merged paths).
func (p Position) Moves() []Move { return p.Generate(Drop) }

// Generate returns the legal moves in the given mode.
func (p Position) Generate(mode Mode) []Move {
	caps := p.allPaths()
	if len(caps) == 0 || !caps[0].IsCapture() {
		return caps
	}
	if mode == Drop {
		return dedupe(caps, Move.SameEffect)
	}
	return dedupe(caps, Move.sameSequence)
}

// allPaths returns every legal way to play, each capture path with its own
// landing squares (several paths may make the same move).
func (p Position) allPaths() []Move {
	caps := p.captures()
	if len(caps) == 0 {
		return p.quietMoves()
	}
	return p.Rules.filterPrecedence(caps, p.Board)
}

// HasCapture reports whether the side to move must capture. It reads the
// board in place: the searches ask it of every position they count.
func (p Position) HasCapture() bool {
	cs := capSearch{r: p.Rules, g: p.Rules.Geo, side: p.Turn, board: p.Board}
	for s, pc := range p.Board {
		if pc.Belongs(p.Turn) {
			if _, n := cs.jumps(s, pc.IsKing(), -1); n > 0 {
				return true
			}
		}
	}
	return false
}

// ManDirs lists the directions (indices for Geometry.Step) a man of colour c
// moves in; a quiet man move is one step in one of them. The slice is
// shared: callers read it, never change it (the move generator asks for
// it at every man, and allocating it there was a tenth of an import).
func (r *Rules) ManDirs(c Color) []int {
	orth, white := 0, 0
	if r.Geo.Layout == Orthogonal {
		orth = 1
	}
	if c == White {
		white = 1
	}
	return manDirs[orth][white]
}

// manDirs are ManDirs' answers: [orthogonal][white].
var manDirs = [2][2][]int{{{2, 3}, {0, 1}}, {{3, 1, 2}, {0, 1, 2}}}

var (
	allDirs   = []int{0, 1, 2, 3}
	eightDirs = []int{0, 1, 2, 3, 4, 5, 6, 7} // with the ranks and files of a diagonal board
)

// captureDirs lists the directions a king, or a man of colour c, captures
// in.
func (r *Rules) captureDirs(king bool, c Color) []int {
	switch {
	case r.OrthoCaptures && (king || r.MenCaptureBackward):
		return eightDirs
	case king || r.MenCaptureBackward:
		return allDirs
	}
	return r.ManDirs(c)
}

func (p Position) quietMoves() []Move { return p.appendQuiet(nil) }

// appendQuiet appends the quiet moves to out.
func (p Position) appendQuiet(out []Move) []Move {
	var sq []int // every move's two squares, carved from few allocations
	p.EachQuiet(func(s, t int, man bool) {
		if len(sq)+2 > cap(sq) {
			sq = make([]int, 0, 64)
		}
		sq = append(sq, s, t)
		n := len(sq)
		out = append(out, Move{Path: sq[n-2 : n : n], Promotes: man && p.Rules.PromotionRow(t, p.Turn)})
	})
	return out
}

// AppendMoves appends p.Moves() to buf: the searches reuse their move
// buffers, and most positions they expand have no capture.
func (p Position) AppendMoves(buf []Move) []Move {
	if p.HasCapture() {
		return append(buf, p.Moves()...)
	}
	return p.appendQuiet(buf)
}

// CountMoves returns how many legal moves the side to move has, as
// len(p.Moves()), and whether they capture. Without a capture it only
// counts: the searches count the moves of many positions they never
// enter, and building each quiet move was most of that cost.
func (p Position) CountMoves() (n int, capture bool) {
	if p.HasCapture() {
		return len(p.Moves()), true
	}
	p.EachQuiet(func(int, int, bool) { n++ })
	return n, false
}

// EachQuiet calls f for every quiet move of the side to move, from s to t
// (man: a man's step, else a king's), whether or not a capture is
// compulsory (HasCapture says). A king whose run has reached the rules'
// KingMoveLimit makes none.
func (p Position) EachQuiet(f func(s, t int, man bool)) {
	for s, pc := range p.Board {
		if pc.Belongs(p.Turn) {
			p.eachQuietFrom(s, f)
		}
	}
}

// eachQuietFrom calls f for each quiet move of the piece of the side to
// move on square s, as EachQuiet does.
func (p Position) eachQuietFrom(s int, f func(s, t int, man bool)) {
	r, g := p.Rules, p.Rules.Geo
	if p.Board[s].IsMan() {
		for _, d := range r.ManDirs(p.Turn) {
			if t := g.Step(s, d); t >= 0 && p.Board[t] == Empty {
				f(s, t, true)
			}
		}
		return
	}
	if p.kingBlocked(s) {
		return
	}
	for _, d := range allDirs {
		for t := g.Step(s, d); t >= 0 && p.Board[t] == Empty; t = g.Step(t, d) {
			f(s, t, false)
			if !r.FlyingKings {
				break
			}
		}
	}
}

// dedupe keeps the first move of each group of equal moves.
// It filters in place (ms is the generator's own slice).
func dedupe(ms []Move, same func(a, b Move) bool) []Move {
	out := ms[:0]
	for _, m := range ms {
		dup := false
		for _, o := range out {
			if same(m, o) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, m)
		}
	}
	return out
}

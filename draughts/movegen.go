package draughts

// Mode says whether capture paths with the same effect are merged.
type Mode uint8

const (
	// Drop merges moves with the same origin, destination, captured set and
	// crowning into one (keeping the first path found). Used everywhere but perft.
	Drop Mode = iota
	// Keep keeps every distinct path; only for matching published perft tables.
	Keep
)

// Moves returns the legal moves of the side to move (merged paths).
func (p Position) Moves() []Move { return p.Generate(Drop) }

// Generate returns the legal moves in the given mode.
func (p Position) Generate(mode Mode) []Move {
	caps := p.captures()
	if len(caps) == 0 {
		return p.quietMoves()
	}
	caps = p.Rules.filterPrecedence(caps, p.Board)
	if mode == Drop {
		caps = dedupe(caps)
	}
	return caps
}

// HasCapture reports whether the side to move must capture.
func (p Position) HasCapture() bool {
	cs := newCapSearch(p)
	for s, pc := range p.Board {
		if pc.Belongs(p.Turn) && len(cs.jumps(s, pc.IsKing(), -1)) > 0 {
			return true
		}
	}
	return false
}

// manDirs lists the directions a man of colour c moves in.
func (r *Rules) manDirs(c Color) []int {
	if r.Geo.Layout == Orthogonal {
		if c == White {
			return []int{0, 1, 2}
		}
		return []int{3, 1, 2}
	}
	if c == White {
		return []int{0, 1}
	}
	return []int{2, 3}
}

var allDirs = []int{0, 1, 2, 3}

// manCaptureDirs lists the directions a man of colour c captures in.
func (r *Rules) manCaptureDirs(c Color) []int {
	if r.MenCaptureBackward {
		return allDirs
	}
	return r.manDirs(c)
}

func (p Position) quietMoves() []Move {
	r, g := p.Rules, p.Rules.Geo
	var out []Move
	for s, pc := range p.Board {
		if !pc.Belongs(p.Turn) {
			continue
		}
		if pc.IsMan() {
			for _, d := range r.manDirs(p.Turn) {
				if t := g.Step(s, d); t >= 0 && p.Board[t] == Empty {
					out = append(out, Move{Path: []int{s, t}, Promotes: r.PromotionRow(t, p.Turn)})
				}
			}
			continue
		}
		for _, d := range allDirs {
			for t := g.Step(s, d); t >= 0 && p.Board[t] == Empty; t = g.Step(t, d) {
				out = append(out, Move{Path: []int{s, t}})
				if !r.FlyingKings {
					break
				}
			}
		}
	}
	return out
}

// dedupe keeps the first move of each group with the same effect.
func dedupe(ms []Move) []Move {
	out := ms[:0:0]
	for _, m := range ms {
		dup := false
		for _, o := range out {
			if m.SameEffect(o) {
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

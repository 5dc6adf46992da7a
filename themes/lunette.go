package themes

import (
	"fmt"
	"slices"

	"metz/draughts"
)

// lunettes finds quiet moves that enter a lunette, and the lunette the
// diagram already shows (see Definitions).
func lunettes(l line) []Found {
	out := diagramLunettes(l)
	for i, m := range l.moves {
		if m.IsCapture() {
			continue
		}
		after := l.pos[i+1]
		if f, ok := lunetteAt(after, m.To(), i+1); ok {
			out = append(out, f)
		}
	}
	return out
}

// diagramLunettes finds the defender's pieces that stand in the attacker's
// lunette in P0 and are taken in the line before they move away. Van Tenac's
// Problem VII ("Lunette") starts so: the black king on 34 sits between the
// white men 29 and 40, and White wins by taking it there.
func diagramLunettes(l line) []Found {
	var out []Found
	p0 := l.pos[0]
	for m, pc := range p0.Board {
		if !pc.Belongs(l.attacker().Opponent()) {
			continue
		}
		f, ok := lunetteAt(p0, m, 0)
		if !ok {
			continue
		}
		if ply := takenBeforeMoving(l, m); ply > 0 {
			f.Ply = ply
			f.Note = fmt.Sprintf("the diagram's %s on %d stands in the lunette %d–%d; taken at ply %d",
				pieceWord(pc), m+1, f.Squares[1], f.Squares[2], ply)
			out = append(out, f)
		}
	}
	return out
}

// takenBeforeMoving returns the ply at which the piece on square m is taken,
// or 0 if it moves first or survives the line.
func takenBeforeMoving(l line, m int) int {
	for i, mv := range l.moves {
		if mv.From() == m {
			return 0
		}
		if slices.Contains(mv.Captured, m) {
			return i + 1
		}
	}
	return 0
}

func pieceWord(pc draughts.Piece) string {
	s := "white "
	if pc.Belongs(draughts.Black) {
		s = "black "
	}
	if pc.IsKing() {
		return s + "king"
	}
	return s + "man"
}

// lunetteAt checks the piece on m against the two halves of each diagonal.
func lunetteAt(p draughts.Position, m, ply int) (Found, bool) {
	pc := p.Board[m]
	for d := 0; d < 2; d++ { // each line once: direction d and its opposite 3-d
		a, da, okA := attackable(p, m, d)
		b, db, okB := attackable(p, m, 3-d)
		if !okA || !okB {
			continue
		}
		name := "lunette"
		if da > 1 || db > 1 {
			if !pc.IsKing() {
				continue
			}
			name = "lunette-dames"
		}
		return Found{Name: name, Ply: ply, Squares: sq(m, a, b)}, true
	}
	return Found{}, false
}

// attackable returns the enemy piece the piece on m could take in direction
// d (the first piece met, an empty square beyond it), and its distance.
func attackable(p draughts.Position, m, d int) (int, int, bool) {
	r, g := p.Rules, p.Rules.Geo
	pc := p.Board[m]
	owner := pc.Color()
	if pc.IsMan() && !r.MenCaptureBackward && !forward(g, owner, d) {
		return 0, 0, false
	}
	s, dist := g.Step(m, d), 1
	for pc.IsKing() && r.FlyingKings && s >= 0 && p.Board[s] == draughts.Empty {
		s, dist = g.Step(s, d), dist+1
	}
	if s < 0 || !p.Board[s].Belongs(owner.Opponent()) {
		return 0, 0, false
	}
	if pc.IsMan() && !r.MenCaptureKings && p.Board[s].IsKing() {
		return 0, 0, false
	}
	beyond := g.Step(s, d)
	return s, dist, beyond >= 0 && p.Board[beyond] == draughts.Empty
}

// forward reports whether diagonal direction d is forward for colour c
// (directions 0 and 1 go up, towards Black).
func forward(g *draughts.Geometry, c draughts.Color, d int) bool {
	dr, _ := g.DirDelta(d)
	return (dr > 0) == (c == draughts.White)
}

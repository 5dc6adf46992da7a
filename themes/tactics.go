package themes

import (
	"fmt"
	"slices"

	"metz/draughts"
)

// pionsEnPrise: a quiet move attacks an enemy man that is taken two plies later.
func pionsEnPrise(l line) []Found {
	var out []Found
	for i, m := range l.moves {
		if m.IsCapture() || i+2 >= len(l.moves) {
			continue
		}
		after := l.pos[i+1]
		mover := after.Board[m.To()]
		next := l.moves[i+2]
		if next.From() != m.To() {
			continue
		}
		for d := 0; d < 4; d++ {
			e, _, ok := attackable(after, m.To(), d)
			if !ok || !after.Board[e].IsMan() || !slices.Contains(next.Captured, e) {
				continue
			}
			name := "pion-en-prise-pion"
			if mover.IsKing() {
				name = "pion-en-prise-dame"
			}
			out = append(out, Found{Name: name, Ply: i + 1, Squares: sq(m.To(), e)})
			break
		}
	}
	return out
}

// coupDeRepos counts the tempi the attacker gains (see the package doc).
func coupDeRepos(l line) []Found {
	att := l.attacker()
	tempi, first := 0, 0
	var squares []int
	for i, m := range l.moves {
		if l.pos[i].Turn != att || m.IsCapture() || i+1 >= len(l.moves) || !l.moves[i+1].IsCapture() {
			continue
		}
		if !openCapture(l.pos[i]) {
			continue // the attacker offered the capture: a sacrifice, not a rest
		}
		tempi++
		if first == 0 {
			first = i + 1
		}
		squares = append(squares, m.To()+1)
	}
	if tempi == 0 {
		return nil
	}
	return []Found{{Name: "coup-de-repos", Ply: first, Squares: squares, Count: tempi,
		Note: fmt.Sprintf("%d temps", tempi)}}
}

// coupsTurcs: a capture stopped by a piece it already took, then taken itself.
func coupsTurcs(l line) []Found {
	var out []Found
	for i, m := range l.moves {
		if !m.IsCapture() || i+1 >= len(l.moves) || !slices.Contains(l.moves[i+1].Captured, m.To()) {
			continue
		}
		again := l.pos[i+1]
		again.Turn = l.pos[i].Turn
		for _, c := range again.Moves() {
			if c.IsCapture() && c.From() == m.To() {
				out = append(out, Found{Name: "coup-turc", Ply: i + 1, Squares: sq(m.To())})
				break
			}
		}
	}
	return out
}

func rafles(l line) []Found {
	var out []Found
	for i, m := range l.moves {
		if n := len(m.Captured); n >= 3 {
			out = append(out, Found{Name: "rafle", Ply: i + 1, Squares: sq(m.Captured...), Count: n,
				Note: fmt.Sprintf("%d pieces in one capture", n)})
		}
	}
	return out
}

// fermeture: the line ends on a side with pieces but no legal move, or
// with a defender's king shut in.
func fermeture(l line) []Found {
	end := l.last()
	if len(l.moves) == 0 || end.Rules.LosingGame {
		return nil
	}
	men, kings := end.Count(end.Turn)
	if men+kings > 0 && len(end.Moves()) == 0 {
		return []Found{{Name: "fermeture", Ply: len(l.moves), Note: fmt.Sprintf("%s has %d pieces and no move", end.Turn, men+kings)}}
	}
	return shutKings(l)
}

// shutKings reports each defender's king that ends the line shut in, with
// the ply after which it stayed so. A king shut in from the diagram on was
// not shut in by the line and is not reported.
func shutKings(l line) []Found {
	var out []Found
	def := l.attacker().Opponent()
	end := l.last()
	for k, pc := range end.Board {
		if !pc.IsKing() || !pc.Belongs(def) || !shutIn(end, k) {
			continue
		}
		i := len(l.pos) - 1
		for i > 0 && l.pos[i-1].Board[k] == pc && shutIn(l.pos[i-1], k) {
			i--
		}
		if i == 0 {
			continue
		}
		out = append(out, Found{Name: "fermeture", Ply: i, Squares: sq(k),
			Note: fmt.Sprintf("the %s on %d is shut in from ply %d", pieceWord(pc), k+1, i)})
	}
	return out
}

// shutIn reports whether the piece on k has no neighbouring empty square and
// no enemy neighbour it could take: it cannot move, whatever the other
// pieces do, until something around it moves.
func shutIn(p draughts.Position, k int) bool {
	g, own := p.Rules.Geo, p.Board[k].Color()
	for d := 0; d < 4; d++ {
		n := g.Step(k, d)
		if n < 0 {
			continue
		}
		if p.Board[n] == draughts.Empty {
			return false
		}
		if b := g.Step(n, d); p.Board[n].Belongs(own.Opponent()) && b >= 0 && p.Board[b] == draughts.Empty {
			return false
		}
	}
	return true
}

// coupDeDame: the attacker's last move of the line crowns.
func coupDeDame(l line) []Found {
	for i := len(l.moves) - 1; i >= 0; i-- {
		if l.pos[i].Turn == l.attacker() {
			if l.moves[i].Promotes {
				return []Found{{Name: "coup-de-dame", Ply: i + 1, Squares: sq(l.moves[i].To())}}
			}
			return nil
		}
	}
	return nil
}

// gagnerLeCoup: a men-only quiet ending that leaves the defender blocked.
func gagnerLeCoup(l line) []Found {
	if len(fermeture(l)) == 0 || l.last().Turn == l.attacker() {
		return nil
	}
	start := len(l.moves)
	for i := len(l.moves) - 1; i >= 0; i-- {
		if l.moves[i].IsCapture() || hasKing(l.pos[i]) {
			break
		}
		start = i
	}
	if start == len(l.moves) || hasKing(l.last()) {
		return nil
	}
	return []Found{{Name: "gagner-le-coup", Ply: start + 1}}
}

func tantPourTant(l line) []Found {
	var out []Found
	for i := 0; i+1 < len(l.moves); i++ {
		a, b := len(l.moves[i].Captured), len(l.moves[i+1].Captured)
		if a > 0 && a == b {
			out = append(out, Found{Name: "tant-pour-tant", Ply: i + 1, Count: a,
				Note: fmt.Sprintf("%d pour %d", a, a)})
			i++
		}
	}
	return out
}

// sacrifice: the attacker offers material; Count totals what the defender takes.
func sacrifice(l line) []Found {
	att := l.attacker()
	first, given := 0, 0
	for i, m := range l.moves {
		if l.pos[i].Turn != att {
			given += len(m.Captured)
			continue
		}
		if first == 0 && !m.IsCapture() && l.pos[i+1].HasCapture() && !openCapture(l.pos[i]) {
			first = i + 1
		}
	}
	if first == 0 || given == 0 {
		return nil
	}
	return []Found{{Name: "sacrifice", Ply: first, Count: given, Note: fmt.Sprintf("%d pieces given", given)}}
}

func hasKing(p draughts.Position) bool {
	for _, pc := range p.Board {
		if pc.IsKing() {
			return true
		}
	}
	return false
}

// openCapture reports whether the side not to move in p could already
// capture, were it its turn: a capture the mover leaves standing.
func openCapture(p draughts.Position) bool {
	p.Turn = p.Turn.Opponent()
	return p.HasCapture()
}

package similar

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"metz/draughts"
)

// Blow is the final combination of a solution line (docs/similar.md): the
// plies from the attacker's move that starts the run of forced captures
// through the attacker's last capture, every defender move in between a
// capture.
type Blow struct {
	Plies      int      `json:"plies"`
	Sacrifices int      `json:"sacrifices"` // the defender's captures in the run
	Captured   int      `json:"captured"`   // pieces the final capture takes
	Moves      []string `json:"moves"`      // the run in the rules' notation, full capture paths
	// Key is the run normalised for shift, colour and mirror: the same
	// blow struck anywhere on the board, by either side, has one key.
	Key uint64 `json:"-"`
}

// FindBlow returns the final combination of line, played from start by
// the side to move there (the attacker), or false when the line has none:
// no capture by the attacker, or none that a defender's capture leads to.
func FindBlow(start draughts.Position, line []draughts.Move) (*Blow, bool) {
	positions := make([]draughts.Position, len(line))
	pos := start
	final := -1
	for i, m := range line {
		positions[i] = pos
		if i%2 == 0 && m.IsCapture() {
			final = i
		}
		pos = pos.Play(m)
	}
	if final < 0 {
		return nil, false
	}
	first := final
	for first >= 2 && line[first-1].IsCapture() {
		first -= 2
	}
	if first == final {
		return nil, false
	}
	b := &Blow{Plies: final - first + 1, Captured: len(line[final].Captured)}
	var enc [2]strings.Builder // as played, and mirrored
	var origin [2][2]int       // the first square, as played and mirrored
	for i := first; i <= final; i++ {
		m, at := line[i], positions[i]
		if i%2 == 1 {
			b.Sacrifices++
		}
		b.Moves = append(b.Moves, start.Rules.FormatMove(m, true))
		for k := range enc {
			if i == first {
				origin[k] = attackerCell(start, m.From(), k == 1)
			}
			writePly(&enc[k], at, m, start, origin[k], k == 1)
		}
	}
	key := enc[0].String()
	if m := enc[1].String(); m < key {
		key = m
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	b.Key = h.Sum64() ^ rulesSalt(start.Rules, KindBlow)
	return b, true
}

// attackerCell is square s seen from the attacker's side of start (the
// board turned when Black attacks, so that the attacker always plays up),
// mirrored left to right when asked.
func attackerCell(start draughts.Position, s int, mirror bool) [2]int {
	g := start.Rules.Geo
	r, c := g.Row(s), g.Col(s)
	if start.Turn == draughts.Black {
		r, c = g.Height-1-r, g.Width-1-c
	}
	if mirror {
		c = -c
	}
	return [2]int{r, c}
}

// writePly writes one ply: whose (a attacker, d defender), man or king,
// its origin and destination and the squares it captures (in a fixed
// order: the engine keeps one of several paths with the same effect, not
// always the mirror image of another's), relative to the run's first
// square.
func writePly(b *strings.Builder, at draughts.Position, m draughts.Move, start draughts.Position, origin [2]int, mirror bool) {
	side := "a"
	if at.Turn != start.Turn {
		side = "d"
	}
	kind := "m"
	if at.Board[m.From()].IsKing() {
		kind = "k"
	}
	rel := func(s int) [2]int {
		rc := attackerCell(start, s, mirror)
		return [2]int{rc[0] - origin[0], rc[1] - origin[1]}
	}
	from, to := rel(m.From()), rel(m.To())
	fmt.Fprintf(b, "%s%s%d,%d:%d-%d:%d", side, kind, len(m.Captured), from[0], from[1], to[0], to[1])
	caps := make([][2]int, len(m.Captured))
	for i, s := range m.Captured {
		caps[i] = rel(s)
	}
	slices.SortFunc(caps, func(x, y [2]int) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) })
	for _, c := range caps {
		fmt.Fprintf(b, "x%d:%d", c[0], c[1])
	}
	b.WriteByte(';')
}

// String writes the blow for a match's detail.
func (b *Blow) String() string {
	s := "s"
	if b.Sacrifices == 1 {
		s = ""
	}
	return fmt.Sprintf("%s (%d sacrifice%s, the last capture takes %d)", strings.Join(b.Moves, " "), b.Sacrifices, s, b.Captured)
}

// Line replays written moves (a solution's main line) from start, as far
// as they are legal.
func Line(start draughts.Position, moves []string) []draughts.Move {
	var out []draughts.Move
	pos := start
	for _, t := range moves {
		m, err := draughts.ParseMove(pos, t)
		if err != nil {
			break
		}
		out = append(out, m)
		pos = pos.Play(m)
	}
	return out
}

package export

import (
	"strconv"
	"strings"

	"metz/draughts"
	"metz/problems"
)

// ModernLegend explains the mark Modern puts on the solver's moves.
const ModernLegend = "* added by metz (solver): not in the source."

// Modern writes a solution tree in modern notation, as one paragraph:
// numbered moves ("1. 42-38 18-23 2. 38-33"; the moves of the side that
// opens the game under r carry the numbers, Black's in English checkers),
// captures by their two ends unless another capture joins the same squares
// ("19x39", else the full path), the alternatives to a move in parentheses right after it, marks
// after the move, comments in braces, and "*" after every move the solver
// added. A move that cannot be played is written as printed between
// brackets with "?" ("[43 à 39?]"), and the moves after it as stored. r
// reads the tree's start; without a start the stored moves are written.
func Modern(t *problems.Tree, r *draughts.Rules) string {
	if t == nil || len(t.Children) == 0 {
		return ""
	}
	m := &modern{leaderWhite: r == nil || r.FirstMover == draughts.White}
	m.line(t.Children, t.Start, 1, t.Children[0].White, true)
	return strings.Join(m.words, " ")
}

type modern struct {
	words       []string
	leaderWhite bool // White opens the game: White's moves are numbered "N."
}

// line writes the alternatives at one ply: the first, its alternatives in
// parentheses, then the first's continuation. whiteFirst is the side of
// ply 1; numbered asks for a move number even on a Black move.
func (m *modern) line(alts []*problems.Node, pos *draughts.Position, ply int, whiteFirst, numbered bool) {
	if len(alts) == 0 {
		return
	}
	main := alts[0]
	next := m.move(main, pos, ply, whiteFirst, numbered)
	for _, alt := range alts[1:] {
		start := len(m.words)
		m.line([]*problems.Node{alt}, pos, ply, whiteFirst, true)
		m.words[start] = "(" + m.words[start]
		m.words[len(m.words)-1] += ")"
	}
	m.line(main.Children, next, ply+1, whiteFirst, len(alts) > 1 || main.Comment != "")
}

// move writes one move and returns the position after it, nil if unknown.
func (m *modern) move(n *problems.Node, pos *draughts.Position, ply int, whiteFirst, numbered bool) *draughts.Position {
	full := ply - 1
	if whiteFirst != m.leaderWhite {
		full++ // the second mover's first move is "1..."
	}
	num := strconv.Itoa(full/2 + 1)
	switch {
	case n.White == m.leaderWhite:
		m.words = append(m.words, num+".")
	case numbered:
		m.words = append(m.words, num+"...")
	}
	text, next := moveName(n, pos)
	if n.Origin == problems.Solver {
		text += "*"
	}
	if n.Mark != "" {
		text += " " + n.Mark
	}
	if n.Comment != "" {
		text += " {" + strings.NewReplacer("{", "(", "}", ")").Replace(n.Comment) + "}"
	}
	m.words = append(m.words, text)
	return next
}

// moveName is a node's move in modern notation and the position after it.
func moveName(n *problems.Node, pos *draughts.Position) (string, *draughts.Position) {
	if n.Move == "" {
		return "[" + strings.TrimSpace(n.Text) + "?]", nil
	}
	if pos == nil {
		return n.Move, nil
	}
	mv, err := draughts.ParseMove(*pos, n.Move)
	if err != nil {
		return "[" + n.Move + "?]", nil
	}
	next := pos.Play(mv)
	return shortestName(*pos, mv), &next
}

// shortestName is the two-square form ("33x22") unless another legal move
// joins the same two squares, then the full path: the form other programs
// expect.
func shortestName(pos draughts.Position, mv draughts.Move) string {
	same := 0
	for _, o := range pos.Moves() {
		if o.From() == mv.From() && o.To() == mv.To() {
			same++
		}
	}
	return pos.Rules.FormatMove(mv, same > 1)
}

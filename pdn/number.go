package pdn

import "strings"

// Renumber gives every move its canonical move number, for games built in
// code or read from files that number moves loosely. A white move is
// written "N."; a black move is written "N..." only where it opens a line
// or follows a comment or a variation, and is otherwise left unnumbered.
// The first move is number 1, played by the side to move of the FEN tag
// (its first letter, W or B), or by White when there is none. Write keeps
// these numbers, so the result round-trips.
func (g *Game) Renumber() {
	if g.Root == nil {
		return
	}
	ply := 0
	if fen, ok := g.Tag("FEN"); ok && strings.HasPrefix(strings.ToUpper(strings.TrimSpace(fen)), "B") {
		ply = 1
	}
	renumberLine(g.Root.Next, ply)
}

// renumberLine numbers the line starting at n, whose first move is at the
// given ply (0 for White's first move).
func renumberLine(n *Node, ply int) {
	for prev := (*Node)(nil); n != nil; prev, n = n, n.Next {
		black := ply%2 == 1
		n.MoveNumber, n.BlackToMove = ply/2+1, black
		if black && prev != nil && len(prev.Comments) == 0 && len(prev.Variations) == 0 && len(n.CommentsBefore) == 0 {
			n.MoveNumber, n.BlackToMove = 0, false
		}
		for _, v := range n.Variations {
			renumberLine(v, ply)
		}
		ply++
	}
}

package importer

import (
	"slices"
	"strconv"
	"strings"

	"metz/draughts"
	"metz/pdn"
)

// maxSplit bounds how many plies one capture written ply by ply may take
// (a man of English checkers takes at most 9 pieces in one move).
const maxSplit = 12

// resolvePly finds the legal move the ply n names, as resolveMove does,
// and a capture written over several plies, each jump (or run of jumps)
// as a ply of its own: PlayStrategy's export writes a multi-jump so, and
// the first PDN proposal allowed it for checkers ("11x18 18x25"). last is
// the last ply the move takes in (n itself for a move written whole).
func resolvePly(pos draughts.Position, n *pdn.Node) (m draughts.Move, last *pdn.Node, note string, err error) {
	m, note, err = resolveMove(pos, n)
	if err == nil {
		return m, n, note, nil
	}
	if sm, sl, ok := splitCapture(pos, n); ok {
		return sm, sl, "", nil
	}
	return m, n, note, err
}

// splitCapture joins the plies from n that carry a capture on, each from
// the square where the one before it ended, until they make a legal
// capture. A ply with variations of its own is never taken in: they would
// be alternatives to a move that is not one.
func splitCapture(pos draughts.Position, n *pdn.Node) (draughts.Move, *pdn.Node, bool) {
	if !n.Capture || len(n.Squares) < 2 {
		return draughts.Move{}, nil, false
	}
	squares := slices.Clone(n.Squares)
	last := n
	for range maxSplit {
		nx := last.Next
		if nx == nil || len(nx.Variations) > 0 || !nx.Capture || len(nx.Squares) < 2 || nx.Squares[0] != squares[len(squares)-1] {
			break
		}
		squares = append(squares, nx.Squares[1:]...)
		last = nx
		if m, err := draughts.ParseMove(pos, strings.Join(squares, "x")); err == nil && m.IsCapture() {
			return m, last, true
		}
	}
	return draughts.Move{}, nil, false
}

// joinedPly is the text and the notes of the plies from n to last, read
// as one move: the squares written once each, the comments and NAGs of
// every ply.
func joinedPly(n, last *pdn.Node) (text string, comments, nags []string) {
	squares := slices.Clone(n.Squares)
	for p := n; ; p = p.Next {
		comments = append(comments, p.CommentsBefore...)
		comments = append(comments, p.Comments...)
		nags = append(nags, p.NAGs...)
		if p != n {
			squares = append(squares, p.Squares[1:]...)
		}
		if p == last {
			break
		}
	}
	return strings.Join(squares, "x"), comments, nags
}

// numberSquares rewrites, as numbers, the letter-and-digit squares of a
// game played under a system that numbers its squares (English checkers,
// pool, Spanish, Italian, Thai). PlayStrategy writes its American checkers
// so, the board seen from the side that moves first, Black (a1 is then
// Black's single corner, square 4); a board seen from White is read too.
// Of the two, the one under which the main line replays further is taken.
// The game is g itself when there is nothing to rewrite, else a copy: the
// moves as printed stay as the file wrote them.
func numberSquares(g *pdn.Game, r *draughts.Rules) *pdn.Game {
	if r.Algebraic || r.Geo.Width != 8 || r.Geo.Height != 8 {
		return g
	}
	if alpha, _ := gameSquares(g, nil); !alpha {
		return g
	}
	var best *pdn.Node
	bestN := -1
	for _, turned := range []bool{r.FirstMover == draughts.Black, r.FirstMover != draughts.Black} {
		root := renumber(g.Root, r.Geo, turned)
		if k := replayedPlies(g, r, root); k > bestN {
			best, bestN = root, k
		}
	}
	c := *g
	c.Root = best
	return &c
}

// renumber copies a move tree with its letter-and-digit squares written as
// the numbers of geo, the board turned half round when turned; a square
// that names no playable square is kept as written.
func renumber(n *pdn.Node, geo *draughts.Geometry, turned bool) *pdn.Node {
	if n == nil {
		return nil
	}
	c := *n
	c.Squares = make([]string, len(n.Squares))
	for i, sq := range n.Squares {
		c.Squares[i] = squareNumber(sq, geo, turned)
	}
	if len(n.Squares) >= 2 {
		sep := "-"
		if n.Capture {
			sep = "x"
		}
		c.Move = strings.Join(c.Squares, sep)
	}
	c.Variations = make([]*pdn.Node, len(n.Variations))
	for i, v := range n.Variations {
		c.Variations[i] = renumber(v, geo, turned)
	}
	c.Next = renumber(n.Next, geo, turned)
	return &c
}

// squareNumber names an 8x8 board's "c3" by its number ("22" in English
// checkers), seen from the other side when turned.
func squareNumber(sq string, geo *draughts.Geometry, turned bool) string {
	if len(sq) != 2 || sq[0] < 'a' || sq[0] > 'h' || sq[1] < '1' || sq[1] > '8' {
		return sq
	}
	row, col := int(sq[1]-'1'), int(sq[0]-'a')
	if turned {
		row, col = 7-row, 7-col
	}
	s := geo.Square(row, col)
	if s < 0 {
		return sq
	}
	return strconv.Itoa(geo.Number(s))
}

// replayedPlies counts the plies of the main line from root.Next that replay
// from the game's position under r.
func replayedPlies(g *pdn.Game, r *draughts.Rules, root *pdn.Node) int {
	pos, _, err := startPosition(g, r)
	if err != nil {
		return 0
	}
	k := 0
	for n := root.Next; n != nil; n = n.Next {
		m, last, _, err := resolvePly(pos, n)
		if err != nil {
			break
		}
		pos = pos.Play(m)
		k++
		n = last
	}
	return k
}

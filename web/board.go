package web

import (
	"fmt"
	"strings"

	"metz/draughts"
	"metz/problems"
)

// geometry is a board as the page's script draws it: each playable square
// by index with its name and its cell (row 0 is White's back rank).
type geometry struct {
	Rules   string   `json:"rules"`
	Width   int      `json:"width"`
	Height  int      `json:"height"`
	Names   []string `json:"names"`
	Rows    []int    `json:"rows"`
	Cols    []int    `json:"cols"`
	Algebra bool     `json:"algebraic"`
}

func geometryOf(r *draughts.Rules) geometry {
	g := r.Geo
	out := geometry{Rules: r.Name, Width: g.Width, Height: g.Height, Algebra: r.Algebraic}
	for s := 0; s < g.N; s++ {
		out.Names = append(out.Names, r.SquareName(s))
		out.Rows = append(out.Rows, g.Row(s))
		out.Cols = append(out.Cols, g.Col(s))
	}
	return out
}

// boardText is a position's pieces, one letter a square in index order:
// "." empty, w and b men, W and B kings.
func boardText(p draughts.Position) string {
	var b strings.Builder
	for _, pc := range p.Board {
		b.WriteByte(".wbWB"[pieceIndex(pc)])
	}
	return b.String()
}

func pieceIndex(pc draughts.Piece) int {
	switch pc {
	case draughts.WhiteMan:
		return 1
	case draughts.BlackMan:
		return 2
	case draughts.WhiteKing:
		return 3
	case draughts.BlackKing:
		return 4
	}
	return 0
}

// ply is a tree node replayed: the move with the position after it, so
// that the page steps through any line without a rules engine of its own.
type ply struct {
	Move     string `json:"move,omitempty"`
	Name     string `json:"name,omitempty"` // short notation, "" if not playable
	Text     string `json:"text,omitempty"`
	White    bool   `json:"white"`
	Origin   string `json:"origin,omitempty"`
	Mark     string `json:"mark,omitempty"`
	Comment  string `json:"comment,omitempty"`
	Issue    string `json:"issue,omitempty"`
	FEN      string `json:"fen,omitempty"`
	Board    string `json:"board,omitempty"`
	Path     []int  `json:"path,omitempty"`     // square indices stood on
	Captured []int  `json:"captured,omitempty"` // square indices taken
	Children []*ply `json:"children,omitempty"`
}

// replayed is a tree with each node's position after it.
type replayed struct {
	Geometry geometry `json:"geometry"`
	FEN      string   `json:"fen"`
	Board    string   `json:"board"`
	Children []*ply   `json:"children"`
}

// replay plays t's nodes from fen under rules (a request's, read here);
// a move that cannot be played keeps its text and issue, and the line
// stops there.
func replay(rulesName, fen string, t *problems.Tree) (*replayed, error) {
	r, err := draughts.RulesByName(rulesName)
	if err != nil {
		return nil, err
	}
	pos, err := draughts.ParseFEN(r, fen)
	if err != nil {
		return nil, fmt.Errorf("position %q: %w", fen, err)
	}
	return replayFrom(pos, t)
}

// replayFrom is replay from a position read before (a record's diagram),
// or from the tree's own start when it names another.
func replayFrom(pos draughts.Position, t *problems.Tree) (*replayed, error) {
	if t != nil && t.Start != nil {
		pos = *t.Start
	}
	out := &replayed{Geometry: geometryOf(pos.Rules), FEN: pos.FEN(), Board: boardText(pos), Children: []*ply{}}
	if t != nil {
		out.Children = replayNodes(pos, t.Children)
	}
	return out, nil
}

func replayNodes(pos draughts.Position, ns []*problems.Node) []*ply {
	out := make([]*ply, 0, len(ns))
	for _, n := range ns {
		p := &ply{Move: n.Move, Text: n.Text, White: n.White, Origin: n.Origin, Mark: n.Mark, Comment: n.Comment, Issue: n.Issue}
		out = append(out, p)
		if n.Move == "" {
			continue
		}
		m, err := draughts.ParseMove(pos, n.Move)
		if err != nil {
			if p.Issue == "" {
				p.Issue = err.Error()
			}
			continue
		}
		next := pos.Play(m)
		p.Name, p.FEN, p.Board = pos.Rules.FormatMove(m, false), next.FEN(), boardText(next)
		p.Path, p.Captured = m.Path, m.Captured
		p.Children = replayNodes(next, n.Children)
	}
	return out
}

package app

import "metz/draughts"

// Move is one legal move as `metz moves --json` and the web API give it.
type Move struct {
	Move     string   `json:"move"`     // short notation
	Long     string   `json:"-"`        // every square stood on, for reading
	Path     []string `json:"path"`     // every square stood on
	Captured []string `json:"captured"` // captured squares in order
	Kings    int      `json:"captured_kings"`
	Promotes bool     `json:"promotes"`
}

// Moves are the legal moves of p, capture paths that take the same pieces
// to the same square being one move.
func Moves(p draughts.Position) []Move {
	ms := p.Moves()
	out := make([]Move, len(ms))
	for i, m := range ms {
		out[i] = DescribeMove(p.Rules, m)
	}
	return out
}

// DescribeMove names a move's squares as its rules name them.
func DescribeMove(r *draughts.Rules, m draughts.Move) Move {
	names := func(sq []int) []string {
		out := make([]string, len(sq))
		for i, s := range sq {
			out[i] = r.SquareName(s)
		}
		return out
	}
	return Move{Move: r.FormatMove(m, false), Long: r.FormatMove(m, true), Path: names(m.Path),
		Captured: names(m.Captured), Kings: m.CapturedKings(), Promotes: m.Promotes}
}

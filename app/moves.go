package app

import "metz/draughts"

// MoveInfo is one legal move as `metz moves --json` and the web API give it.
type MoveInfo struct {
	Move     string   `json:"move"`     // short notation
	Path     []string `json:"path"`     // every square stood on
	Captured []string `json:"captured"` // captured squares in order
	Kings    int      `json:"captured_kings"`
	Promotes bool     `json:"promotes"`
}

// DescribeMove names a move's squares as its rules name them.
func DescribeMove(r *draughts.Rules, m draughts.Move) MoveInfo {
	names := func(sq []int) []string {
		out := make([]string, len(sq))
		for i, s := range sq {
			out[i] = r.SquareName(s)
		}
		return out
	}
	return MoveInfo{Move: r.FormatMove(m, false), Path: names(m.Path), Captured: names(m.Captured),
		Kings: m.CapturedKings(), Promotes: m.Promotes}
}

package app

import (
	"time"

	"metz/draughts"
	"metz/draughts/engines"
)

// PerftOptions are how perft counts: Mode merges capture paths that take
// the same pieces to the same square (Drop) or keeps each (Keep); Bulk
// and HashMB apply to the 10x10 generator; Divide adds the count below
// each move at the last depth.
type PerftOptions struct {
	Mode   draughts.Mode
	Bulk   bool
	HashMB int
	Divide bool
}

// PerftResult is what perft counted (perft's JSON form).
type PerftResult struct {
	Depths []PerftDepth `json:"depths"`
	Divide []PerftMove  `json:"divide,omitempty"` // with Divide: the count below each move at the last depth
}

// PerftDepth is the count of one depth and the time it took.
type PerftDepth struct {
	Depth   int     `json:"depth"`
	Nodes   uint64  `json:"nodes"`
	Seconds float64 `json:"seconds"`
}

// PerftMove is the count below one move.
type PerftMove struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// Perft counts the positions reached from p after every depth from 1 to
// depth with the fastest engine for p's rules (engines.Perft), telling
// each depth as it is counted (the deep ones take minutes).
func Perft(p draughts.Position, depth int, o PerftOptions, each func(PerftDepth)) PerftResult {
	res := PerftResult{Depths: []PerftDepth{}}
	opt := engines.PerftOptions{Keep: o.Mode == draughts.Keep, Bulk: o.Bulk, HashMB: o.HashMB}
	for d := 1; d <= depth; d++ {
		start := time.Now()
		n, _ := engines.Perft(p, d, opt)
		pd := PerftDepth{Depth: d, Nodes: n, Seconds: time.Since(start).Seconds()}
		res.Depths = append(res.Depths, pd)
		each(pd)
	}
	if o.Divide && depth > 0 {
		for _, e := range draughts.Divide(p, depth, o.Mode) {
			res.Divide = append(res.Divide, PerftMove{Move: p.Rules.FormatMove(e.Move, true), Nodes: e.Nodes})
		}
	}
	return res
}

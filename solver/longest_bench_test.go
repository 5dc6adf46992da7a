package solver

import (
	"testing"
	"time"

	"metz/draughts"
	"metz/tables"
	"metz/verdict"
)

// BenchmarkLongestWins solves the 41 longest published 2-4-piece wins
// (longestWins), each from empty tables: a fresh in-memory handle a
// position, so the slices its root reaches are built again every time, as
// scripts/longest-wins.sh does with an empty directory. One op is the 41;
// "worst-ms" is the slowest position of the last op. Any length other than
// the published one fails the benchmark. The figures are in
// docs/performance.md.
func BenchmarkLongestWins(b *testing.B) {
	var worst time.Duration
	for b.Loop() {
		worst = 0
		for _, c := range longestWins {
			p, err := draughts.ParseFEN(draughts.International, c.fen)
			if err != nil {
				b.Fatal(err)
			}
			start := time.Now()
			sol := SolveWith(p, Goal{Kind: GoalWin}, Options{Budget: verdict.Budget{Time: time.Minute}, Tables: tables.InMemory()})
			if sol.Plies != c.plies || len(sol.Keys) == 0 {
				b.Fatalf("%s: %d plies, %d keys; want a win in %d", c.fen, sol.Plies, len(sol.Keys), c.plies)
			}
			worst = max(worst, time.Since(start))
		}
	}
	b.ReportMetric(float64(worst.Milliseconds()), "worst-ms")
}

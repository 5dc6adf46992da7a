package solver

import (
	"testing"
	"time"

	"metz/verdict"
)

// benchVerify runs the whole of Verify on c with opt (the key, every
// defence of the stated line, every other first move to the bound, the
// duals), checks that it ends sound-incomplete on goal, and reports the
// nodes of the last run.
func benchVerify(b *testing.B, c combination, opt Options, goal string) {
	p := c.problem(b)
	var rep *verdict.Report
	for b.Loop() {
		rep = verifyT(p, opt)
	}
	if rep.Verdict != verdict.SoundIncomplete || rep.Goal != goal {
		b.Fatalf("%s: verdict %s on %s, want sound-incomplete on %s", c.name, rep.Verdict, rep.Goal, goal)
	}
	b.ReportMetric(float64(rep.ProofNodes), "nodes/op")
}

// BenchmarkVerifyCombination verifies a full-board combination of 13 men
// a side (crownOn5: a crowning at ply 17) bounded by its line plus the
// default slack of 4 plies, promote/21, on one core and the default budget.
// The figures are in docs/stipulations.md.
func BenchmarkVerifyCombination(b *testing.B) {
	benchVerify(b, crownOn5, Options{}, "promote/21")
}

// BenchmarkVerifyOutright verifies the composition whose printed line wins
// outright (vinkOutright: nine men a side, the goal read from the line,
// win/25) on one core and 14 M nodes, the budget its earlier figures were
// measured on (it needs 4.0 M). The figures are in docs/performance.md.
func BenchmarkVerifyOutright(b *testing.B) {
	benchVerify(b, vinkOutright, Options{Budget: verdict.Budget{Nodes: 14_000_000, Time: time.Hour}}, "win/25")
}

// BenchmarkVerifyFullBoardOutright verifies the full-board forcing whose
// line ends in a total capture (forcingOutright: twelve men against
// thirteen, win/19, the outright win at ply 15 plus the slack) on one core
// and the default budget. The figures are in docs/performance.md.
func BenchmarkVerifyFullBoardOutright(b *testing.B) {
	benchVerify(b, forcingOutright, Options{}, "win/19")
}

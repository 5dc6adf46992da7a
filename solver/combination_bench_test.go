package solver

import (
	"testing"
	"time"
)

// BenchmarkVerifyCombination verifies a full-board combination of 13 men
// a side (crownOn5: a crowning at ply 17) bounded by its line plus the
// default slack of 4 plies, promote/21, the whole of Verify: the key, every
// defence of the stated line, every other first move to the bound, the
// duals, on one core and the default budget (5 M nodes, 64 MB). The
// figures are in docs/stipulations.md.
func BenchmarkVerifyCombination(b *testing.B) {
	p := crownOn5.problem(b)
	var rep *Report
	for b.Loop() {
		rep = Verify(p, Options{})
	}
	if rep.Verdict != SoundIncomplete || rep.Goal != "promote/21" {
		b.Fatalf("verdict %s on %s", rep.Verdict, rep.Goal)
	}
	b.ReportMetric(float64(rep.ProofNodes), "nodes/op")
}

// BenchmarkVerifyOutright verifies the composition whose printed line wins
// outright (vinkOutright: nine men a side, the goal read from the line,
// win/25), the whole of Verify on one core, on 14 M nodes: the default
// 5 M leave 29-24 undecided. The figures are in docs/performance.md.
func BenchmarkVerifyOutright(b *testing.B) {
	p := vinkOutright.problem(b)
	var rep *Report
	for b.Loop() {
		rep = Verify(p, Options{Budget: Budget{Nodes: 14_000_000, Time: time.Hour}})
	}
	if rep.Verdict != SoundIncomplete || rep.Goal != "win/25" {
		b.Fatalf("verdict %s on %s", rep.Verdict, rep.Goal)
	}
	b.ReportMetric(float64(rep.ProofNodes), "nodes/op")
}

// BenchmarkVerifyFullBoardOutright verifies the full-board forcing whose
// line ends in a total capture (forcingOutright: twelve men against
// thirteen, win/19, the outright win at ply 15 plus the slack), the whole
// of Verify on one core and the default budget. The figures are in
// docs/performance.md.
func BenchmarkVerifyFullBoardOutright(b *testing.B) {
	p := forcingOutright.problem(b)
	var rep *Report
	for b.Loop() {
		rep = Verify(p, Options{})
	}
	if rep.Verdict != SoundIncomplete || rep.Goal != "win/19" {
		b.Fatalf("verdict %s on %s", rep.Verdict, rep.Goal)
	}
	b.ReportMetric(float64(rep.ProofNodes), "nodes/op")
}

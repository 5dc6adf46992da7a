package solver

import "testing"

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

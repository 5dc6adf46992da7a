package solver

import (
	"testing"

	"metz/problems"
)

// BenchmarkSolve reports the search speed on Van Tenac VII (df-pn, keys,
// shortest win and tree).
func BenchmarkSolve(b *testing.B) {
	p := mustFEN(b, intl, "W:W24,29,33,40,49:B10,K14,K34")
	var nodes int64
	for b.Loop() {
		nodes += Solve(p, Win, Budget{Nodes: 2_000_000}).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkVanTenac verifies the Van Tenac problems whose stated lines the
// solver can replay from the modern transcription below.
func BenchmarkVanTenac(b *testing.B) {
	cases := []struct {
		name, fen string
		moves     []string
	}{
		{"VII", "W:W24,29,33,40,49:B10,K14,K34", []string{"24-19", "14x35", "29x40", "35x44", "49x40"}},
		{"II", "W:W12,13,24,25,31:B3,5,6,K10,11", []string{"24-19", "10x8", "13x2"}},
		{"V", "W:W13,21,23,27,28,48:B2,4,12,15,17,K47", []string{"23-18", "12x32", "27x38", "47x8", "21x3"}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			p := &problems.Problem{Rules: "international", FEN: c.fen, Stipulation: "win", Solution: line(c.moves...)}
			var r *Report
			for b.Loop() {
				r = Verify(p, Options{Budget: Budget{Nodes: 300_000}})
			}
			b.ReportMetric(float64(r.ProofNodes), "nodes")
			b.Logf("%s: %s", c.name, r.Verdict)
		})
	}
}

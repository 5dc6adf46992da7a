package themes

import (
	"errors"
	"testing"

	"metz/importer"
	"metz/problems"
)

// BenchmarkDetectBundled runs detection on every stated solution of the
// bundled sources (the 415 coups of the Livre de Metz, which have no
// position and are skipped, and Van Tenac's seven problems). The issue's
// target is under 2 s in total; the import itself is not timed.
func BenchmarkDetectBundled(b *testing.B) {
	bs, err := importer.Bundled()
	if err != nil {
		b.Fatal(err)
	}
	var all []*problems.Problem
	for _, batch := range bs {
		all = append(all, batch.Problems...)
	}
	b.ResetTimer()
	for b.Loop() {
		found := 0
		for _, p := range all {
			ts, err := ForProblem(p)
			if err != nil && !errors.Is(err, ErrNoPosition) && !errors.Is(err, ErrNoSolution) {
				b.Fatal(err)
			}
			found += len(ts)
		}
		if found == 0 {
			b.Fatal("nothing detected in the bundled sources")
		}
	}
	b.ReportMetric(float64(len(all)), "problems")
}

package intl

import (
	"testing"
)

// BenchmarkBuildKings4 builds the 4-kings tables (and what they need):
// about 4.5 million indices.
func BenchmarkBuildKings4(b *testing.B) {
	for b.Loop() {
		dir := b.TempDir()
		if err := buildSigs(dir, []stmSig{{0, 3, 0, 1}, {0, 2, 0, 2}}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

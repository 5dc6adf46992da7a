package generic

import (
	"testing"

	"metz/draughts"
	"metz/tables/base"
)

// BenchmarkBuild builds every signature of three kings against two under
// Russian rules (flying kings, 8x8: 5.8 M positions in all).
func BenchmarkBuild(b *testing.B) {
	for b.Loop() {
		t := New(draughts.Russian)
		if err := t.Ensure(base.Sig{WK: 3, BK: 2}, Limit{Bytes: 1 << 30}); err != nil {
			b.Fatal(err)
		}
	}
}

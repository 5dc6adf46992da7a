package endgame

import (
	"os"
	"testing"
)

// TestProfilePair builds one 5-piece pair from the 4-piece tables in
// $METZ_PROF_DIR (skipped without it): for profiling.
func TestProfilePair(t *testing.T) {
	dir := os.Getenv("METZ_PROF_DIR")
	if dir == "" {
		t.Skip("METZ_PROF_DIR not set")
	}
	if os.Getenv("METZ_PROF_SIG") == "all" {
		if err := buildSigs(dir, signatures(5), nil); err != nil {
			t.Fatal(err)
		}
		return
	}
	b := &builder{}
	for n := 2; n <= 4; n++ {
		for _, s := range signatures(n) {
			tab, err := readTable(dir, s)
			if err != nil {
				t.Fatal(err)
			}
			b.done[s.code()] = tab
		}
	}
	want, _ := parseSig(os.Getenv("METZ_PROF_SIG"))
	for _, level := range levels(closure([]stmSig{want})) {
		if level[0].Pieces() < 5 {
			continue
		}
		if err := b.runLevel(pairs(level)); err != nil {
			t.Fatal(err)
		}
	}
}

package intl

import (
	"bytes"
	"os"
	"strconv"
	"testing"
)

// TestProfilePair builds one 5-piece pair from the 4-piece tables in
// $METZ_PROF_DIR (skipped without it): for profiling. With
// $METZ_PROF_DEMAND=SIG it builds SIG's closure in memory from nothing, as
// the solver's on-demand builds do (repeated $METZ_PROF_REPEAT times).
// $METZ_PROF_CHECK=DIR compares the 5-piece tables built with DIR's.
func TestProfilePair(t *testing.T) {
	if name := os.Getenv("METZ_PROF_DEMAND"); name != "" {
		profileDemand(t, name)
		return
	}
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
	b.plan(closure([]stmSig{want}))
	defer b.metas.release()
	for _, level := range levels(closure([]stmSig{want})) {
		if level[0].Pieces() < 5 {
			continue
		}
		if err := b.runLevel(pairs(level)); err != nil {
			t.Fatal(err)
		}
	}
	if check := os.Getenv("METZ_PROF_CHECK"); check != "" {
		for _, s := range closure([]stmSig{want}) {
			if s.Pieces() < 5 {
				continue
			}
			old, err := readTable(check, s)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(old, b.done[s.code()]) {
				t.Errorf("%v differs from the table in %s", s, check)
			}
		}
	}
}

// profileDemand builds the closure of the signature name in memory.
func profileDemand(t *testing.T, name string) {
	want, err := parseSig(name)
	if err != nil {
		t.Fatal(err)
	}
	repeat, _ := strconv.Atoi(os.Getenv("METZ_PROF_REPEAT"))
	for range max(1, repeat) {
		b := &builder{}
		b.plan(closure([]stmSig{want}))
		for _, level := range levels(closure([]stmSig{want})) {
			if err := b.runLevel(pairs(level)); err != nil {
				t.Fatal(err)
			}
		}
		b.metas.release()
	}
}

package intl

import (
	"bytes"
	"os"
	"strconv"
	"testing"
	"time"
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
	var five []stmSig // the 2-4-piece tables are read above
	for _, s := range closure([]stmSig{want}) {
		if s.Pieces() >= 5 {
			five = append(five, s)
		}
	}
	if err := b.run(five, nil); err != nil {
		t.Fatal(err)
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
		if err := b.run(closure([]stmSig{want}), nil); err != nil {
			t.Fatal(err)
		}
		b.metas.release()
	}
}

// TestProfileGroup builds the group of the signature $METZ_PROF_GROUP
// (with its flip) alone, in memory, from the tables of its closure in
// $METZ_PROF_DIR (every other table of the closure must be there), as
// Build would (lean and packed from WDLPieces on): for profiling a
// six-piece group without building what it leads to. With
// $METZ_PROF_CHECK=DIR its tables are compared with DIR's files.
func TestProfileGroup(t *testing.T) {
	name, dir := os.Getenv("METZ_PROF_GROUP"), os.Getenv("METZ_PROF_DIR")
	if name == "" || dir == "" {
		t.Skip("METZ_PROF_GROUP or METZ_PROF_DIR not set")
	}
	want, err := parseSig(name)
	if err != nil {
		t.Fatal(err)
	}
	g := []stmSig{want}
	if f := want.Flip(); f != want {
		g = append(g, f)
	}
	b := &builder{}
	if n, _ := strconv.Atoi(os.Getenv("METZ_PROF_LEAN")); n > 0 {
		b.wdlFrom = n // a smaller group built lean and packed too (its check DIR must have it so)
	}
	for _, s := range closure(g) {
		if s == want || s == want.Flip() {
			continue
		}
		tab, release, err := openTable(dir, s)
		if err != nil {
			t.Fatal(err)
		}
		defer release()
		b.done[s.code()] = tab
	}
	b.plan(g)
	defer b.metas.release()
	start, cpu := time.Now(), processCPU()
	if os.Getenv("METZ_PROF_LEVELS") != "" {
		traceLevels(t, start, cpu)
	}
	if f, _ := strconv.Atoi(os.Getenv("METZ_PROF_FORWARD")); f != 0 {
		defer func(m int) { forwardMode = m }(forwardMode)
		forwardMode = f // 1: every level that may go forwards does, -1: none
	}
	out, err := b.group(g)
	if err != nil {
		t.Fatal(err)
	}
	if save := os.Getenv("METZ_PROF_SAVE"); save != "" {
		for i, s := range g {
			if err := writeTable(save, s, out[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%v: %.1f s wall, %.1f s CPU", g, time.Since(start).Seconds(), (processCPU() - cpu).Seconds())
	if check := os.Getenv("METZ_PROF_CHECK"); check != "" {
		for i, s := range g {
			old, err := readTable(check, s)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(old, out[i]) {
				t.Errorf("%v differs from the table in %s", s, check)
			}
		}
	}
}

// traceLevels logs each level of the group built (METZ_PROF_LEVELS): how
// it was made, what it found, and its wall and CPU time; the first
// level's line also gives the first pass's.
func traceLevels(t *testing.T, start time.Time, cpu time.Duration) {
	type counts struct{ bf, bp, fl, fk int64 }
	last := map[*part]counts{}
	prevEnd, prevCPU := start, cpu
	traceLevel = func(tp, o *part, n int, begin time.Time) {
		now, c := time.Now(), processCPU()
		if prevEnd == start {
			t.Logf("first pass: %.1f s wall, %.1f s CPU", begin.Sub(start).Seconds(), (c - prevCPU).Seconds()) // approximate: up to this level's end
		}
		l := last[tp]
		how := "back"
		if tp.fwdLive+tp.fwdWins != l.fl {
			how = "fwd"
		}
		t.Logf("%v n=%d %s: un-moved %d (preds %d), tried %d (moves %d); %.2f s wall, %.2f s CPU", tp.sig, n, how,
			tp.bwdFound-l.bf, tp.bwdPreds-l.bp, tp.fwdLive+tp.fwdWins-l.fl, tp.fwdKids+tp.fwdWinKids-l.fk, now.Sub(begin).Seconds(), (c - prevCPU).Seconds())
		last[tp] = counts{tp.bwdFound, tp.bwdPreds, tp.fwdLive + tp.fwdWins, tp.fwdKids + tp.fwdWinKids}
		prevEnd, prevCPU = now, c
	}
	t.Cleanup(func() { traceLevel = nil })
}

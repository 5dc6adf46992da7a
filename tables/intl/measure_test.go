package intl

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// processCPU is the CPU time (user and system) the process has taken.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestMeasureBuild builds the tables $METZ_MEASURE names (comma-separated
// signatures, "KKKvKKK,KKKKKvK"), with everything they lead to, into
// $METZ_ENDGAME_DIR, as Build would, and prints each group's figures: a
// manual run for docs/tables-build.md, under /usr/bin/time for the
// process's CPU and peak memory:
//
//	go test -c -o /tmp/intl.test ./tables/intl
//	METZ_MEASURE=KKKKKvK METZ_ENDGAME_DIR=$(mktemp -d) /usr/bin/time -v /tmp/intl.test -test.run MeasureBuild -test.v
func TestMeasureBuild(t *testing.T) {
	names, dir := os.Getenv("METZ_MEASURE"), os.Getenv("METZ_ENDGAME_DIR")
	if names == "" || dir == "" {
		t.Skip("METZ_MEASURE or METZ_ENDGAME_DIR not set")
	}
	var want []stmSig
	for _, n := range strings.Split(names, ",") {
		s, err := parseSig(n)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, s)
	}
	start, cpu0 := time.Now(), processCPU()
	progress := func(p Progress) {
		cpu := processCPU() // the process's CPU since the last table reported (groups of a level overlap)
		defer func() { cpu0 = cpu }()
		if p.Pieces < 5 {
			return
		}
		how := "built"
		if p.Loaded {
			how = "read"
		}
		fmt.Printf("%-8s %s %6.1f s wall %6.1f s CPU %8.1f M indices %8.1f MB  W %d D %d L %d  (at %.0f s)\n", p.Name, how, p.Time.Seconds(), (cpu - cpu0).Seconds(),
			float64(p.Size)/1e6, float64(p.Bytes)/1e6, p.Stats.Wins, p.Stats.Draws, p.Stats.Losses, time.Since(start).Seconds())
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := (&builder{dir: dir, progress: progress}).buildAll(want); err != nil {
		t.Fatal(err)
	}
}

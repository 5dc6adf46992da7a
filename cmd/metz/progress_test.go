package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// The solve clock draws the time spent against the limit on a terminal's
// bar and ends its line when stopped; off a terminal it draws nothing.
func TestClockBar(t *testing.T) {
	var buf bytes.Buffer
	stop := clockBar(&progressBar{w: &buf, label: "solve", last: -1}, 2*time.Second)
	time.Sleep(700 * time.Millisecond)
	stop()
	out := buf.String()
	if !strings.Contains(out, "solve") || !strings.Contains(out, "s of 2s") || !strings.HasSuffix(out, "\n") {
		t.Errorf("clock bar drew %q", out)
	}
	var quiet bytes.Buffer
	clockBar(newProgressBar(&quiet, "solve"), time.Second)()
	if quiet.Len() != 0 {
		t.Errorf("off a terminal the clock drew %q", quiet.String())
	}
}

// An import's bar shows the megabytes read of the file and ends its line
// at the end of the file; off a terminal it draws nothing.
func TestBytesBar(t *testing.T) {
	var buf bytes.Buffer
	bar := &progressBar{w: &buf, label: "games.pdn", last: -1}
	for _, done := range []int64{0, 12_500_000, 25_000_000, 50_000_000} {
		bar.updateBytes(done, 50_000_000)
	}
	out := buf.String()
	if !strings.Contains(out, "games.pdn") || !strings.Contains(out, "12.5/50.0 MB") || !strings.Contains(out, "50.0/50.0 MB") ||
		!strings.HasSuffix(out, "\n") || strings.Count(out, "\n") != 1 {
		t.Errorf("bytes bar drew %q", out)
	}
	var quiet bytes.Buffer
	newProgressBar(&quiet, "games.pdn").updateBytes(1, 1)
	if quiet.Len() != 0 {
		t.Errorf("off a terminal the bar drew %q", quiet.String())
	}
}

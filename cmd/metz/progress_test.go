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

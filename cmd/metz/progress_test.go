package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The solve clock draws the time spent against the limit on a terminal's
// bar and ends its line when stopped; off a terminal it draws nothing.
func TestClockBar(t *testing.T) {
	var buf bytes.Buffer
	stop := clockBar(&progressBar{w: &buf, label: "solve"}, 2*time.Second)
	time.Sleep(700 * time.Millisecond)
	stop()
	out := buf.String()
	if !strings.Contains(out, "solve") || !strings.Contains(out, "s of 2s") || !strings.HasSuffix(out, "\n") {
		t.Errorf("clock bar drew %q", out)
	}
	if strings.Contains(out, "100%") {
		t.Errorf("a search stopped before its limit drew a full bar: %q", out)
	}
	var quiet bytes.Buffer
	clockBar(newProgressBar(&IOStreams{ErrOut: &quiet}, "solve", ""), time.Second)()
	if quiet.Len() != 0 {
		t.Errorf("off a terminal the clock drew %q", quiet.String())
	}
}

// A count bar shows done/total and the rate in its unit, is full when
// done reaches total and ends its line; one finished early (a failed or
// interrupted command) ends its line as it was.
func TestProgressBarCounts(t *testing.T) {
	var buf bytes.Buffer
	bar := &progressBar{w: &buf, label: "verify", unit: "problems"}
	bar.update(1, 3)
	bar.update(3, 3)
	bar.finish()
	out := buf.String()
	if !strings.Contains(out, "verify") || !strings.Contains(out, "3/3") || !strings.Contains(out, "100%") ||
		!strings.Contains(out, "problems/") || !strings.HasSuffix(out, "\n") {
		t.Errorf("full bar: %q", out)
	}
	buf.Reset()
	bar.update(1, 4)
	bar.finish()
	bar.finish() // once only
	if out := buf.String(); !strings.Contains(out, "1/4") || strings.Contains(out, "100%") || strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
		t.Errorf("bar finished at 1/4: %q", out)
	}
}

// Ctrl-C ends the bar's line at once, and it draws nothing after, so the
// command's own words on stopping start on a line of their own.
func TestProgressBarInterrupted(t *testing.T) {
	var buf bytes.Buffer // written under bar.mu only
	bar := &progressBar{w: &buf, label: "verify", unit: "problems"}
	bar.update(1, 3)
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		bar.mu.Lock()
		stopped := bar.interrupted
		bar.mu.Unlock()
		if stopped {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the bar did not see the interrupt")
		}
	}
	bar.update(2, 3)
	bar.finish()
	if out := buf.String(); !strings.Contains(out, "1/3") || strings.Contains(out, "2/3") || strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
		t.Errorf("interrupted bar: %q", out)
	}
}

// On a terminal (a pseudo-terminal here) import draws its bar of the
// bytes read on standard error, ended once at the end of the file, the
// table staying on standard output; under --json it draws nothing.
func TestProgressBarOnTerminal(t *testing.T) {
	dir := t.TempDir()
	pdn := filepath.Join(dir, "two.pdn")
	if err := os.WriteFile(pdn, []byte("[Event \"one\"]\n[FEN \"W:W28,37:B32\"]\n\n1. 37-31 *\n\n[Event \"two\"]\n[FEN \"W:W28:B23\"]\n\n1. 28x19 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, json := range []bool{false, true} {
		args := []string{"import", "--db", filepath.Join(dir, fmt.Sprint(json, ".db")), pdn}
		if json {
			args = append(args, "--json")
		}
		var out bytes.Buffer
		drawn := onTerminal(t, func(tty *os.File) {
			if code := run(context.Background(), args, &out, tty); code != 0 {
				t.Errorf("%v: status %d", args, code)
			}
		})
		switch {
		case json && drawn != "":
			t.Errorf("--json: the terminal got %q", drawn)
		case !json && (!strings.Contains(drawn, "two") || !strings.Contains(drawn, "92/92 B") || !strings.Contains(drawn, "100%") ||
			strings.Count(drawn, "\n") != 1):
			t.Errorf("no bar of the bytes read, ended once, on the terminal: %q", drawn)
		case strings.Contains(out.String(), "100%"):
			t.Errorf("the bar went to standard output: %q", out.String())
		}
	}
}

// onTerminal runs f with a pseudo-terminal and returns what f wrote on it.
func onTerminal(t *testing.T, f func(tty *os.File)) string {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	if err := unix.IoctlSetPointerInt(int(ptmx.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(int(ptmx.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	read := make(chan string)
	go func() {
		var b bytes.Buffer
		_, _ = b.ReadFrom(ptmx) // until the terminal side is closed
		read <- b.String()
	}()
	f(tty)
	tty.Close()
	select {
	case s := <-read:
		return s
	case <-time.After(5 * time.Second):
		t.Fatal("the pseudo-terminal was not closed")
		return ""
	}
}

// An import's bar shows the bytes read of the file and ends its line at
// the end of the file; off a terminal it draws nothing.
func TestBytesBar(t *testing.T) {
	var buf bytes.Buffer
	bar := &progressBar{w: &buf, label: "games.pdn", bytes: true}
	for _, done := range []int64{0, 12_500_000, 25_000_000, 50_000_000} {
		bar.updateBytes(done, 50_000_000)
		time.Sleep(redraw) // each drawn
	}
	out := buf.String()
	if !strings.Contains(out, "games.pdn") || !strings.Contains(out, "MB") || !strings.Contains(out, "100%") ||
		!strings.HasSuffix(out, "\n") || strings.Count(out, "\n") != 1 {
		t.Errorf("bytes bar drew %q", out)
	}
	var quiet bytes.Buffer
	newBytesBar(&IOStreams{ErrOut: &quiet}, "games.pdn").updateBytes(1, 1)
	if quiet.Len() != 0 {
		t.Errorf("off a terminal the bar drew %q", quiet.String())
	}
}

// A command that stops on Ctrl-C by itself exits 130 when Ctrl-C stopped
// it, as endgame build and a shell do; it exits 1 on any other error,
// its context ended by its own stop included.
func TestExitStatusInterrupted(t *testing.T) {
	marked := func(ctx context.Context) *IOStreams { return &IOStreams{signalled: ctx} }
	if got := exitStatus(&IOStreams{}); got != 1 {
		t.Errorf("an unmarked command: status %d, want 1", got)
	}
	running, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	if got := exitStatus(marked(running)); got != 1 {
		t.Errorf("a command failing before any signal: status %d, want 1", got)
	}
	stop()
	if got := exitStatus(marked(running)); got != 1 {
		t.Errorf("a command whose context it stopped itself: status %d, want 1", got)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the interrupt did not arrive")
	}
	if got := exitStatus(marked(ctx)); got != 130 {
		t.Errorf("a command stopped by Ctrl-C: status %d, want 130", got)
	}
}

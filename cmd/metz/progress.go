package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"

	"metz/app"
	"metz/cmd/metz/internal/textout"
)

// progressBar shows a long command's advance on standard error, drawn by
// progressbar/v3: the label, the share done, the counts, the rate and the
// time left. It draws on a terminal only and never under --json, so that
// pipes, files and scripts read clean output. Ctrl-C while it is drawn
// ends its line first; a command that stops cleanly on Ctrl-C itself
// (IOStreams.Interruptible) then goes on to do so, any other exits as the signal
// would have made it (status 130 for Ctrl-C).
type progressBar struct {
	w     io.Writer // nil: nothing is drawn
	label string
	unit  string // what the rate counts ("problems"); "": no rate
	clock bool   // clockBar's: the text says the time, no estimate
	bytes bool   // newBytesBar's: the counts are bytes, shown in kB, MB …
	// exitOnInterrupt: the command does not stop on Ctrl-C by itself.
	exitOnInterrupt bool

	mu          sync.Mutex
	bar         *progressbar.ProgressBar // the line drawn, from its first update to finish
	done, total int64
	text        string
	drawn       time.Time // when set last drew
	signals     chan os.Signal
	interrupted bool // Ctrl-C came: nothing is drawn any more
}

// newProgressBar is a bar on s's messages, counting unit.
func newProgressBar(s *IOStreams, label, unit string) *progressBar {
	if s.JSON || !s.errTerminal() {
		return &progressBar{}
	}
	return &progressBar{w: s.ErrOut, label: label, unit: unit, exitOnInterrupt: s.signalled == nil}
}

// newBytesBar is a bar for a file being read: the bytes read of its
// size, the rate and the time left.
func newBytesBar(s *IOStreams, label string) *progressBar {
	b := newProgressBar(s, label, "")
	b.bytes = true
	return b
}

// update shows done out of total, with the count, the rate and the time
// left.
func (p *progressBar) update(done, total int) { p.set(int64(done), int64(total), "") }

// updateWith fills the bar by done/total and shows text after the label
// (a table build: which table of how many).
func (p *progressBar) updateWith(done, total int64, text string) { p.set(done, total, text) }

// updateFinishing is update, ending the bar's line once done reaches
// total: for a caller that tells the progress and not the end.
func (p *progressBar) updateFinishing(done, total int) {
	p.update(done, total)
	if done == total {
		p.finish()
	}
}

// updateBytes shows done bytes read out of total, ending the bar's line
// once done reaches total.
func (p *progressBar) updateBytes(done, total int64) {
	p.set(done, total, "")
	if done == total {
		p.finish()
	}
}

func (p *progressBar) set(done, total int64, text string) {
	if p.w == nil || total <= 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.interrupted {
		return
	}
	if p.bar == nil {
		p.bar = progressbar.NewOptions64(total, p.options(text == "")...)
		p.catchInterrupt()
	} else if total != p.total {
		p.bar.ChangeMax64(total)
	}
	p.done, p.total = min(done, total), total
	// At most ten lines a second, the last one always. The bar is given
	// the text, then the count (it draws no text once full).
	if text == p.text && p.done < total && time.Since(p.drawn) < redraw {
		return
	}
	p.drawn = time.Now()
	if text != p.text {
		p.text = text
		p.bar.Describe(fmt.Sprintf("%-12s %s", p.label, text))
	}
	_ = p.bar.Set64(p.done) // its only errors are about its own options
}

// redraw is the least time between two lines of a bar.
const redraw = 100 * time.Millisecond

// options are the bar's look: counts for update, the rate in p.unit, the
// time spent and left (the time spent alone once finished).
func (p *progressBar) options(counts bool) []progressbar.Option {
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription(fmt.Sprintf("%-12s", p.label)),
		progressbar.OptionSetWidth(30),
		progressbar.OptionUseANSICodes(true),
		progressbar.OptionSetPredictTime(!p.clock),
	}
	if !p.clock {
		opts = append(opts, progressbar.OptionShowElapsedTimeOnFinish())
	}
	switch {
	case p.bytes:
		opts = append(opts, progressbar.OptionShowBytes(true), progressbar.OptionShowCount())
	case counts:
		opts = append(opts, progressbar.OptionShowCount())
	}
	if p.unit != "" {
		opts = append(opts, progressbar.OptionShowIts(), progressbar.OptionSetItsString(p.unit))
	}
	return opts
}

// drawing tells whether the bar has a line on the terminal.
func (p *progressBar) drawing() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.bar != nil
}

// finish ends the bar's line, the bar full if done reached total, else
// as it was (an interrupted or failed command).
func (p *progressBar) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar == nil {
		return
	}
	if p.done == p.total {
		_ = p.bar.Finish()
	} else {
		_ = p.bar.Set64(p.done) // the last count, if set skipped it
		_ = p.bar.Exit()
	}
	fmt.Fprintln(p.w)
	p.bar, p.text = nil, ""
	signal.Stop(p.signals)
	close(p.signals) // the interrupt goroutine ends
}

// catchInterrupt ends the bar's line on Ctrl-C or SIGTERM, then exits as
// the signal would have (status 128+signal) if the command would not stop
// by itself. The caller holds p.mu.
func (p *progressBar) catchInterrupt() {
	p.signals = make(chan os.Signal, 1)
	signal.Notify(p.signals, os.Interrupt, syscall.SIGTERM)
	go func(signals chan os.Signal) {
		sig, ok := <-signals
		if !ok {
			return // finished
		}
		signal.Stop(signals) // a second Ctrl-C stops at once
		p.mu.Lock()
		p.interrupted = true
		if p.bar != nil {
			_ = p.bar.Exit()
			fmt.Fprintln(p.w)
			p.bar = nil
		}
		p.mu.Unlock()
		if p.exitOnInterrupt {
			fmt.Fprintln(p.w, "metz: interrupted")
			code := 130
			if s, ok := sig.(syscall.Signal); ok {
				code = 128 + int(s)
			}
			os.Exit(code)
		}
	}(p.signals)
}

// clockBar shows on bar the time a search has spent against its time
// limit, four times a second, until stop is called (a search's node count
// is its own goroutine's; the clock is anyone's). A bar off a terminal
// draws nothing.
func clockBar(bar *progressBar, limit time.Duration) (stop func()) {
	if bar.w == nil || limit <= 0 {
		return func() {}
	}
	bar.clock = true
	start := time.Now()
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		show := func() {
			spent := min(time.Since(start), limit)
			bar.updateWith(spent.Milliseconds(), limit.Milliseconds(), fmt.Sprintf("%.1fs of %s", spent.Seconds(), limit))
		}
		for {
			select {
			case <-done:
				if bar.drawing() {
					show() // the time it took; a quick search draws no bar
				}
				bar.finish()
				return
			case <-t.C:
				show()
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// tablesProgress follows a table build: a bar on a terminal, else (a log
// file, a pipe, or --json) a line on stderr for each table built, so that
// a build of hours does not stay silent until its end. finish ends the
// bar's line.
func tablesProgress(s *IOStreams) (update func(app.TableProgress), finish func()) {
	bar := newProgressBar(s, "tables", "pos")
	// Without a bar (no terminal, or --json) a line per table on stderr:
	// a build of minutes says what it does, and stdout stays the JSON.
	lines := s.JSON || !s.errTerminal()
	return func(p app.TableProgress) {
		bar.updateWith(p.Done, p.Total, fmt.Sprintf("%d/%d %s", p.Current, p.Tables, p.Sig))
		if lines {
			textout.TableBuilt(s.ErrOut, p)
		}
	}, bar.finish
}

package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mattn/go-isatty"
)

// progressBar draws "label [#####     ] 120/415" on a terminal and nothing
// elsewhere, so logs and pipes stay clean. Every long command uses it.
type progressBar struct {
	w     io.Writer
	label string
	last  int
	text  string
}

func newProgressBar(w io.Writer, label string) *progressBar {
	f, ok := w.(*os.File)
	if !ok || !(isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())) {
		return &progressBar{}
	}
	return &progressBar{w: w, label: label, last: -1}
}

// update shows done out of total.
func (p *progressBar) update(done, total int) {
	p.updateWith(int64(done), int64(total), fmt.Sprintf("%d/%d", done, total))
}

// updateWith fills the bar by done/total and prints text after it; it
// redraws only when the bar or the text changes.
func (p *progressBar) updateWith(done, total int64, text string) {
	if p.w == nil || total <= 0 {
		return
	}
	const width = 30
	filled := int(done * width / total)
	if filled == p.last && text == p.text && done != total {
		return
	}
	p.last, p.text = filled, text
	fmt.Fprintf(p.w, "\r%-12s [%s%s] %-24s", p.label, strings.Repeat("#", filled), strings.Repeat(" ", width-filled), text)
}

func (p *progressBar) finish() {
	if p.w != nil && p.last >= 0 {
		fmt.Fprintln(p.w)
	}
}

// clockBar shows on bar the time a search has spent against its time
// limit, four times a second, until stop is called (a search's node count
// is its own goroutine's; the clock is anyone's). A bar off a terminal
// draws nothing.
func clockBar(bar *progressBar, limit time.Duration) (stop func()) {
	if bar.w == nil || limit <= 0 {
		return func() {}
	}
	start := time.Now()
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				bar.finish()
				return
			case <-t.C:
				spent := min(time.Since(start), limit)
				bar.updateWith(int64(spent), int64(limit), fmt.Sprintf("%.1fs of %s", spent.Seconds(), limit))
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// updateFinishing is update, ending the bar's line once done reaches
// total: for a caller that tells the progress and not the end.
func (p *progressBar) updateFinishing(done, total int) {
	p.update(done, total)
	p.endAt(int64(done), int64(total))
}

// endAt ends the bar's line once done reaches total.
func (p *progressBar) endAt(done, total int64) {
	if done == total {
		p.finish()
		p.last = -1
	}
}

// updateBytes shows the bytes read of a file ("12.5/50.0 MB"), ending the
// bar's line once done reaches total: for a caller that tells the progress
// and not the end.
func (p *progressBar) updateBytes(done, total int64) {
	p.updateWith(done, total, fmt.Sprintf("%.1f/%.1f MB", float64(done)/1e6, float64(total)/1e6))
	p.endAt(done, total)
}

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"metz/app"
)

// The commands are built as cli/cli builds its own: one constructor per
// command, newCmdX(f, runF), that parses the flags into an XOptions value
// and hands it to runX, which calls package app and prints. The Factory
// gives every command what it shares: the output streams, the global
// options and the App, opened when a command first asks for it and closed
// once it has run. A test passes its own runF to see the options a
// command line parses to, without opening a database.

// Factory is what every command is built from, one for a run of metz.
type Factory struct {
	IO *IOStreams
	// DBPath is the database of --db ($METZ_DB, else metz.db).
	DBPath string
	// open opens an App (app.Open); a test may make it refuse.
	open func(app.Config) (*app.App, error)
	app  *app.App
}

// newFactory is the Factory of a run writing to stdout and stderr.
func newFactory(stdout, stderr io.Writer) *Factory {
	return &Factory{IO: &IOStreams{Out: stdout, ErrOut: stderr}, DBPath: defaultDB(), open: app.Open}
}

// App opens the App of cfg the first time a command asks for it and
// returns that one afterwards (a command opens one App); Close closes it.
// Tables its directory cannot write are said on stderr (warnReadOnly).
func (f *Factory) App(cfg app.Config) (*app.App, error) {
	if f.app != nil {
		return f.app, nil
	}
	a, err := f.open(cfg)
	if err != nil {
		return nil, err
	}
	f.app = a
	f.IO.warnReadOnly(a.Tables())
	return a, nil
}

// Tables opens the endgame tables --tables names (app.OpenTables: "auto"
// the default directory, "none" no tables at all), mem bounding the
// memory of the tables built for one probe (0: the default), for the
// endgame commands, which work on tables alone.
func (f *Factory) Tables(dir string, mem int64) (*app.Tables, error) {
	tb, err := app.OpenTables(dir, mem)
	if err == nil {
		f.IO.warnReadOnly(tb)
	}
	return tb, err
}

// Close closes the App, if a command opened one.
func (f *Factory) Close() {
	if f.app != nil {
		f.app.Close()
		f.app = nil
	}
}

// env is what every command's options hold besides their flags: the
// streams, the database --db names, the way to open the App, and the
// command's context. The constructor fills it when the command runs.
type env struct {
	IO *IOStreams
	// DB is --db's database.
	DB string
	// App opens the command's App (Factory.App).
	App func(app.Config) (*app.App, error)
	ctx context.Context
}

// env is the env of cmd, run now.
func (f *Factory) env(cmd *cobra.Command) env {
	return env{IO: f.IO, DB: f.DBPath, App: f.App, ctx: cmd.Context()}
}

// runOr runs opts through runF when a test gives one, else through run.
func runOr[T any](runF, run func(T) error, opts T) error {
	if runF != nil {
		return runF(opts)
	}
	return run(opts)
}

// IOStreams are where a command writes: its output, its messages and
// progress, and whether the output is one JSON document (--json), under
// which no progress is drawn.
type IOStreams struct {
	Out, ErrOut io.Writer
	JSON        bool
	// signalled is the context Ctrl-C cancels for a command that stops
	// cleanly on Ctrl-C by itself (Interruptible), nil for any other.
	signalled context.Context
}

// WriteJSON prints v as the command's one JSON document.
func (s *IOStreams) WriteJSON(v any) error { return writeJSON(s.Out, v) }

// errTerminal reports whether the messages go to a terminal, where a
// progress bar is drawn.
func (s *IOStreams) errTerminal() bool {
	f, ok := s.ErrOut.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Interruptible is ctx, cancelled by Ctrl-C or SIGTERM so that a long
// command stops cleanly and keeps what it finished; once it is cancelled,
// a second Ctrl-C stops the program at once. Its progress bars leave the
// stopping to it, and the exit status is the signal's (exitStatus).
func (s *IOStreams) Interruptible(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	s.signalled = ctx
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}

// warnReadOnly says on stderr, unless the output is JSON, that tb's
// directory cannot be written: its tables are read, those built are kept
// in memory.
func (s *IOStreams) warnReadOnly(tb *app.Tables) {
	if tb != nil && tb.ReadOnly() && !s.JSON {
		fmt.Fprintf(s.ErrOut, "metz: %s cannot be written: its endgame tables are read, those built are kept in memory\n", tb.Dir())
	}
}

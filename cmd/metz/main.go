// Command metz is a problem database and composition solver for draughts:
// it imports the old French books and PDN files into SQLite, verifies every
// stated solution with an exhaustive solver, and prints and exports the
// solution trees.
package main

import (
	"context"
	"errors"
	"io"
	"os"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command line args and returns the exit status: 0, or 1
// after an error, which is printed on stderr (as JSON under --json), or
// 130 after Ctrl-C stopped a command that kept what it had done.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return 0
	}
	printError(stderr, cmd, args, err)
	if errors.As(err, new(interruptedError)) {
		return exitInterrupted
	}
	return 1
}

// exitInterrupted is the status of a command Ctrl-C stopped, as a shell
// gives it a program SIGINT ended (128 + 2), so that a script tells a
// stopped run from a failed one.
const exitInterrupted = 130

// interruptedError is the error of a command stopped by Ctrl-C (or
// SIGTERM) after keeping what it finished; it says what was kept.
type interruptedError struct{ msg string }

func (e interruptedError) Error() string { return e.msg }

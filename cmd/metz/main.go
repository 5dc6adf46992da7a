// Command metz is a problem database and composition solver for draughts:
// it imports the old French books and PDN files into SQLite, verifies every
// stated solution with an exhaustive solver, and prints and exports the
// solution trees.
package main

import (
	"context"
	"io"
	"os"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command line args and returns the exit status: 0, or 1
// after an error, which is printed on stderr (as JSON under --json); a
// command stopped by Ctrl-C or SIGTERM exits as the signal would have made
// it (exitStatus).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cmd, streams, err := execute(ctx, args, stdout, stderr)
	if err == nil {
		return 0
	}
	printError(stderr, cmd, args, err)
	return exitStatus(streams)
}

// execute runs the command line args with a Factory of its own, closing
// the App the command opened, and returns the command run, its streams
// and its error.
func execute(ctx context.Context, args []string, stdout, stderr io.Writer) (*cobra.Command, *IOStreams, error) {
	f := newFactory(stdout, stderr)
	defer f.Close()
	root := newCmdRoot(f)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	return cmd, f.IO, err
}

// exitStatus is the status of a command that failed: 128 plus the signal
// when Ctrl-C (130) or SIGTERM (143) stopped it, as a shell reports a
// process the signal ended, and 1 otherwise.
func exitStatus(s *IOStreams) int {
	ctx := s.signalled
	if ctx == nil || ctx.Err() == nil {
		return 1
	}
	cause := context.Cause(ctx)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		// signal.NotifyContext's cause names the signal received.
		if cause != nil && strings.HasPrefix(cause.Error(), sig.String()) {
			return 128 + int(sig)
		}
	}
	return 1
}

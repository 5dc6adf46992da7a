// Command metz is a problem database and composition solver for draughts:
// it imports the old French books and PDN files into SQLite, verifies every
// stated solution with an exhaustive solver, and prints and exports the
// solution trees.
package main

import (
	"context"
	"io"
	"os"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command line args and returns the exit status: 0, or 1
// after an error, which is printed on stderr (as JSON under --json).
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
	return 1
}

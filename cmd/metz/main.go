// Command metz is a problem database and composition solver for draughts:
// it imports the old French books and PDN files into SQLite, verifies every
// stated solution with an exhaustive solver, and prints and exports the
// solution trees.
package main

import (
	"fmt"
	"os"
)

func main() {
	if err := newRootCmd().Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "metz:", err)
		os.Exit(1)
	}
}

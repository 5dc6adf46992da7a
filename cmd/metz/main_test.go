package main

import (
	"os"
	"testing"
)

// TestMain points the default table directory at a temporary one: the
// commands under test save the tables they build there, and must neither
// litter the source tree nor read tables a developer built.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "metz-cmd-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

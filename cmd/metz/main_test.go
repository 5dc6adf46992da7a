package main

import (
	"context"
	"os"
	"testing"

	"metz/internal/pgtest"
)

// TestMain points the default table directory at a temporary one: the
// commands under test save the tables they build there, and must neither
// litter the source tree nor read tables a developer built.
//
// With METZ_TEST_AS_METZ=1 the test binary is metz itself, run with its
// arguments: the tests start worker processes of it (queue_test.go).
func TestMain(m *testing.M) {
	if os.Getenv("METZ_TEST_AS_METZ") == "1" {
		os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
	}
	dir, err := os.MkdirTemp("", "metz-cmd-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := pgtest.Main(m)
	os.RemoveAll(dir)
	os.Exit(code)
}

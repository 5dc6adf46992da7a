package app

import (
	"os"
	"testing"

	"metz/internal/pgtest"
)

// TestMain runs the tests on SQLite, or on PostgreSQL with
// METZ_TEST_DB=postgres (pgtest starts and stops the server).
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

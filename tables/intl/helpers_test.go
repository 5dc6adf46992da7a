package intl

import (
	"os"
	"sync"
	"testing"
)

// tempDir makes a directory shared by several tests (tables built once);
// TestMain removes it.
func tempDir() (string, error) { return os.MkdirTemp("", "metz-endgame-test-") }

func TestMain(m *testing.M) {
	code := m.Run()
	for _, d := range []string{smallDir, kingsDir} {
		if d != "" {
			os.RemoveAll(d)
		}
	}
	os.Exit(code)
}

// small holds the tests' in-memory tables of up to SmallPieces pieces,
// built by the first test that asks (memSmall).
var small struct {
	once sync.Once
	t    *Tables
	err  error
}

// memSmall is the tables of up to SmallPieces pieces built in memory
// by EnsureSmall, shared by the tests that only read them.
func memSmall(tb testing.TB) *Tables {
	tb.Helper()
	small.once.Do(func() {
		small.t = Memory()
		small.err = small.t.EnsureSmall()
	})
	if small.err != nil {
		tb.Fatal(small.err)
	}
	return small.t
}

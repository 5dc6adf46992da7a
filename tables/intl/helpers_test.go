package intl

import (
	"os"
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

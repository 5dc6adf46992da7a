package endgame

import "os"

// tempDir makes a directory that outlives one test (shared tables); the
// operating system's temporary area cleans it.
func tempDir() (string, error) { return os.MkdirTemp("", "metz-endgame-test-") }

//go:build linux || darwin || freebsd

package tables

import (
	"path/filepath"
	"syscall"
)

// FreeSpace returns the bytes free for an unprivileged writer on the file
// system that holds dir, or of its nearest existing parent when dir is not
// made yet; ok is false when it cannot be told.
func FreeSpace(dir string) (free int64, ok bool) {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		var st syscall.Statfs_t
		if err := syscall.Statfs(d, &st); err == nil {
			return int64(st.Bavail) * int64(st.Bsize), true
		}
		if d == filepath.Dir(d) {
			return 0, false
		}
	}
}

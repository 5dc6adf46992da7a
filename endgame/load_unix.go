//go:build unix

package endgame

import (
	"os"
	"syscall"
)

// loadFile maps path read-only. Tables are replaced by renaming a new file
// into place (writeTable), never rewritten, so a mapping stays valid for
// as long as the process keeps it. release unmaps it.
func loadFile(path string) (data []byte, release func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if fi.Size() == 0 {
		return []byte{}, func() {}, nil // mmap refuses an empty file
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, mapFlags)
	if err != nil {
		return nil, nil, &os.PathError{Op: "mmap", Path: path, Err: err}
	}
	return data, func() { syscall.Munmap(data) }, nil
}

//go:build unix

package mapfile

import (
	"fmt"
	"os"
	"syscall"
)

// Mapped reports whether Read maps files (true) or reads them onto the
// heap (false), for callers that count heap memory.
const Mapped = true

// Read maps path read-only; release unmaps it. populate asks for the page
// tables to be filled at once (Linux only), for a file read whole soon
// after; without it the pages come in as they are touched, for a large
// file of which a search reads a few. An empty file gives empty data.
func Read(path string, populate bool) (data []byte, release func(), err error) {
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
	if fi.Size() != int64(int(fi.Size())) {
		return nil, nil, fmt.Errorf("%s: %d bytes do not fit in memory", path, fi.Size())
	}
	flags := syscall.MAP_SHARED
	if populate {
		flags |= populateFlag
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, flags)
	if err != nil {
		return nil, nil, &os.PathError{Op: "mmap", Path: path, Err: err}
	}
	return data, func() { syscall.Munmap(data) }, nil
}

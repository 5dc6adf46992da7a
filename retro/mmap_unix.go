//go:build unix

package retro

import (
	"os"
	"syscall"
)

// mapped: saved tables are mapped read-only, not read onto the heap. A
// search reads a few of a large table's pages, which the system keeps in
// memory as it can; the budget of a search bounds only the tables it
// builds.
const mapped = true

// mapFile maps the file name read-only. The mapping is never undone:
// searches may still read a table after it is dropped, and a process maps
// each file once at most.
func mapFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() == 0 || st.Size() != int64(int(st.Size())) {
		return nil, errSize
	}
	return syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
}

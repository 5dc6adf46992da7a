//go:build !unix

package mapfile

import "os"

// Mapped reports whether Read maps files: not on this system.
const Mapped = false

// Read reads path whole (no mapping here; populate does not apply).
func Read(path string, populate bool) (data []byte, release func(), err error) {
	data, err = os.ReadFile(path)
	return data, func() {}, err
}

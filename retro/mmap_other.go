//go:build !unix

package retro

import "os"

// mapped: where files are not mapped, saved tables are read onto the
// heap, and count in a search's budget as tables built.
const mapped = false

// mapFile reads the file name whole.
func mapFile(name string) ([]byte, error) {
	data, err := os.ReadFile(name)
	if err == nil && len(data) == 0 {
		err = errSize
	}
	return data, err
}

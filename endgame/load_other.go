//go:build !unix

package endgame

import "os"

// loadFile reads path whole (no mapping on this system).
func loadFile(path string) (data []byte, release func(), err error) {
	data, err = os.ReadFile(path)
	return data, func() {}, err
}

//go:build !amd64

package prefetch

import "unsafe"

// Line does nothing on this architecture: the lookup that follows loads
// the line itself.
func Line(p unsafe.Pointer) {}

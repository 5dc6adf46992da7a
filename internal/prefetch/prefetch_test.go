package prefetch

import (
	"testing"
	"unsafe"
)

// TestLineKeepsMemory checks that a prefetch is only a hint: it changes
// nothing it points at, and a nil pointer is taken without a fault.
func TestLineKeepsMemory(t *testing.T) {
	a := make([]uint64, 1024)
	for i := range a {
		a[i] = uint64(i) * 0x9e3779b97f4a7c15
	}
	for i := range a {
		Line(unsafe.Pointer(&a[i]))
	}
	Line(nil)
	for i := range a {
		if a[i] != uint64(i)*0x9e3779b97f4a7c15 {
			t.Fatalf("a[%d] changed to %#x", i, a[i])
		}
	}
}

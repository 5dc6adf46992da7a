package prefetch

import "unsafe"

// Line starts loading the cache line that holds p into every cache level
// (PREFETCHT0). It never faults, whatever p.
//
//go:noescape
func Line(p unsafe.Pointer)

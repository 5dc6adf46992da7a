package solver

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks the kernel to back a large slice with huge pages
// (transparent huge pages in "madvise" mode serve only memory that asks).
// The bounded table is read at random, a cache and TLB miss a lookup:
// with 4 KB pages most lookups also walk the page tables.
func adviseHuge[T any](s []T) {
	var t T
	n := uintptr(len(s)) * unsafe.Sizeof(t)
	if n < hugeMin {
		return
	}
	p := unsafe.Pointer(unsafe.SliceData(s))
	start := uintptr(p)
	const page = 4096
	lo, hi := (start+page-1)&^(page-1), (start+n)&^(page-1)
	if hi <= lo {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(p, lo-start)), hi-lo)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE) // a refusal costs nothing but speed
}

// Package hugepages asks the kernel to back large arrays read at random
// with transparent huge pages (2 MB): with 4 kB pages, nearly every random
// read of an array of hundreds of megabytes also misses the address cache
// (TLB). The kernel's default "madvise" mode serves only memory that asks.
package hugepages

import (
	"syscall"
	"unsafe"
)

// page is the size of a huge page; Min the smallest array worth advising.
const (
	page = 2 << 20
	Min  = 2 * page
)

// Advise asks for huge pages behind the 2 MB pages wholly inside s, an
// array of at least Min bytes, best before it is first written (the kernel
// then backs it with huge pages as it is touched). A refusal costs nothing
// but speed.
func Advise[T any](s []T) {
	var t T
	n := uintptr(len(s)) * unsafe.Sizeof(t)
	if n < Min {
		return
	}
	p := unsafe.Pointer(unsafe.SliceData(s))
	start := uintptr(p)
	lo, hi := (start+page-1)&^(page-1), (start+n)&^(page-1)
	if hi <= lo {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(p, lo-start)), hi-lo), syscall.MADV_HUGEPAGE)
}

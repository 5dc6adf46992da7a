package endgame

import (
	"syscall"
	"unsafe"
)

// newMetas returns n zeroed meta records for a build, on memory mapped
// apart from the Go heap and marked for huge pages: un-moving reads them
// at random indices, and over a table of hundreds of megabytes nearly
// every read missed the address cache (TLB) with 4 kB pages (3 % of the
// CPU of KKKvKK's build, more on the larger tables). free gives
// the memory back at once (no wait for the collector). Where the mapping
// fails, the records come from the heap.
func newMetas(n int64) (m []meta, free func()) {
	size := int(n) * int(unsafe.Sizeof(meta{}))
	if n < 1<<20 {
		return make([]meta, n), func() {}
	}
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]meta, n), func() {}
	}
	syscall.Madvise(b, syscall.MADV_HUGEPAGE) // refused where the kernel lacks it: 4 kB pages then
	return unsafe.Slice((*meta)(unsafe.Pointer(&b[0])), n), func() { syscall.Munmap(b) }
}

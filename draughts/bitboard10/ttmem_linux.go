//go:build linux

package bitboard10

import (
	"syscall"
	"unsafe"

	"metz/internal/hugepages"
)

const hugePage = 2 << 20

// allocTT returns n zeroed buckets and a function that releases them. On
// Linux the table is mapped directly and advised to use transparent huge
// pages: with 4 KiB pages, first-touch page faults of a 512 MiB table cost
// about a second, more than the whole depth-11 perft. It returns nil if the
// memory cannot be mapped.
func allocTT(n uint64) ([]ttBucket, func()) {
	size := int(n) * int(unsafe.Sizeof(ttBucket{}))
	mem, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, nil
	}
	off := 0
	if a := int(uintptr(unsafe.Pointer(&mem[0])) % hugePage); a != 0 {
		off = hugePage - a
	}
	hugepages.Advise(mem[off : off+size])
	tt := unsafe.Slice((*ttBucket)(unsafe.Pointer(&mem[off])), n)
	return tt, func() { _ = syscall.Munmap(mem) }
}

package intl

import "unsafe"

// prefetchLookups's assembly steps through lookups 16 bytes at a time and
// reads the pointer at the start of each: these fail to compile where
// the layout differs.
var (
	_ [16 - unsafe.Sizeof(lookup{})]byte
	_ [unsafe.Sizeof(lookup{}) - 16]byte
	_ [-unsafe.Offsetof(lookup{}.at)]byte
)

// prefetchBits asks the processor to bring into its cache the words of
// the bitset words that hold the bits js, without waiting for them.
//
//go:noescape
func prefetchBits(words *uint64, js []int64)

// prefetchMetas asks the processor to bring into its cache the records
// m[j] for j in js, without waiting for them.
//
//go:noescape
func prefetchMetas(m *meta, js []int64)

// prefetchBytes asks the processor to bring into its cache the bytes b[j]
// for j in js, without waiting for them.
//
//go:noescape
func prefetchBytes(b *byte, js []int64)

// prefetchLookups asks the processor to bring into its cache the bytes
// the lookups ls will read, without waiting for them.
//
//go:noescape
func prefetchLookups(ls []lookup)

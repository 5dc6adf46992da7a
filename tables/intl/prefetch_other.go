//go:build !amd64

package intl

// prefetchBits does nothing here (see the amd64 version).
func prefetchBits(words *uint64, js []int64) {}

// prefetchMetas does nothing here (see the amd64 version).
func prefetchMetas(m *meta, js []int64) {}

// prefetchBytes does nothing here (see the amd64 version).
func prefetchBytes(b *byte, js []int64) {}

// prefetchLookups does nothing here (see the amd64 version).
func prefetchLookups(ls []lookup) {}

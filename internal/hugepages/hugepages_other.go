//go:build !linux

// Package hugepages asks the kernel for huge pages where it takes such
// advice (Linux); elsewhere Advise does nothing.
package hugepages

// Min is the smallest array worth advising.
const Min = 4 << 20

// Advise does nothing here (see the Linux version).
func Advise[T any](s []T) {}

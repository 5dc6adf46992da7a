//go:build !linux

package solver

// adviseHuge does nothing where the kernel takes no such advice.
func adviseHuge[T any](s []T) {}

//go:build !linux

package app

// machineMemoryMB is this machine's memory in megabytes: unknown here.
func machineMemoryMB() int { return 0 }

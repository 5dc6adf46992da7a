package app

import "golang.org/x/sys/unix"

// machineMemoryMB is this machine's memory in megabytes, 0 if unknown.
func machineMemoryMB() int {
	var si unix.Sysinfo_t
	if err := unix.Sysinfo(&si); err != nil {
		return 0
	}
	return int(uint64(si.Totalram) * uint64(si.Unit) >> 20)
}

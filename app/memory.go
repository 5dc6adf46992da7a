package app

import "runtime"

// DefaultMemoryCapMB is the most memory a budget asked of the workbench
// may hold, in megabytes: half this machine's memory shared by the
// problems verified at once (one a core), so that whatever the pages ask
// for, the machine is not driven into swap. 64 MB (a budget's default)
// at least; 1 GB when the machine's memory cannot be read.
func DefaultMemoryCapMB() int {
	total := machineMemoryMB()
	if total <= 0 {
		return 1024
	}
	return max(total/2/runtime.NumCPU(), 64)
}

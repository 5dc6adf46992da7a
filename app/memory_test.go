package app

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// The workbench's default cap is half the machine's memory shared by its
// cores: read from /proc/meminfo independently here.
func TestDefaultMemoryCap(t *testing.T) {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		t.Skip("no /proc/meminfo")
	}
	var kb int
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
			kb, _ = strconv.Atoi(f[1])
		}
	}
	want := max(kb/1024/2/runtime.NumCPU(), 64)
	if got := DefaultMemoryCapMB(); got < want-1 || got > want+1 {
		t.Errorf("DefaultMemoryCapMB = %d, want %d (MemTotal %d kB, %d cores)", got, want, kb, runtime.NumCPU())
	}
}

//go:build unix && !linux

package endgame

import "syscall"

// mapFlags: a plain shared mapping (MAP_POPULATE is Linux's).
const mapFlags = syscall.MAP_SHARED

package endgame

import "syscall"

// mapFlags: Linux fills the page tables when the file is mapped (from the
// page cache: 80 ms for the 1.9 GB of 5-piece tables here) instead of
// taking a fault on each page's first probe. Probes land on random pages,
// so most would fault: a random read of the mapped tables measured 2.1 µs
// without, 0.9 µs with.
const mapFlags = syscall.MAP_SHARED | syscall.MAP_POPULATE

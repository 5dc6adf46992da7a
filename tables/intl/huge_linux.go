package intl

import (
	"sync"
	"syscall"
	"unsafe"
)

// metaPool hands out the meta records of a build's groups, on memory
// mapped apart from the Go heap and marked for huge pages: un-moving reads
// them at random indices, and over a table of hundreds of megabytes nearly
// every read missed the address cache (TLB) with 4 kB pages (3 % of the
// CPU of KKKvKK's build, more on the larger tables). A mapping given back
// is kept for the next group, and each is made as large as the largest
// part the build has (reserve; address space only, until written): the
// kernel zeroes every page the first time it is written, and mapping each
// group's records anew spent 5 % of a build's CPU zeroing them. The
// records handed out are not zeroed (the first pass writes each). At most
// as many mappings exist as groups' parts are built at once; release
// unmaps them.
type metaPool struct {
	reserve int64 // the records a mapping holds at least
	mu      sync.Mutex
	free    []mapping // not in use
}

// mapping is one of metaPool's mappings and how many of its bytes were
// ever handed out (and so are backed by memory).
type mapping struct {
	b    []byte
	used int
}

// get returns n meta records, their content undefined, and the function
// that gives them back. Where mapping fails, they come from the heap.
func (p *metaPool) get(n int64) (m []meta, put func()) {
	rec := int(unsafe.Sizeof(meta{}))
	if n < 1<<20 {
		return make([]meta, n), func() {}
	}
	mp, ok := p.take(int(n) * rec)
	if !ok {
		b, err := syscall.Mmap(-1, 0, int(max(n, p.reserve))*rec, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
		if err != nil {
			return make([]meta, n), func() {}
		}
		syscall.Madvise(b, syscall.MADV_HUGEPAGE) // refused where the kernel lacks it: 4 kB pages then
		mp = mapping{b: b}
	}
	mp.used = max(mp.used, int(n)*rec)
	return unsafe.Slice((*meta)(unsafe.Pointer(&mp.b[0])), n), func() {
		p.mu.Lock()
		p.free = append(p.free, mp)
		p.mu.Unlock()
	}
}

// take removes from the pool the free mapping of at least size bytes with
// the most memory behind it and returns it. Where none is large enough it
// unmaps one (the caller maps a larger one in its place, so that the
// mappings do not pile up) and reports false.
func (p *metaPool) take(size int) (mapping, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.free) == 0 {
		return mapping{}, false
	}
	best := -1
	for i, mp := range p.free {
		if len(mp.b) >= size && (best < 0 || mp.used > p.free[best].used) {
			best = i
		}
	}
	pick := max(best, 0)
	mp := p.free[pick]
	p.free = append(p.free[:pick], p.free[pick+1:]...)
	if best < 0 {
		syscall.Munmap(mp.b)
		return mapping{}, false
	}
	return mp, true
}

// release unmaps the free mappings: the build is over.
func (p *metaPool) release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, mp := range p.free {
		syscall.Munmap(mp.b)
	}
	p.free = nil
}

// physicalMemory is the machine's memory in bytes (0 if unknown).
func physicalMemory() int64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	return int64(si.Totalram) * int64(si.Unit)
}

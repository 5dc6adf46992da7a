//go:build !linux

package intl

// metaPool hands out the meta records of a build's groups (see the Linux
// version, which maps them on huge pages and keeps them for the next
// group); here they come from the heap.
type metaPool struct{ reserve int64 }

func (p *metaPool) get(n int64) (m []meta, put func()) { return make([]meta, n), func() {} }

func (p *metaPool) release() {}

// physicalMemory is the machine's memory in bytes: unknown here.
func physicalMemory() int64 { return 0 }

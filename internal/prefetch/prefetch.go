// Package prefetch asks the processor to start loading a cache line that
// will soon be read. A search that is about to look up several entries of
// a table larger than the caches starts all their loads at once, so that
// their misses overlap; a plain read of each would also overlap, but
// holds up the instructions after it until the line arrives, where a
// prefetch does not (Vink's win/25: 0.92 of the CPU, docs/performance.md).
// Go has no prefetch of its own outside the runtime: on amd64 it is one
// instruction in assembly; elsewhere Line does nothing.
package prefetch

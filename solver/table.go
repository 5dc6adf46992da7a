package solver

import (
	"unsafe"

	"metz/internal/hugepages"
	"metz/internal/prefetch"
)

// inf is the proof or disproof number of a decided node. Sums saturate at it.
const inf uint32 = 1 << 30

func addSat(a, b uint32) uint32 {
	if a >= inf-b {
		return inf
	}
	return a + b
}

// numbers are a df-pn table record's value. root tags the proof whose
// search stored them (see search.rootTag): decided numbers (0) hold for
// any proof, the others only guide the proof that found them.
type numbers struct{ pn, dn, root uint32 }

// repTag is the root tag of a disproof that rests on a repetition of one
// position above it on the path it was found on (the graph history
// interaction: on a path without that position the disproof may be
// false). The position is kept in search.deps; the disproof is read only
// where that position is on the path. Proof tags are odd: 2 names none.
const repTag uint32 = 2

// disproven reports a disproof valid on any path.
func (v numbers) disproven() bool { return v.dn == 0 && v.root != repTag }

// repDisproof reports a disproof that holds where its position repeats.
func (v numbers) repDisproof() bool { return v.dn == 0 && v.root == repTag }

// slot is one table record's value and the replacement priority.
type slot[V any] struct {
	v    V
	work uint32 // nodes spent below this entry: the replacement priority
}

// bucket holds ways records, the keys first: a lookup reads the keys, and
// the values only on a hit. A bounded entry's bucket (keys 32 bytes, values
// 32) is one cache line, so that storing a result after the lookup that
// missed, or updating it, finds the line in the cache: with keys and values
// in separate arrays each store took a second miss, a tenth of Vink's
// win/25.
type bucket[V any] struct {
	keys  [ways]uint64
	slots [ways]slot[V]
}

// ways is the bucket size: a key may sit in any of the ways slots of its
// bucket, and a full bucket gives up its least-worked entry.
const ways = 4

// startEntries is a new table's size: most searches are small, and
// clearing the whole budget's worth of memory for each would cost more
// than the search itself.
const startEntries = 1 << 12

// hashTable is a transposition table with a hard bound: it doubles while it
// fills up, never beyond maxCap entries, and then replaces entries instead.
// The empty key 0 marks a free slot (a position whose key is 0 is simply
// never stored).
type hashTable[V any] struct {
	buckets []bucket[V]
	mask    uint64 // bucket count - 1
	used    int    // occupied slots, never above t.size()
	maxCap  int    // the bound on t.size()
	evict   int64  // entries replaced
	// stale, if set, marks an entry worth less than any other to the
	// search that stores v: replaced first, whatever its work.
	stale func(old, v V) bool
	// parent, if set, answers for the keys this table does not hold: a
	// forked search reads what was known before the fork (search.fork).
	parent *hashTable[V]
}

// table is the df-pn table.
type table = hashTable[numbers]

// entryBytes is the size of a df-pn entry, for turning megabytes into entries.
const entryBytes = 24

// newHashTable builds a table of at most maxEntries entries (a power-of-two
// number of buckets, at least one bucket).
func newHashTable[V any](maxEntries int) *hashTable[V] {
	limit := ways
	for limit*2 <= maxEntries {
		limit *= 2
	}
	t := &hashTable[V]{maxCap: limit}
	t.alloc(min(limit, startEntries))
	return t
}

func newTable(maxEntries int) *table {
	t := newHashTable[numbers](maxEntries)
	t.stale = otherRootsEstimate
	return t
}

// otherRootsEstimate reports, when df-pn stores v for the proof whose tag
// v carries (an odd one), an undecided record of another proof: refresh
// never reads it (see search.rootTag), so it only takes room.
func otherRootsEstimate(old, v numbers) bool {
	return v.root&1 == 1 && old.pn != 0 && old.dn != 0 && old.root != v.root
}

func (t *hashTable[V]) alloc(n int) {
	t.buckets = make([]bucket[V], n/ways)
	hugepages.Advise(t.buckets) // read at random: a TLB miss a lookup with 4 kB pages
	t.mask = uint64(n/ways - 1)
	t.used = 0
}

// size is the number of slots.
func (t *hashTable[V]) size() int { return len(t.buckets) * ways }

// Cap is the most entries the table can hold.
func (t *hashTable[V]) Cap() int { return t.maxCap }

// Len is the number of entries held.
func (t *hashTable[V]) Len() int { return t.used }

// bucket returns the keys and the values of key's bucket.
func (t *hashTable[V]) bucket(key uint64) ([]uint64, []slot[V]) {
	b := &t.buckets[key&t.mask]
	return b.keys[:], b.slots[:]
}

func (t *hashTable[V]) get(key uint64) (v V, ok bool) {
	if key == 0 {
		return v, false
	}
	ks, b := t.bucket(key)
	for i := range ks {
		if ks[i] == key {
			return b[i].v, true
		}
	}
	if t.parent != nil {
		return t.parent.get(key)
	}
	return v, false
}

// prefetch starts loading key's bucket: a caller about to look up several
// keys prefetches them all first, so that their cache misses overlap
// (package prefetch).
func (t *hashTable[V]) prefetch(key uint64) {
	prefetch.Line(unsafe.Pointer(&t.buckets[key&t.mask]))
}

// raise lets t grow to maxEntries entries (a power of two, as
// newHashTable rounds it); a lower bound is ignored.
func (t *hashTable[V]) raise(maxEntries int) {
	limit := ways
	for limit*2 <= maxEntries {
		limit *= 2
	}
	t.maxCap = max(t.maxCap, limit)
}

// under returns an empty table of at most maxEntries entries that reads t
// for the keys it does not hold. t must not change while it is in use.
func (t *hashTable[V]) under(maxEntries int) *hashTable[V] {
	u := newHashTable[V](maxEntries)
	u.stale, u.parent = t.stale, t
	return u
}

// putAll puts the entries from holds itself (not its parent's) into t,
// in slot order (the same order on every run).
func (t *hashTable[V]) putAll(from *hashTable[V]) {
	for i := range from.buckets {
		b := &from.buckets[i]
		for j, k := range b.keys {
			if k != 0 {
				t.put(k, b.slots[j].v, b.slots[j].work)
			}
		}
	}
}

// put stores or updates key. When its bucket is full the table grows if
// it may, else the entry with the least work is replaced, so cheap, easily
// recomputed results go first.
func (t *hashTable[V]) put(key uint64, v V, work uint32) {
	if key == 0 {
		return
	}
	if t.used >= t.size()/4*3 && t.size() < t.maxCap {
		t.grow()
	}
	ks, b := t.bucket(key)
	victim, rank := -1, 0
	for i := range ks {
		if ks[i] == key {
			b[i].v, b[i].work = v, max(b[i].work, work)
			return
		}
		if r := t.keep(ks[i], &b[i], v); victim < 0 || r < rank || (r == rank && b[i].work < b[victim].work) {
			victim, rank = i, r
		}
	}
	if ks[victim] == 0 {
		t.used++
	} else {
		t.evict++
	}
	ks[victim], b[victim] = key, slot[V]{v: v, work: work}
}

// keep ranks an occupied slot's claim to stay when v is stored: a free
// slot 0, a stale entry 1, any other 2 (then the least work goes first).
func (t *hashTable[V]) keep(key uint64, e *slot[V], v V) int {
	switch {
	case key == 0:
		return 0
	case t.stale != nil && t.stale(e.v, v):
		return 1
	}
	return 2
}

// grow doubles the table and puts the old entries back. The entries of an
// old bucket land in two new ones, neither of which they can fill, so each
// goes straight to the first free slot of its bucket, where put would
// have placed it, without put's replacement ranking (the same table, same
// node counts; growing took 9 % of IV's verification, now 7 %: the rest
// is writing fresh memory).
func (t *hashTable[V]) grow() {
	old := t.buckets
	t.alloc(t.size() * 2)
	for o := range old {
		for j, k := range old[o].keys {
			if k == 0 {
				continue
			}
			ks, b := t.bucket(k)
			for i := range ks {
				if ks[i] == 0 {
					ks[i], b[i] = k, old[o].slots[j]
					t.used++
					break
				}
			}
		}
	}
}

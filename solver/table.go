package solver

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

// slot is one table record.
type slot[V any] struct {
	key  uint64
	v    V
	work uint32 // nodes spent below this entry: the replacement priority
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
	slots  []slot[V]
	mask   uint64 // bucket count - 1
	used   int    // occupied slots, never above len(slots)
	maxCap int    // the bound on len(slots)
	evict  int64  // entries replaced
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

func newTable(maxEntries int) *table { return newHashTable[numbers](maxEntries) }

// tableForMB sizes a df-pn table to a memory budget.
func tableForMB(mb int) *table { return newTable(mb << 20 / entryBytes) }

func (t *hashTable[V]) alloc(n int) {
	t.slots = make([]slot[V], n)
	t.mask = uint64(n/ways - 1)
	t.used = 0
}

// Cap is the most entries the table can hold.
func (t *hashTable[V]) Cap() int { return t.maxCap }

// Len is the number of entries held.
func (t *hashTable[V]) Len() int { return t.used }

func (t *hashTable[V]) bucket(key uint64) []slot[V] {
	i := (key & t.mask) * ways
	return t.slots[i : i+ways : i+ways]
}

func (t *hashTable[V]) get(key uint64) (v V, ok bool) {
	if key == 0 {
		return v, false
	}
	b := t.bucket(key)
	for i := range b {
		if b[i].key == key {
			return b[i].v, true
		}
	}
	return v, false
}

// put stores or updates key. When its bucket is full the table grows if
// it may, else the entry with the least work is replaced, so cheap, easily
// recomputed results go first.
func (t *hashTable[V]) put(key uint64, v V, work uint32) {
	if key == 0 {
		return
	}
	if t.used >= len(t.slots)/4*3 && len(t.slots) < t.maxCap {
		t.grow()
	}
	b := t.bucket(key)
	victim := -1
	for i := range b {
		switch {
		case b[i].key == key:
			b[i].v, b[i].work = v, max(b[i].work, work)
			return
		case b[i].key == 0:
			if victim < 0 || b[victim].key != 0 {
				victim = i
			}
		case victim < 0 || (b[victim].key != 0 && b[i].work < b[victim].work):
			victim = i
		}
	}
	if b[victim].key == 0 {
		t.used++
	} else {
		t.evict++
	}
	b[victim] = slot[V]{key: key, v: v, work: work}
}

// grow doubles the table and puts the old entries back.
func (t *hashTable[V]) grow() {
	old := t.slots
	t.alloc(len(old) * 2)
	for _, e := range old {
		if e.key != 0 {
			t.put(e.key, e.v, e.work)
		}
	}
}

package solver

// inf is the proof or disproof number of a decided node. Sums saturate at it.
const inf uint32 = 1 << 30

func addSat(a, b uint32) uint32 {
	if a >= inf-b {
		return inf
	}
	return a + b
}

// entry is one df-pn transposition-table record.
type entry struct {
	key    uint64
	pn, dn uint32
	work   uint32 // nodes spent below this entry: the replacement priority
}

// entryBytes is the size of an entry, for turning megabytes into entries.
const entryBytes = 24

// ways is the bucket size: a key may sit in any of the ways slots of its
// bucket, and a full bucket gives up its least-worked entry.
const ways = 4

// table is a transposition table with a hard bound: its slots are allocated
// once and it never grows. The empty key 0 marks a free slot (a position
// whose Zobrist key is 0 is simply never stored).
type table struct {
	slots []entry
	mask  uint64 // bucket count - 1
	used  int    // occupied slots, never above len(slots)
	evict int64  // entries replaced
}

// newTable builds a table of at most maxEntries entries (rounded down to a
// power-of-two number of buckets, at least one bucket).
func newTable(maxEntries int) *table {
	buckets := 1
	for buckets*2*ways <= maxEntries {
		buckets *= 2
	}
	return &table{slots: make([]entry, buckets*ways), mask: uint64(buckets - 1)}
}

// tableForMB sizes a table to a memory budget.
func tableForMB(mb int) *table { return newTable(mb << 20 / entryBytes) }

// Cap is the most entries the table can hold.
func (t *table) Cap() int { return len(t.slots) }

// Len is the number of entries held.
func (t *table) Len() int { return t.used }

func (t *table) bucket(key uint64) []entry {
	i := (key & t.mask) * ways
	return t.slots[i : i+ways]
}

func (t *table) get(key uint64) (pn, dn uint32, ok bool) {
	if key == 0 {
		return 0, 0, false
	}
	for _, e := range t.bucket(key) {
		if e.key == key {
			return e.pn, e.dn, true
		}
	}
	return 0, 0, false
}

// put stores or updates key. When its bucket is full the entry with the
// least work is replaced, so cheap, easily recomputed results go first.
func (t *table) put(key uint64, pn, dn, work uint32) {
	if key == 0 {
		return
	}
	b := t.bucket(key)
	victim := -1
	for i := range b {
		switch {
		case b[i].key == key:
			b[i].pn, b[i].dn, b[i].work = pn, dn, max(b[i].work, work)
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
	b[victim] = entry{key: key, pn: pn, dn: dn, work: work}
}

package generic

// A table keeps each value in two bytes while it is built (see encode),
// and in one once built when it can: the distance plus one (0 a draw,
// 0xFF no position), the win read from the distance's parity. A win ends
// with the winner's move, so its plies are odd, a loss's even (the other
// way round in the losing game, where the side left without a move wins
// at 0): every value the builder sets keeps that (a quiet win is a lost
// child's distance plus one, a loss a won child's), and compact checks
// it of every value before it drops the win bit. Distances up to 253
// plies fit; the longest 8x8 ending built so far takes 162. A table that
// does not fit stays in two bytes. Halving the values is what lets the
// six-piece 8x8 tables be saved and read (1 byte a position on disk).

const (
	smallInvalid = 0xFF
	smallMax     = 253 // the longest distance a byte holds
)

// table is one built signature: the value of every index, by side to
// move, in two bytes (vals) or one (small).
type table struct {
	sh     shape
	vals   [2][]uint16
	small  [2][]uint8
	winOdd bool // in small: a win takes an odd number of plies
	mapped bool // the values lie in a mapped file, not on the heap
	// A slice's (slice.go): its index on the bitboards and the squares
	// its men may stand on; bl is nil for a whole table.
	bl   *bitLayout
	spec spec
}

// width is the bytes a value takes.
func (tab *table) width() int {
	if tab.small[0] != nil || tab.small[1] != nil {
		return 1
	}
	return 2
}

// heapBytes is the memory the table's values take (none when mapped).
func (tab *table) heapBytes() int64 {
	if tab.mapped {
		return 0
	}
	return 2 * tab.sh.size * int64(tab.width())
}

// raw is index i's value with turn to move in the builder's two-byte
// encoding, whatever the table keeps.
func (tab *table) raw(turn int, i int64) uint16 {
	if tab.small[turn] == nil {
		return tab.vals[turn][i]
	}
	switch v := tab.small[turn][i]; v {
	case 0:
		return 0
	case smallInvalid:
		return invalid
	default:
		plies := int(v) - 1
		return encode((plies%2 == 1) == tab.winOdd, plies)
	}
}

// smallOf is the one-byte form of v, a two-byte value; ok is false when
// its distance is too long or its parity is not a win's (or a loss's)
// under winOdd.
func smallOf(v uint16, winOdd bool) (b uint8, ok bool) {
	switch v {
	case 0:
		return 0, true
	case invalid:
		return smallInvalid, true
	}
	win, plies := decodeValue(v)
	if plies > smallMax || ((plies%2 == 1) == winOdd) != win {
		return 0, false
	}
	return uint8(plies + 1), true
}

// fitsSmall reports whether every value of tab has a one-byte form.
func (tab *table) fitsSmall(winOdd bool) bool {
	if tab.small[0] != nil {
		return tab.winOdd == winOdd
	}
	for _, vals := range tab.vals {
		for _, v := range vals {
			if _, ok := smallOf(v, winOdd); !ok {
				return false
			}
		}
	}
	return true
}

// compact returns tab in one byte a value, or tab itself when a value
// does not fit (see fitsSmall).
func (tab *table) compact(winOdd bool) *table {
	if tab.small[0] != nil || !tab.fitsSmall(winOdd) {
		return tab
	}
	out := &table{sh: tab.sh, winOdd: winOdd, bl: tab.bl, spec: tab.spec}
	for turn, vals := range tab.vals {
		out.small[turn] = make([]uint8, len(vals))
		for i, v := range vals {
			out.small[turn][i], _ = smallOf(v, winOdd)
		}
	}
	return out
}

// winOdd is whether a win takes an odd number of plies under t's rules.
func (t *Tables) winOdd() bool { return !t.r.LosingGame }

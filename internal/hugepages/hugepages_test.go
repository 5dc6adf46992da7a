package hugepages

import "testing"

// Advise takes arrays of any element type and size, aligned or not,
// without disturbing their contents.
func TestAdviseKeepsContents(t *testing.T) {
	for _, n := range []int{0, 1, Min - 1, Min, Min + 4097, 3*Min + 1} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i)
		}
		Advise(b)
		Advise(b[min(n, 1):]) // unaligned start
		for i := range b {
			if b[i] != byte(i) {
				t.Fatalf("size %d: byte %d changed", n, i)
			}
		}
	}
	w := make([]uint64, Min/8+3)
	w[len(w)-1] = 7
	Advise(w)
	if w[len(w)-1] != 7 {
		t.Fatal("uint64 array changed")
	}
}

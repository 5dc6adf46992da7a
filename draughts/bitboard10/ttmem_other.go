//go:build !linux

package bitboard10

func allocTT(n uint64) ([]ttBucket, func()) {
	return make([]ttBucket, n), func() {}
}

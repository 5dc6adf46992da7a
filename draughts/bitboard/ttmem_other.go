//go:build !linux

package bitboard

func allocTT(n uint64) ([]ttBucket, func()) {
	return make([]ttBucket, n), func() {}
}

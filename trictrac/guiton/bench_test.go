package guiton

import (
	"testing"

	"metz/sources"
)

func BenchmarkRead(b *testing.B) {
	data, _ := sources.Read(sources.Trictrac)
	for range b.N {
		Read(data)
	}
}

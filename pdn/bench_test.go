package pdn

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// problemFile returns n small problems of the kind the database holds.
func problemFile(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "[Event \"Problem %d\"]\n[GameType \"20\"]\n[SetUp \"1\"]\n", i+1)
		b.WriteString("[FEN \"W:W27,28,32,33,37,38,K46:B12,13,17,18,19,22,24\"]\n\n")
		b.WriteString("{White to play and win.} 1. 28-23! 19x28 (1... 18x29 2. 33x24 {wins}) ")
		b.WriteString("2. 32x23 17x28 3. 37-31 22x33 4. 38x9 2-0\n\n")
	}
	return b.String()
}

func BenchmarkParse(b *testing.B) {
	src := problemFile(10000)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		games, _, err := ParseString(src, "bench.pdn")
		if err != nil || len(games) != 10000 {
			b.Fatalf("%d games, error %v", len(games), err)
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	games, _, _ := ParseString(problemFile(10000), "bench.pdn")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var sb strings.Builder
		if err := Write(&sb, games); err != nil {
			b.Fatal(err)
		}
	}
}

// TestParseTenThousand checks that a 10,000-problem file reads whole. Its
// speed is measured by BenchmarkParse, not asserted here: wall-clock bounds
// in unit tests fail on a loaded machine.
func TestParseTenThousand(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	games, _, err := ParseString(problemFile(10000), "speed.pdn")
	if err != nil || len(games) != 10000 {
		t.Fatalf("%d games, error %v", len(games), err)
	}
}

// TestPathological feeds inputs that would expose quadratic behaviour or
// unbounded recursion: deep nesting is read with an explicit stack.
func TestPathological(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs")
	}
	const n = 100000
	for name, src := range map[string]string{
		"nested variations": "1. 32-28 " + strings.Repeat("(1. 33-28 ", n) + strings.Repeat(")", n),
		"long line":         strings.Repeat("1. 32-28 {c} 19-23 ", n),
		"unknown words":     strings.Repeat("28à23 ", n),
		"long word":         strings.Repeat("a", 10*n),
	} {
		start := time.Now()
		games, _, err := ParseString(src, "big.pdn")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkRoundTrip(t, games)
		// Linear work takes well under a second here; a quadratic reader
		// would take hours. The bound only separates those two.
		if d := time.Since(start); d > 60*time.Second {
			t.Errorf("%s: took %v", name, d)
		}
	}
}

package db

import (
	"path/filepath"
	"testing"

	"metz/problems"
)

// BenchmarkImport10k imports 10,000 generated problems in one batch into a
// fresh database (the target: under 10 s on the 2-core machine).
func BenchmarkImport10k(b *testing.B) {
	ps := generated(10000, "bench")
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		d, err := Open(filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		st, err := d.ImportBatch(problems.Source{Key: "gen"}, ps, nil)
		if err != nil || st.New != 10000 {
			b.Fatal(st, err)
		}
		b.StopTimer()
		d.Close()
	}
}

// BenchmarkReimport10kUnchanged re-imports the same 10,000 problems.
func BenchmarkReimport10kUnchanged(b *testing.B) {
	ps := generated(10000, "bench")
	d, err := Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	if _, err := d.ImportBatch(problems.Source{Key: "gen"}, ps, nil); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if st, err := d.ImportBatch(problems.Source{Key: "gen"}, ps, nil); err != nil || st.Unchanged != 10000 {
			b.Fatal(st, err)
		}
	}
}

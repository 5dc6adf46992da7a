package db

import (
	"fmt"
	"testing"

	"metz/problems"
	"metz/verdict"
)

// The benchmarks run on SQLite, or on PostgreSQL with
// METZ_TEST_DB=postgres (docs/database.md quotes both).

// BenchmarkImport10k imports 10,000 generated problems in one batch into a
// fresh database (the target: under 10 s on the 2-core machine).
func BenchmarkImport10k(b *testing.B) {
	ps := generated(10000, "bench")
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		d, err := Open(tempDSN(b))
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
	d, err := Open(tempDSN(b))
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

// benchDB is a database of 10,000 generated problems, a verdict for
// every third.
func benchDB(b *testing.B) *DB {
	d, err := Open(tempDSN(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	if _, err := d.ImportBatch(problems.Source{Key: "gen"}, generated(10000, "bench"), nil); err != nil {
		b.Fatal(err)
	}
	for id := int64(1); id <= 10000; id += 3 {
		if _, err := d.AddVerdict(id, Verdict{Verdict: verdict.Sound}); err != nil {
			b.Fatal(err)
		}
	}
	return d
}

// BenchmarkSearch10k runs a page of each kind of search the workbench
// and metz search make over 10,000 problems.
func BenchmarkSearch10k(b *testing.B) {
	d := benchDB(b)
	for _, c := range []struct {
		name string
		q    Query
	}{
		{"page", Query{Limit: 50}},
		{"themes", Query{Themes: "t1 OR (t2 AND NOT t3)", Limit: 50}},
		{"text", Query{Text: "BENCH 99", Limit: 50}},
		{"pattern", Query{Pattern: "W:W32,47:B2", Limit: 50}},
		{"verdict", Query{Verdict: "sound", Limit: 50, Offset: 1000}},
		{"material", Query{WhitePieces: Range{2, 2, true}, BlackMen: Range{1, 1, true}, Limit: 50, Offset: 5000}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if ss, err := d.Search(c.q); err != nil || len(ss) == 0 {
					b.Fatal(c.q, len(ss), err)
				}
			}
		})
	}
}

// BenchmarkVerdict stores a verdict and reads the problem's history and
// current verdict, as verify does for each problem.
func BenchmarkVerdict(b *testing.B) {
	d := benchDB(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		id := int64(1 + i%10000)
		if _, err := d.AddVerdict(id, Verdict{Verdict: verdict.Unproven, Run: fmt.Sprint("run", i)}); err != nil {
			b.Fatal(err)
		}
		if v, err := d.CurrentVerdict(id); err != nil || v == nil {
			b.Fatal(v, err)
		}
		if _, err := d.VerdictHistory(id); err != nil {
			b.Fatal(err)
		}
	}
}

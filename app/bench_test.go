package app

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"metz/db"
	"metz/internal/pdngen"
)

// BenchmarkImportPDN imports 5,000 random legal 60-ply games (a tenth of a
// megabyte of PDN per 180 games) into a fresh database: reading, replaying
// every move and storing, as metz import does. Run with
//
//	go test -run '^$' -bench ImportPDN -benchtime 3x ./app
//
// scripts/import-bench.sh measures a 50 MB file through the command.
func BenchmarkImportPDN(b *testing.B) {
	const games = 5000
	dir := b.TempDir()
	rng := rand.New(rand.NewSource(1))
	var text strings.Builder
	for i := 1; i <= games; i++ {
		text.WriteString(pdngen.Game(rng, i, 60, true))
	}
	file := filepath.Join(dir, "games.pdn")
	if err := os.WriteFile(file, []byte(text.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(text.Len()))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := db.Open(filepath.Join(dir, fmt.Sprintf("%d.db", i)))
		if err != nil {
			b.Fatal(err)
		}
		rs, err := Import(d, []string{file}, ImportOptions{})
		d.Close()
		if err != nil || len(rs) != 1 || rs[0].New != games {
			b.Fatalf("%v: %+v", err, rs)
		}
	}
	b.ReportMetric(float64(games*b.N)/b.Elapsed().Seconds(), "games/s")
}

// An import holds one game at a time: importing 4,000 games without
// GameType (2.2 MB of PDN, read twice: once to decide their rules; read
// whole, such a file took some 250 MB) never has more than a few tens of
// megabytes in use, and the progress it reports reaches the file's size.
func TestImportMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("imports 4,000 games")
	}
	const games = 4000
	dir := t.TempDir()
	rng := rand.New(rand.NewSource(2))
	f, err := os.Create(filepath.Join(dir, "games.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	size := 0
	for i := 1; i <= games; i++ {
		n, _ := f.WriteString(pdngen.Game(rng, i, 60, false))
		size += n
	}
	f.Close()
	d, err := db.Open(filepath.Join(dir, "metz.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var peak uint64
	var calls int
	var last, total int64
	progress := func(string) func(done, total int64) {
		return func(done, all int64) {
			if calls++; calls%500 == 0 {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
			last, total = done, all
		}
	}
	rs, err := Import(d, []string{filepath.Join(dir, "games.pdn")}, ImportOptions{Progress: progress})
	if err != nil || len(rs) != 1 || rs[0].New != games {
		t.Fatalf("%v: %+v", err, rs)
	}
	t.Logf("heap in use up to %.1f MB", float64(peak)/(1<<20))
	if peak == 0 || peak > 64<<20 {
		t.Errorf("heap in use up to %d MB while importing %d games (%d MB of PDN)", peak>>20, games, size>>20)
	}
	if last != int64(size) || total != int64(size) {
		t.Errorf("progress ended at %d of %d bytes, want the file's %d", last, total, size)
	}
}

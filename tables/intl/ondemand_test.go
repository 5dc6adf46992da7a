package intl

import (
	"bytes"
	"context"
	"sync"
	"testing"

	"metz/draughts"
)

// Ensure builds a signature's closure on demand while other goroutines
// probe; with a directory it saves the tables, and a later Open reads the
// same bytes; five pieces are refused.
func TestEnsureOnDemand(t *testing.T) {
	mem, err := InMemory(SmallPieces)
	if err != nil {
		t.Fatal(err)
	}
	kkkvk := stmSig{WK: 3, BK: 1}
	p, _ := draughts.ParseFEN(draughts.International, "W:WK46,K47,K48:BK5")
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range 2 {
		wg.Add(1)
		go func() { // probes of a 3-piece position meanwhile
			defer wg.Done()
			q, _ := draughts.ParseFEN(draughts.International, "W:WK5:BK46,K47")
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, _, ok := mem.Probe(q); !ok {
					t.Error("a 3-piece probe failed during a build")
					return
				}
			}
		}()
	}
	built, err := mem.ensure(context.Background(), kkkvk)
	close(stop)
	wg.Wait()
	if err != nil || built != kkkvk.Size()+kkkvk.Flip().Size() {
		t.Fatalf("Ensure(%v): %d built, %v; want %d", kkkvk, built, err, kkkvk.Size()+kkkvk.Flip().Size())
	}
	if _, _, ok := mem.Probe(p); !ok {
		t.Fatalf("%s not covered after Ensure", p.FEN())
	}
	if again, err := mem.ensure(context.Background(), kkkvk); err != nil || again != 0 {
		t.Errorf("second Ensure built %d (%v)", again, err)
	}

	dir := t.TempDir()
	disk, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := disk.EnsureSmall(); err != nil {
		t.Fatal(err)
	}
	if built, err := disk.EnsureFor(context.Background(), p); err != nil || built == 0 {
		t.Fatalf("EnsureFor into %s: %d, %v", dir, built, err)
	}
	reopened, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []stmSig{kkkvk, kkkvk.Flip()} {
		a, _ := mem.table(s)
		b, err := reopened.table(s)
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%v: saved table differs from the one built in memory (%v)", s, err)
		}
	}
	if reopened.ToBuild(p) != 0 {
		t.Error("ToBuild counts tables that are on disk")
	}
	if _, err := mem.ensure(context.Background(), stmSig{WK: 3, BK: 2}); err == nil {
		t.Error("a 5-piece signature was built on demand")
	}
}

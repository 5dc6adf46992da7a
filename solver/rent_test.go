package solver

import (
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard10"
	"metz/tables"
)

// The bounded search builds no table of a material it has not yet spent
// the build's price on, and answers as a search that has paid and built
// it: two kings a side, fresh tables (the 4-piece
// table is not built), "White wins within d" for d up to 5, the last
// three checked against the brute force.
func TestRentBeforeBuilding(t *testing.T) {
	p := mustFEN(t, intl, "W:WK46,K50:BK5,K16")
	sig := tables.Sig{WK: 2, BK: 2}
	code, _ := sig.Code()
	root := mustFEN(t, intl, "W:W31,32,33,K46,K50:BK5,K16,20")
	renter, q := rentSearch(t, root, p)
	buyer, _ := rentSearch(t, root, p)
	if renter.price[code] <= 1 {
		t.Fatalf("price %d: the table is ready or costs nothing", renter.price[code])
	}
	buyer.rent[code] = buyer.price[code]
	memo := map[string]bool{}
	for d := 1; d <= 5; d++ {
		rs, bs := renter.at(q, false), buyer.at(q, false)
		rw, rok := renter.within(&rs, d, false)
		bw, bok := buyer.within(&bs, d, false)
		if !rok || !bok || rw != bw {
			t.Fatalf("within %d: renting %v (ok %v), built %v (ok %v)", d, rw, rok, bw, bok)
		}
		if d <= 3 {
			if want := bruteGoalMemo(p, draughts.White, Win, 0, d, false, memo); rw != want {
				t.Fatalf("within %d: %v, brute force %v", d, rw, want)
			}
		}
	}
	if renter.tables.Has(sig) {
		t.Fatalf("the renting search built the %s table", sig)
	}
	if renter.rent[code] == 0 || renter.rent[code] >= renter.price[code] {
		t.Fatalf("rent %d of a price of %d", renter.rent[code], renter.price[code])
	}
	if !buyer.tables.Has(sig) {
		t.Fatalf("the search that had paid did not build the %s table", sig)
	}
}

// rentSearch is a search of root on the bitboard generator with fresh
// in-memory tables, and p in its form.
func rentSearch(t *testing.T, root, p draughts.Position) (*search[bitboard10.Position, bitboard10.Move], bitboard10.Position) {
	t.Helper()
	e, err := bitboard10.New(p.Rules)
	if err != nil {
		t.Fatal(err)
	}
	b := nodes(1_000_000).WithDefaults()
	q := from(e, p)
	s := newSearch(e, from(e, root), draughts.White, Win, newLimits(b), b.MemoryMB)
	s.useTables(tables.InMemory().System(p.Rules))
	return s, q
}

// A search whose root is a small ending pays no rent: its tables are its
// answer.
func TestSmallRootPaysNoRent(t *testing.T) {
	p := mustFEN(t, intl, "W:WK46,K50:BK5,K16")
	s, _ := rentSearch(t, p, p)
	code, _ := tables.Sig{WK: 2, BK: 2}.Code()
	if s.price[code] != 0 {
		t.Fatalf("price %d for the root's own material", s.price[code])
	}
}

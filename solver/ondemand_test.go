package solver

import (
	"testing"

	"metz/tables"
)

// A verification of a king ending, with no table directory and only the
// 2-3-piece tables in memory, builds the 4-piece tables its search meets
// and proves the stated key with the published length (three kings
// against a man, 17 plies: one of the endings that stayed unknown after
// 30 s of search without tables). The key is the one the prebuilt 4-piece
// tables (endgame.InMemory, built apart) give.
func TestVerifyBuildsTheTablesItMeets(t *testing.T) {
	const fen, plies = "W:WK8,K20,K37:B43", 17
	truth := tables4(t)
	p := mustFEN(t, intl, fen)
	var key string
	for _, m := range p.Moves() {
		if r, d, ok, _ := truth.Probe(p.Play(m)); ok && r == tables.Loss && d == plies-1 {
			key = intl.FormatMove(m, true)
		}
	}
	if key == "" {
		t.Fatalf("%s: the 4-piece tables give no win in %d plies", fen, plies)
	}
	fresh := fresh3(t)
	sig := tables.SigOf(p)
	if fresh.Has(sig) {
		t.Fatalf("%v built before the verification", sig)
	}
	rep := Verify(problemOf(fen, "win", key), Options{Budget: nodes(2_000_000), Tables: fresh})
	if rep.Verdict != Sound {
		t.Errorf("%s %s: %s; want sound (notes %v)", fen, key, rep.Verdict, rep.Notes)
	}
	if rep.TablesBuilt == 0 || rep.TableHits == 0 || !fresh.Has(sig) {
		t.Errorf("%s: %d table positions built, %d hits, %v built: %v; want the tables built and read", fen, rep.TablesBuilt, rep.TableHits, sig, fresh.Has(sig))
	}
	if none := Verify(problemOf(fen, "win", key), Options{Budget: nodes(20_000), NoTables: true}); none.TablesBuilt != 0 || none.TableHits != 0 {
		t.Errorf("NoTables: %d table positions built, %d hits", none.TablesBuilt, none.TableHits)
	}
}

package solver

import (
	"testing"

	"metz/draughts"
	"metz/tables"
	"metz/verdict"
)

// A verification of a king ending, with no table directory and only the
// 2-3-piece tables in memory, builds the 4-piece tables its search meets
// and proves the stated key with the published length (three kings
// against a man, 17 plies: one of the endings that stayed unknown after
// 30 s of search without tables). The key is the one the prebuilt 4-piece
// tables (built apart) give.
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
	freshIntl := fresh.System(intl)
	sig := tables.SigOf(p)
	if freshIntl.Has(sig) {
		t.Fatalf("%v built before the verification", sig)
	}
	rep := verifyT(problemOf(fen, "win", key), Options{Budget: nodes(2_000_000), Tables: fresh})
	if rep.Verdict != verdict.Sound {
		t.Errorf("%s %s: %s; want sound (notes %v)", fen, key, rep.Verdict, rep.Notes)
	}
	if rep.TablesBuilt == 0 || rep.TableHits == 0 || !freshIntl.Has(sig) {
		t.Errorf("%s: %d table positions built, %d hits, %v built: %v; want the tables built and read", fen, rep.TablesBuilt, rep.TableHits, sig, freshIntl.Has(sig))
	}
	if none := verifyT(problemOf(fen, "win", key), Options{Budget: nodes(20_000), NoTables: true}); none.TablesBuilt != 0 || none.TableHits != 0 {
		t.Errorf("NoTables: %d table positions built, %d hits", none.TablesBuilt, none.TableHits)
	}
}

// A search counts the endings it met that no table held but a table set
// could (five pieces, with only the small tables): the advice to build
// the 5-piece tables rests on it. A full-board position searched a little
// meets none.
func TestSolveCountsEndingsWithNoTable(t *testing.T) {
	ending := mustFEN(t, intl, "W:WK3,K14,28:BK45,K50,36")
	sol := solveWithT(ending, Win, Options{Budget: nodes(20_000), Tables: fresh3(t)})
	if sol.TablesUnsaved == 0 {
		t.Errorf("6-piece king ending, small tables only: no 5-piece position counted (result %s, %d nodes)", sol.Result, sol.Nodes)
	}
	if sol := solveWithT(draughts.Start(intl), Win, Options{Budget: nodes(20_000), Tables: fresh3(t)}); sol.TablesUnsaved != 0 {
		t.Errorf("start position: %d positions counted as missing a table", sol.TablesUnsaved)
	}
}

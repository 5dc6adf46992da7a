package solver

import (
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"metz/draughts"
	"metz/problems"
	"metz/tables"
	intltables "metz/tables/intl"
	"metz/verdict"
)

// The searches read the tables stored without distances (the
// international 6-piece tables: win, draw or loss alone) where no table
// with distances holds a position. A set of that form small enough for
// the tests: three kings against a man (KKKvM, MvKKK) and the three kings
// against a king its promotion leads to, stored packed as the 6-piece
// tables are; the 2- and 3-piece tables keep their distances.

var (
	packedOnce sync.Once
	packedDir  string
	packedErr  error
	byteTables = tables.InMemory() // the same tables with distances, built as asked
)

// packedTables opens that set, built once per test run in a directory
// TestMain removes. Nothing is built on demand from it: the roots' slices
// and the tables of a root are refused (smallRootPositions), so every
// 4-piece position is read from the packed tables.
func packedTables(t *testing.T) *tables.Tables {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the 4-piece tables of three kings against a man, packed")
	}
	packedOnce.Do(func() {
		if packedDir, packedErr = os.MkdirTemp("", "metz-solver-packed-"); packedErr == nil {
			packedErr = intltables.BuildPacked(t.Context(), packedDir, []tables.Sig{{WK: 3, BM: 1}}, 4)
		}
	})
	if packedErr != nil {
		t.Fatal(packedErr)
	}
	tb, err := tables.Open(tables.Config{Dir: packedDir})
	if err != nil {
		t.Fatal(err)
	}
	old := smallRootPositions
	smallRootPositions = 1 // no slice, no table built at the root
	t.Cleanup(func() { smallRootPositions = old })
	return tb
}

// byteValue is p's value and distance in the byte tables (built in
// memory, with distances): the reference the answers from the packed
// tables are checked against.
func byteValue(t *testing.T, p draughts.Position) (tables.Result, int) {
	t.Helper()
	if _, err := byteTables.Ensure(t.Context(), p); err != nil {
		t.Fatal(err)
	}
	r, plies, ok, err := byteTables.Probe(p)
	if !ok || err != nil {
		t.Fatalf("%s: not in the byte tables (%v)", p.FEN(), err)
	}
	return r, plies
}

// From the packed tables, df-pn proves a five-piece win whose only move
// (a capture) leads into them, and disproves a drawn one; solve finds the
// win's exact length by its bounded search (the tables give none), and
// the answer says how many positions a table without distances decided.
func TestSolveFromTablesWithoutDistances(t *testing.T) {
	tb := packedTables(t)
	cases := []struct {
		fen, result string
		plies       int
		child       string // the position after the one move, in the packed tables
	}{
		{"W:WK8,K20,K37:B13,K31", verdict.ResultWin, 5, "B:WK8,K20,K26:B13"},
		{"W:WK8,K20,K37:B43,K31", verdict.ResultDraw, 0, "B:WK8,K20,K26:B43"},
	}
	for _, c := range cases {
		p := mustFEN(t, intl, c.fen)
		r, plies := byteValue(t, mustFEN(t, intl, c.child))
		if want := map[string]tables.Result{verdict.ResultWin: tables.Loss, verdict.ResultDraw: tables.Draw}[c.result]; r != want || (r == tables.Loss && plies+1 != c.plies) {
			t.Fatalf("%s: the byte tables give %s in %d", c.child, r, plies)
		}
		sol := SolveWith(p, Win, Options{Budget: nodes(1_000_000), Tables: tb})
		if sol.Result != c.result || sol.Plies != c.plies || sol.TableHitsNoDistance == 0 || sol.TablesBuilt != 0 {
			t.Errorf("%s: %s in %d plies, %d positions from tables without distances, %d built; want %s in %d",
				c.fen, sol.Result, sol.Plies, sol.TableHitsNoDistance, sol.TablesBuilt, c.result, c.plies)
		}
	}
}

// A four-piece root of the packed tables: df-pn has its value at once and
// every winning first move as a key, the keys those the byte tables give.
// The tables give no length: the bounded search finds the exact one
// (Grimminck's 17 plies) on its share of the budget, each node's moves
// cut short by the tables' values. On a budget too small for it, the
// answer has no length, says so, and its proof tree ends in the tables
// with "distance not stored", never a number of plies.
func TestSolveRootWithoutDistance(t *testing.T) {
	tb := packedTables(t)
	const fen = "W:WK8,K20,K37:B43"
	p := mustFEN(t, intl, fen)
	var want []string
	for _, m := range p.Moves() {
		if r, _ := byteValue(t, p.Play(m)); r == tables.Loss {
			want = append(want, p.Rules.FormatMove(m, true))
		}
	}
	sol := SolveWith(p, Win, Options{Budget: nodes(200_000), Tables: tb})
	if sol.Result != verdict.ResultWin || sol.Plies != 17 || !slices.Equal(sol.Keys, want) || sol.TableHitsNoDistance == 0 {
		t.Errorf("%s: %s in %d plies, keys %v, %d positions from tables without distances; want a win in 17, keys %v",
			fen, sol.Result, sol.Plies, sol.Keys, sol.TableHitsNoDistance, want)
	}
	sol = SolveWith(p, Win, Options{Budget: nodes(2_000), Tables: tb})
	if sol.Result != verdict.ResultWin || sol.Plies != 0 || !strings.Contains(sol.Note, "store no distance") || !slices.Equal(sol.Keys, want) {
		t.Fatalf("%s on 2,000 nodes: %s in %d plies (%q), keys %v; want a win without a length", fen, sol.Result, sol.Plies, sol.Note, sol.Keys)
	}
	checkNoDistanceLeaves(t, sol.Tree)
}

// checkNoDistanceLeaves fails when a proof tree's comment gives a table
// distance, and when none of its lines ends in a table without one.
func checkNoDistanceLeaves(t *testing.T, tree *problems.Tree) {
	t.Helper()
	if tree == nil {
		t.Fatal("no proof tree")
	}
	found := false
	tree.Walk(func(n *problems.Node, _ int) {
		if strings.Contains(n.Comment, "won in") {
			t.Errorf("%s: %q from tables without distances", n.Move, n.Comment)
		}
		found = found || n.Comment == tableWinNoDistance
	})
	if !found {
		t.Errorf("no line ends in the tables without a distance: %+v", tree.Children)
	}
}

// The bounded search: a win the packed tables give is no win within any
// number of plies (W:WK8,K20,K37:B43 wins in 17: not within 5, with a
// search that reads the packed tables at every node), and a table's draw
// refutes every bound at once, without a node searched.
func TestBoundedSearchWithoutDistances(t *testing.T) {
	tb := packedTables(t)
	win := newProbe(mustFEN(t, intl, "W:WK8,K20,K37:B43"), draughts.White, Win, tb, 2_000_000)
	if w, ok := win.within(5, false); !ok || w {
		t.Errorf("a 17-ply win within 5 plies: %v (ok %v)", w, ok)
	}
	short := newProbe(mustFEN(t, intl, "W:WK8,K20,K37:B13,K31"), draughts.White, Win, tb, 2_000_000)
	for d, want := range map[int]bool{3: false, 5: true, 9: true} {
		if w, ok := short.within(d, false); !ok || w != want {
			t.Errorf("the 5-ply win within %d plies: %v (ok %v), want %v", d, w, ok, want)
		}
	}
	draw := newProbe(mustFEN(t, intl, "B:WK8,K20,K26:B43"), draughts.White, Win, tb, 2_000_000)
	if w, ok := draw.within(40, false); !ok || w || draw.nodes() != 0 {
		t.Errorf("a drawn position within 40: %v (ok %v, %d nodes); want refuted by the table alone", w, ok, draw.nodes())
	}
	bounded := SolveWith(mustFEN(t, intl, "W:WK8,K20,K37:B13,K31"), Goal{Kind: GoalWin, Within: 3}, Options{Budget: nodes(1_000_000), Tables: tb})
	if bounded.Result != verdict.ResultDraw {
		t.Errorf("win within 3 of a 5-ply win: %s (%s)", bounded.Result, bounded.Note)
	}
}

// Verify reads them at the end of a stated line: the leaf is proven by a
// table without distances, and the report says so (the place in
// table_leaves_no_distance, the finding's words); the verdict is the one
// the byte tables give.
func TestVerifyFromTablesWithoutDistances(t *testing.T) {
	tb := packedTables(t)
	prob := problemOf("W:WK8,K20,K37:B13,K31", "win", "37x26")
	rep := verifyT(prob, Options{Budget: nodes(1_000_000), Tables: tb})
	want := verifyT(prob, Options{Budget: nodes(1_000_000), Tables: tables.InMemory()})
	if rep.Verdict != want.Verdict || !slices.Equal(rep.TableLeavesNoDistance, []string{"1"}) || !slices.Equal(rep.TableLeaves, []string{"1"}) {
		t.Fatalf("verdict %s, table leaves %v, without distances %v; byte tables: %s", rep.Verdict, rep.TableLeaves, rep.TableLeavesNoDistance, want.Verdict)
	}
	if f := strings.Join(rep.Findings(), "; "); !strings.Contains(f, "store no distance") {
		t.Errorf("findings %q", f)
	}
}

// sixPiecePositions are solved from the real 6-piece tables by
// TestSixPieceTables: king endings of every balance, and kings against
// men. Their values are not written here: the tables are the reference,
// checked against each position's children.
var sixPiecePositions = []string{
	"W:WK1,K2,K3,K4,K5:BK46",     // five kings against one
	"W:WK1,K2,K3,K4:BK46,K50",    // four kings against two (the Livre de Metz's claim)
	"B:WK1,K2,K3,K4:BK46,K50",    // the same, the two kings to move
	"W:WK28,K32,K37,K41:BK5,K23", // four against two, the two on the long diagonal
	"W:WK28,K32,K37:BK5,K46,K50", // three against three
	"W:W6:BK1,K2,K3,K4,K50",      // a man against five kings
	"W:W31,32,33,34:BK5,K46",     // four men against two kings
	"W:WK47,K48,K49:B3,4,5",      // three kings against three men
	"W:WK46,K50,28:BK5,K10,K15",  // two kings and a man against three kings
	"B:WK46,K50,28:BK5,K10,K15",  // the same, Black to move
}

// TestSixPieceTables solves each of sixPiecePositions with the 6-piece
// tables of $METZ_ENDGAME_DIR (skipped without them) on the default
// budget: the result must be the tables' value, a win's keys the moves
// the tables give as winning, and the tables' value must agree with the
// children's (a win has a child lost, a loss only children won, a draw
// neither); each in under a second (-v prints the times).
func TestSixPieceTables(t *testing.T) {
	dir := os.Getenv("METZ_ENDGAME_DIR")
	if dir == "" {
		t.Skip("METZ_ENDGAME_DIR not set")
	}
	if _, err := os.Stat(dir + "/KKKKvKK.egt"); err != nil {
		t.Skipf("%s holds no 6-piece tables: %v", dir, err)
	}
	tb, err := tables.Open(tables.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if r := tb.WDLReach(intl); r < 6 {
		t.Logf("the 2-6-piece set is not complete (values up to %d pieces): positions outside it are skipped", r)
	}
	for _, fen := range sixPiecePositions {
		p := mustFEN(t, intl, fen)
		v, ok, err := tb.ProbeWDL(p)
		if err != nil || !ok {
			t.Logf("%s: not in the tables (%v), skipped", fen, err)
			continue
		}
		want := map[tables.Result]string{tables.Win: verdict.ResultWin, tables.Draw: verdict.ResultDraw, tables.Loss: verdict.ResultLoss}[v]
		var keys []string
		from := tables.Loss // what the children give the side to move: a loss unless a move does better
		for _, m := range p.Moves() {
			cv, cok, err := tb.ProbeWDL(p.Play(m))
			if err != nil || !cok {
				t.Fatalf("%s: the position after %s is not in the tables (%v)", fen, p.Rules.FormatMove(m, false), err)
			}
			switch {
			case cv == tables.Loss:
				from = tables.Win
				keys = append(keys, p.Rules.FormatMove(m, true))
			case cv == tables.Draw && from == tables.Loss:
				from = tables.Draw
			}
		}
		if from != v {
			t.Errorf("%s: the tables give %s, its children %s", fen, v, from)
		}
		start := time.Now()
		sol := SolveWith(p, Win, Options{Tables: tb})
		took := time.Since(start)
		t.Logf("%s: %s in %.3f s (%d nodes, %d table hits, %d without distance, plies %d)", fen, sol.Result, took.Seconds(), sol.Nodes, sol.TableHits, sol.TableHitsNoDistance, sol.Plies)
		switch {
		case sol.Result != want:
			t.Errorf("%s: solve says %s, the tables %s", fen, sol.Result, want)
		case v == tables.Win && !slices.Equal(sol.Keys, keys):
			t.Errorf("%s: keys %v, the tables' winning moves %v", fen, sol.Keys, keys)
		case took > time.Second:
			t.Errorf("%s: %.2f s, more than a second", fen, took.Seconds())
		}
		if v == tables.Win && (sol.Tree == nil || len(sol.Tree.Children) == 0) {
			t.Errorf("%s: a win without a proof tree", fen)
		}
	}
}

// A proof that ends in a table without distances has no length: the
// bound proofDepth gives Verify (the key's length at most) is not known,
// never a number made of the missing distance.
func TestProofDepthWithoutDistances(t *testing.T) {
	tb := packedTables(t)
	p := mustFEN(t, intl, "W:WK8,K20,K37:B13,K31")
	g := newFastGame(intl)
	s := newSearch(g, from(g, p), p.Turn, Win, newLimits(nodes(100_000)), 8)
	s.useTables(tb.System(intl))
	root := s.atGeneric(p, false)
	if out := s.prove(&root); out != proven {
		t.Fatalf("%s: %v, want proven", p.FEN(), out)
	}
	if d, ok := s.proofDepth(&root); ok {
		t.Errorf("%s: proof depth %d from a table without distances", p.FEN(), d)
	}
	if s.valueHit == 0 {
		t.Error("no position decided by a table without distances")
	}
}

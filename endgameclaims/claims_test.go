package endgameclaims

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"metz/draughts"
	"metz/draughts/bitboard10"
	"metz/importer/livremetz"
	"metz/sources"
	"metz/tables"
	"metz/tables/intl"
)

// The endgame claims are answered from tables built in memory: those of
// up to four pieces from the tables, with counts and examples the tables
// confirm; the five-piece ones name the tables they need, the six- and
// seven-piece ones that metz does not build them. The quote is the
// passage as the book prints it, words apart.
func TestEndgameClaimsFromSmallTables(t *testing.T) {
	tabs := tables.InMemory().System(draughts.International)
	for _, s := range Material() {
		if tabs.Cost(s) >= 0 {
			if _, err := tabs.EnsureSig(context.Background(), s); err != nil {
				t.Fatal(err)
			}
		}
	}
	claims := Check(book(t), tabs)
	if len(claims) != len(endgameSpecs) {
		t.Fatalf("%d claims answered; want %d", len(claims), len(endgameSpecs))
	}
	want := map[string]struct {
		verdict Verdict
		answer  string // a part of the answer
		quote   string // a part of the quote
	}{
		"trois-dames-contre-une-ligne-du-milieu-remise":    {True, "are draws", "Lorsque deux joueurs qui ne se font pas avantage"},
		"trois-dames-tenant-la-ligne-du-milieu":            {True, "are won", "la ligne du milieu"},
		"une-dame-contre-deux-remise":                      {PartlyTrue, "drawn in general", "décidément remises"},
		"deux-dames-contre-quatre-remise-sauf-trois-coups": {NotCovered, "needs the 6-piece tables", "deux Dames contre quatre"},
		"dame-contre-trois-pions-et-dame-remise":           {NotCovered, "needs the 5-piece tables (metz endgame build --pieces 5)", "trois Pions et une Dame"},
		"deux-dames-contre-cinq-perdue":                    {NotCovered, "needs the 7-piece tables", "deux Dames contre cinq"},
		"dame-et-pion-contre-trois-dames-perdue":           {NotCovered, "needs the 5-piece tables", "une Dame et un Pion"},
	}
	for _, c := range claims {
		w, ok := want[c.ID]
		if !ok {
			t.Errorf("unexpected claim %s", c.ID)
			continue
		}
		if c.Verdict != w.verdict || !strings.Contains(c.Answer, w.answer) || !strings.Contains(c.Quote, w.quote) {
			t.Errorf("%s: %s, %q, quote %q; want %s, %q, %q", c.ID, c.Verdict, c.Answer, c.Quote, w.verdict, w.answer, w.quote)
		}
		if c.Verdict != NotCovered && (len(c.Counts) == 0 || len(c.Examples) == 0) {
			t.Errorf("%s: no counts or no example", c.ID)
		}
		for _, e := range c.Examples {
			checkExample(t, tabs, e)
		}
	}
	// One king against two: KKvK holds C(50,2)·50 = 61,250 indices, of
	// which 2·1,225 put a single king on a square of the two.
	if c := claims[2]; c.Counts[0].N != 58800 {
		t.Errorf("two kings to move: %d positions; want 58800", c.Counts[0].N)
	}
}

// checkExample probes an example's FEN and compares with what it says.
func checkExample(t *testing.T, tabs *tables.System, e Example) {
	t.Helper()
	p, err := draughts.ParseFEN(draughts.International, e.FEN)
	if err != nil {
		t.Fatalf("example %s: %v", e.FEN, err)
	}
	r, plies, ok, err := tabs.Probe(p)
	if e.Plies == nil {
		if wr, wok, err := tabs.ProbeWDL(p); err != nil || !wok || wr.String() != e.Result || ok {
			t.Errorf("example %s says %s (no distance), probe %v (%v), value alone %v", e.FEN, e.Result, r, ok, wr)
		}
		return
	}
	if err != nil || !ok || r.String() != e.Result || plies != *e.Plies {
		t.Errorf("example %s says %s in %d, probe %v in %d", e.FEN, e.Result, *e.Plies, r, plies)
	}
}

// book is the bundled Livre de Metz, read once for the tests.
func book(t *testing.T) *livremetz.Index {
	t.Helper()
	data, err := sources.Read(sources.LivreDeMetz)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := livremetz.Parse(data, sources.LivreDeMetz)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// kingsAgainstKings (two kings against four, from the 6-piece tables) on
// a smaller pair of the same form: three kings against one, the tables
// stored without distances as the 6-piece ones are. Its counts are the
// byte tables' (built in memory, with distances), and its examples say
// their value without a distance.
func TestKingsAgainstKingsWithoutDistances(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 4-piece king tables packed")
	}
	dir := t.TempDir()
	if err := intl.BuildPacked(t.Context(), dir, []tables.Sig{{WK: 3, BK: 1}}, 4); err != nil {
		t.Fatal(err)
	}
	packed, err := tables.Open(tables.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	tabs := packed.System(draughts.International)
	var c Claim
	kingsAgainstKings(&c, tabs, "KKKvK", "KvKKK", "three kings", "a king")
	ref := tables.InMemory().System(draughts.International)
	if _, err := ref.EnsureSig(t.Context(), tables.Sig{WK: 3, BK: 1}); err != nil {
		t.Fatal(err)
	}
	var want []Count
	for _, name := range []string{"KKKvK", "KvKKK"} {
		var all, quiet tally
		scan(ref, name, func(p bitboard10.Position, v tables.Result, _ int) {
			all.count(v)
			if !p.HasCapture() {
				quiet.count(v)
			}
		})
		if name == "KKKvK" {
			want = append(all.counts("three kings to move"), quiet.counts("three kings to move, no capture to make")...)
		} else {
			want = append(want, all.counts("a king to move")...)
		}
	}
	if c.Verdict == NotCovered || !slices.Equal(c.Counts, want) || len(c.Examples) < 2 {
		t.Fatalf("%s %q\ncounts %v\nwant   %v\nexamples %v", c.Verdict, c.Answer, c.Counts, want, c.Examples)
	}
	for _, e := range c.Examples {
		if e.Plies != nil {
			t.Errorf("%s: %d plies from tables without distances", e.FEN, *e.Plies)
		}
		checkExample(t, tabs, e)
	}
	t.Logf("%s: %s", c.Verdict, c.Answer)
}

// With the 6-piece tables in $METZ_ENDGAME_DIR, the claim on two kings
// against four is answered from them: the counts add up to the positions
// of KKKKvKK and KKvKKKK (238,360,500 each), and each example's value is
// the tables'.
func TestFourKingsTwoFromSixPieceTables(t *testing.T) {
	dir := os.Getenv("METZ_ENDGAME_DIR")
	if dir == "" {
		t.Skip("METZ_ENDGAME_DIR not set")
	}
	if _, err := os.Stat(filepath.Join(dir, "KKKKvKK.egt")); err != nil {
		t.Skipf("%s holds no 6-piece tables: %v", dir, err)
	}
	tb, err := tables.Open(tables.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	tabs := tb.System(draughts.International)
	start := time.Now()
	var claim *Claim
	for _, c := range Check(book(t), tabs) {
		if c.ID == "deux-dames-contre-quatre-remise-sauf-trois-coups" {
			claim = &c
		}
	}
	t.Logf("claims answered in %.1f s", time.Since(start).Seconds())
	if claim == nil || claim.Verdict == NotCovered {
		t.Fatalf("claim: %+v", claim)
	}
	t.Logf("%s: %s", claim.Verdict, claim.Answer)
	if n := claim.Counts[0].N; n != 238_360_500 || claim.Counts[8].N != 238_360_500 {
		t.Errorf("positions: %d and %d, want 238360500 each", n, claim.Counts[8].N)
	}
	for _, e := range claim.Examples {
		checkExample(t, tabs, e)
	}
}

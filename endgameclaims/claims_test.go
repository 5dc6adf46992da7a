package endgameclaims

import (
	"context"
	"strings"
	"testing"

	"metz/draughts"
	"metz/importer/livremetz"
	"metz/sources"
	"metz/tables"
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
	if err != nil || !ok || r.String() != e.Result || plies != e.Plies {
		t.Errorf("example %s says %s in %d, probe %v in %d", e.FEN, e.Result, e.Plies, r, plies)
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

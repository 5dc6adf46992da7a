package app

import (
	"testing"

	"metz/draughts"
	"metz/tables"
	"metz/tables/intl"
)

// From tables stored without distances (as the international 6-piece
// ones are; here three kings against a man, packed) a probe gives the
// value with no distance, and each move's value: the distance where the
// move leads into a table that has one (a capture of the last piece),
// none where it leads into the same tables. Every value is the byte
// tables' (built in memory, with distances), and the best moves are those
// that keep the value, none told faster.
func TestProbeWithoutDistances(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 4-piece tables of three kings against a man, twice")
	}
	dir := t.TempDir()
	if err := intl.BuildPacked(t.Context(), dir, []tables.Sig{{WK: 3, BM: 1}}, 4); err != nil {
		t.Fatal(err)
	}
	tabs, err := OpenTables(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	ref := tables.InMemory()
	var with, without int // moves of each kind checked
	for _, fen := range []string{"W:WK8,K20,K37:B43", "W:WK8,K20,K37:B31", "B:WK8,K20,K26:B43"} {
		p, err := ProbedPosition(draughts.International, fen)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := EnsureTables(t.Context(), tabs, p, nil); err != nil {
			t.Fatal(err)
		}
		rep, err := Probe(tabs, p, fen)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ref.Ensure(t.Context(), p); err != nil {
			t.Fatal(err)
		}
		want, _, _, _ := ref.Probe(p)
		if rep.Result != want.String() || rep.Plies != nil {
			t.Errorf("%s: %s, plies %v; the byte tables: %s, and no distance from these", fen, rep.Result, rep.Plies, want)
		}
		byName := map[string]ProbedMove{}
		for _, m := range rep.Moves {
			byName[m.Move] = m
		}
		for _, m := range p.Moves() {
			q := p.Play(m)
			cv, cp, _, _ := ref.Probe(q)
			got := byName[p.Rules.FormatMove(m, false)]
			mine := -cv
			_, _, distance, _ := tabs.Probe(q)
			if distance {
				with++
			} else {
				without++
			}
			switch {
			case got.Result != mine.String() || got.Best != (mine == want):
				t.Errorf("%s %s: %+v; the byte tables give %s", fen, got.Move, got, mine)
			case mine == tables.Draw && (got.Plies == nil || *got.Plies != 0):
				t.Errorf("%s %s: a draw with plies %v", fen, got.Move, got.Plies)
			case mine != tables.Draw && distance && (got.Plies == nil || *got.Plies != cp+1):
				t.Errorf("%s %s: plies %v, want %d", fen, got.Move, got.Plies, cp+1)
			case mine != tables.Draw && !distance && got.Plies != nil:
				t.Errorf("%s %s: plies %d from a table without distances", fen, got.Move, *got.Plies)
			}
		}
	}
	if with == 0 || without == 0 {
		t.Errorf("%d moves into tables with distances, %d into tables without: the test needs both", with, without)
	}
}

package db

import (
	"database/sql"
	"fmt"
	"metz/draughts"
	"strings"
	"testing"

	"metz/internal/pgtest"
	"metz/problems"
	"metz/problems/catalog"
)

// The four positions Van Tenac's Traité (1868, §71-74) states in words; the
// piece counts in the tests are the ones the book itself writes ("en tout
// onze pions noirs", "huit pions", "cinq pions blancs contre quatre pions
// noirs et une dame noire", ...).
var vanTenac = []*problems.Problem{
	{Number: 1, Label: "Problème I", Rules: draughts.International, Stipulation: problems.StipWin,
		Position: problems.MustPosition(draughts.International, "W:W25,28,30,33,35,37,38,40:B4,7,8,12,14,17,18,19,24,26,29"), Location: "van-tenac.md:440",
		Commentary: "Dès le début de ce coup, les blancs donnent à prendre"},
	{Number: 2, Label: "Problème II", Rules: draughts.International, Stipulation: problems.StipWin,
		Position: problems.MustPosition(draughts.International, "W:W12,13,24,25,31:B3,5,6,K10,11"), Location: "van-tenac.md:475",
		Commentary: "la dame noire de la case 10 passe sur la case 14"},
	{Number: 3, Label: "Problème III", Rules: draughts.International, Stipulation: problems.StipWin,
		Position: problems.MustPosition(draughts.International, "W:W9,22,27,32,35,38:B12,15,26,K50"), Location: "van-tenac.md:488",
		Commentary: "c'est un coup de repos", Themes: []problems.Theme{{Name: "coup-de-repos", Origin: problems.OriginBook}}},
	{Number: 4, Label: "Problème IV", Rules: draughts.International, Stipulation: problems.StipWin,
		Position: problems.MustPosition(draughts.International, "W:W14,16,23,28,32,33,34:BK4,6,17,22,35"), Location: "van-tenac.md:510",
		Themes: []problems.Theme{{Name: "lunette", Origin: problems.OriginBook}}},
}

var vanTenacSource = problems.Source{Key: "vantenac", Title: "Traité du jeu de dames", Author: "Van Tenac", Year: 1868}

func cloneProblems(ps []*problems.Problem) []*problems.Problem {
	out := make([]*problems.Problem, len(ps))
	for i, p := range ps {
		c := *p
		c.Themes = append([]problems.Theme(nil), p.Themes...)
		out[i] = &c
	}
	return out
}

// The tests run on SQLite, and on PostgreSQL with METZ_TEST_DB=postgres
// (internal/pgtest starts the server): the same suite on both.
var onPostgres = pgtest.Engine() == "postgres"

// tempDSN names a new, empty database for t: an SQLite file, or a
// PostgreSQL database's URL when the tests run on PostgreSQL.
func tempDSN(t testing.TB) string {
	t.Helper()
	return pgtest.DB(t)
}

// sqliteOnly skips a test of SQLite's own behaviour (its file, its
// pragmas) on PostgreSQL, where a test of its own covers the same ground.
func sqliteOnly(t testing.TB, postgresTest string) {
	t.Helper()
	if onPostgres {
		t.Skip("SQLite's own; on PostgreSQL: " + postgresTest)
	}
}

func openTemp(t testing.TB) *DB {
	t.Helper()
	d, err := Open(tempDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func mustImport(t testing.TB, d *DB, src problems.Source, ps []*problems.Problem, ws []problems.Warning) ImportStats {
	t.Helper()
	st, err := d.ImportBatch(src, ps, ws)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// dump renders every user table in a fixed order, so two states of a
// database can be compared exactly (ids included: "in place" means same id).
func dump(t testing.TB, d *DB) string {
	t.Helper()
	var b strings.Builder
	for _, table := range []string{"sources", "problems", "themes", "refs", "import_warnings", "notes", "verdicts"} {
		rows, err := d.sql.Query(`SELECT * FROM ` + table + ` ORDER BY 1`)
		if err != nil {
			t.Fatal(err)
		}
		for _, vals := range scanAll(t, rows) {
			fmt.Fprintf(&b, "%s %v\n", table, vals)
		}
		rows.Close()
	}
	return b.String()
}

func numbers(ss []catalog.Summary) []int {
	out := []int{}
	for _, s := range ss {
		out = append(out, s.Number)
	}
	return out
}

func search(t testing.TB, d *DB, q Query) []catalog.Summary {
	t.Helper()
	ss, err := d.Search(q)
	if err != nil {
		t.Fatalf("search %+v: %v", q, err)
	}
	return ss
}

// scanAll reads every row of rows, whatever its columns, as values.
func scanAll(t testing.TB, rows *sql.Rows) [][]any {
	t.Helper()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var all [][]any
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		all = append(all, vals)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return all
}

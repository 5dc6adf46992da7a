package db

import (
	"database/sql"
	"errors"
	"metz/draughts"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"metz/internal/pgtest"
	"metz/problems"
)

// A new database has the latest schema, and its foreign keys hold (a
// note on no problem is refused); an SQLite file is in WAL mode.
func TestOpenSetsPragmas(t *testing.T) {
	d := openTemp(t)
	if v, _ := d.Version(); v != SchemaVersion() {
		t.Errorf("version %d, want %d", v, SchemaVersion())
	}
	if _, err := d.sql.Exec(`INSERT INTO notes (problem_id, text, created_at) VALUES (12345, 'x', 'now')`); err == nil {
		t.Error("a note on no problem was stored: foreign keys are off")
	}
	if d.pg {
		return
	}
	var mode string
	if err := d.sql.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if mode != "wal" {
		t.Errorf("journal_mode=%s, want wal", mode)
	}
}

// A read-only command does not make a database: an SQLite file must
// exist, a PostgreSQL database must hold metz's schema (and is left
// empty).
func TestOpenExistingMissing(t *testing.T) {
	if onPostgres {
		url := pgtest.URL(t)
		_, err := OpenExisting(url)
		if err == nil || !strings.Contains(err.Error(), "no metz database there yet: run metz import first") {
			t.Fatalf("got %v", err)
		}
		if strings.Contains(err.Error(), "@") && !strings.Contains(err.Error(), "xxxxx@") {
			t.Errorf("the error shows the password: %v", err)
		}
		d, err := Open(url)
		if err != nil {
			t.Fatal(err)
		}
		d.Close()
		return
	}
	path := filepath.Join(t.TempDir(), "none.db")
	_, err := OpenExisting(path)
	if err == nil || !strings.Contains(err.Error(), "no database at "+path+": run metz import first") {
		t.Fatalf("got %v", err)
	}
}

// A database left at schema v1 (before material columns and verdicts) is
// migrated on Open and its records get their material filled in.
func TestMigrateFromV1(t *testing.T) {
	v1 := tempDSN(t)
	d, err := openAt(v1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := d.Version(); v != 1 {
		t.Fatalf("setup: version %d", v)
	}
	mustExec(t, d, `INSERT INTO sources (key, imported_at) VALUES ('vantenac', 'then')`)
	mustExec(t, d, `INSERT INTO problems (source, number, label, rules, fen, content_hash)
		VALUES ('vantenac', 1, 'Problème I', 'international', ?, 'x')`, vanTenac[0].FEN())
	d.Close()

	d, err = Open(v1)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if v, _ := d.Version(); v != SchemaVersion() {
		t.Fatalf("after Open: version %d, want %d", v, SchemaVersion())
	}
	// The book: eleven black men, eight white men.
	got := search(t, d, Query{WhitePieces: Range{8, 8, true}, BlackMen: Range{11, 11, true}, BlackKings: Range{0, 0, true}})
	if !reflect.DeepEqual(numbers(got), []int{1}) {
		t.Errorf("material search after migration: %v", numbers(got))
	}
	if _, err := d.AddVerdict(got[0].ID, Verdict{Verdict: "sound"}); err != nil {
		t.Errorf("verdicts table missing after migration: %v", err)
	}
}

// openAt opens path migrated only up to version v (for migration tests).
func openAt(path string, v int) (*DB, error) {
	if IsPostgres(path) {
		cfg, err := pgx.ParseConfig(path)
		if err != nil {
			return nil, err
		}
		d := &DB{sql: sql.OpenDB(pgConnector{stdlib.GetConnector(*cfg)}), path: path, pg: true}
		return d, d.migrate(v)
	}
	h, err := sql.Open("sqlite3", dsn(path))
	if err != nil {
		return nil, err
	}
	d := &DB{sql: h, path: path}
	return d, d.migrate(v)
}

func mustExec(t testing.TB, d *DB, q string, args ...any) {
	t.Helper()
	if _, err := d.sql.Exec(q, args...); err != nil {
		t.Fatal(err)
	}
}

func TestImportAndGet(t *testing.T) {
	d := openTemp(t)
	ps := cloneProblems(vanTenac)
	ps[0].Solution = &problems.Tree{Children: []*problems.Node{{Text: "28 à 23", Move: "28-23", White: true,
		Children: []*problems.Node{{Text: "prennent de 19 à 39", Move: "19x39"}}}}}
	ps[0].Refs = []problems.Ref{{Source: "metz", Number: 3, Kind: "see"}}
	ps[1].Warnings = []problems.Warning{{File: "van-tenac.md", Line: 481, Text: "10 à 8", Expected: "a legal move"}}
	st := mustImport(t, d, vanTenacSource, ps, []problems.Warning{{File: "van-tenac.md", Line: 1, Text: "x"}})
	if st.New != 4 || st.Updated != 0 || st.Unchanged != 0 || st.Warnings != 2 {
		t.Errorf("stats %+v", st)
	}
	id, err := d.Resolve("vantenac:1")
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	if p.FEN() != ps[0].FEN() || p.Label != "Problème I" || p.Solution.Size() != 2 ||
		p.Solution.MainLine()[1].Move != "19x39" || len(p.Refs) != 1 || p.Refs[0].Number != 3 {
		t.Errorf("round trip: %+v", p)
	}
	id2, _ := d.Resolve("vantenac:2")
	p2, _ := d.Get(id2)
	if len(p2.Warnings) != 1 || p2.Warnings[0].Line != 481 {
		t.Errorf("problem warnings %+v", p2.Warnings)
	}
	if _, err := d.Get(9999); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get(9999) = %v, want not found", err)
	}
	for _, bad := range []string{"vantenac:99", "9999", "nosuch:1"} {
		if _, err := d.Resolve(bad); !errors.Is(err, ErrNotFound) {
			t.Errorf("Resolve(%q) = %v", bad, err)
		}
	}
	if _, err := d.Resolve("vantenac:x"); err == nil || !strings.Contains(err.Error(), "not a number") {
		t.Errorf("Resolve(vantenac:x) = %v", err)
	}
}

// Re-importing the same batch writes nothing: the database is identical.
func TestReimportSameBatchChangesNothing(t *testing.T) {
	d := openTemp(t)
	ws := []problems.Warning{{File: "f", Line: 3, Text: "t"}}
	mustImport(t, d, vanTenacSource, cloneProblems(vanTenac), ws)
	before := dump(t, d)
	st := mustImport(t, d, vanTenacSource, cloneProblems(vanTenac), ws)
	if st.New != 0 || st.Updated != 0 || st.Unchanged != 4 {
		t.Errorf("stats %+v", st)
	}
	if after := dump(t, d); after != before {
		t.Errorf("re-import changed the database:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// A changed record is updated in place; the user's and the solver's data
// stay, book themes and source warnings are replaced.
func TestReimportKeepsUserData(t *testing.T) {
	d := openTemp(t)
	mustImport(t, d, vanTenacSource, cloneProblems(vanTenac), []problems.Warning{{Text: "old"}})
	id, _ := d.Resolve("vantenac:4")
	if _, ok, err := d.AddTag(id, "favourite"); err != nil || !ok {
		t.Fatal(ok, err)
	}
	if _, err := d.AddNote(id, "the dame on 4 is taken at the end"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddVerdict(id, Verdict{Verdict: "unproven", Rules: "international"}); err != nil {
		t.Fatal(err)
	}
	mustExec(t, d, `INSERT INTO themes (problem_id, name, origin, ply) VALUES (?, 'lunette', 'detected', 1)`, id)

	ps := cloneProblems(vanTenac)
	ps[3].Commentary = "corrected"
	ps[3].Themes = []problems.Theme{{Name: "coup-de-repos", Origin: problems.OriginBook}}
	st := mustImport(t, d, vanTenacSource, ps, []problems.Warning{{Text: "new"}})
	if st.Updated != 1 || st.Unchanged != 3 || st.New != 0 {
		t.Errorf("stats %+v", st)
	}
	id2, _ := d.Resolve("vantenac:4")
	if id2 != id {
		t.Fatalf("record moved from id %d to %d", id, id2)
	}
	p, _ := d.Get(id)
	var got []string
	for _, th := range p.Themes {
		got = append(got, th.Origin+":"+th.Name)
	}
	want := []string{"user:favourite", "detected:lunette", "book:coup-de-repos"}
	if !reflect.DeepEqual(got, want) || p.Commentary != "corrected" {
		t.Errorf("themes %v (want %v), commentary %q", got, want, p.Commentary)
	}
	notes, _ := d.Notes(id)
	vs, _ := d.Verdicts(id)
	if len(notes) != 1 || len(vs) != 1 {
		t.Errorf("notes %v verdicts %v", notes, vs)
	}
	ws, _ := d.Warnings("vantenac", 0)
	if len(ws) != 1 || ws[0].Text != "new" {
		t.Errorf("source warnings %+v", ws)
	}
}

func TestImportBadRecordsDoNotAbort(t *testing.T) {
	d := openTemp(t)
	// A FEN the rules engine cannot read never gets here: the reader
	// refuses it, naming its place (problems.Problem.SetText, the
	// importer's tests).
	ps := []*problems.Problem{
		{Number: 2, Position: problems.MustPosition(draughts.International, "W:W30:B1"), Location: "x.pdn:20"}, // fine
		{Number: 2, Position: problems.MustPosition(draughts.International, "W:W31:B2"), Location: "x.pdn:30"}, // duplicate key
		{Number: 3, Location: "x.pdn:40"}, // no position
	}
	st := mustImport(t, d, problems.Source{Key: "x"}, ps, nil)
	if st.New != 2 || st.Warnings != 1 {
		t.Errorf("stats %+v", st)
	}
	ws, _ := d.Warnings("x", 0)
	if len(ws) != 1 || ws[0].Line != 30 || !strings.Contains(ws[0].Text, "given twice") {
		t.Errorf("warnings %+v", ws)
	}
	none := false
	if got := numbers(search(t, d, Query{HasPosition: &none})); !reflect.DeepEqual(got, []int{3}) {
		t.Errorf("records without a position: got %v, want [3]", got)
	}
}

// A source numbered by paragraph still answers to the number in its labels.
func TestResolveByLabelNumber(t *testing.T) {
	d := openTemp(t)
	ps := []*problems.Problem{{Number: 71, Label: "Problème I"}, {Number: 76, Label: "Problème VI"},
		{Number: 79, Label: "Problème XIV"}, {Number: 80, Label: "Coup 125"}}
	mustImport(t, d, vanTenacSource, ps, nil)
	for ref, want := range map[string]int{"vantenac:6": 76, "vantenac:1": 71, "vantenac:14": 79,
		"vantenac:125": 80, "vantenac:76": 76} {
		id, err := d.Resolve(ref)
		if err != nil {
			t.Errorf("%s: %v", ref, err)
			continue
		}
		if p, _ := d.Get(id); p.Number != want {
			t.Errorf("%s resolved to number %d, want %d", ref, p.Number, want)
		}
	}
	if _, err := d.Resolve("vantenac:4"); !errors.Is(err, ErrNotFound) {
		t.Errorf("vantenac:4: %v", err)
	}
	for w, n := range map[string]int{"IV": 4, "IX": 9, "XIV": 14, "MCMXC": 1990, "IIII": 0, "VX": 0, "ABC": 0, "": 0} {
		if got := roman(w); got != n {
			t.Errorf("roman(%q) = %d, want %d", w, got, n)
		}
	}
}

package app

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"metz/db"
	"metz/export"
	"metz/internal/pgtest"
	"metz/problems"
)

// clubPDN is a source of the reader's own: a game with a result and the
// tags a tournament file writes, and a second game.
const clubPDN = `[Event "Finale"]
[Site "Paris"]
[Date "1912.05.04"]
[Round "3"]
[White "Weiss"]
[Black "Springer"]
[Annotator "A. Nonyme"]
[Result "2-0"]
[GameType "20"]
[FEN "W:W28:B23"]

1. 28x19 2-0

[Event "Second"]
[GameType "20"]
[FEN "W:W32:B27"]

1. 32x21 *
`

// richDB is a database holding every kind of field metz stores: the
// bundled books (themes of the source with their words, references,
// warnings, the rules' texts, 415 records without a diagram), a PDN source
// with a result and other tags, a class, user tags, notes, detected themes,
// verdicts with their evidence, and a record changed after it was verified
// (its verdict outdated, its note and tag older than the change).
func richDB(t *testing.T) (*db.DB, string) {
	t.Helper()
	dir := t.TempDir()
	d := openDB(t, filepath.Join(dir, "a.db"))
	club := filepath.Join(dir, "club.pdn")
	write(t, club, clubPDN)
	mustImportFiles(t, d, nil)
	mustImportFiles(t, d, []string{club})
	club2 := resolve(t, d, "club:2")
	if _, err := noTablesApp(d).Verify(context.Background(), Selection{Refs: []string{"club:1", "club:2"}}, tinyOptions(t)); err != nil {
		t.Fatal(err)
	}
	for _, tag := range []struct{ ref, name string }{{"vantenac:74", "coup turc"}, {"club:2", "finale"}, {"metz:41", "repos"}} {
		if _, _, err := d.AddTag(resolve(t, d, tag.ref), tag.name); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []struct{ ref, text string }{{"metz:41", "diagram to type in"}, {"club:2", "before the change"}} {
		if _, err := d.AddNote(resolve(t, d, n.ref), n.text); err != nil {
			t.Fatal(err)
		}
	}
	// club:2's diagram is corrected after its verification: its verdict
	// becomes the earlier version's.
	write(t, club, strings.Replace(clubPDN, "W:W32:B27", "W:W33:B28", 1)+"\n[Event \"Third\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n")
	mustImportFiles(t, d, []string{club})
	if _, err := d.AddNote(club2, "after the change"); err != nil {
		t.Fatal(err)
	}
	return d, dir
}

// openDB opens a database at path (a fresh PostgreSQL database instead
// when the tests run on PostgreSQL), closed when the test ends.
func openDB(t *testing.T, path string) *db.DB {
	t.Helper()
	if pgtest.Engine() == "postgres" {
		path = pgtest.URL(t)
	}
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustImportFiles(t *testing.T, d *db.DB, files []string, update ...string) []ImportReport {
	t.Helper()
	rs, err := Import(d, files, ImportOptions{Update: update, AllWarnings: true})
	if err != nil {
		t.Fatalf("import %v: %v", files, err)
	}
	return rs
}

func resolve(t *testing.T, d *db.DB, ref string) int64 {
	t.Helper()
	id, err := d.Resolve(ref)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// exportAll writes every record, those without a diagram included, as
// metz export --with-empty -o FILE does.
func exportAll(t *testing.T, d *db.DB, file string) {
	t.Helper()
	sel, err := Select(d, Selection{All: true, WithEmpty: true})
	if err != nil {
		t.Fatal(err)
	}
	items, notes, err := ExportItems(d, sel.IDs())
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) > 0 {
		t.Errorf("export notes: %v", notes)
	}
	format, err := ExportFormat("", file, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteExport(nil, file, format, items, export.HTMLOptions{PerPage: 2}); err != nil {
		t.Fatal(err)
	}
}

// recordState is everything a database holds about one record, without
// the database's ids and the times of import: the record as its source
// gave it with what metz added (db.Copy), the record as read (themes of
// every origin, a tag's note that it is older than a change), its verdict
// history and notes as the commands show them, its content hash.
type recordState struct {
	Copy, Get   any
	Verdicts    []db.Verdict
	Notes       []db.Note
	ContentHash string
}

// snapshot is every record's state, by source:number:label, and every
// source's description, warnings and texts.
func snapshot(t *testing.T, d *db.DB) map[string]string {
	t.Helper()
	out := map[string]string{}
	sel, err := Select(d, Selection{All: true, WithEmpty: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sel.Problems {
		var st recordState
		cp, err := d.Copy(s.ID, true)
		if err != nil {
			t.Fatal(err)
		}
		cp.ID = 0
		got, err := d.Get(s.ID)
		if err != nil {
			t.Fatal(err)
		}
		got.ID = 0
		st.Copy, st.Get = cp, got
		if st.Verdicts, err = d.VerdictHistory(s.ID); err != nil {
			t.Fatal(err)
		}
		for i := range st.Verdicts {
			st.Verdicts[i].ID, st.Verdicts[i].ProblemID = 0, 0
		}
		if st.Notes, err = d.Notes(s.ID); err != nil {
			t.Fatal(err)
		}
		for i := range st.Notes {
			st.Notes[i].ID, st.Notes[i].ProblemID = 0, 0
		}
		if st.ContentHash, err = d.ContentHash(s.ID); err != nil {
			t.Fatal(err)
		}
		b, _ := json.MarshalIndent(st, "", " ")
		out[s.Source+":"+itoa(s.Number)+":"+s.Label] = string(b)
	}
	srcs, err := d.Sources()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range srcs {
		if s.Problems == 0 {
			continue // a source of no record (Guiton's claims) is no export's
		}
		s.ImportedAt = ""
		texts, _ := d.Texts(s.Key, "rule")
		b, _ := json.MarshalIndent(struct {
			S     db.SourceInfo
			Texts any
		}{s, texts}, "", " ")
		out["source "+s.Key] = string(b)
	}
	return out
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// compareStates reports every record (and source) whose state differs.
func compareStates(t *testing.T, what string, want, got map[string]string) {
	t.Helper()
	for k, w := range want {
		g, ok := got[k]
		switch {
		case !ok:
			t.Errorf("%s: %s missing", what, k)
		case g != w:
			t.Errorf("%s: %s differs:\n got %s\nwant %s", what, k, g, w)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: %s added", what, k)
		}
	}
}

// The whole database exported (PDN, JSON) and imported into a fresh
// database gives the same records, every field compared; imported into
// the same database, it changes nothing: each record is its own,
// unchanged, nothing added, nothing outdated.
func TestWholeDatabaseRoundTrip(t *testing.T) {
	d, dir := richDB(t)
	before := snapshot(t, d)
	if len(before) != 415+7+3+3 {
		t.Fatalf("%d records and sources, want the 415 + 7 bundled ones, club's 3 and the 3 sources", len(before))
	}
	// What the comparison must see.
	for key, want := range map[string][]string{
		"club:1:":                 {`"result": "2-0"`, `"name": "Annotator"`, `"value": "Weiss"`, `"verdict": "sound"`},
		"club:2:":                 {`"outdated": true`, "before the change", "after the change", `"changed_at": "2`, "tagged before the record last changed", "not verified since it changed"},
		"club:3:":                 {`"result": "1/2-1/2"`},
		"vantenac:74:Problème IV": {`"origin": "user"`, `"name": "coup-turc"`},
		"metz:41:Coup nº 41":      {"diagram to type in", `"class": "`},
		"vantenac:76:Problème VI": {"43 à 39", `"issue": "`},
		"vantenac:71:Problème I":  {`"witnesses"`, `"disagreements"`},
	} {
		for _, w := range want {
			if !strings.Contains(before[key], w) {
				t.Errorf("%s lacks %s:\n%s", key, w, before[key])
			}
		}
	}
	for _, name := range []string{"all.pdn", "all.json"} {
		file := filepath.Join(dir, name)
		exportAll(t, d, file)
		fresh := openDB(t, filepath.Join(dir, name+".db"))
		rs := mustImportFiles(t, fresh, []string{file})
		if len(rs) != 3 {
			t.Errorf("%s into a fresh database: reports %+v, want one per source (metz, vantenac, club)", name, rs)
		}
		compareStates(t, name+" into a fresh database", before, snapshot(t, fresh))
		rs = mustImportFiles(t, d, []string{file})
		for _, r := range rs {
			if r.New+r.Updated+r.Outdated+r.Held != 0 || r.Unchanged != r.Problems || len(r.Changes) > 0 {
				t.Errorf("%s into the same database: %+v, want every record unchanged", name, r)
			}
		}
		compareStates(t, name+" into the same database", before, snapshot(t, d))
	}
}

// bookDB is a database of the bundled books, with Van Tenac's records as
// metz export loads them.
func bookDB(t *testing.T) (*db.DB, string, []export.Item) {
	t.Helper()
	dir := t.TempDir()
	d := openDB(t, filepath.Join(dir, "metz.db"))
	mustImportFiles(t, d, nil)
	sel, err := Select(d, Selection{Query: db.Query{Sources: []string{"vantenac"}}})
	if err != nil {
		t.Fatal(err)
	}
	items, _, err := ExportItems(d, sel.IDs())
	if err != nil {
		t.Fatal(err)
	}
	return d, dir, items
}

// The bundled book exported in every format that reads back, then
// imported again, changes no record.
func TestBookExportReimportedChangesNothing(t *testing.T) {
	d, dir, items := bookDB(t)
	before := snapshot(t, d)
	for _, name := range []string{"v.pdn", "vt.txt", "v.json"} {
		file := filepath.Join(dir, name)
		format, _ := ExportFormat("", file, false)
		if err := WriteExport(nil, file, format, items, export.HTMLOptions{PerPage: 2}); err != nil {
			t.Fatal(err)
		}
		rs := mustImportFiles(t, d, []string{file})
		if len(rs) != 1 || rs[0].Source != "vantenac" || rs[0].Unchanged != 7 || rs[0].New+rs[0].Updated+rs[0].Outdated != 0 {
			t.Errorf("%s imported again: %+v, want the 7 records of vantenac unchanged", name, rs)
		}
		compareStates(t, name+" imported again", before, snapshot(t, d))
	}
}

// An edited copy of a bundled book changes nothing unless the book is
// named (--update), and is listed; named, it changes only what was
// edited, and each change is listed.
func TestEditedBookCopy(t *testing.T) {
	d, dir, items := bookDB(t)
	var text strings.Builder
	if err := export.WriteBook(&text, items); err != nil {
		t.Fatal(err)
	}
	i := strings.Index(text.String(), "vantenac n° 72")
	j := strings.Index(text.String(), "vantenac n° 73")
	edited := text.String()[:i] + strings.Replace(text.String()[i:j], "jouent et gagnent", "jouent et font remise", 1) + text.String()[j:]
	file := filepath.Join(dir, "vt.txt")
	write(t, file, edited)
	before := snapshot(t, d)

	rs, err := Import(d, []string{file}, ImportOptions{})
	if !errors.Is(err, ErrHeld) || len(rs) != 1 || rs[0].Held != 1 || rs[0].Unchanged != 6 ||
		len(rs[0].Changes) != 1 || !strings.Contains(rs[0].Changes[0], "vantenac:72 (Problème II): stipulation (not applied") {
		t.Errorf("without --update: %v, %+v", err, rs)
	}
	compareStates(t, "an edited copy without --update", before, snapshot(t, d))

	rs = mustImportFiles(t, d, []string{file}, "vantenac")
	if len(rs) != 1 || rs[0].Updated != 1 || rs[0].Unchanged != 6 || rs[0].Held != 0 ||
		!reflect.DeepEqual(rs[0].Changes, []string{"vantenac:72 (Problème II): stipulation"}) {
		t.Errorf("with --update: %+v", rs)
	}
	after := snapshot(t, d)
	id := resolve(t, d, "vantenac:72")
	p, err := d.Copy(id, true)
	if err != nil {
		t.Fatal(err)
	}
	// Only the stipulation changed: the rest is the book's own record.
	var st struct{ Copy *problems.Problem }
	if err := json.Unmarshal([]byte(before["vantenac:72:Problème II"]), &st); err != nil {
		t.Fatal(err)
	}
	before72 := st.Copy
	before72.Stipulation, before72.ID, p.ID = problems.StipDraw, 0, 0
	if p.Carried == nil || p.Carried.ChangedAt == "" {
		t.Errorf("vantenac:72 changed with no time of the change: %+v", p.Carried)
	} else {
		p.Carried.ChangedAt = before72.Carried.ChangedAt
	}
	got, _ := json.Marshal(p)
	want, _ := json.Marshal(before72)
	if string(got) != string(want) {
		t.Errorf("vantenac:72 after the update:\n%s\nwant the book's record with a draw:\n%s", got, want)
	}
	delete(before, "vantenac:72:Problème II")
	delete(after, "vantenac:72:Problème II")
	delete(before, "source vantenac") // its warning count: 72 is not verified since
	delete(after, "source vantenac")
	compareStates(t, "the other records after --update", before, after)
}

// An edited PDN export of a reader's own source changes its records where
// it was edited, and only there: a tag the game holds (Site), metz's class,
// then the goal, which outdates the verdict given for the other goal.
func TestEditedPDNCopy(t *testing.T) {
	d, dir := richDB(t)
	club1 := resolve(t, d, "club:1")
	items, _, err := ExportItems(d, []int64{club1})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := export.WritePDN(&out, items); err != nil {
		t.Fatal(err)
	}
	before, err := d.Copy(club1, false)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "club-copy.pdn")
	edited := strings.Replace(out.String(), `[Site "Paris"]`, `[Site "Lyon"]`, 1)
	edited = strings.Replace(edited, `[MetzSource "club"]`, "[MetzSource \"club\"]\n[MetzClass \"finales\"]", 1)
	write(t, file, edited)
	rs := mustImportFiles(t, d, []string{file})
	if len(rs) != 1 || rs[0].Source != "club" || rs[0].Updated != 1 || rs[0].Outdated != 0 ||
		!reflect.DeepEqual(rs[0].Changes, []string{"club:1: class, PDN tags"}) {
		t.Errorf("class and site edited: %+v", rs)
	}
	after, err := d.Copy(club1, false)
	if err != nil {
		t.Fatal(err)
	}
	want := *before
	want.Class = "finales"
	want.Tags = append([]problems.Tag(nil), before.Tags...)
	for i := range want.Tags {
		if want.Tags[i].Name == "Site" {
			want.Tags[i].Value = "Lyon"
		}
	}
	if a, w := jsonOf(after), jsonOf(&want); a != w {
		t.Errorf("club:1 after the edit:\n%s\nwant:\n%s", a, w)
	}
	if v, err := d.Verdicts(club1); err != nil || len(v) != 1 || v[0].Verdict != "sound" {
		t.Errorf("club:1's verdict after editing its tags: %+v %v, want it current", v, err)
	}
	write(t, file, strings.Replace(edited, `[Stipulation "win"]`, `[Stipulation "draw"]`, 1))
	rs = mustImportFiles(t, d, []string{file})
	if len(rs) != 1 || rs[0].Updated != 1 || rs[0].Outdated != 1 || !reflect.DeepEqual(rs[0].Changes, []string{"club:1: stipulation"}) {
		t.Errorf("goal edited: %+v", rs)
	}
	if v, err := d.Verdicts(club1); err != nil || len(v) != 0 {
		t.Errorf("club:1's verdicts after a new goal: %+v %v, want none current", v, err)
	}
}

func jsonOf(v any) string {
	b, _ := json.MarshalIndent(v, "", " ")
	return string(b)
}

// A file of one's own named after a bundled book is another source: the
// book keeps its records.
func TestFileNamedAfterABook(t *testing.T) {
	d, dir, _ := bookDB(t)
	file := filepath.Join(dir, "vantenac.pdn")
	write(t, file, clubPDN)
	rs := mustImportFiles(t, d, []string{file})
	if len(rs) != 1 || rs[0].Source != "vantenac-2" || rs[0].New != 2 {
		t.Errorf("vantenac.pdn imported as %+v, want a source vantenac-2", rs)
	}
	if _, err := d.Resolve("vantenac:71"); err != nil {
		t.Errorf("the book lost its records: %v", err)
	}
}

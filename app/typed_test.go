package app

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"metz/db"
	"metz/export"
)

// clubDB is a database holding clubPDN's two records, its directory and
// its state (snapshot).
func clubDB(t *testing.T) (*db.DB, string, map[string]string) {
	t.Helper()
	dir := t.TempDir()
	d := openDB(t, filepath.Join(dir, "a.db"))
	club := filepath.Join(dir, "club.pdn")
	write(t, club, clubPDN)
	mustImportFiles(t, d, []string{club})
	return d, dir, snapshot(t, d)
}

// importRefused imports text as the file name in dir and checks that a
// warning names it, at line, saying says, and that the database is as
// before.
func importRefused(t *testing.T, d *db.DB, dir, name, text string, line int, says string, before map[string]string) {
	t.Helper()
	file := filepath.Join(dir, name)
	write(t, file, text)
	srcBefore := sourcesOf(t, d)
	rs := mustImportFiles(t, d, []string{file})
	found := false
	for _, r := range rs {
		for _, w := range append(r.FileWarnings, r.AllWarnings...) {
			found = found || w.File == name && w.Line == line && strings.Contains(w.Expected, says)
		}
	}
	if !found {
		t.Errorf("%s: no warning at line %d saying %s: %+v", name, line, says, rs)
	}
	compareStates(t, name, before, snapshot(t, d))
	if got := sourcesOf(t, d); got != srcBefore {
		t.Errorf("%s: the sources changed:\n%s\nwant\n%s", name, got, srcBefore)
	}
}

func sourcesOf(t *testing.T, d *db.DB) string {
	t.Helper()
	s, err := d.Sources()
	if err != nil {
		t.Fatal(err)
	}
	return jsonOf(s)
}

// A JSON copy of a stored record whose rules, diagram or stipulation do
// not read is refused where the file is read: a warning names the file,
// the record's line and what is wrong, and the database keeps what it
// held, the stored record untouched.
func TestMalformedRecordLeavesDatabaseUnchanged(t *testing.T) {
	d, dir, before := clubDB(t)
	for _, c := range []struct{ name, field, says string }{
		{"rules", `"rules": "chess", "fen": "W:W28:B23"`, `unknown rule system "chess"`},
		{"fen", `"rules": "international", "fen": "W:W28,28:B23"`, "square 28 is given twice"},
		{"board", `"rules": "russian", "fen": "W:W40:B23"`, `"W:W40:B23"`},
		{"stipulation", `"fen": "W:W28:B23", "stipulation": "gain:0"`, `stipulation "gain:0"`},
	} {
		text := "[\n  {\"source\": \"club\", \"number\": 1, \"title\": \"Finale\",\n   " + c.field + "}\n]\n"
		importRefused(t, d, dir, "copy-"+c.name+".json", text, 2, c.says, before)
	}
}

// The same for a PDN copy, metz export's game edited by hand: rules, a
// diagram or a stipulation that do not read are refused with the game's
// place, never read as a guess (no diagram, a win) over the stored record.
func TestMalformedPDNCopyLeavesDatabaseUnchanged(t *testing.T) {
	d, dir, before := clubDB(t)
	items, _, err := ExportItems(d, []int64{resolve(t, d, "club:1")})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteExport(&b, "-", "pdn", items, export.HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, from, to, says string }{
		{"fen", `[FEN "W:W28:B23"]`, `[FEN "W:W28,28:B23"]`, "square 28 is given twice"},
		{"rules", `[MetzRules "international"]`, `[MetzRules "chess"]`, `unknown rule system "chess"`},
		{"stipulation", `[Stipulation "win"]`, `[Stipulation "gain:0"]`, `stipulation "gain:0"`},
	} {
		if !strings.Contains(b.String(), c.from) {
			t.Fatalf("the export has no %s:\n%s", c.from, b.String())
		}
		importRefused(t, d, dir, "copy-"+c.name+".pdn", strings.Replace(b.String(), c.from, c.to, 1), 1, c.says, before)
	}
}

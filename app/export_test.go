package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"metz/export"
)

// The format comes from --format, else --json, else -o's extension, else
// book; an unknown one, an unknown extension and a binary format on
// standard output are refused with what was expected.
func TestExportFormat(t *testing.T) {
	for _, c := range []struct {
		format, output string
		json           bool
		want, err      string
	}{
		{"", "-", false, "book", ""},
		{"", "-", true, "json", ""},
		{"PDN", "-", false, "pdn", ""},
		{"", "x.HTM", false, "html", ""},
		{"", "x.pdf", false, "pdf", ""},
		{"html", "x.pdf", false, "html", ""},
		{"", "x.xyz", false, "", `extension ".xyz" names no export format`},
		{"docx", "-", false, "", "expected one of"},
		{"pdf", "-", false, "", "binary file"},
	} {
		got, err := ExportFormat(c.format, c.output, c.json)
		if got != c.want || (c.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%q %q %v: %q %v, want %q %q", c.format, c.output, c.json, got, err, c.want, c.err)
		}
	}
}

// The items carry the current verdict and the notes;
// a failed write leaves the file that was there.
func TestExportItemsAndWrite(t *testing.T) {
	d := tinyDB(t, 2)
	sel, err := Select(d, Selection{All: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddNote(sel.Problems[0].ID, "checked"); err != nil {
		t.Fatal(err)
	}
	if _, err := noTablesApp(d).Verify(t.Context(), Selection{Refs: []string{Name(sel.Problems[0].Source, sel.Problems[0].Number)}}, tinyOptions(t)); err != nil {
		t.Fatal(err)
	}
	items, notes, err := ExportItems(d, sel.IDs())
	if err != nil || len(items) != 2 || len(notes) != 0 {
		t.Fatalf("%v %d items, notes %v", err, len(items), notes)
	}
	if items[0].Verdict != "sound" || len(items[0].Notes) != 1 || items[1].Verdict != "" {
		t.Errorf("items: %+v / %+v", items[0], items[1])
	}
	out := filepath.Join(t.TempDir(), "x.pdn")
	if err := os.WriteFile(out, []byte("good"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteExport(nil, out, "nosuch", items, export.HTMLOptions{}); err == nil {
		t.Fatal("an unknown format was written")
	}
	if data, _ := os.ReadFile(out); string(data) != "good" {
		t.Errorf("a failed export replaced the file: %q", data)
	}
	if err := WriteExport(nil, out, "pdn", items, export.HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(out); !strings.Contains(string(data), "[FEN") {
		t.Errorf("pdn export: %q", data)
	}
}

package db

import (
	"bytes"
	"database/sql"
	"errors"
	"metz/draughts"
	"metz/problems"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"metz/verdict"
)

// A corrected diagram: the verdict given for the old position stays in the
// history, marked as the earlier version's, and no query presents it as
// current; the record reads "not verified since it changed" until a new
// verdict is added; the user's note stays, flagged; detected themes go.
func TestCorrectedDiagramOutdatesVerdicts(t *testing.T) {
	d := openTemp(t)
	mustImport(t, d, vanTenacSource, cloneProblems(vanTenac), nil)
	id, err := d.Resolve("vantenac:2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddVerdict(id, Verdict{Verdict: "sound", Rules: "international"}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddNote(id, "a fine problem"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.AddTag(id, "my-favourite"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.sql.Exec(`INSERT INTO themes (problem_id, name, origin) VALUES (?, 'rafle', 'detected')`, id); err != nil {
		t.Fatal(err)
	}
	checkVerdict := func(want verdict.Verdict, outdated bool) {
		t.Helper()
		ss, err := d.Search(Query{Sources: []string{"vantenac"}, Number: Range{2, 2, true}})
		if err != nil || len(ss) != 1 {
			t.Fatal(err, ss)
		}
		if ss[0].Verdict != want || ss[0].Outdated != outdated {
			t.Errorf("search: verdict %q outdated %v, want %q %v", ss[0].Verdict, ss[0].Outdated, want, outdated)
		}
		sound, err := d.Search(Query{Verdict: "sound"})
		if err != nil || (len(sound) == 1) != (want == "sound") {
			t.Errorf("--verdict sound finds %d (%v)", len(sound), err)
		}
		st, err := d.Stats()
		if err != nil || (st.LatestVerdicts["sound"] == 1) != (want == "sound") {
			t.Errorf("stats %v (%v)", st.LatestVerdicts, err)
		}
	}
	checkVerdict("sound", false)

	// Re-importing the same records, or with only a comment mended, keeps it.
	ps := cloneProblems(vanTenac)
	ps[1].Commentary += " (mended)"
	mustImport(t, d, vanTenacSource, ps, nil)
	checkVerdict("sound", false)

	// The diagram corrected: outdated.
	ps = cloneProblems(vanTenac)
	ps[1].Position = problems.MustPosition(draughts.International, "W:W12,13,24,25,31:B3,5,6,K10")
	st := mustImport(t, d, vanTenacSource, ps, nil)
	if st.Updated != 1 || st.Outdated != 1 {
		t.Errorf("stats %+v", st)
	}
	checkVerdict("", true)
	if out, err := d.Search(Query{Verdict: "outdated"}); err != nil || len(out) != 1 || out[0].ID != id {
		t.Errorf("--verdict outdated: %v %v", out, err)
	}
	if vs, err := d.Verdicts(id); err != nil || len(vs) != 0 {
		t.Errorf("current verdicts %+v %v", vs, err)
	}
	hist, err := d.VerdictHistory(id)
	if err != nil || len(hist) != 1 || !hist[0].Outdated || hist[0].Verdict != "sound" {
		t.Errorf("history %+v %v", hist, err)
	}
	notes, err := d.Notes(id)
	if err != nil || len(notes) != 1 || !notes[0].Outdated {
		t.Errorf("notes %+v %v", notes, err)
	}
	p, err := d.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	tagFlagged := false
	for _, th := range p.Themes {
		if th.Origin == "detected" {
			t.Errorf("detected theme %q kept for the new position", th.Name)
		}
		tagFlagged = tagFlagged || th.Name == "my-favourite" && th.Note == outdatedTagNote
	}
	if !tagFlagged {
		t.Errorf("the user tag is not flagged: %+v", p.Themes)
	}
	if !hasStoredWarning(t, d, id, "not verified since it changed") {
		t.Error("no warning that the record was not verified since it changed")
	}

	// Verified again: current, and the warning goes; a new note is not flagged.
	if _, err := d.AddVerdict(id, Verdict{Verdict: "cooked", Rules: "international"}); err != nil {
		t.Fatal(err)
	}
	checkVerdict("cooked", false)
	if hasStoredWarning(t, d, id, "not verified since it changed") {
		t.Error("the warning stays after a new verdict")
	}
	if n, err := d.AddNote(id, "after the fix"); err != nil {
		t.Fatal(err)
	} else if notes, _ := d.Notes(id); len(notes) != 2 || notes[1].ID != n.ID || notes[1].Outdated {
		t.Errorf("notes %+v", notes)
	}
}

func hasStoredWarning(t *testing.T, d *DB, id int64, part string) bool {
	t.Helper()
	ws, err := d.Warnings("", id)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range ws {
		if strings.Contains(w.Text, part) {
			return true
		}
	}
	return false
}

// A database whose directory is read-only opens for browsing; a write says
// why it cannot happen and the file is left as it was.
func TestReadOnlyDatabase(t *testing.T) {
	sqliteOnly(t, "TestReadOnlyServer")
	dir := t.TempDir()
	if os.Geteuid() == 0 {
		// Root may write through any permission: ask as a user would.
		saved := canWrite
		defer func() { canWrite = saved }()
		canWrite = func(p string) bool {
			fi, err := os.Stat(p)
			return err == nil && fi.Mode().Perm()&0o200 != 0
		}
	}
	path := savedVanTenac(t, dir)
	before, _ := os.ReadFile(path)
	for _, c := range []struct {
		name, why string
		lock      func() error
		unlock    func() error
	}{
		{"directory", "directory is read-only", func() error { return os.Chmod(dir, 0o555) }, func() error { return os.Chmod(dir, 0o755) }},
		{"file", "file is read-only", func() error { return os.Chmod(path, 0o444) }, func() error { return os.Chmod(path, 0o644) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := c.lock(); err != nil {
				t.Fatal(err)
			}
			defer c.unlock()
			d, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			if !strings.Contains(d.ReadOnly(), c.why) {
				t.Errorf("ReadOnly() = %q", d.ReadOnly())
			}
			ss, err := d.Search(Query{})
			if err != nil || len(ss) != len(vanTenac) {
				t.Errorf("browsing: %d records, %v", len(ss), err)
			}
			_, err = d.AddNote(ss[0].ID, "x")
			if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), c.why) {
				t.Errorf("write: %v", err)
			}
			if _, err := d.ImportBatch(vanTenacSource, cloneProblems(vanTenac), nil); !errors.Is(err, ErrReadOnly) {
				t.Errorf("import: %v", err)
			}
		})
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("the read-only database changed")
	}
}

// Another program's SQLite file is refused and left untouched; so is a
// file that is not SQLite.
func TestForeignDatabase(t *testing.T) {
	sqliteOnly(t, "TestForeignPostgres")
	dir := t.TempDir()
	path := filepath.Join(dir, "other.db")
	h, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Exec(`CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT)`); err != nil {
		t.Fatal(err)
	}
	h.Close()
	before, _ := os.ReadFile(path)
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "another program") || !strings.Contains(err.Error(), path) {
		t.Errorf("foreign SQLite: %v", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("the foreign database was altered")
	}
	junk := filepath.Join(dir, "junk.db")
	if err := os.WriteFile(junk, bytes.Repeat([]byte("not sqlite "), 200), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(junk); err == nil || !strings.Contains(err.Error(), "junk.db") || !strings.Contains(err.Error(), "not an SQLite file") {
		t.Errorf("junk: %v", err)
	}
}

// A metz database cut short (a copy interrupted, a full disk) is called
// damaged and cut short, not another kind of file, and left as it is.
func TestTruncatedDatabase(t *testing.T) {
	dir := t.TempDir()
	whole, err := os.ReadFile(savedVanTenac(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	for _, keep := range []int{len(whole) / 2, len(whole) - 4096, 4096} {
		cut := filepath.Join(dir, "cut.db")
		if err := os.WriteFile(cut, whole[:keep], 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(cut); err == nil || !strings.Contains(err.Error(), "cut short") || strings.Contains(err.Error(), "not a metz database") {
			t.Errorf("a database cut to %d of %d bytes: %v", keep, len(whole), err)
		}
		if after, _ := os.ReadFile(cut); !bytes.Equal(after, whole[:keep]) {
			t.Error("the damaged database was altered")
		}
	}
}

// savedVanTenac writes a database of Van Tenac's problems in dir, closed,
// and returns its path.
func savedVanTenac(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "metz.db")
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	mustImport(t, d, vanTenacSource, cloneProblems(vanTenac), nil)
	d.Close()
	return path
}

package db

import (
	"strings"
	"testing"
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
	if _, err := d.sql.Exec(`INSERT INTO themes (problem_id, name, origin) VALUES (?, 'rafle', 'detected')`, id); err != nil {
		t.Fatal(err)
	}
	checkVerdict := func(want string, outdated bool) {
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
	ps[1].FEN = "W:W12,13,24,25,31:B3,5,6,K10"
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
	for _, th := range p.Themes {
		if th.Origin == "detected" {
			t.Errorf("detected theme %q kept for the new position", th.Name)
		}
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

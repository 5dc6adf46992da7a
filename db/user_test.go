package db

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"metz/problems"
)

func TestVerdictHistory(t *testing.T) {
	d := importVanTenac(t)
	id, _ := d.Resolve("vantenac:1")
	at := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	first := Verdict{Verdict: "unproven", Rules: "international", SolverVersion: "0.1", Budget: 1000,
		ProofNodes: 999, Seconds: 0.5, CreatedAt: at, Evidence: json.RawMessage(`{"depth":7}`)}
	if _, err := d.AddVerdict(id, first); err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddVerdict(id, Verdict{Verdict: "sound", Dual: true}); err != nil {
		t.Fatal(err)
	}
	vs, err := d.Verdicts(id)
	if err != nil || len(vs) != 2 {
		t.Fatal(vs, err)
	}
	p, err := d.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	first.ID, first.ProblemID, first.VerifyKey = vs[0].ID, id, VerifyKey(p) // stored for the record as it stands
	if !reflect.DeepEqual(vs[0], first) || vs[1].Verdict != "sound" || !vs[1].Dual || vs[0].Current || !vs[1].Current {
		t.Errorf("history %+v", vs)
	}
	for _, bad := range []Verdict{{}, {Verdict: "sound", Evidence: json.RawMessage("{")}} {
		if _, err := d.AddVerdict(id, bad); err == nil {
			t.Errorf("AddVerdict(%+v) accepted", bad)
		}
	}
	if _, err := d.AddVerdict(999, Verdict{Verdict: "sound"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown id: %v", err)
	}
}

func TestTagsAndNotes(t *testing.T) {
	d := importVanTenac(t)
	id, _ := d.Resolve("vantenac:2")
	if name, ok, err := d.AddTag(id, "dame-prise"); !ok || err != nil || name != "dame-prise" {
		t.Fatal(name, ok, err)
	}
	if _, ok, err := d.AddTag(id, "DAME-PRISE"); ok || err != nil {
		t.Errorf("second tag (names ignore case): %v %v", ok, err)
	}
	// Written as the books name it: stored as their key.
	if name, ok, err := d.AddTag(id, "  Dame  prisée "); !ok || err != nil || name != "dame-prisee" {
		t.Errorf("tag with words and accents: %q %v %v", name, ok, err)
	}
	for _, bad := range []string{"", " - ", "NOT", "a(b", `"q"`} {
		if _, _, err := d.AddTag(id, bad); err == nil {
			t.Errorf("tag %q accepted", bad)
		}
	}
	if _, _, err := d.AddTag(999, "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown id: %v", err)
	}
	n, err := d.AddNote(id, "  checked  ")
	if err != nil || n.Text != "checked" || n.ID == 0 {
		t.Fatal(n, err)
	}
	if _, err := d.AddNote(id, "\n"); err == nil {
		t.Error("empty note accepted")
	}
	notes, _ := d.Notes(id)
	if len(notes) != 1 || notes[0].Text != "checked" {
		t.Errorf("notes %+v", notes)
	}
	other, _ := d.Resolve("vantenac:3")
	if ok, err := d.DeleteNote(other, n.ID); ok || err != nil {
		t.Errorf("another problem's note deleted: %v %v", ok, err)
	}
	if ok, err := d.DeleteNote(id, n.ID); !ok || err != nil {
		t.Errorf("delete note: %v %v", ok, err)
	}
	if notes, _ := d.Notes(id); len(notes) != 0 {
		t.Errorf("notes after delete %+v", notes)
	}
}

// A user tag comes off again; the book's themes stay whatever is asked.
func TestRemoveTag(t *testing.T) {
	d := importThemeSets(t)
	id, _ := d.Resolve("t:2") // book themes lunette, coup-de-repos
	d.AddTag(id, "coup turc")
	if name, ok, err := d.RemoveTag(id, "Coup Turc"); !ok || err != nil || name != "coup-turc" {
		t.Errorf("remove: %q %v %v", name, ok, err)
	}
	if _, ok, _ := d.RemoveTag(id, "coup-turc"); ok {
		t.Error("removed twice")
	}
	p, _ := d.Get(id)
	book := 0
	for _, th := range p.Themes {
		if th.Origin == problems.OriginBook {
			book++
			if _, ok, err := d.RemoveTag(id, th.Name); ok || err != nil {
				t.Errorf("book theme %s removed: %v", th.Name, err)
			}
		}
	}
	if q, _ := d.Get(id); book == 0 || len(q.Themes) != len(p.Themes) {
		t.Errorf("%d book themes; themes %d then %d", book, len(p.Themes), len(q.Themes))
	}
	if _, _, err := d.RemoveTag(999, "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown id: %v", err)
	}
}

func TestSourcesStatsWarnings(t *testing.T) {
	d := openTemp(t)
	ps := cloneProblems(vanTenac)
	ps[0].Warnings = []problems.Warning{{File: "vt", Line: 448, Text: "2 p."}}
	mustImport(t, d, vanTenacSource, ps, []problems.Warning{{File: "vt", Line: 1, Text: "header"}})
	mustImport(t, d, problems.Source{Key: "metz", Title: "Livre de Metz"}, []*problems.Problem{{Number: 5}}, nil)
	id, _ := d.Resolve("vantenac:1")
	d.AddTag(id, "x")
	d.AddVerdict(id, Verdict{Verdict: "sound"})

	srcs, err := d.Sources()
	if err != nil || len(srcs) != 2 || srcs[0].Key != "metz" || srcs[1].Problems != 4 || srcs[1].Warnings != 2 ||
		srcs[1].Author != "Van Tenac" || srcs[1].ImportedAt == "" {
		t.Errorf("sources %+v %v", srcs, err)
	}
	st, err := d.Stats()
	want := Stats{Sources: 2, Problems: 5, WithPosition: 4, Warnings: 2, Verdicts: 1,
		Themes: map[string]int{"book": 2, "user": 1}, LatestVerdicts: map[string]int{"sound": 1}}
	if err != nil || !reflect.DeepEqual(st, want) {
		t.Errorf("stats %+v %v", st, err)
	}
	ws, _ := d.Warnings("", id)
	if len(ws) != 1 || ws[0].Line != 448 || ws[0].ProblemID != id {
		t.Errorf("problem warnings %+v", ws)
	}
	ws, _ = d.Warnings("vantenac", 0)
	if len(ws) != 2 || !strings.Contains(ws[0].Text+ws[1].Text, "header") {
		t.Errorf("source warnings %+v", ws)
	}
}

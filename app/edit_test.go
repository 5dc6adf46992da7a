package app

import (
	"reflect"
	"strings"
	"testing"

	"metz/db"
)

// A solution typed in the book's columns or as PDN is read move by move;
// an illegal move gets the import's message at its place.
func TestCheckSolution(t *testing.T) {
	const fen = "W:W24,29,33,40,49:B10,K14,K34" // Van Tenac's Problème VII
	for _, text := range []string{
		"24 à 19     14 à 35\n29 à 40     35 à 44\n49 à 40 gagne.",
		"1. 24-19 14x35 2. 29x40 35x44 3. 49x40",
	} {
		c, err := CheckSolution("international", fen, text)
		if err != nil || len(c.Warnings) != 0 {
			t.Fatalf("%q: %v %+v", text, err, c.Warnings)
		}
		var moves []string
		for _, n := range c.Tree.MainLine() {
			moves = append(moves, n.Move)
		}
		if want := []string{"24-19", "14x28x44x35", "29x40", "35x44", "49x40"}; !reflect.DeepEqual(moves, want) {
			t.Errorf("%q read as %v", text, moves)
		}
	}
	c, err := CheckSolution("", fen, "1. 24-19 14x35 2. 29x40 35x45")
	if err != nil || len(c.Warnings) != 1 || c.Warnings[0].Ply != 4 || !strings.Contains(c.Warnings[0].Expected, "35x44") {
		t.Errorf("an illegal fourth ply: %v %+v", err, c.Warnings)
	}
	// Black to move first: the PDN's first move stands alone in the black column.
	c, err = CheckSolution("", "B:W28:B19,K1", "1... 19-23 2. 28x19")
	if err != nil || len(c.Warnings) != 0 || len(c.Tree.MainLine()) != 2 || c.Tree.MainLine()[0].White {
		t.Errorf("black first: %v %+v", err, c)
	}
	for fen, want := range map[string]string{"W::": "no piece", "W:W99": "99", "": "FEN"} {
		if _, err := CheckSolution("international", fen, ""); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("FEN %q: %v, want %q", fen, err, want)
		}
	}
	if _, err := CheckSolution("checkers9", "W:W28:B19", ""); err == nil {
		t.Error("unknown rules accepted")
	}
}

// A draft is written as a transcription that the importer reads back to
// the same position, kings and side to move included.
func TestDraftTranscription(t *testing.T) {
	dr := Draft{Number: 12, Title: "Un  essai", Book: "metz", Rules: "international", FEN: "B:W28,K46:B19,K5",
		Stipulation: "draw", Solution: "... 19 à 23\n28 à 19"}
	text, err := dr.Transcription()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Coup 12 — Un essai\n", "Source : Livre de Metz\n", "But : remise\n", "Trait : Noirs\n",
		"Noirs : D5, 19\n", "Blancs : 28, D46\n", "... 19 à 23\n28 à 19\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("transcription lacks %q:\n%s", want, text)
		}
	}
	for _, bad := range []Draft{{Number: 0, FEN: "W:W28:B19"}, {Number: 1, FEN: "W::"}, {Number: 1, FEN: "W:W28:B19", Book: "x"}} {
		if _, err := bad.Transcription(); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// Saving twice updates the record in place: its notes stay, and its
// verdict then belongs to the earlier version; a book's source is never
// written over.
func TestSaveDraft(t *testing.T) {
	d := tinyDB(t, 1)
	dr := Draft{Number: 3, Book: "vantenac", FEN: "W:W24,29,33,40,49:B10,K14,K34", Solution: "24 à 19  14 à 35\n29 à 40  35 à 44\n49 à 40"}
	st, err := SaveDraft(d, dr)
	if err != nil || st.New != 1 || st.Source != "web" {
		t.Fatalf("%v %+v", err, st)
	}
	s, err := Resolve(d, "web:3")
	if err != nil || s.FEN != dr.FEN {
		t.Fatalf("%v %+v", err, s)
	}
	p, _ := d.Get(s.ID)
	if len(p.Refs) != 1 || p.Refs[0].Source != "vantenac" || p.Solution == nil || len(p.Solution.MainLine()) != 5 {
		t.Errorf("stored: refs %+v, solution %+v", p.Refs, p.Solution)
	}
	if _, err := d.AddNote(s.ID, "kept"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddVerdict(s.ID, db.Verdict{Verdict: "sound", Rules: "international"}); err != nil {
		t.Fatal(err)
	}
	dr.FEN = "W:W24,29,33,40,46,49:B10,K14,K34"
	if st, err = SaveDraft(d, dr); err != nil || st.Updated != 1 || st.Outdated != 1 {
		t.Fatalf("second save: %v %+v", err, st)
	}
	if again, _ := Resolve(d, "web:3"); again.ID != s.ID || again.Verdict != "" || !again.Outdated {
		t.Errorf("after the change: %+v", again)
	}
	if notes, _ := d.Notes(s.ID); len(notes) != 1 {
		t.Errorf("notes %+v", notes)
	}
	for _, sneaky := range []string{"24 à 19\nCoup 9\nBlancs : 28\nNoirs : 19", "24 à 19\nBlancs : 28"} {
		if _, err := SaveDraft(d, Draft{Number: 4, FEN: dr.FEN, Solution: sneaky}); err == nil || !strings.Contains(err.Error(), "moves only") {
			t.Errorf("%q: %v", sneaky, err)
		}
	}
	dr.Source = "tiny"
	if _, err := SaveDraft(d, dr); err == nil || !strings.Contains(err.Error(), "save drafts under another key") {
		t.Errorf("over another source: %v", err)
	}
	dr.Source = "Web/../x"
	if _, err := SaveDraft(d, dr); err == nil || !strings.Contains(err.Error(), "plain key") {
		t.Errorf("a path as key: %v", err)
	}
}

// The filters are metz search's: a bad one is named by its flag.
func TestFiltersQuery(t *testing.T) {
	q, err := Filters{Sources: []string{"metz"}, Number: "3-5", WhiteKings: "1-", Position: true, Limit: 3}.Query()
	if err != nil || q.Number != (db.Range{Min: 3, Max: 5, On: true}) || q.HasPosition == nil || !*q.HasPosition || q.Limit != 3 {
		t.Errorf("%v %+v", err, q)
	}
	for f, want := range map[*Filters]string{
		{BlackMen: "x"}:                    "--black-men",
		{Position: true, NoPosition: true}: "exclude each other",
		{Offset: -1}:                       "must not be negative",
	} {
		if _, err := f.Query(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%+v: %v", *f, err)
		}
	}
}

// No typed solution, however garbled, crashes the check; the draft's
// transcription of it is read back by the importer without error.
func FuzzCheckSolution(f *testing.F) {
	for _, s := range []string{"24 à 19     14 à 35\n49 à 40 gagne.", "1. 24-19 14x35", "si 35 40 ou non", "... 19 à 23", "1.", "à à à"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		const fen = "W:W24,29,33,40,49:B10,K14,K34"
		if _, err := CheckSolution("international", fen, text); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if _, err := (Draft{Number: 1, FEN: fen, Solution: text}).Transcription(); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
	})
}

package db

import (
	"testing"

	"metz/problems"
)

// ReferringTo finds the records that name one: a transcription of a
// book's record, and nothing for a record no one names; ThemeNamesInUse
// reads the names the themes hold.
func TestLookups(t *testing.T) {
	d := openTemp(t)
	ps := []*problems.Problem{{Number: 3, Refs: []problems.Ref{{Source: "metz", Number: 7, Kind: "transcription-of"}},
		Themes: []problems.Theme{{Name: "lunette", Origin: problems.OriginBook}}}, {Number: 4}}
	if _, err := d.ImportBatch(problems.Source{Key: "web"}, ps, nil); err != nil {
		t.Fatal(err)
	}
	got, err := d.ReferringTo("metz", 7)
	if err != nil || len(got) != 1 || got[0] != (problems.Ref{Source: "web", Number: 3, Kind: "transcription-of"}) {
		t.Errorf("metz:7: %v %+v", err, got)
	}
	if got, err := d.ReferringTo("web", 4); err != nil || len(got) != 0 {
		t.Errorf("web:4: %v %+v", err, got)
	}
	if _, _, err := d.AddTag(2, "mon préféré"); err != nil {
		t.Fatal(err)
	}
	names, err := d.ThemeNamesInUse()
	if err != nil || len(names) != 2 || names[0] != "lunette" || names[1] != "mon-prefere" {
		t.Errorf("theme names: %v %v", err, names)
	}
}

package app

import (
	"errors"
	"metz/draughts"
	"reflect"
	"strings"
	"testing"

	"metz/db"
	"metz/problems"
)

// One name a problem: SOURCE:NUMBER is the stored number only. The
// database also answers a number a label ends with (vantenac:6 for
// "Problème VI", stored as vantenac:76): Resolve refuses it and gives the
// problem's name.
func TestResolveOneName(t *testing.T) {
	d := tinyDB(t, 1)
	ps := []*problems.Problem{{Number: 76, Label: "Problème VI", Position: problems.MustPosition(draughts.International, "W:W28:B23")}, {Number: 6, Label: "§ 6"}}
	if _, err := d.ImportBatch(problems.Source{Key: "vt"}, ps[:1], nil); err != nil {
		t.Fatal(err)
	}
	s, err := Resolve(d, "vt:76")
	if err != nil || s.Label != "Problème VI" || s.Number != 76 {
		t.Fatalf("vt:76: %v %+v", err, s)
	}
	if _, err := Resolve(d, "vt:6"); err == nil || !strings.Contains(err.Error(), "is vt:76") {
		t.Errorf("vt:6 answered for vt:76: %v", err)
	}
	if _, err := Resolve(d, "vt:5"); err == nil || !errors.Is(err, db.ErrNotFound) {
		t.Errorf("vt:5: %v", err)
	}
	if byID, err := Resolve(d, "1"); err != nil || byID.Source != "tiny" || byID.Number != 1 {
		t.Errorf("a database id: %v %+v", err, byID)
	}
	// A record numbered 6 makes vt:6 its name, and vt:76 stays the other's.
	if _, err := d.ImportBatch(problems.Source{Key: "vt"}, ps, nil); err != nil {
		t.Fatal(err)
	}
	if s, err := Resolve(d, "vt:6"); err != nil || s.Label != "§ 6" {
		t.Errorf("vt:6 with a record 6: %v %+v", err, s)
	}
}

// The one selector: names in their order, else filters (records without
// a diagram left out and counted unless asked for), else All, else an error.
func TestSelect(t *testing.T) {
	d := tinyDB(t, 3)
	numbers := func(s Selected) []int {
		var out []int
		for _, p := range s.Problems {
			out = append(out, p.Number)
		}
		return out
	}
	cases := []struct {
		sel     Selection
		want    []int
		leftOut int
	}{
		{Selection{Refs: []string{"tiny:3", "tiny:1", "tiny:4"}}, []int{3, 1, 4}, 0},
		{Selection{Query: db.Query{Sources: []string{"tiny"}}}, []int{1, 2, 3}, 1},
		{Selection{Query: db.Query{Sources: []string{"tiny"}}, WithEmpty: true}, []int{1, 2, 3, 4}, 0},
		{Selection{Query: db.Query{Number: db.Range{Min: 2, Max: 4, On: true}, Limit: 1}}, []int{2}, 1},
		{Selection{All: true}, []int{1, 2, 3}, 1},
	}
	for _, c := range cases {
		got, err := Select(d, c.sel)
		if err != nil || !reflect.DeepEqual(numbers(got), c.want) || got.LeftOut != c.leftOut {
			t.Errorf("%+v: %v %v left out %d, want %v and %d", c.sel, err, numbers(got), got.LeftOut, c.want, c.leftOut)
		}
	}
	if _, err := Select(d, Selection{Refs: []string{"tiny:1"}, All: true}); !errors.Is(err, ErrNamedAndFiltered) {
		t.Errorf("named and all: %v", err)
	}
	if _, err := Select(d, Selection{}); !errors.Is(err, ErrNothingSelected) {
		t.Errorf("nothing named: %v", err)
	}
	if _, err := Select(d, Selection{Query: db.Query{Sources: []string{"tinny"}}}); err == nil || !strings.Contains(err.Error(), "sources: tiny") {
		t.Errorf("unknown source: %v", err)
	}
}

// A misspelt theme is refused with the nearest known name and the list;
// the detector's keys, the books' and the user's names all pass, written
// in words or with accents.
func TestCheckThemeExpr(t *testing.T) {
	d := tinyDB(t, 1)
	if _, _, err := d.AddTag(1, "mon-préféré"); err != nil {
		t.Fatal(err)
	}
	for _, ok := range []string{"lunette", "coup de repos AND NOT lunette", `"coup turc" OR rafle`, "mon-préféré", "mon-prefere", ""} {
		if err := CheckThemeExpr(d, ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	err := CheckThemeExpr(d, "lunete OR rafle")
	if err == nil || !strings.Contains(err.Error(), `unknown theme "lunete" (did you mean lunette?)`) ||
		!strings.Contains(err.Error(), "known themes: ") || !strings.Contains(err.Error(), "coup-turc") {
		t.Errorf("lunete: %v", err)
	}
	if err := CheckThemeExpr(d, "zzzzzzzz"); err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("nothing near: %v", err)
	}
	if _, err := Select(d, Selection{Query: db.Query{Themes: "coup-tur"}}); err == nil || !strings.Contains(err.Error(), "--theme: unknown theme \"coup-tur\" (did you mean coup-turc?)") {
		t.Errorf("Select: %v", err)
	}
}

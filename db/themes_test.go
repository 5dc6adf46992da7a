package db

import (
	"errors"
	"reflect"
	"testing"

	"metz/problems"
)

// Problem III's book theme is "coup-de-repos" (§73: "c'est un coup de
// repos"); the detector places it at ply 1 on square 4 (9-4 while the new
// king takes). Problem IV's book theme is "lunette".
func TestSetDetectedThemes(t *testing.T) {
	d := openTemp(t)
	mustImport(t, d, vanTenacSource, cloneProblems(vanTenac), nil)
	id, err := d.Resolve("vantenac:3")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.AddTag(id, "favori"); err != nil {
		t.Fatal(err)
	}
	first := []problems.Theme{
		{Name: "coup-de-repos", Label: "coup de repos, temps", Origin: problems.OriginDetected, Ply: 1, Squares: []int{4}, Note: "1 temps"},
		{Name: "sacrifice", Origin: problems.OriginBook, Ply: 3, Note: "2 pieces given"}, // stored as detected all the same
	}
	if err := d.SetDetectedThemes(id, first); err != nil {
		t.Fatal(err)
	}
	got, err := d.ThemesOf(id, problems.OriginDetected)
	if err != nil {
		t.Fatal(err)
	}
	want := []problems.Theme{first[0], {Name: "sacrifice", Origin: problems.OriginDetected, Ply: 3, Note: "2 pieces given"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("detected:\n got %+v\nwant %+v", got, want)
	}
	// A second run replaces the first; book and user themes stay.
	if err := d.SetDetectedThemes(id, first[:1]); err != nil {
		t.Fatal(err)
	}
	all, err := d.ThemesOf(id, "")
	if err != nil {
		t.Fatal(err)
	}
	if names := themeKeys(all); !reflect.DeepEqual(names, []string{"coup-de-repos/book", "favori/user", "coup-de-repos/detected"}) {
		t.Fatalf("after the second run: %v", names)
	}
	// Clearing removes only the detected ones.
	if err := d.SetDetectedThemes(id, nil); err != nil {
		t.Fatal(err)
	}
	all, _ = d.ThemesOf(id, "")
	if names := themeKeys(all); !reflect.DeepEqual(names, []string{"coup-de-repos/book", "favori/user"}) {
		t.Fatalf("after clearing: %v", names)
	}
}

func TestDetectedThemesSurviveReimport(t *testing.T) {
	d := openTemp(t)
	mustImport(t, d, vanTenacSource, cloneProblems(vanTenac), nil)
	id, err := d.Resolve("vantenac:4")
	if err != nil {
		t.Fatal(err)
	}
	det := []problems.Theme{{Name: "rafle", Label: "rafle", Ply: 9, Squares: []int{21, 22, 13}, Note: "3 pieces in one capture"}}
	if err := d.SetDetectedThemes(id, det); err != nil {
		t.Fatal(err)
	}
	// The book changes its record (new commentary, book theme renamed): the
	// record is updated in place and its book themes replaced.
	ps := cloneProblems(vanTenac)
	ps[3].Commentary = "Partie gagnée."
	ps[3].Themes = []problems.Theme{{Name: "pion-en-prise", Origin: problems.OriginBook}}
	if st := mustImport(t, d, vanTenacSource, ps, nil); st.Updated != 1 {
		t.Fatalf("re-import: %+v", st)
	}
	all, err := d.ThemesOf(id, "")
	if err != nil {
		t.Fatal(err)
	}
	if names := themeKeys(all); !reflect.DeepEqual(names, []string{"rafle/detected", "pion-en-prise/book"}) {
		t.Fatalf("after re-import: %v", names)
	}
	// And search sees them by origin.
	if got := numbers(search(t, d, Query{Themes: "rafle", ThemeOrigin: problems.OriginDetected})); !reflect.DeepEqual(got, []int{4}) {
		t.Errorf("search rafle/detected: %v", got)
	}
	if got := numbers(search(t, d, Query{Themes: "rafle", ThemeOrigin: problems.OriginBook})); len(got) != 0 {
		t.Errorf("search rafle/book: %v", got)
	}
}

func TestSetDetectedThemesErrors(t *testing.T) {
	d := openTemp(t)
	mustImport(t, d, vanTenacSource, cloneProblems(vanTenac), nil)
	if err := d.SetDetectedThemes(999, nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown id: %v", err)
	}
	if _, err := d.ThemesOf(999, ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("ThemesOf unknown id: %v", err)
	}
	id, _ := d.Resolve("vantenac:1")
	before := dump(t, d)
	err := d.SetDetectedThemes(id, []problems.Theme{{Name: "rafle"}, {Name: "coup de repos"}})
	if err == nil {
		t.Fatal("a name with a space was stored")
	}
	if after := dump(t, d); after != before {
		t.Fatalf("a rejected call changed the database:\n%s\n---\n%s", before, after)
	}
}

func themeKeys(ts []problems.Theme) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Name+"/"+t.Origin)
	}
	return out
}

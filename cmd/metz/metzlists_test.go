package main

import (
	"fmt"
	"reflect"
	"sort"
	"testing"

	"metz/importer/livremetz"
	"metz/sources"
)

// Every theme list of the Livre de Metz is found by `metz search --theme` on
// the imported database, exactly: a list's own key gives its numbers (with
// the numbers of the other lists filed under the same name), a general theme
// gives the union of its lists. The lists' numbers themselves are checked
// against the book, typed in by hand, in importer/livremetz/index_test.go;
// this test checks that import and search keep them whole.
func TestSearchFindsEveryMetzThemeList(t *testing.T) {
	data, err := sources.Read(sources.LivreDeMetz)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := livremetz.Parse(data, sources.LivreDeMetz)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[int]bool{}
	file := func(name string, nums []int) {
		if want[name] == nil {
			want[name] = map[int]bool{}
		}
		for _, n := range nums {
			want[name][n] = true
		}
	}
	for _, l := range ix.ThemeLists {
		file(l.Key, l.Numbers)
		file(l.Theme, l.Numbers)
	}
	if len(want) < 20 {
		t.Fatalf("only %d theme names in the index: the test would mean little", len(want))
	}
	path := importBundledDB(t)
	for name, set := range want {
		var exp []int
		for n := range set {
			exp = append(exp, n)
		}
		sort.Ints(exp)
		got := rowNumbers(searchJSON(t, path, "--source", "metz", "--theme", fmt.Sprintf("%q", name)))
		sort.Ints(got)
		if !reflect.DeepEqual(got, exp) {
			t.Errorf("--theme %s: got %v, want %v", name, got, exp)
		}
	}
	// Two lists the book prints, by their own keys (numbers read from the
	// chapters Du pion en prise and Des lunettes).
	if got := rowNumbers(searchJSON(t, path, "--source", "metz", "--theme", "pion-en-prise-pion")); !reflect.DeepEqual(got, []int{137, 154, 155, 166, 197, 208, 218, 289, 339}) {
		t.Errorf("pion-en-prise-pion: %v", got)
	}
	if got := rowNumbers(searchJSON(t, path, "--source", "metz", "--theme", "lunette-dames")); !reflect.DeepEqual(got, []int{92}) {
		t.Errorf("lunette-dames: %v", got)
	}
}

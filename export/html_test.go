package export

import (
	"encoding/json"
	"strings"
	"testing"
)

// The problems flow in one section whose class says how many share a
// sheet (0 is the default, two; more than four is four); the printed pages
// are checked in Chromium (TestHTMLPrintPacks).
func TestHTMLProblemsPerPage(t *testing.T) {
	items := append(testItems(t), testItems(t)...) // six problems
	for per, class := range map[int]string{1: "per-1", 2: "per-2", 3: "per-3", 4: "per-4", 0: "per-2", 9: "per-4"} {
		var b strings.Builder
		if err := WriteHTML(&b, items, HTMLOptions{PerPage: per}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(b.String(), `<section class="flow `+class+`">`); got != 1 {
			t.Errorf("--per-page %d: %d sections of class %s, want 1", per, got, class)
		}
		if got := strings.Count(b.String(), "<article"); got != 6 {
			t.Errorf("--per-page %d: %d problems printed, want 6", per, got)
		}
	}
}

// The verified tree is printed in place of the stated one when there is
// evidence: the solver's defences appear beside the stated line.
func TestHTMLPrefersVerifiedTree(t *testing.T) {
	it := Item{Problem: smallProblem(), Evidence: smallReport(t)}
	var b strings.Builder
	if err := WriteHTML(&b, []Item{it}, HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	if s := b.String(); !strings.Contains(s, `data-tree="verified"`) || !strings.Contains(s, "42 à 38") || !strings.Contains(s, "si 6 à 11 *") {
		t.Error("stated tree printed although there is evidence")
	}
}

func TestJSONCarriesPositionTreesAndVerdict(t *testing.T) {
	var b strings.Builder
	if err := WriteJSON(&b, testItems(t)); err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal([]byte(b.String()), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d items, want 3", len(got))
	}
	first := got[0]
	pos := first["position"].(map[string]any)
	if pos["to_move"] != "white" || len(pos["white_men"].([]any)) != 8 || len(pos["black_men"].([]any)) != 11 {
		t.Errorf("Problème I position: %v (want 8 white and 11 black men, White to move)", pos)
	}
	if first["verdict"] != "sound" || first["fen"] != vanTenacIFEN || first["solution"] == nil {
		t.Errorf("verdict %v, fen %v, solution present %v", first["verdict"], first["fen"], first["solution"] != nil)
	}
	if kings := got[1]["position"].(map[string]any)["black_kings"].([]any); len(kings) != 1 || kings[0] != "10" {
		t.Errorf("Problème II black kings %v, want [10]", kings)
	}
	if _, has := got[2]["position"]; has {
		t.Error("a problem without a diagram got a position")
	}
}

// Under the book text the same verified tree is given in modern notation,
// solver moves starred, with the legend.
func TestHTMLModernNotation(t *testing.T) {
	p := smallProblem()
	var b strings.Builder
	if err := WriteHTML(&b, []Item{{Problem: p, Evidence: smallReport(t)}}, HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	// The document is French: the remarks and the legend of the modern line too.
	want := `<p class="modern">1. 42-38 18-23 (1... 6-11* {metz : défense que la source omet ; elle perd aussi} 2. 16x7*`
	if s := b.String(); !strings.Contains(s, want) || !strings.Contains(s, "— * coup ajouté par metz (solveur) : absent de la source.</p>") {
		t.Errorf("no modern notation line:\n%s", s)
	}
}

// The composer and the date stand under the heading; a problem with
// neither has no byline.
func TestHTMLByline(t *testing.T) {
	p := vanTenacI(t)
	p.Author, p.Date = "L. Van Tenac", "1868"
	var b strings.Builder
	if err := WriteHTML(&b, []Item{{Problem: p}, {Problem: vanTenacII(t)}}, HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	if s := b.String(); strings.Count(s, `<p class="byline">`) != 1 || !strings.Contains(s, `<p class="byline">L. Van Tenac, 1868</p>`) {
		t.Errorf("byline not printed once under the first heading")
	}
}

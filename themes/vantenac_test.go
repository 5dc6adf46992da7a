package themes

import (
	"strings"
	"testing"

	"metz/draughts"
	"metz/importer"
	"metz/problems"
)

// The Van Tenac problems whose theme the book names (Problem III coup de
// repos, VI Exemple de fermeture, VII Lunette), read through the importer
// from the bundled text so that positions and moves are the book's, not ours.

func vanTenac(t *testing.T, label string) *problems.Problem {
	t.Helper()
	bs, err := importer.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bs {
		for _, p := range b.Problems {
			if p.Source == "vantenac" && p.Label == label {
				return p
			}
		}
	}
	t.Fatalf("no %s in the bundled Van Tenac", label)
	return nil
}

func named(ts []problems.Theme, name string) []problems.Theme {
	var out []problems.Theme
	for _, t := range ts {
		if t.Name == name {
			out = append(out, t)
		}
	}
	return out
}

// Problem VII as imported: 24-19, 14x35 (three), 29x40, 35x44, 49x40. The
// black king on 34 stands in the diagram between the white men 29 and 40
// (23 and 45 empty): the lunette. White takes it there at ply 3.
func TestVanTenacVIILunette(t *testing.T) {
	p := vanTenac(t, "Problème VII")
	ts, err := ForProblem(p)
	if err != nil {
		t.Fatal(err)
	}
	got := named(ts, "lunette")
	if len(got) != 1 || got[0].Ply != 3 || !equalInts(got[0].Squares, []int{34, 29, 40}) || got[0].Origin != problems.OriginDetected {
		t.Fatalf("VII lunette: got %+v (all: %+v)", got, ts)
	}
	if len(named(ts, "rafle")) != 1 {
		t.Errorf("VII: the king's three-piece capture is a rafle: %+v", ts)
	}
}

// Problem VI as imported stops at ply 5 ("43 à 39", no piece on 43): the
// four plies before it show no fermeture.
func TestVanTenacVIStatedTreeStops(t *testing.T) {
	ts, err := ForProblem(vanTenac(t, "Problème VI"))
	if err != nil {
		t.Fatal(err)
	}
	if got := named(ts, "fermeture"); len(got) != 0 {
		t.Fatalf("fermeture found on the truncated line: %+v", got)
	}
}

// Problem VI repaired: the diagram's white man "45" read as 43 (the move
// "43 à 39" says a white man stands there) makes all seventeen printed plies
// legal. The line ends with the black king on 46 shut in behind its own man
// on 41 (itself blocked by 47) from ply 8 (32x41) on: the fermeture.
func TestVanTenacVIFermetureRepaired(t *testing.T) {
	p := vanTenac(t, "Problème VI")
	fen := strings.Replace(p.FEN(), ",45,", ",43,", 1)
	if fen == p.FEN() {
		t.Fatalf("the imported diagram %q no longer lists 45", p.FEN())
	}
	var texts []string
	for _, n := range p.Solution.MainLine() {
		texts = append(texts, n.Text)
	}
	if len(texts) != 17 {
		t.Fatalf("the table has %d plies, expected 17: %q", len(texts), texts)
	}
	start, ms := playLine(t, draughts.International, fen, texts...)
	got := find(DetectLine(start, ms), "fermeture")
	if len(got) != 1 || got[0].Ply != 8 || !equalInts(got[0].Squares, []int{46}) {
		t.Fatalf("VI fermeture: got %+v", got)
	}
}

// Problem III: the stated solution is prose only; the importer reads it as
// 9-4, 50x6, 38-33, 6x50, 27-21, 26x17, 32-28, 50x22, 4x27 (the black king's
// free landings taken in the book's order). The coup de repos is one temps at
// ply 1: White crowns on 4 while the capture of 22 stands open. The same line
// typed by hand from the prose must give the same answer.
func TestVanTenacIIICoupDeRepos(t *testing.T) {
	p := vanTenac(t, "Problème III")
	ts, err := ForProblem(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := named(ts, "coup-de-repos"); len(got) != 1 || got[0].Ply != 1 {
		t.Fatalf("III as imported: want a coup de repos at ply 1, got %+v", ts)
	}
	start, ms := playLine(t, draughts.International, p.FEN(),
		"9-4", "50x6", "38-33", "6x50", "27-21", "26x17", "32-28", "50x22", "4x27")
	got := find(DetectLine(start, ms), "coup-de-repos")
	if len(got) != 1 || got[0].Ply != 1 || got[0].Count != 1 {
		t.Fatalf("III coup de repos: got %+v", got)
	}
}

func TestForProblemSkips(t *testing.T) {
	if _, err := ForProblem(&problems.Problem{Rules: draughts.International}); err != ErrNoPosition {
		t.Errorf("no position: %v", err)
	}
	if _, err := ForProblem(&problems.Problem{Position: problems.MustPosition(draughts.International, "W:W32:B19")}); err != ErrNoSolution {
		t.Errorf("no solution: %v", err)
	}
	// Unknown rules and a FEN off the board never reach the detector:
	// the record is refused where it comes in.
	if err := new(problems.Problem).SetText("chess", "W:W32:B19", ""); err == nil {
		t.Error("unknown rules: no error")
	}
	if err := new(problems.Problem).SetText("international", "W:W99:B19", ""); err == nil ||
		!strings.Contains(err.Error(), "W:W99:B19") {
		t.Errorf("bad FEN: %v", err)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Every name the detector stores on the bundled problems has a definition.
func TestDetectedNamesAreDefined(t *testing.T) {
	bs, err := importer.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range bs {
		for _, p := range b.Problems {
			ts, _ := ForProblem(p)
			for _, th := range ts {
				n++
				if d, ok := Lookup(th.Name); !ok || th.Label != d.Label {
					t.Errorf("%s: %q has no definition", p.Label, th.Name)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("nothing detected on the bundled problems")
	}
}

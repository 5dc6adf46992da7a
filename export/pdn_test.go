package export

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
)

// sameTree reports the first difference between two solution trees in the
// fields PDN carries: moves, side, marks, comments and the branching.
func sameTree(path string, a, b []*problems.Node) error {
	if len(a) != len(b) {
		return fmt.Errorf("%s: %d alternatives, want %d", path, len(b), len(a))
	}
	for i := range a {
		x, y := a[i], b[i]
		here := fmt.Sprintf("%s/%d:%s", path, i, x.Move)
		if x.Move != y.Move || x.White != y.White || x.Mark != y.Mark || x.Comment != y.Comment {
			return fmt.Errorf("%s: got move %q white %v mark %q comment %q, want %q %v %q %q", here,
				y.Move, y.White, y.Mark, y.Comment, x.Move, x.White, x.Mark, x.Comment)
		}
		if err := sameTree(here, x.Children, y.Children); err != nil {
			return err
		}
	}
	return nil
}

func sameProblem(want, got *problems.Problem) error {
	if want.Rules != got.Rules || want.Source != got.Source || want.Number != got.Number ||
		want.Label != got.Label || want.Stipulation != got.Stipulation || want.Commentary != got.Commentary {
		return fmt.Errorf("record fields differ:\n got %+v\nwant %+v", *got, *want)
	}
	if strings.Join(themeNames(want), ",") != strings.Join(themeNames(got), ",") {
		return fmt.Errorf("themes %v, want %v", themeNames(got), themeNames(want))
	}
	if (want.FEN == "") != (got.FEN == "") {
		return fmt.Errorf("position %q, want %q", got.FEN, want.FEN)
	}
	if want.FEN != "" {
		r, _ := draughts.RulesByName(want.Rules)
		pw, _ := draughts.ParseFEN(r, want.FEN)
		pg, err := draughts.ParseFEN(r, got.FEN)
		if err != nil || !pw.Equal(pg) {
			return fmt.Errorf("position %q, want %q (%v)", got.FEN, want.FEN, err)
		}
	}
	return sameTree("", children(want.Solution), children(got.Solution))
}

// import -> export -> import keeps positions, moves, variations and
// comments of a hand-written collection (10x10 and Russian 8x8).
func TestPDNRoundTripCollection(t *testing.T) {
	src, err := os.ReadFile("testdata/collection.pdn")
	if err != nil {
		t.Fatal(err)
	}
	first, err := readPDN(string(src))
	if err != nil {
		t.Fatalf("reading the collection: %v", err)
	}
	if len(first) != 3 {
		t.Fatalf("%d games read, want 3", len(first))
	}
	if n := first[0].Solution.Size(); n != 13 {
		t.Errorf("Problème I read with %d moves, want 13 (11 main, 2 in the branch)", n)
	}
	items := make([]Item, len(first))
	for i, p := range first {
		items[i] = Item{Problem: p}
	}
	var out strings.Builder
	if err := WritePDN(&out, items); err != nil {
		t.Fatal(err)
	}
	second, err := readPDN(out.String())
	if err != nil {
		t.Fatalf("reading the export back: %v\n%s", err, out.String())
	}
	if len(second) != len(first) {
		t.Fatalf("%d games after the round trip, want %d", len(second), len(first))
	}
	for i := range first {
		if err := sameProblem(first[i], second[i]); err != nil {
			t.Errorf("game %d: %v\nexported:\n%s", i+1, err, out.String())
		}
	}
}

// The records built from Van Tenac come back whole from their export.
func TestPDNExportReadsBack(t *testing.T) {
	items := testItems(t)
	var out strings.Builder
	if err := WritePDN(&out, items); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{`[FEN "W:W25,28,30,33,35,37,38,40:B4,7,8,12,14,17,18,19,24,26,29"]`,
		`[GameType "20"]`, "1. 28-23 19x39", "(5... 39x30 6. 35x22 {gagne})", `[MetzVerdict "sound"]`} {
		if !strings.Contains(text, want) {
			t.Errorf("export lacks %q:\n%s", want, text)
		}
	}
	back, err := readPDN(text)
	if err != nil {
		t.Fatal(err)
	}
	for i, it := range items {
		if err := sameProblem(it.Problem, back[i]); err != nil {
			t.Errorf("%s: %v", Heading(it.Problem), err)
		}
	}
}

// An unresolved printed move cannot be written as PDN movetext; it ends its
// line and survives as a comment, and the export does not fail.
func TestPDNUnresolvedMoveKeptAsComment(t *testing.T) {
	p := vanTenacII(t)
	// Van Tenac's Problem VI plays "43 à 39" with no piece on 43: such a
	// misprint reaches the exporter with no resolved move.
	p.Solution.Children[0].Children[0].Children = []*problems.Node{{Text: "43 à 39", White: true, Issue: "no piece on 43"}}
	var out strings.Builder
	if err := WritePDN(&out, []Item{{Problem: p}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "{non résolu : 43 à 39}") {
		t.Errorf("misprinted move lost:\n%s", out.String())
	}
}

// A capture is written in full when another legal capture joins the same
// two squares by another path (found by the engine in this position: the
// king on 26 can reach 27 by two routes taking different men).
func TestPDNAmbiguousCaptureWrittenInFull(t *testing.T) {
	pos := mustFEN(t, draughts.International, "W:WK26:B4,18,21,32,33,37,44")
	c := pdnConv{r: draughts.International}
	ambiguous := 0
	for _, m := range pos.Moves() {
		text := c.moveText(pos, m)
		full := draughts.International.FormatMove(m, true)
		short := draughts.International.FormatMove(m, false)
		if m.From() == 25 && m.To() == 26 {
			ambiguous++
			if text != full {
				t.Errorf("ambiguous capture written %q, want %q", text, full)
			}
		} else if text != short {
			t.Errorf("unambiguous capture written %q, want %q", text, short)
		}
	}
	if ambiguous < 2 {
		t.Fatalf("%d captures 26x27 found, the test needs two", ambiguous)
	}
}

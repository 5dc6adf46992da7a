package export

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"metz/draughts"
	"metz/importer"
	"metz/problems"
)

// readBack reads exported PDN with metz's own importer, as metz import does.
func readBack(t testing.TB, text string) []*problems.Problem {
	t.Helper()
	b, err := importer.Reader("export.pdn", strings.NewReader(text))
	if err != nil {
		t.Fatalf("importer cannot read the export: %v\n%s", err, text)
	}
	for _, p := range b.Problems {
		if len(p.Warnings) > 0 {
			t.Errorf("importer warns on the export: %v\n%s", p.Warnings, text)
		}
	}
	return b.Problems
}

// inPDN is what PDN keeps of a node's marks and comment: move strengths
// (!, ?, ...) as marks, every other mark ("gagne") as comment text before
// the comment, since the importer reads all comments as the comment.
func inPDN(n *problems.Node) (mark, comment string) {
	var strengths, words []string
	for _, mk := range strings.Split(n.Mark, ", ") {
		switch {
		case mk == "":
		case strings.Trim(mk, "!?") == "" || mk == "*":
			strengths = append(strengths, mk)
		default:
			words = append(words, mk)
		}
	}
	if n.Comment != "" {
		words = append(words, n.Comment)
	}
	return strings.Join(strengths, " "), strings.Join(words, " ")
}

// sameTree reports the first difference between a tree and its reading
// back from PDN: moves, sides, the branching, marks and comments as PDN
// keeps them.
func sameTree(path string, want, got []*problems.Node) error {
	if len(want) != len(got) {
		return fmt.Errorf("%s: %d alternatives, want %d", path, len(got), len(want))
	}
	for i := range want {
		x, y := want[i], got[i]
		here := fmt.Sprintf("%s/%d:%s", path, i+1, x.Move)
		mark, comment := inPDN(x)
		if x.Move != y.Move || x.White != y.White || y.Mark != mark || y.Comment != comment {
			return fmt.Errorf("%s: got move %q white %v mark %q comment %q, want %q %v %q %q", here,
				y.Move, y.White, y.Mark, y.Comment, x.Move, x.White, mark, comment)
		}
		if err := sameTree(here, x.Children, y.Children); err != nil {
			return err
		}
	}
	return nil
}

// sameProblem compares what a PDN round trip through the importer keeps.
func sameProblem(want, got *problems.Problem) error {
	if want.Rules != got.Rules || want.Number != got.Number || want.Stipulation != got.Stipulation ||
		want.Commentary != got.Commentary {
		return fmt.Errorf("record fields differ:\n got rules %q number %d stipulation %q commentary %q\nwant %q %d %q %q",
			got.Rules, got.Number, got.Stipulation, got.Commentary, want.Rules, want.Number, want.Stipulation, want.Commentary)
	}
	if (want.FEN() == "") != (got.FEN() == "") {
		return fmt.Errorf("position %q, want %q", got.FEN(), want.FEN())
	}
	if want.FEN() != "" {
		r, _ := draughts.RulesByName(want.RulesName())
		pw, _ := draughts.ParseFEN(r, want.FEN())
		pg, err := draughts.ParseFEN(r, got.FEN())
		if err != nil || !pw.Equal(pg) {
			return fmt.Errorf("position %q, want %q (%v)", got.FEN(), want.FEN(), err)
		}
	}
	return sameTree("", children(want.Solution), children(got.Solution))
}

// import -> export -> import through the importer keeps positions, moves,
// variations and comments of a hand-written collection (10x10 and Russian
// 8x8).
func TestPDNRoundTripCollection(t *testing.T) {
	src, err := os.ReadFile("testdata/collection.pdn")
	if err != nil {
		t.Fatal(err)
	}
	first := readBack(t, string(src))
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
	second := readBack(t, out.String())
	if len(second) != len(first) {
		t.Fatalf("%d games after the round trip, want %d", len(second), len(first))
	}
	for i := range first {
		if err := sameProblem(first[i], second[i]); err != nil {
			t.Errorf("game %d: %v\nexported:\n%s", i+1, err, out.String())
		}
		if first[i].Title != second[i].Title {
			t.Errorf("game %d: title %q, want %q", i+1, second[i].Title, first[i].Title)
		}
	}
}

// The Van Tenac fixtures: the exact text, and the importer reads it back.
func TestPDNExportReadsBack(t *testing.T) {
	items := testItems(t)
	var out strings.Builder
	if err := WritePDN(&out, items); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	want := `[Event "Problème I"]
[Source "vantenac"]
[Number "71"]
[GameType "20"]
[Stipulation "win"]
[SetUp "1"]
[FEN "W:W25,28,30,33,35,37,38,40:B4,7,8,12,14,17,18,19,24,26,29"]
[Result "*"]
[MetzRules "international"]
[MetzSource "vantenac"]
[MetzNumber "71"]
[MetzLabel "Problème I"]
[MetzTags "coup-de-repos"]
[MetzVerdict "sound"]
`
	if !strings.HasPrefix(text, want) {
		t.Errorf("tags:\n%s\nwant them to start\n%s", text, want)
	}
	for _, want := range []string{"1. 28-23 19x39 2. 30x10 4x15", "(5... 39x30 6. 35x22 {gagne})",
		`[FEN "W:W12,13,24,25,31:B3,5,6,K10,11"]`, "[MetzNumber \"385\"]"} {
		if !strings.Contains(strings.Join(strings.Fields(text), " "), want) { // PDN lines are wrapped
			t.Errorf("export lacks %q:\n%s", want, text)
		}
	}
	back := readBack(t, text)
	for i, it := range items[:2] {
		if err := sameProblem(it.Problem, back[i]); err != nil {
			t.Errorf("%s: %v", Heading(it.Problem), err)
		}
	}
	// PDN reads a game without FEN as starting from the initial position:
	// MetzDiagram says there is no diagram, and the importer reads none.
	if !strings.Contains(text, `[MetzDiagram "none"]`) {
		t.Errorf("the coup without a diagram is not marked:\n%s", text)
	}
	if noPos := back[2]; noPos.Number != 385 || noPos.FEN() != "" {
		t.Errorf("the coup without a diagram read back as number %d at %q", noPos.Number, noPos.FEN())
	}
}

// The verified tree is what the PDN carries, solver lines as variations
// with their comment.
func TestPDNWritesVerifiedTree(t *testing.T) {
	p := smallProblem()
	v, _ := Verified(p, smallReport(t), English)
	var out strings.Builder
	if err := WritePDN(&out, []Item{{Problem: p, Evidence: smallReport(t)}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "1. 42-38 18-23 (1... 6-11 {metz: defence the source omits; it loses too} 2. 16x7") {
		t.Errorf("solver line missing:\n%s", out.String())
	}
	back := readBack(t, out.String())
	if err := sameTree("", v.Children, back[0].Solution.Children); err != nil {
		t.Error(err)
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
	if !strings.Contains(out.String(), "10x8 {unresolved: 43 à 39} *") {
		t.Errorf("misprinted move lost:\n%s", out.String())
	}
	readBack(t, out.String())
}

// Every rule system survives an export and an import: GameType 20 alone
// would read Manoury's rule and qui perd gagne as international, and 26
// German as Brazilian; the MetzRules tag names the system (it was
// written and not read). The label and the user's tag come back too.
func TestPDNRoundTripRules(t *testing.T) {
	for _, r := range draughts.AllRules() {
		start := draughts.Start(r)
		m := start.Moves()[0]
		p := &problems.Problem{Source: "s", Number: 3, Label: "Coup 3 (" + r.Name + ")", Rules: r,
			Stipulation: problems.StipWin, Position: problems.MustPosition(r, start.FEN()), Themes: []problems.Theme{{Name: "coup-de-repos", Origin: problems.OriginUser}},
			Solution: &problems.Tree{Start: &start, Children: []*problems.Node{{Move: r.FormatMove(m, true), White: true}}}}
		var out strings.Builder
		if err := WritePDN(&out, []Item{{Problem: p}}); err != nil {
			t.Fatal(err)
		}
		back := readBack(t, out.String())
		if len(back) != 1 || back[0].RulesName() != r.Name || back[0].Label != p.Label || back[0].FEN() != p.FEN() ||
			back[0].Carried == nil || len(back[0].Carried.Themes) != 1 || back[0].Carried.Themes[0].Name != "coup-de-repos" ||
			back[0].Carried.Themes[0].Origin != problems.OriginUser {
			t.Errorf("%s: read back as %+v\n%s", r.Name, back[0], out.String())
		}
	}
}

// An English checkers problem is written as checkers files number it
// (Black's moves "N.", GameType 21) and comes back with its moves.
func TestPDNEnglishNumbering(t *testing.T) {
	start := draughts.Start(draughts.English)
	p := &problems.Problem{Source: "s", Number: 1, Label: "Opening", Rules: draughts.English, Stipulation: problems.StipWin,
		Position: problems.MustPosition(draughts.English, start.FEN()), Solution: &problems.Tree{Start: &start, Children: []*problems.Node{
			{Move: "11-15", Children: []*problems.Node{
				{Move: "23-19", White: true, Children: []*problems.Node{{Move: "8-11"}}}}}}}}
	var out strings.Builder
	if err := WritePDN(&out, []Item{{Problem: p}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "1. 11-15 23-19 2. 8-11") || !strings.Contains(out.String(), `[GameType "21"]`) {
		t.Fatalf("not numbered as checkers files are:\n%s", out.String())
	}
	back := readBack(t, out.String())
	got := back[0].Solution
	if back[0].RulesName() != "english" || got == nil || len(got.Children) != 1 || got.Children[0].Move != "11-15" ||
		got.Children[0].White || len(got.Children[0].Children) != 1 || got.Children[0].Children[0].Move != "23-19" {
		t.Errorf("read back as %+v", back[0])
	}
}

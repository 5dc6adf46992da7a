package export

import (
	"fmt"
	"strings"
	"testing"

	"metz/draughts"
	"metz/importer"
	"metz/problems"
	"metz/problems/booknotation"
)

// The book export reads back as a transcription (edit the text, import it
// again), each of readBackItems: position, rules, goal, label, number,
// title, composer, date, themes and the solution's moves come back; the
// verdict and warning lines are read and dropped.
func TestBookReadsBack(t *testing.T) {
	for _, it := range readBackItems(t) {
		var out strings.Builder
		if err := WriteBook(&out, []Item{it}); err != nil {
			t.Fatal(err)
		}
		back, _, err := booknotation.Parse(strings.NewReader(out.String()), "x.metz")
		if err != nil || len(back) != 1 {
			t.Fatalf("%s: %v, %d records\n%s", Heading(it.Problem), err, len(back), out.String())
		}
		label := it.Problem.Label
		if label == "" {
			label = Heading(it.Problem) // the header is the label of a record without one
		}
		checkReadBack(t, it, back[0], label, out.String())
	}
}

// checkReadBack compares a record read back with the one written.
// readBackItems are the records the read-back tests write and read: every
// bundled problem with its position, a verified tree (the solver's moves
// starred), and records with what the bundled ones lack (kings in the
// plural, Black to move, a draw, a gain, another rule system, a title, a
// composer and a date, themes, no position).
func readBackItems(t *testing.T) []Item {
	t.Helper()
	items := []Item{{Problem: russianProblem(t), Verdict: "sound", Notes: []string{"a note"}}}
	batches, err := importer.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range batches {
		for _, p := range b.Problems {
			if p.FEN() != "" {
				items = append(items, Item{Problem: p, Verdict: "unsound", VerdictDetail: "refuted: x"})
			}
		}
	}
	kings := &problems.Problem{Source: "club", Number: 4, Label: "Finale", Title: "Deux dames", Author: "J. Dupont",
		Date: "1891", Rules: draughts.International, Position: problems.MustPosition(draughts.International, "B:W28,K46,K50:BK3,K5,19"), Stipulation: problems.StipDraw,
		Themes: []problems.Theme{{Name: "coup-turc", Origin: problems.OriginUser}}}
	gain := &problems.Problem{Source: "club", Number: 5, Rules: draughts.English, Position: problems.MustPosition(draughts.English, "W:W22,K30:B17,18,10"), Stipulation: problems.Stipulation{Kind: problems.GoalGain, N: 2}}
	omitted := omittedProblem()
	return append(items, Item{Problem: kings}, Item{Problem: gain}, Item{Problem: unknownPosition()},
		Item{Problem: omitted, Evidence: omittedReport(t), Verdict: "sound-incomplete"})
}

func checkReadBack(t *testing.T, it Item, got *problems.Problem, label, text string) {
	t.Helper()
	want, tree := it.Problem, it.Tree(French)
	r, _ := draughts.RulesByName(want.RulesName())
	switch {
	case canonical(t, r, got.FEN()) != canonical(t, r, want.FEN()), got.Author != want.Author, got.Date != want.Date, got.Rules != want.Rules, got.Stipulation != want.Stipulation,
		got.Label != label, got.Number != want.Number, want.Title != want.Label && got.Title != want.Title:
		t.Errorf("read back as %q %s %s %q #%d %q\n%s", got.FEN(), got.Rules, got.Stipulation, got.Label, got.Number, got.Title, text)
	case themeList(got) != themeList(want):
		t.Errorf("themes %q, want %q\n%s", themeList(got), themeList(want), text)
	case want.Solution != nil && moveList(got.Solution) != moveList(tree):
		t.Errorf("solution %q, want %q\n%s", moveList(got.Solution), moveList(tree), text)
	}
	for _, w := range got.Warnings {
		if !strings.Contains(w.Text, "à") { // a misprint the source prints is warned of again
			t.Errorf("warning %+v\n%s", w, text)
		}
	}
}

func themeList(p *problems.Problem) string {
	var names []string
	for _, th := range p.Themes {
		names = append(names, th.Name)
	}
	return strings.Join(names, ",")
}

// canonical is fen as the engine writes it (squares in order).
func canonical(t *testing.T, r *draughts.Rules, fen string) string {
	t.Helper()
	if fen == "" {
		return ""
	}
	return mustFEN(t, r, fen).FEN()
}

// moveList is a tree's moves in order, each with its depth.
func moveList(t *problems.Tree) string {
	var b strings.Builder
	if t != nil {
		t.Walk(func(n *problems.Node, depth int) { fmt.Fprintf(&b, "%d:%s ", depth, n.Move) })
	}
	return b.String()
}

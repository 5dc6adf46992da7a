package export

import (
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
)

// Test problems taken from Van Tenac's Traité (1868), Problems I and II
// (n° 71, 72): positions and solutions as printed, with the two captures
// the prose gives for Black's last move of Problem I as a "si" branch.
const (
	vanTenacIFEN  = "W:W25,28,30,33,35,37,38,40:B4,7,8,12,14,17,18,19,24,26,29"
	vanTenacIIFEN = "W:W12,13,24,25,31:B3,5,6,K10,11"
)

// line resolves moves one after the other from fen and returns the chain
// of nodes, each the only child of the one before. The moves must be legal:
// they come from the source and the engine checks them.
func line(t testing.TB, pos draughts.Position, moves ...string) []*problems.Node {
	t.Helper()
	var first, prev *problems.Node
	for _, text := range moves {
		mark := ""
		if i := strings.Index(text, " "); i > 0 {
			text, mark = text[:i], text[i+1:]
		}
		m, err := draughts.ParseMove(pos, text)
		if err != nil {
			t.Fatalf("fixture move %q in %s: %v", text, pos.FEN(), err)
		}
		n := &problems.Node{Move: pos.Rules.FormatMove(m, true), White: pos.Turn == draughts.White,
			Text: strings.NewReplacer("-", " à ", "x", " à ").Replace(text), Mark: mark, Origin: problems.Printed}
		if first == nil {
			first = n
		} else {
			prev.Children = []*problems.Node{n}
		}
		prev = n
		pos = pos.Play(m)
	}
	return []*problems.Node{first}
}

// at returns the node reached by following main continuations for ply-1 steps.
func at(nodes []*problems.Node, ply int) *problems.Node {
	n := nodes[0]
	for i := 1; i < ply; i++ {
		n = n.Children[0]
	}
	return n
}

// afterPlies plays the main line's first k moves.
func afterPlies(t testing.TB, pos draughts.Position, nodes []*problems.Node, k int) draughts.Position {
	t.Helper()
	for i := 1; i <= k; i++ {
		m, err := draughts.ParseMove(pos, at(nodes, i).Move)
		if err != nil {
			t.Fatal(err)
		}
		pos = pos.Play(m)
	}
	return pos
}

func vanTenacI(t testing.TB) *problems.Problem {
	pos := mustFEN(t, draughts.International, vanTenacIFEN)
	main := line(t, pos, "28-23", "19x39", "30x10", "4x15", "37-31", "26x37", "38-32", "37x28", "40-34",
		"29x40", "35x22 gagne")
	// "Si le pion noir 39 prend à 30, le pion blanc 35 saute à 24, 33, 22..."
	before := afterPlies(t, pos, main, 9)
	si := line(t, before, "39x30", "35x22 gagne")
	at(main, 9).Children = append(at(main, 9).Children, si[0])
	at(main, 10).Comment = "sept pions de l'un ou de l'autre côté"
	return &problems.Problem{ID: 71, Source: "vantenac", Number: 71, Label: "Problème I", Rules: draughts.International,
		Position: problems.MustPosition(draughts.International, vanTenacIFEN), Stipulation: problems.StipWin, Solution: &problems.Tree{Start: problems.MustPosition(draughts.International, vanTenacIFEN), Children: main},
		Commentary: "Le coup brillant exécuté ci-dessus est de M. P. Hennequin.",
		Themes:     []problems.Theme{{Name: "coup-de-repos", Origin: problems.OriginUser}, {Name: "rafle", Origin: problems.OriginDetected}}}
}

func vanTenacII(t testing.TB) *problems.Problem {
	pos := mustFEN(t, draughts.International, vanTenacIIFEN)
	main := line(t, pos, "24-19", "10x8", "13x2 gagne")
	return &problems.Problem{ID: 72, Source: "vantenac", Number: 72, Label: "Problème II", Rules: draughts.International,
		Position: problems.MustPosition(draughts.International, vanTenacIIFEN), Stipulation: problems.StipWin, Solution: &problems.Tree{Start: problems.MustPosition(draughts.International, vanTenacIIFEN), Children: main},
		Themes: []problems.Theme{{Name: "rafle", Origin: problems.OriginDetected}}}
}

// unknownPosition is a Livre de Metz coup whose diagram is not transcribed.
func unknownPosition() *problems.Problem {
	return &problems.Problem{ID: 400, Source: "metz", Number: 385, Rules: draughts.International, Stipulation: problems.StipWin,
		Themes: []problems.Theme{{Name: "dames", Origin: problems.OriginBook}}}
}

func testItems(t testing.TB) []Item {
	return []Item{
		{Problem: vanTenacI(t), Verdict: "sound", VerdictDetail: "every defence loses", Notes: []string{"Deux prises possibles au dernier coup noir."}},
		{Problem: vanTenacII(t)},
		{Problem: unknownPosition()},
	}
}

// russianProblem is the Russian test game of testdata/collection.pdn: an
// 8x8 board named algebraically.
func russianProblem(t testing.TB) *problems.Problem {
	const fen = "W:Wc3,e3:Bd4,h8"
	pos := mustFEN(t, draughts.Russian, fen)
	main := line(t, pos, "c3:e5", "h8-g7", "e5-f6", "g7:e5")
	return &problems.Problem{ID: 900, Source: "test", Number: 1, Rules: draughts.Russian, Position: problems.MustPosition(draughts.Russian, fen),
		Stipulation: problems.StipDraw, Solution: &problems.Tree{Children: main}}
}

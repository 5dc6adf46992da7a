package importer

import (
	"os"
	"strings"
	"testing"

	"metz/problems"
)

// Frisian games as lidraughts exports them (testdata/README.md says where
// they come from) import under GameType 40 as Frisian draughts,
// every move of every game replayed, with no warning: orthogonal captures,
// the value rule, kings and the limit of three king moves in a row.
func TestLidraughtsFrisianGames(t *testing.T) {
	f, err := os.Open("testdata/lidraughts-frisian.pdn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := Reader("lidraughts-frisian.pdn", f)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Warnings) > 0 {
		t.Errorf("warnings %+v", b.Warnings)
	}
	if len(b.Problems) != 15 {
		t.Fatalf("%d games, want 15", len(b.Problems))
	}
	moves, orthogonal := 0, 0
	for _, p := range b.Problems {
		if p.Rules != "frisian" || len(p.Warnings) > 0 {
			t.Errorf("%s: rules %s, warnings %+v", p.Location, p.Rules, p.Warnings)
		}
		for n := firstMove(p.Solution); n != nil; n = firstMove2(n) {
			if n.Move == "" || n.Issue != "" {
				t.Fatalf("%s line %d: %s not replayed: %s", p.Location, n.Line, n.Text, n.Issue)
			}
			moves++
			if isOrthogonal(n.Move) {
				orthogonal++
			}
		}
	}
	t.Logf("%d moves, %d orthogonal captures", moves, orthogonal)
	// 1,079 plies in all; the orthogonal captures are what Frisian adds.
	if moves != 1079 || orthogonal < 20 {
		t.Errorf("%d moves replayed, %d of them orthogonal captures", moves, orthogonal)
	}
}

func firstMove(t *problems.Tree) *problems.Node {
	if t == nil || len(t.Children) == 0 {
		return nil
	}
	return t.Children[0]
}

func firstMove2(n *problems.Node) *problems.Node {
	if len(n.Children) == 0 {
		return nil
	}
	return n.Children[0]
}

// isOrthogonal reports whether a capture's first jump runs along a rank or
// a file: its two squares differ by a multiple of 10 (a file: two rows are
// ten squares, a diagonal's two rows 9 or 11) or lie in one row.
func isOrthogonal(mv string) bool {
	parts := strings.Split(mv, "x")
	if len(parts) < 2 {
		return false
	}
	var a, b int
	for _, c := range parts[0] {
		a = a*10 + int(c-'0')
	}
	for _, c := range parts[1] {
		b = b*10 + int(c-'0')
	}
	return (a-b)%10 == 0 || (a-1)/5 == (b-1)/5
}

package importer

import (
	"os"
	"strconv"
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
		if p.RulesName() != "frisian" || len(p.Warnings) > 0 {
			t.Errorf("%s: rules %s, warnings %+v", p.Location, p.Rules, p.Warnings)
		}
		for _, n := range mainLine(p.Solution) {
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

// mainLine is the first move of a tree and each first reply after it.
func mainLine(t *problems.Tree) []*problems.Node {
	var out []*problems.Node
	for kids := t.Children; len(kids) > 0; kids = kids[0].Children {
		out = append(out, kids[0])
	}
	return out
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

// lidraughts' Frysk! (GameType 97) is Frisian draughts from five men a
// side, given by the FEN tag: pydraughts' Frysk! test game
// (test_pydraughts/test_variants.py) replays to its end.
func TestLidraughtsFryskGame(t *testing.T) {
	moves := strings.Fields(`48-43 1-7 43-39 7-11 46-41 11-17 41-37 17-21 37-31 21x41 47x36 5-10 36-31 3-8
		49-44 10-14 44-40 8-12 40-35 14-20 39-33 20-24 50-45 4-9 33-28 2-8 28-22 12x32 31x33 8-12 35-30
		24x35 45x25 9-14 33-28 12-17 28-23 17-21 23-18 21-27 18-12 27-31 12-7 31-37 7-1 37-42 1-18 42-47
		18-4 47-36 4x34 36-41 25-20 41-10 20-15 10-19 34-12 19-28 12-34 28-19 15-10 19x5 34-18 5-14
		18-22 14-10`)
	var text strings.Builder
	text.WriteString("[Event \"Frysk!\"]\n[GameType \"97\"]\n[FEN \"W:W46,47,48,49,50:B1,2,3,4,5:H0:F1\"]\n\n")
	for i := 0; i < len(moves); i += 2 {
		text.WriteString(strconv.Itoa(i/2+1) + ". " + strings.Join(moves[i:min(i+2, len(moves))], " ") + "\n")
	}
	text.WriteString("*\n")
	p, _ := readOne(t, text.String())
	if p.RulesName() != "frisian" || len(p.Warnings) > 0 {
		t.Fatalf("rules %s, warnings %+v", p.Rules, p.Warnings)
	}
	n := 0
	for _, m := range mainLine(p.Solution) {
		if m.Move == "" {
			t.Fatalf("line %d: %s not replayed: %s", m.Line, m.Text, m.Issue)
		}
		n++
	}
	if n != len(moves) {
		t.Errorf("%d moves replayed, want %d", n, len(moves))
	}
}

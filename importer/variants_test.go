package importer

import (
	"strings"
	"testing"

	"metz/problems"
)

// czechGame is a Czech draughts game of our own, without GameType: White's
// man on d4 has a black man behind it (1. g1-f2 is legal because Czech men
// do not capture backwards; Russian and Brazilian rules force d4:b2), and
// at move 3 Black's new king and the man on h6 can both capture: the king
// must, and goes on to take White's last man (a1:f6:h4:e1; h6:f4 is not
// allowed).
const czechGame = `[Event "Czech, own game"]
[FEN "W:Wd4,f4,g1:Bc3,h6"]
1. g1-f2 c3-b2 2. d4-e5 b2-a1 3. f4-g5 a1:f6:h4:e1 0-1
`

// A game under Czech rules only is read as Czech, said in a warning.
func TestCzechWithoutGameType(t *testing.T) {
	p, b := readOne(t, czechGame)
	if p.RulesName() != "czech" {
		t.Fatalf("rules %s, want czech (%+v)", p.Rules, b.Warnings)
	}
	replayed(t, p)
	if fileNote(t, b, "read as czech, the only system under which every game of the file replays") == "" {
		t.Errorf("no note naming the inference: %+v", b.Warnings)
	}
	// The man's capture instead of the king's is no Czech move.
	bad := strings.Replace(czechGame, "a1:f6:h4:e1", "h6:f4", 1)
	p, _ = readOne(t, bad)
	if p.RulesName() != "czech" {
		t.Fatalf("rules %s, want czech, under which the fewest fail (%+v)", p.Rules, p.Warnings)
	}
	found := false
	p.Solution.Walk(func(n *problems.Node, _ int) {
		if n.Text != "h6:f4" {
			return
		}
		found = true
		if n.Move != "" || !strings.Contains(n.Issue, "a1:f6:h4:e1") {
			t.Errorf("h6:f4 under Czech rules: move %q, issue %q; want refused, naming the king's capture", n.Move, n.Issue)
		}
	})
	if !found {
		t.Errorf("no node h6:f4 in the tree")
	}
}

// Games of the same file that replay under several systems take the one
// under which another game of the file replays alone; a game of headers
// only takes it too.
func TestFileRules(t *testing.T) {
	text := czechGame + "\n[Event \"b\"]\n1. c3-d4 f6-g5 2. b2-c3 *\n\n[Event \"c\"]\n[Result \"1-1\"]\n1-1\n"
	b, err := Reader("cz.pdn", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Problems) != 3 {
		t.Fatalf("%d games, want 3", len(b.Problems))
	}
	for _, p := range b.Problems {
		if p.RulesName() != "czech" {
			t.Errorf("%s: rules %s, want czech (%+v)", p.Location, p.Rules, p.Warnings)
		}
	}
	if fileNote(t, b, "rules: no GameType tag (3 games); read as czech, the only system under which every game of the file replays") == "" {
		t.Errorf("no note for the file: %+v", b.Warnings)
	}
	for _, p := range b.Problems {
		if len(p.Warnings) > 0 {
			t.Errorf("%s: a note per game: %+v", p.Location, p.Warnings)
		}
	}
	// Alone, the second game is read under the first system that fits.
	p, _ := readOne(t, "1. c3-d4 f6-g5 2. b2-c3 *\n")
	if p.RulesName() != "russian" {
		t.Errorf("alone: %s, want russian", p.Rules)
	}
}

// GameType 29, 23 and 31 are played, as Czech draughts, pool checkers and
// Thai draughts, and 28 (Portuguese) as the Spanish game it is.
func TestCzechAndPoolGameTypes(t *testing.T) {
	cases := []struct{ text, rules string }{
		{"[GameType \"29\"]\n1. c3-d4 f6-g5 *\n", "czech"},
		{"[GameType \"23\"]\n1. 9-14 22-17 *\n", "pool"},
		{"[GameType \"31\"]\n1. 27-23 6-10 *\n", "thai"},
		{"[GameType \"28\"]\n1. 10-14 22-18 *\n", "spanish"},
	}
	for _, c := range cases {
		p, _ := readOne(t, c.text)
		if p.RulesName() != c.rules || len(p.Warnings) > 0 {
			t.Errorf("%q: rules %s, want %s (%+v)", c.text, p.Rules, c.rules, p.Warnings)
		}
		replayed(t, p)
	}
}

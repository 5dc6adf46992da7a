package pdn

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestRoundTripCases(t *testing.T) {
	for _, tc := range parseCases {
		t.Run(tc.name, func(t *testing.T) {
			games, _ := mustParse(t, tc.src)
			checkRoundTrip(t, games)
		})
	}
}

func TestSamples(t *testing.T) {
	files, err := filepath.Glob("testdata/*.pdn")
	if err != nil || len(files) == 0 {
		t.Fatalf("no samples: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			games, warns, err := Parse(f, file)
			if err != nil || len(warns) > 0 {
				t.Fatalf("error %v, warnings %v", err, warns)
			}
			checkRoundTrip(t, games)
		})
	}
}

func readSample(t *testing.T, name string) []*Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	games, _ := mustParse(t, string(data))
	return games
}

func TestProblemSample(t *testing.T) {
	games := readSample(t, "problems.pdn")
	if len(games) != 3 {
		t.Fatalf("got %d games, want 3", len(games))
	}
	g := games[0]
	if fen, _ := g.Tag("FEN"); !strings.HasPrefix(fen, "W:W25,27,") {
		t.Errorf("FEN = %q", fen)
	}
	if g.Line != 3 || g.Result != "2-0" || len(g.Comments) != 1 {
		t.Errorf("line %d, result %q, comments %q", g.Line, g.Result, g.Comments)
	}
	first := g.Root.Next
	if first.Move != "27-22" || first.NAGs[0] != "!" || len(first.Next.Variations) != 1 {
		t.Errorf("first move %q %q, %d variations on the reply", first.Move, first.NAGs, len(first.Next.Variations))
	}
	// The second problem starts with Black to move.
	b := games[1].Root.Next
	if b.MoveNumber != 1 || !b.BlackToMove || b.Move != "13-19" {
		t.Errorf("black start: %+v", b)
	}
	// A variation inside a variation, opened by a comment.
	inner := b.Next.Variations[0].Next.Next.Next.Variations[0]
	if inner.Move != "5-37" || inner.CommentsBefore[0] != "Also" || inner.NAGs[0] != "(?)" {
		t.Errorf("inner variation: %+v", inner)
	}
}

func TestLidraughtsSample(t *testing.T) {
	games := readSample(t, "lidraughts.pdn")
	if len(games) != 3 {
		t.Fatalf("got %d games, want 3", len(games))
	}
	if gt, _ := games[0].Tag("GameType"); gt != "20" {
		t.Errorf("GameType = %q", gt)
	}
	last := games[0].Root
	for last.Next != nil {
		last = last.Next
	}
	if got := strings.Join(last.Comments, "|"); got != "[%clock W0:02:50 b0:02:53]|Black resigns." {
		t.Errorf("last comments %q", got)
	}
	if fen, _ := games[1].Tag("FEN"); !strings.HasPrefix(fen, "W:W31,32") || games[1].Result != "0-2" {
		t.Errorf("second game FEN %q result %q", fen, games[1].Result)
	}
	n := games[2].Root.Next
	for n.Next != nil {
		n = n.Next
	}
	if n.Move != "h8:f6" || !n.Capture || strings.Join(n.Squares, " ") != "h8 f6" {
		t.Errorf("Russian capture: %+v", n)
	}
}

func TestWriteFormat(t *testing.T) {
	src := `[Event "a \"b\""]
[FEN "W:W28:B19"]
{intro} 1. 32-28! 19-23 (1... 18-23? ({or} 1... 17-22 $2) 2. 33-29) 2. 28x19 ; has } brace
14x23 2-0`
	games, _ := mustParse(t, src)
	want := `[Event "a \"b\""]
[FEN "W:W28:B19"]

{intro} 1. 32-28! 19-23 (1... 18-23? ({or} 1... 17-22 $2) 2. 33-29) 2. 28x19
; has } brace
14x23 2-0
`
	if got := writeString(t, games); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestWriteWraps(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"long\"]\n{" + strings.Repeat("word ", 40) + "}")
	for i := 1; i <= 60; i++ {
		b.WriteString(" 32-28 (33x22x13 {é} 19-23) 19-23")
	}
	games, _ := mustParse(t, b.String())
	out := writeString(t, games)
	for i, line := range strings.Split(out, "\n") {
		if utf8.RuneCountInString(line) > lineWidth {
			t.Errorf("line %d has %d columns: %q", i+1, utf8.RuneCountInString(line), line)
		}
	}
	checkRoundTrip(t, games)
}

// TestWriteOddities covers written forms that would change meaning if
// written naively.
func TestWriteOddities(t *testing.T) {
	for _, src := range []string{
		"%x 32-28",                           // a % at the start of a line is an escape
		"1. 28à23 ! 19-23",                   // gluing ! would make one unknown word
		"1. 32-28 ; a }\n(1. 33-28 ; b }\n)", // ";" comments inside variations
		"1. 32-28*",                          // a forced-move star must stay glued
		"{}",                                 // an empty comment on a game of its own
		"1. 32-28 {} 19-23",                  // an empty comment on a move
		"[Event \"a\"] ) [Site \"b\"]",       // a stray token does not end the header
	} {
		games, _ := mustParse(t, src)
		checkRoundTrip(t, games)
	}
}

func TestWriteMultipleGames(t *testing.T) {
	games, _ := mustParse(t, "1. 32-28 2-0 1. 33-28\n[Event \"x\"]\n*\n[Event \"y\"]")
	want := "1. 32-28 2-0\n\n1. 33-28\n\n[Event \"x\"]\n\n*\n\n[Event \"y\"]\n"
	if got := writeString(t, games); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	checkRoundTrip(t, games)
}

// TestDiffGames makes sure the round-trip comparison can fail.
func TestDiffGames(t *testing.T) {
	src := "[Event \"a\"] {c} 1. 32-28! (1. 33-28 {v}) 19-23 2-0"
	for _, change := range []func(g *Game){
		func(g *Game) { g.Tags[0].Value = "b" },
		func(g *Game) { g.Comments = nil },
		func(g *Game) { g.Result = "*" },
		func(g *Game) { g.Root.Next.NAGs = nil },
		func(g *Game) { g.Root.Next.Variations[0].Comments[0] = "w" },
		func(g *Game) { g.Root.Next.Next.BlackToMove = true },
		func(g *Game) { g.Root.Next.Next.Next = &Node{Move: "x"} },
	} {
		a, _ := mustParse(t, src)
		b, _ := mustParse(t, src)
		if d := diffGames(a, b); d != "" {
			t.Fatalf("equal games differ: %s", d)
		}
		change(b[0])
		if diffGames(a, b) == "" {
			t.Error("a change went unnoticed")
		}
	}
}

func TestRenumber(t *testing.T) {
	cases := []struct{ src, want string }{
		{"32-28 19-23 (18-23 38-32 (37-32 23-29) 12-18) 33-29 {c} 14-19 28x19 2-0",
			"1. 32-28 19-23 (1... 18-23 2. 38-32 (2. 37-32 23-29) 2... 12-18) 2. 33-29 {c}\n2... 14-19 3. 28x19 2-0\n"},
		{"[FEN \"B:W28:B19\"] 7. 19-23 9. 28x19 *",
			"[FEN \"B:W28:B19\"]\n\n1... 19-23 2. 28x19 *\n"},
		{"1. 32-28 ({or} 33-28 18-23) 19-23",
			"1. 32-28 ({or} 1. 33-28 18-23) 1... 19-23\n"},
	}
	for _, tc := range cases {
		games, _ := mustParse(t, tc.src)
		games[0].Renumber()
		if got := writeString(t, games); got != tc.want {
			t.Errorf("%s\ngot:\n%s\nwant:\n%s", tc.src, got, tc.want)
		}
		checkRoundTrip(t, games)
	}
}

package importer

import (
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
)

// The cases of the PDN standard's conformance files (github.com/wiegerw/pdn,
// games/succeed and games/fail), each in a small file written here: those
// files carry no licence, so scripts/pdn-conformance.sh checks a local copy
// of them instead.

// replayed fails the test unless every move of p was resolved.
func replayed(t *testing.T, p *problems.Problem) {
	t.Helper()
	n := 0
	p.Solution.Walk(func(x *problems.Node, _ int) {
		n++
		if x.Move == "" {
			t.Errorf("%s: %q not replayed: %s", p.Location, x.Text, x.Issue)
		}
	})
	if n == 0 {
		t.Errorf("%s: no move read", p.Location)
	}
}

func readOne(t *testing.T, text string) (*problems.Problem, Batch) {
	t.Helper()
	b, err := Reader("c.pdn", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Problems) != 1 {
		t.Fatalf("%d games read, want 1", len(b.Problems))
	}
	return b.Problems[0], b
}

func hasWarning(p *problems.Problem, part string) bool {
	for _, w := range p.Warnings {
		if strings.Contains(w.Text, part) {
			return true
		}
	}
	return false
}

// fileNote is the one warning of a batch that contains part, "" if none;
// it fails the test when several do (the note is one line per file).
func fileNote(t *testing.T, b Batch, part string) string {
	t.Helper()
	found := ""
	for _, w := range b.Warnings {
		if strings.Contains(w.Text, part) {
			if found != "" {
				t.Errorf("two file warnings say %q: %q and %q", part, found, w.Text)
			}
			found = w.Text
		}
	}
	return found
}

func TestPDN3Succeed(t *testing.T) {
	cases := []struct {
		name, text, rules, note, fen string
	}{
		// Tournament files pad squares to two columns.
		{"padded squares", "[Event \"p\"]\n1. 32-28  19-23 2. 28x19  14x23 3. 37-32  9-14 4. 41-37  4- 9 *\n", "international", "", ""},
		// 8x8 numbered games without GameType: each on its own board.
		{"english without GameType", "[Event \"e\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n", "english", "read as english: every game of the file replays under english, pool, english first", ""},
		{"italian without GameType", "[Event \"i\"]\n1. 21-18 10-14 2. 24-20 14x21 *\n", "italian", "read as italian, the only system", ""},
		{"english position without GameType", "[FEN \"W:W30,26:B5,9\"]\n1. 26-22 9-14 2. 22-18 *\n", "english", "read as english", ""},
		// Algebraic squares, with and without separator.
		{"algebraic without GameType", "1. c3-d4 f6-g5 2. b2-c3 *\n", "russian", "read as russian: every game of the file replays under russian, brazilian, czech", ""},
		{"algebraic without separator", "1.a3b4\n", "russian", "replays under russian, brazilian", ""},
		// Several systems fit a diagram of a few squares within 1–32: PDN's
		// default, said (a book's many squares make an 8x8 board: TestEnglishBook).
		{"several fit", "[FEN \"W:W32:B19\"]\n1. 32-28 19-23 *\n", "international", "read as international, PDN's default: every game replays under international, english", ""},
		// The side to move left open, settled by the first move.
		{"FEN with ? to move", "[FEN \"?:W31,32:B3,4\"]\n1. 31-27 *\n", "international", "PDN's default", "W:"},
		{"FEN with ? to move, black's move", "[FEN \"?:W31,32:B3,4\"]\n1. 3-7 *\n", "english", "", "B:"},
		// A plain move written with x: only one move joins its squares.
		{"plain move written as capture", "[GameType \"20\"]\n[FEN \"W:W32:B3\"]\n1. 32x28 *\n", "international", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, b := readOne(t, c.text)
			if p.RulesName() != c.rules {
				t.Errorf("rules %s, want %s (%+v)", p.Rules, c.rules, b.Warnings)
			}
			replayed(t, p)
			if len(p.Warnings) > 0 {
				t.Errorf("warnings on the game, the standard settling its reading: %+v", p.Warnings)
			}
			if c.note != "" && fileNote(t, b, c.note) == "" {
				t.Errorf("no file note saying %q: %+v", c.note, b.Warnings)
			}
			if c.note == "" && len(b.Warnings) > 0 && c.rules == "international" && c.fen == "" {
				t.Errorf("a note where nothing was inferred: %+v", b.Warnings)
			}
			if !strings.HasPrefix(p.FEN(), c.fen) {
				t.Errorf("FEN %s, want it to start %s", p.FEN(), c.fen)
			}
		})
	}
	// With no move to settle it, the side that opens the game, said.
	p, _ := readOne(t, "[FEN \"?:W31,32:B3,4\"]\n*\n")
	if !strings.HasPrefix(p.FEN(), "W:") || !hasWarning(p, "no move settles it: white, who opens the game in international") {
		t.Errorf("FEN %s, warnings %+v", p.FEN(), p.Warnings)
	}
}

// A game no system replays is kept as read with a warning saying so, and
// a GameType metz does not play is named and never played.
func TestPDN3Unplayed(t *testing.T) {
	p, _ := readOne(t, "1. c3-d4 f6-g5 2. d4xh8 *\n")
	if !hasWarning(p, "no system replays every move") {
		t.Errorf("%+v", p.Warnings)
	}
	p, _ = readOne(t, "[GameType \"41\"]\n[FEN \"W:W46:B5\"]\n1. 46-41 *\n")
	if p.FEN() != "" || !hasWarning(p, "Spantsiretti draughts, a variant metz does not play") {
		t.Errorf("FEN %q, warnings %+v", p.FEN(), p.Warnings)
	}
	if n := p.Solution.Children[0]; n.Move != "" || !strings.Contains(n.Issue, "Spantsiretti") {
		t.Errorf("the move was played: %+v", n)
	}
}

// Each kind of the standard's fail files is reported with its line.
func TestPDN3Fail(t *testing.T) {
	cases := []struct {
		name, text string
		line       int
		part       string
	}{
		{"no result before the next game", "[Event \"a\"]\n1. 32-28 19-23\n[Event \"b\"]\n1. 33-28 *\n", 3, "before the result"},
		{"dangling move number", "[Event \"a\"]\n1. 32-28 19-23 2.\n\n[Event \"b\"]\n1. 33-28 *\n", 4, "move number 2 without a move"},
		{"stray dot", "[Event \"a\"]\n1. 32-28 . 1-0\n", 2, "stray"},
		{"nested comment", "1. 32-28 19-23 2. 35-30 { a { b } }\n", 1, "unexpected"},
		{"dashes for moves", "[Event \"a\"]\n1. 32-28 19-23\n2. - - 1-0\n", 3, "unrecognised move"},
		{"a score for a result", "[Event \"a\"]\n1. 32-28 19-23 4-6\n", 2, "4-6"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := Reader("f.pdn", strings.NewReader(c.text))
			if err != nil {
				t.Fatal(err)
			}
			all := b.Warnings
			for _, p := range b.Problems {
				all = append(all, p.Warnings...)
			}
			for _, w := range all {
				if w.Line == c.line && strings.Contains(w.Text, c.part) && w.File == "f.pdn" {
					return
				}
			}
			t.Errorf("no warning at line %d saying %q: %+v", c.line, c.part, all)
		})
	}
}

// A file that is not text, or holds no game, is an error naming it.
func TestNotAGameFile(t *testing.T) {
	for name, data := range map[string]string{
		"junk.pdn":  "\x7fELF\x02\x01\x01\x00\x00\x00garbage\x00\x01",
		"words.pdn": "just some words here\nand more\n",
	} {
		_, err := Reader(name, strings.NewReader(data))
		if err == nil || !strings.HasPrefix(err.Error(), name+": ") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// A problem printed as FEN and Result only: --rules names its system, the
// Result its goal. English checkers write Black's score first (Black
// opens the game): 1-0 with White to move is a loss for the side to move,
// 0-1 a win; a result in the terminator counts as in the tag; a
// Stipulation tag or a draw stated in the text is not overridden.
func TestResultOnlyCollection(t *testing.T) {
	text := "[Result \"1-0\"]\n[FEN \"W:W30,26:B5,9\"]\n*\n\n" +
		"[Result \"1/2-1/2\"]\n[FEN \"B:W30:B5,K9\"]\n*\n\n" +
		"[Result \"0-1\"]\n[FEN \"W:W30,26:B5,9\"]\n*\n\n" +
		"[Result \"1-0\"]\n[FEN \"B:W30:B5,K9\"]\n*\n\n" +
		"[FEN \"B:W30:B5,K9\"]\n0-1\n\n" +
		"[Result \"1-0\"]\n[Stipulation \"win\"]\n[FEN \"W:W30,26:B5,9\"]\n*\n\n" +
		"[Result \"1-0\"]\n[Event \"White to play and draw\"]\n[FEN \"W:W30,26:B5,9\"]\n*\n\n" +
		"[Result \"1-0\"]\n*\n\n" +
		"[Stipulation \"loss\"]\n[FEN \"W:W30:B5,K9\"]\n*\n"
	b, err := ReaderWith("book.pdn", strings.NewReader(text), Options{Rules: draughts.English})
	want := []string{problems.StipLoss.String(), problems.StipDraw.String(), problems.StipWin.String(), problems.StipWin.String(), problems.StipLoss.String(),
		problems.StipWin.String(), problems.StipDraw.String(), problems.StipWin.String(), problems.StipLoss.String()}
	if err != nil || len(b.Problems) != len(want) {
		t.Fatal(err, len(b.Problems))
	}
	for i, want := range want {
		p := b.Problems[i]
		if p.RulesName() != "english" || p.Stipulation.String() != want || p.FEN() == "" {
			t.Errorf("%d: rules %s stipulation %s FEN %q, want english %s", i+1, p.Rules, p.Stipulation, p.FEN(), want)
		}
	}
}

package importer

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
)

// endsLine is the moves of a problem's main line, each as its origin and
// destination ("6x22" for 6x13x22), and fails the test on a move not
// replayed.
func endsLine(t *testing.T, p *problems.Problem) []string {
	t.Helper()
	var out []string
	for _, n := range mainLine(p.Solution) {
		if n.Move == "" {
			t.Fatalf("%s:%d: %q not replayed: %s", p.Location, n.Line, n.Text, n.Issue)
		}
		sq := regexp.MustCompile(`[x:-]`).Split(n.Move, -1)
		sep := "-"
		if i := strings.IndexAny(n.Move, "x:"); i >= 0 {
			sep = n.Move[i : i+1]
		}
		out = append(out, sq[0]+sep+sq[len(sq)-1])
	}
	return out
}

// PlayStrategy numbers its American checkers board as Russian draughts'
// (field 1 on b8 … 32 on g1, read row by row from the top left) with
// Black, who moves first, at the bottom, and gives the English number of a
// field as 33 minus it (its English variant's invertNumericCoords). Every
// square of the board, so computed, is the number squareNumber gives.
func TestPlayStrategySquares(t *testing.T) {
	for rank := 1; rank <= 8; rank++ {
		for file := 0; file < 8; file++ {
			if (rank-1+file)%2 != 0 {
				continue // a light square
			}
			sq := fmt.Sprintf("%c%d", 'a'+file, rank)
			field := (8-rank)*4 + file/2 + 1
			if got, want := squareNumber(sq, draughts.English.Geo, true), fmt.Sprint(33-field); got != want {
				t.Errorf("%s: %s, want %s", sq, got, want)
			}
		}
	}
}

// An American checkers game as PlayStrategy exports it (testdata/README.md
// says how the file was made) imports as English checkers and replays,
// its split multi-jumps joined: 42 plies written, 40 moves.
func TestPlayStrategyAmerican(t *testing.T) {
	data, err := os.ReadFile("testdata/playstrategy-american.pdn")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Reader("playstrategy-american.pdn", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Problems) != 1 || len(b.Warnings) > 0 {
		t.Fatalf("%d games, warnings %+v", len(b.Problems), b.Warnings)
	}
	p := b.Problems[0]
	if p.RulesName() != "english" || len(p.Warnings) > 0 {
		t.Fatalf("rules %s, warnings %+v", p.Rules, p.Warnings)
	}
	// The game in English checkers' numbers, as metz's engine played it.
	want := "11-16 22-18 10-15 18x11 8x15 21-17 7-10 23-18 15x22 25x18 2-7 18-14 9x18 17-13 18-22 26x17 4-8 13-9 " +
		"6x22 30-25 7-11 25x18 11-15 18x4 16-20 31-26 10-15 26-22 15-18 22x15 1-6 27-23 20x27 15-10 6x15 29-25 " +
		"12-16 23-19 16x23 4-8"
	if got := strings.Join(endsLine(t, p), " "); got != want {
		t.Errorf("moves\n got %s\nwant %s", got, want)
	}
	if !strings.Contains(p.SolutionText, "1. c3-b4") || !strings.Contains(p.SolutionText, "e5xc3 c3xa1") {
		t.Errorf("the moves as printed are not the file's: %s", p.SolutionText)
	}
	// Seen from White's side, as other programs write letters, it replays
	// too: the squares turned half round.
	tags, moves, _ := strings.Cut(string(data), "\n\n")
	turned := tags + "\n\n" + regexp.MustCompile(`[a-h][1-8]`).ReplaceAllStringFunc(moves, func(s string) string {
		return fmt.Sprintf("%c%c", 'h'-(s[0]-'a'), '8'-(s[1]-'1'))
	})
	b, err = Reader("white.pdn", strings.NewReader(turned))
	if err != nil || len(b.Problems) != 1 {
		t.Fatal(err)
	}
	if got := strings.Join(endsLine(t, b.Problems[0]), " "); got != want {
		t.Errorf("seen from White\n got %s\nwant %s", got, want)
	}
}

// A checkers capture written jump by jump, as the first PDN proposal
// allowed ("11x18 18x25"), is one move; the plies after it keep their
// sides, and the comments of its plies are kept.
func TestSplitCapture(t *testing.T) {
	text := "[GameType \"21\"]\n1. 11-16 22-18 2. 10-15 18x11 3. 8x15 21-17 4. 7-10 23-18 5. 15x22 25x18 6. 2-7 18-14 " +
		"7. 9x18 17-13 8. 18-22 26x17 9. 4-8 13-9 10. 6x13 {first jump} 13x22 {second} 30-25 *\n"
	p, b := readOne(t, text)
	if len(b.Warnings)+len(p.Warnings) > 0 {
		t.Fatalf("warnings %+v %+v", b.Warnings, p.Warnings)
	}
	line := endsLine(t, p)
	if got := strings.Join(line[len(line)-2:], " "); got != "6x22 30-25" {
		t.Errorf("last moves %s, want 6x22 30-25", got)
	}
	nodes := mainLine(p.Solution)
	if c := nodes[len(nodes)-2]; c.Text != "6x13x22" || c.Comment != "first jump second" || c.White {
		t.Errorf("the joined capture: %+v", c)
	}
	// A jump that does not carry on is no capture of the one before.
	bad := strings.Replace(text, "13x22 {second} 30-25", "22x13 30-25", 1)
	p, _ = readOne(t, bad)
	if !hasWarning(p, "6x13") {
		t.Errorf("an unfinished capture replayed: %+v", p.Warnings)
	}
}

// An English problem book as the PDN standard's are written — positions
// and results only, no GameType, every square within 1–32 — is read as
// English checkers, said once for the file; a position that a man on its
// crowning row makes impossible under English rules but not Italian still
// goes with the file.
func TestEnglishBook(t *testing.T) {
	var text strings.Builder
	for i, fen := range []string{"W:W31,27,19:B17,12,5.", "B:W13,10,K7,6:BK14,3,1.", "W:WK32,K31,30:BK28,K23,K22,21.", "B:W21,K5:BK17,K14"} {
		fmt.Fprintf(&text, "[Event \"Problem #%d\"]\n[Result \"1-0\"]\n[Setup \"1\"]\n[FEN \"%s\"]\n1-0\n\n", i+1, fen)
	}
	b, err := Reader("book.pdn", strings.NewReader(text.String()))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range b.Problems {
		if p.RulesName() != "english" || len(p.Warnings) > 0 {
			t.Errorf("%s: rules %s, warnings %+v", p.Location, p.Rules, p.Warnings)
		}
	}
	if len(b.Warnings) != 1 || !strings.Contains(b.Warnings[0].Text, "rules: no GameType tag (4 games); read as english: the 19 squares written all lie within 1–32") {
		t.Errorf("the file's note: %+v", b.Warnings)
	}
	// --rules decides, and nothing is inferred.
	b, err = ReaderWith("book.pdn", strings.NewReader(text.String()), Options{Rules: draughts.Italian})
	if err != nil || len(b.Warnings) > 0 || b.Problems[0].RulesName() != "italian" {
		t.Errorf("with --rules italian: %v %+v", err, b.Warnings)
	}
}

// Any PDN text, the dialects' among it, is read or refused; every move
// the importer says it replayed is a legal move from the position before.
func FuzzReadDialects(f *testing.F) {
	if data, err := os.ReadFile("testdata/playstrategy-american.pdn"); err == nil {
		f.Add(string(data))
	}
	f.Add("[GameType \"21\"]\n1. 9-14 22-17 2. 14x21 {a} 23-18 *\n")
	f.Add("[Variant \"American/English\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n")
	f.Add("[FEN \"?:W31,32:B3,4\"]\n1. 3-7 *\n")
	f.Add("[FEN \"W:W28,10,K7:B20,K18,3,1.\"]\n1-0\n\n[FEN \"W::.\"]\n1/2-1/2\n")
	f.Add("1. 32x28 2. 0-2\n")
	f.Add("[GameType \"25\"]\n[FEN \"W:Wa1,c1,e3:Bf6,h8:H0:F1\"]\n1. e3-f4 f6-g5 2. f4xh6 2-0\n")
	f.Fuzz(func(t *testing.T, src string) {
		b, err := Reader("f.pdn", strings.NewReader(src))
		if err != nil {
			return
		}
		for _, p := range b.Problems {
			checkReplayed(t, p)
		}
	})
}

// checkReplayed plays a problem's main line from its FEN and fails the
// test on a move the engine does not find legal.
func checkReplayed(t *testing.T, p *problems.Problem) {
	r, err := draughts.RulesByName(p.RulesName())
	if err != nil || p.FEN() == "" || p.Solution == nil {
		return
	}
	pos, err := draughts.ParseFEN(r, p.FEN())
	if err != nil {
		t.Fatalf("%s: its own FEN %q: %v", p.Location, p.FEN(), err)
	}
	for _, n := range mainLine(p.Solution) {
		if n.Move == "" {
			return
		}
		m, err := draughts.ParseMove(pos, n.Move)
		if err != nil {
			t.Fatalf("%s: %q, said replayed, is not legal: %v", p.Location, n.Move, err)
		}
		pos = pos.Play(m)
	}
}

// A lidraughts export of an 8x8 game: an algebraic FEN with its move
// counters, clock tags, clock commands in the comments.
func TestLidraughtsDialect(t *testing.T) {
	text := `[Event "Rated Russian game"]
[Site "https://lidraughts.org/abcd1234"]
[White "a"]
[Black "b"]
[Result "2-0"]
[GameType "25"]
[SetUp "1"]
[FEN "W:Wa1,c1,e3:Bf6,h8:H0:F1"]
[WhiteClock "0:05:00"]
[BlackClock "0:05:00"]
[TimeControl "300+3"]

1. e3-f4 {[%clock w0:05:00 B0:05:00]} f6-g5 {[%clock W0:04:58 b0:05:00]} 2. f4xh6 2-0
`
	p, b := readOne(t, text)
	if p.RulesName() != "russian" || len(p.Warnings)+len(b.Warnings) > 0 {
		t.Fatalf("rules %s, warnings %+v %+v", p.Rules, p.Warnings, b.Warnings)
	}
	want, err := draughts.ParseFEN(draughts.Russian, "W:Wa1,c1,e3:Bf6,h8")
	if err != nil || p.FEN() != want.FEN() {
		t.Errorf("FEN %s, want %s (%v)", p.FEN(), want.FEN(), err)
	}
	if got := strings.Join(endsLine(t, p), " "); got != "e3-f4 f6-g5 f4:h6" {
		t.Errorf("moves %s", got)
	}
	if strings.Contains(p.Commentary, "clock") {
		t.Errorf("clock commands in the commentary: %q", p.Commentary)
	}
}

// PlayStrategy's and lidraughts' Breakthrough (the first king wins), named
// by its Variant tag alone, is never played as international draughts.
func TestUnplayedVariant(t *testing.T) {
	for _, v := range []string{"BRKTHRU", "Breakthrough"} {
		p, _ := readOne(t, "[Variant \""+v+"\"]\n1. 32-28 19-23 *\n")
		if p.FEN() != "" || !hasWarning(p, "Breakthrough (lidraughts: international moves, the first king wins), a variant metz does not play") {
			t.Errorf("%s: FEN %q, warnings %+v", v, p.FEN(), p.Warnings)
		}
		if n := p.Solution.Children[0]; n.Move != "" || len(p.Warnings) != 1 {
			t.Errorf("%s: the move was played, or more than one warning: %+v %+v", v, n, p.Warnings)
		}
	}
}

package pdn

import (
	"reflect"
	"strings"
	"testing"
)

var parseCases = []struct {
	name, src, want string
	warnings        int
}{
	// Move numbers.
	{"numbered", "1. 32-28 19-23 2. 28x19 14x23 2-0",
		"1. 32-28 19-23 2. 28x19 14x23 => 2-0", 0},
	{"number glued to move", "1.32-28 19-23 2.28x19",
		"1. 32-28 19-23 2. 28x19", 0},
	{"black to move", "12... 20-25 13. 33-29",
		"12... 20-25 13. 33-29", 0},
	{"black with separate ellipsis", "12. ... 20-25",
		"12... 20-25", 0},
	{"black glued after dots", "12...20-25",
		"12... 20-25", 0},
	{"bare ellipsis", "... 20-25 33-29",
		"... 20-25 33-29", 0},
	{"number without dot", "1 32-28 19-23",
		"1. 32-28 19-23", 0},
	{"no numbers", "32-28 19-23",
		"32-28 19-23", 0},
	// A number with no move before the result ("1. 0-2", an empty game
	// in some files) is outside the grammar: read, and warned of (the
	// standard's fail set has it).
	{"number before result", "1. 32-28 19-23 2. 2-0",
		"1. 32-28 19-23 => 2-0", 1},
	{"dots for a move before result", "1. 32-28 19-23 2. ... *",
		"1. 32-28 19-23 => *", 0},

	// Moves.
	{"multi capture", "1. 33x22x13 5x14 2. 47x36",
		"1. 33x22x13 5x14 2. 47x36", 0},
	{"algebraic", "1. c3-d4 f6-e5 2. d4xf6 g7xe5",
		"1. c3-d4 f6-e5 2. d4xf6 g7xe5", 0},
	{"russian captures", "1. c3:e5:g3 h6:f4",
		"1. c3:e5:g3 h6:f4", 0},
	{"algebraic without separator", "1. a3b4 b6a5",
		"1. a3b4 b6a5", 0},
	{"unknown move kept", "1. 28à23 19-23",
		"1. 28à23 19-23", 1},
	{"unknown moves as dashes", "41. - - 42. 33-28",
		"41. - - 42. 33-28", 2},

	// Move strengths and NAGs.
	{"glued strengths", "1. 32-28! 19-23? 2. 33-29!? 23x34??",
		"1. 32-28 =! 19-23 =? 2. 33-29 =!? 23x34 =??", 0},
	{"separate strength", "1. 32-28 ! 19-23",
		"1. 32-28 =! 19-23", 0},
	{"strength in parentheses", "1. 32-28(?) 19-23 (!)",
		"1. 32-28 =(?) 19-23 =(!)", 0},
	{"forced move star", "1. 32-28* 19-23 *",
		"1. 32-28 =* 19-23 => *", 0},
	{"numeric glyphs", "1. 32-28 $1 $14 19-23 $2",
		"1. 32-28 =$1 =$14 19-23 =$2", 0},
	{"nag before move", "$1 1. 32-28",
		"1. 32-28", 1},

	// Comments.
	{"brace comments", "{Start} 1. 32-28 {a quiet move} 19-23 {and\n  the reply}",
		"{Start} 1. 32-28 {a quiet move} 19-23 {and the reply}", 0},
	{"line comment", "1. 32-28 ; to the end\n19-23",
		"1. 32-28 {to the end} 19-23", 0},
	{"comment between number and move", "1. 32-28 2. {now} 33-29",
		"1. 32-28 {now} 2. 33-29", 0},
	{"comment after result on its line", "1. 32-28 2-0 {White won} {really}\n{next game} 1. 33-29 *",
		"1. 32-28 {White won} {really} => 2-0 || {next game} 1. 33-29 => *", 0},
	{"braces inside line comment", "1. 32-28 ; see {note}\n19-23",
		"1. 32-28 {see {note}} 19-23", 0},
	{"escape line", "% produced by hand\n1. 32-28\n%(not a variation\n19-23",
		"1. 32-28 19-23", 0},
	{"lidraughts clock", "1. 32-28 {[%clock w0:10:00 B0:10:00]} 18-23 {[%clock W0:09:58 b0:10:00]} 2-0",
		"1. 32-28 {[%clock w0:10:00 B0:10:00]} 18-23 {[%clock W0:09:58 b0:10:00]} => 2-0", 0},

	// Variations.
	{"variation", "1. 32-28 19-23 (1... 18-23 2. 38-32) 2. 28x19",
		"1. 32-28 19-23 ( 1... 18-23 2. 38-32 ) 2. 28x19", 0},
	{"two alternatives", "1. 32-28 (1. 33-28) (1. 31-27 17-21) 19-23",
		"1. 32-28 ( 1. 33-28 ) ( 1. 31-27 17-21 ) 19-23", 0},
	{"nested", "1. 32-28 19-23 (18-23 38-32 (37-32? 23-29! {Black wins}) 12-18) 28x19",
		"1. 32-28 19-23 ( 18-23 38-32 ( 37-32 =? 23-29 =! {Black wins} ) 12-18 ) 28x19", 0},
	{"deep nesting", "1. 32-28 (1. 33-28 (1. 34-29 (1. 31-27 (1. 35-30)))) 19-23",
		"1. 32-28 ( 1. 33-28 ( 1. 34-29 ( 1. 31-27 ( 1. 35-30 ) ) ) ) 19-23", 0},
	{"comment opening a variation", "1. 32-28 ({or} 1. 33-28 {also good}) 19-23",
		"1. 32-28 ( <or> 1. 33-28 {also good} ) 19-23", 0},
	{"comment after a variation", "1. 32-28 (1. 33-28) {main} 19-23",
		"1. 32-28 {main} ( 1. 33-28 ) 19-23", 0},
	{"variation before first move", "(1. 33-28) 1. 32-28",
		"1. 32-28", 1},
	{"empty variation", "1. 32-28 ( ) 19-23",
		"1. 32-28 19-23", 1},
	{"unmatched close", "1. 32-28 ) 19-23",
		"1. 32-28 19-23", 1},
	{"result inside variation", "1. 32-28 (1. 33-28 2-0) 19-23 *",
		"1. 32-28 ( 1. 33-28 ) 19-23 => *", 1},

	// Results and game separation.
	{"international results", "1. 32-28 2-0 1. 32-28 0-2 1. 32-28 1-1",
		"1. 32-28 => 2-0 || 1. 32-28 => 0-2 || 1. 32-28 => 1-1", 0},
	{"chess-style results", "1-0 0-1 1/2-1/2 ½-½ 0-0 *",
		"=> 1-0 || => 0-1 || => 1/2-1/2 || => ½-½ || => 0-0 || => *", 0},
	{"result is not a move", "1. 1-18 1-1",
		"1. 1-18 => 1-1", 0},
	// PDN separates games by a result: its absence before the next
	// tags is read but warned of (the standard's fail set has it).
	{"separated by tags", "[Event \"a\"]\n1. 32-28\n[Event \"b\"]\n1. 33-28",
		"[Event=a] 1. 32-28 || [Event=b] 1. 33-28", 1},
	{"dangling move number", "1. 32-28 2.\n[Event \"b\"]\n1. 33-28",
		"1. 32-28 || [Event=b] 1. 33-28", 2},
	{"padded squares", "1. 32-28  1- 6 2. 47x 9 18x 7x 9 *",
		"1. 32-28 1-6 2. 47x9 18x7x9 => *", 0},
	{"padded dash before a word", "1. 32- abc *", "1. 32- abc => *", 2},
	{"tags only", "[Event \"a\"]\n[Site \"b\"]",
		"[Event=a] [Site=b]", 0},

	// Tags.
	{"escaped quotes", `[Event "The \"Metz\" cup"] *`,
		`[Event=The "Metz" cup] => *`, 0},
	{"backslashes", `[Source "C:\pdn\a.pdn"] [Note "a\\b"] *`,
		`[Source=C:\pdn\a.pdn] [Note=a\b] => *`, 0},
	{"lowercase and spaces", "[  event    \"x\"  ]\n[fen \"W:W31:B1\"]\n*",
		"[event=x] [fen=W:W31:B1] => *", 0},
	{"empty value", `[Event ""] *`,
		"[Event=] => *", 0},

	// Odds and ends.
	{"empty input", "", "", 0},
	{"blank input", " \n\t\r\n", "", 0},
	{"byte order mark", "\uFEFF1. 32-28 *", "1. 32-28 => *", 0},
	{"crlf", "[Event \"a\"]\r\n1. 32-28 ; c\r\n19-23 *\r\n", "[Event=a] 1. 32-28 {c} 19-23 => *", 0},
	{"comment outside any game", "1. 32-28 *\n{trailer}", "1. 32-28 => *", 1},
	{"setup command", `1. 32-28 /FEN "B:W18:B12"/ 19-23`, "1. 32-28 19-23", 1},
	{"stray string", `1. 32-28 "x" 19-23`, "1. 32-28 19-23", 1},
	{"stray brackets", "1. 32-28 ] } 19-23", "1. 32-28 19-23", 2},
	{"stray dot", "1. 32-28 . 19-23", "1. 32-28 19-23", 1},
}

func TestParse(t *testing.T) {
	for _, tc := range parseCases {
		t.Run(tc.name, func(t *testing.T) {
			games, warns := mustParse(t, tc.src)
			if got := dump(games); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if len(warns) != tc.warnings {
				t.Errorf("got %d warnings, want %d: %v", len(warns), tc.warnings, warns)
			}
		})
	}
}

func TestMoveDetails(t *testing.T) {
	cases := []struct {
		word    string
		squares []string
		capture bool
	}{
		{"32-28", []string{"32", "28"}, false},
		{"33x22", []string{"33", "22"}, true},
		{"33X22", []string{"33", "22"}, true},
		{"33x22x13", []string{"33", "22", "13"}, true},
		{"5x14", []string{"5", "14"}, true},
		{"01-07", []string{"01", "07"}, false},
		{"c3-d4", []string{"c3", "d4"}, false},
		{"c3xe5", []string{"c3", "e5"}, true},
		{"c3:e5:g3", []string{"c3", "e5", "g3"}, true},
		{"a3b4", []string{"a3", "b4"}, false},
		{"j10-i9", []string{"j10", "i9"}, false},
		{"28à23", nil, false},
		{"32-", nil, false},
		{"0-28", nil, false},
		{"321-28", nil, false},
	}
	for _, tc := range cases {
		games, _ := mustParse(t, tc.word)
		n := games[0].Root.Next
		if !reflect.DeepEqual(n.Squares, tc.squares) || n.Capture != tc.capture || n.Move != tc.word {
			t.Errorf("%s: got move %q squares %q capture %v, want squares %q capture %v",
				tc.word, n.Move, n.Squares, n.Capture, tc.squares, tc.capture)
		}
	}
}

func TestPositions(t *testing.T) {
	src := "\uFEFF[Event \"é\"]\n\n1.32-28 {é} 19-23\n  (1... 18-23)\n2. 28x19 *\n[Event \"b\"]\n1. 33-28"
	games, _ := mustParse(t, src)
	type at struct{ line, col int }
	first := games[0].Root.Next
	got := []at{
		{games[0].Line, 0},
		{first.Line, first.Col},
		{first.Next.Line, first.Next.Col},
		{first.Next.Variations[0].Line, first.Next.Variations[0].Col},
		{first.Next.Next.Line, first.Next.Next.Col},
		{games[1].Line, 0},
	}
	want := []at{{1, 0}, {3, 3}, {3, 13}, {4, 9}, {5, 4}, {6, 0}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("positions %v, want %v", got, want)
	}
}

func TestTagLookup(t *testing.T) {
	games, _ := mustParse(t, "[event \"x\"]\n[Event \"y\"]\n[GameType \"20\"] *")
	if v, ok := games[0].Tag("EVENT"); !ok || v != "x" {
		t.Errorf(`Tag("EVENT") = %q, %v; want "x", true`, v, ok)
	}
	if v, ok := games[0].Tag("gametype"); !ok || v != "20" {
		t.Errorf(`Tag("gametype") = %q, %v; want "20", true`, v, ok)
	}
	if _, ok := games[0].Tag("FEN"); ok {
		t.Error(`Tag("FEN") found a tag that is not there`)
	}
}

func TestWarningPositions(t *testing.T) {
	src := "1. 32-28 19-23\n2. 28à23 ( ) 14x23\n) 2-0\n{after}\n"
	_, warns := mustParse(t, src)
	want := []string{
		`t.pdn:2:4: warning: unrecognised move "28à23", expected a move such as 32-28, 33x22 or c3:e5`,
		"t.pdn:2:10: warning: empty variation ignored, expected at least one move between the parentheses",
		`t.pdn:3:1: warning: unmatched ")" ignored, expected ")" only closing a variation opened by "("`,
		"t.pdn:4:1: warning: comment outside any game ignored, expected a comment inside a game, before its result",
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.Error())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

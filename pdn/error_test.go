package pdn

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestSyntaxErrors(t *testing.T) {
	cases := []struct {
		name, src string
		games     int // complete games returned before the error
		want      string
	}{
		{"missing closing bracket", "[Event \"x\"\n[White \"y\"]\n1. 32-28 *", 0,
			`t.pdn:1:11: found end of line, expected "]"`},
		{"missing bracket at end of file", "[Event \"x\"", 0,
			`t.pdn:1:11: found end of file, expected "]"`},
		{"tag without value", "[Event]\n1. 32-28 *", 0,
			`t.pdn:1:7: found "]", expected tag value in double quotes`},
		{"tag without value at end of file", "1. 32-28 *\n[Event", 1,
			"t.pdn:2:7: found end of file, expected tag value in double quotes"},
		{"tag value on the next line", "[Event\n\"x\"]", 0,
			"t.pdn:1:7: found end of line, expected tag value in double quotes"},
		{"unquoted value", "[Event x]", 0,
			`t.pdn:1:8: found "x", expected tag value in double quotes`},
		{"no tag name", `[ "x"]`, 0,
			`t.pdn:1:3: found string "x", expected tag name`},
		{"bad tag name", `[1. "x"]`, 0,
			`t.pdn:1:2: found "1.", expected tag name`},
		{"unterminated value", "[Event \"abc\n1. 32-28 *", 0,
			`t.pdn:1:12: found end of line, expected '"' to close the string opened at 1:8`},
		{"unclosed comment", "1. 32-28 2-0\n1. 32-28 {oops\n19-23 2-0\n", 1,
			`t.pdn:2:10: found unclosed "{", expected "}" before end of file`},
		{"unclosed variation", "1. 32-28 2-0\n1. 32-28 (1... 18-23\n2. 33-29", 1,
			`t.pdn:2:10: found unclosed "(", expected ")" before end of file`},
		{"innermost unclosed variation", "1. 32-28 (1. 33-28 (1. 31-27) (1. 34-29", 0,
			`t.pdn:1:31: found unclosed "(", expected ")" before end of file`},
		{"variation cut by a tag", "1. 32-28 (18-23\n[Event \"b\"]\n1. 33-28 *", 0,
			`t.pdn:1:10: found unclosed "(", expected ")" before the tag pair at 2:1`},
		{"long token is clipped", "[Event abcdefghijklmnopqrstuvwxyz0123456789]", 0,
			`t.pdn:1:8: found "abcdefghijklmnopqrstuvwx...", expected tag value in double quotes`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			games, _, err := ParseString(tc.src, "t.pdn")
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("got error %v, want a *SyntaxError", err)
			}
			if err.Error() != tc.want {
				t.Errorf("got  %s\nwant %s", err, tc.want)
			}
			if len(games) != tc.games {
				t.Errorf("got %d games before the error, want %d", len(games), tc.games)
			}
		})
	}
}

// TestReaderResumes checks where a Reader goes on after a syntax error, so
// that one bad game does not hide the rest of a file: at the next game
// (after a result, or after an empty line), or at once when the error was
// found at the next game's first tag; never at the damaged game's next
// tag, which would make its remaining tags and moves a game of their own.
func TestReaderResumes(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"a variation open at the next game", "[Event \"a\"]\n1. 32-28 *\n[Event \"b\"]\n1. 32-28 (19-23\n" +
			"[Event \"c\"]\n1. 33-28 *\n", "a,c"},
		{"tags on the next lines", "[Event \"a\"]\n1. 32-28 *\n\n[Event \"b\"]\n[FEN \"W:W33:B19\"\n[Site \"x\"]\n" +
			"[Round \"2\"]\n\n1. 33-28 *\n\n[Event \"c\"]\n1. 34-29 *\n", "a,c"},
		{"no empty lines, results", "[Event \"a\"]\n1. 32-28 *\n[Event b]\n[Site \"x\"]\n1. 33-28 2-0\n" +
			"[Event \"c\"]\n1. 34-29 *\n", "a,c"},
		{"empty lines, no results", "[Event \"a\"]\n1. 32-28\n\n[Event \"b\" x]\n[Site \"x\"]\n1. 33-28\n\n" +
			"[Event \"c\"]\n1. 34-29\n", "a,c"},
		{"the first game", "[Event \"a\"\n[Site \"x\"]\n1. 32-28 *\n[Event \"c\"]\n1. 34-29 *\n", "c"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tc.src), "t.pdn")
			var events []string
			errs := 0
			for {
				g, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					errs++
					continue
				}
				v, ok := g.Tag("Event")
				if !ok {
					v = "(no event)"
				}
				events = append(events, v)
			}
			if strings.Join(events, ",") != tc.want || errs != 1 {
				t.Errorf("read games %v with %d errors; want %s with 1 error", events, errs, tc.want)
			}
		})
	}
}

type failingReader struct{ data string }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.data == "" {
		return 0, io.ErrUnexpectedEOF
	}
	n := copy(p, f.data)
	f.data = f.data[n:]
	return n, nil
}

func TestReadError(t *testing.T) {
	games, _, err := Parse(&failingReader{"1. 32-28 2-0\n1. 33-28"}, "t.pdn")
	if !errors.Is(err, io.ErrUnexpectedEOF) || !strings.HasPrefix(err.Error(), "t.pdn: ") {
		t.Fatalf("got %v, want the read error naming the file", err)
	}
	if len(games) != 1 {
		t.Errorf("got %d games, want the 1 read before the error", len(games))
	}
}

func TestLatin1(t *testing.T) {
	// "Björn" in Latin-1, curly quotes in Windows-1252, then a UTF-8 line:
	// each line is decoded on its own, as concatenated files mix encodings.
	src := "[White \"Bj\xf6rn\"]\n[Event \"\x93Metz\x94\"]\n[Site \"Gen\u00e8ve\"]\n1. 32-28 *"
	games, warns, err := ParseString(src, "old.pdn")
	if err != nil {
		t.Fatal(err)
	}
	want := "[White=Björn] [Event=“Metz”] [Site=Genève] 1. 32-28 => *"
	if got := dump(games); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if len(warns) != 1 {
		t.Fatalf("got warnings %v, want exactly one", warns)
	}
	const w = "old.pdn:1:11: warning: invalid UTF-8 at byte offset 10; line decoded as Windows-1252 " +
		"(later such lines are not reported), expected UTF-8 text"
	if warns[0].Error() != w {
		t.Errorf("got  %s\nwant %s", warns[0].Error(), w)
	}
}

func TestLatin1AfterBOMAndLines(t *testing.T) {
	src := "\uFEFF1. 32-28 *\n{caf\xe9} 1. 33-28 *"
	_, warns := mustParse(t, src)
	if len(warns) != 1 || warns[0].Line != 2 || warns[0].Col != 5 ||
		!strings.Contains(warns[0].Text, "byte offset 18;") {
		t.Errorf("got %v, want one warning at 2:5 naming byte offset 18", warns)
	}
}

func TestWarningIsError(t *testing.T) {
	var err error = Warning{File: "f.pdn", Line: 1, Col: 2, Text: "odd"}
	if err.Error() != "f.pdn:1:2: warning: odd" {
		t.Errorf("got %q", err.Error())
	}
}

package pdn

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse checks that no input makes the parser panic, and that any
// input that parses comes back unchanged through Write and Parse.
func FuzzParse(f *testing.F) {
	for _, tc := range parseCases {
		f.Add(tc.src)
	}
	files, _ := filepath.Glob("testdata/*.pdn")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(string(data))
		}
	}
	f.Add("1. 32-28 (1. 33-28 {x")
	f.Add("[Event \"\xe9\"]\n1. 32-28 *")
	f.Add("1. 1- 6 47x 9x 20 \t2. 3-\t\n 4 *")
	f.Fuzz(func(t *testing.T, src string) {
		read := readAll(t, src)
		games, _, err := ParseString(src, "fuzz.pdn")
		if read < len(games) {
			t.Fatalf("a Reader resuming after errors read %d games, Parse %d\ninput %q", read, len(games), src)
		}
		if err != nil {
			return
		}
		out := writeString(t, games)
		again, _, err := ParseString(out, "written.pdn")
		if err != nil {
			t.Fatalf("written output does not parse: %v\ninput %q\noutput %q", err, src, out)
		}
		if d := diffGames(games, again); d != "" {
			t.Fatalf("round trip changed the games: %s\ninput  %q\noutput %q\nbefore %s\nafter  %s",
				d, src, out, dump(games), dump(again))
		}
	})
}

// readAll reads src with a Reader that resumes after every error, as the
// importer does, and returns the number of games read. It must end, every
// call making progress.
func readAll(t *testing.T, src string) (games int) {
	r := NewReader(strings.NewReader(src), "fuzz.pdn")
	for calls := 0; ; calls++ {
		if calls > len(src)+1 {
			t.Fatalf("%d calls to Next on %d bytes: no progress\ninput %q", calls, len(src), src)
		}
		_, err := r.Next()
		if err == io.EOF {
			return games
		}
		if err == nil {
			games++
		}
	}
}

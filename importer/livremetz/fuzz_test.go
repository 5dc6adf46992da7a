package livremetz

import (
	"strings"
	"testing"

	"metz/sources"
)

// FuzzParse: Parse must never panic, whatever the bytes; it answers with an
// error or an index whose records are consistent.
func FuzzParse(f *testing.F) {
	data, err := sources.Read(sources.LivreDeMetz)
	if err != nil {
		f.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	f.Add(data)
	f.Add([]byte(strings.Join(lines[1340:1395], "\n"))) // the execution
	f.Add([]byte(strings.Join(lines[265:615], "\n")))   // the rules
	f.Add([]byte(strings.Join(lines[1040:1110], "\n"))) // endgame claims and lists
	f.Add([]byte(strings.Join(lines[2470:], "\n")))     // the class list
	f.Add([]byte("D u n o 2 a u n o 9 9 9 9 9 9 , x ; n o 4 1 0 e t s u i v a n t s , y ."))
	f.Add([]byte("voyez les nºs 123412341234123, 5 à 3 et 0"))
	f.Add([]byte("<|\n<|a|>\n(1)\n(1) x\n-\n- -\nI I\nB L A N C S .\n"))
	f.Add([]byte{0xff, 0xfe, 'n', 'o', '1', 0xc3})
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, b []byte) {
		ix, err := Parse(b, "fuzz")
		if err != nil {
			if ix != nil {
				t.Fatal("index returned with an error")
			}
			return
		}
		if ix.Count < 1 || ix.Count > maxCoups || len(ix.Coups) != ix.Count {
			t.Fatalf("count %d, %d coups", ix.Count, len(ix.Coups))
		}
		for i, c := range ix.Coups {
			if c.Number != i+1 {
				t.Fatalf("coup %d numbered %d", i+1, c.Number)
			}
		}
		if ix.Execution != nil {
			_ = ix.Execution.Book()
		}
	})
}

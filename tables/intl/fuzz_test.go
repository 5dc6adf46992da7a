package intl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func FuzzParseSig(f *testing.F) {
	for _, s := range []string{"KvK", "KKMvK", "mmvkk", "v", "KKKKKKKKvK", "KvKx"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		s, err := parseSig(name)
		if err != nil {
			if !strings.Contains(err.Error(), "expected") {
				t.Errorf("error without what was expected: %v", err)
			}
			return
		}
		back, err := parseSig(s.String())
		if err != nil || back != s {
			t.Errorf("%q -> %v -> %q -> %v, %v", name, s, s.String(), back, err)
		}
	})
}

// FuzzReadTable feeds arbitrary file contents to the table reader: an error
// naming the file, never a crash or a table of the wrong size.
func FuzzReadTable(f *testing.F) {
	s := stmSig{WK: 1, BK: 1}
	good := append([]byte("METZEGT\x01\x00\x01\x00\x01\x00\x00\x00\x00"), make([]byte, s.Size())...)
	f.Add(good)
	f.Add(good[:20])
	f.Add([]byte("METZEGT\x02"))
	f.Add([]byte{})
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, fileName(s))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		tab, release, err := openTable(dir, s)
		if err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Errorf("error does not name the file: %v", err)
			}
			return
		}
		if int64(len(tab)) != s.Size() {
			t.Errorf("table of %d bytes accepted, want %d", len(tab), s.Size())
		}
		release() // mapped tables would pile up over a long run
	})
}

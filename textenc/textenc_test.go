package textenc

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

// Windows-1252 bytes of French text and the 0x80-0x9F range decode to the
// characters the code page assigns them (é is 0xE9, œ 0x9C, € 0x80, ’ 0x92).
func TestDecodeWindows1252(t *testing.T) {
	in := []byte{'C', 'o', 'u', 'p', ' ', 0x9C, 'i', 'l', ' ', 0xE9, 0xE0, ' ', 0x80, 0x92}
	if got := string(DecodeWindows1252(in)); got != "Coup œil éà €’" {
		t.Errorf("got %q", got)
	}
}

// Only the lines that are not UTF-8 are decoded; the first is named.
func TestLinesToUTF8(t *testing.T) {
	data := []byte("Problème I\nNoirs : 4\n\xc9tat d\xe9crit\nfin\n")
	out, first := LinesToUTF8(data)
	if string(out) != "Problème I\nNoirs : 4\nÉtat décrit\nfin\n" || first != 3 {
		t.Errorf("%q, first %d", out, first)
	}
	same, first := LinesToUTF8([]byte("déjà UTF-8"))
	if string(same) != "déjà UTF-8" || first != 0 {
		t.Errorf("%q, first %d", same, first)
	}
	last, first := LinesToUTF8([]byte("a\nno newline \xff"))
	if !utf8.Valid(last) || first != 2 {
		t.Errorf("%q, first %d", last, first)
	}
}

// Any input comes out as valid UTF-8, UTF-8 input unchanged, and with as
// many lines.
func FuzzLinesToUTF8(f *testing.F) {
	f.Add([]byte("Probl\xe8me I\nNoirs : 4\n"))
	f.Add([]byte("déjà\n\x80\x81\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, first := LinesToUTF8(data)
		if !utf8.Valid(out) {
			t.Fatalf("%q: output %q is not UTF-8", data, out)
		}
		if utf8.Valid(data) != (first == 0) || (first == 0 && string(out) != string(data)) {
			t.Fatalf("%q: first %d, output %q", data, first, out)
		}
		if bytes.Count(out, []byte("\n")) != bytes.Count(data, []byte("\n")) {
			t.Fatalf("%q: lines changed: %q", data, out)
		}
	})
}

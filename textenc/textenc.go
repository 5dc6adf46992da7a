// Package textenc reads the text encodings old draughts files come in
// besides UTF-8: Windows-1252, which covers the printable Latin-1 that
// French texts were typed in before UTF-8, and UTF-16, as Windows saves
// "Unicode" text.
package textenc

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// FromUTF16 turns a file saved as UTF-16, which starts with its byte-order
// mark, into UTF-8; any other data is returned as it is. Read as bytes,
// such a file is a string of NULs and stray characters.
func FromUTF16(data []byte) ([]byte, error) {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		order = binary.LittleEndian
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		order = binary.BigEndian
	default:
		return data, nil
	}
	data = data[2:]
	if len(data)%2 != 0 {
		return nil, fmt.Errorf("UTF-16 (it starts with the byte-order mark) but of an odd length, %d bytes: cut short? (expected UTF-8 or UTF-16 text)", len(data)+2)
	}
	units := make([]uint16, len(data)/2)
	for i := range units {
		units[i] = order.Uint16(data[2*i:])
	}
	return []byte(string(utf16.Decode(units))), nil
}

// windows1252High maps bytes 0x80-0x9F of Windows-1252; the five bytes the
// code page leaves undefined map to the C1 control with the same value.
var windows1252High = [32]rune{
	0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
	0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
}

// Windows1252 is the character byte b stands for in Windows-1252.
func Windows1252(b byte) rune {
	if b >= 0x80 && b < 0xA0 {
		return windows1252High[b-0x80]
	}
	return rune(b)
}

// DecodeWindows1252 turns every byte of b into its Windows-1252 character,
// as UTF-8.
func DecodeWindows1252(b []byte) []byte {
	out := make([]byte, 0, len(b)+len(b)/2)
	for _, c := range b {
		out = utf8.AppendRune(out, Windows1252(c))
	}
	return out
}

// LinesToUTF8 decodes the lines of data that are not valid UTF-8 as
// Windows-1252 and keeps the others: a file typed in Latin-1, or edited in
// both encodings, reads as the text it holds. first is the number (from 1)
// of the first line decoded, 0 when data was UTF-8 throughout (and is
// returned as it is).
func LinesToUTF8(data []byte) (out []byte, first int) {
	if utf8.Valid(data) {
		return data, 0
	}
	out = make([]byte, 0, len(data)+len(data)/8)
	for no := 1; len(data) > 0; no++ {
		end := len(data)
		for i, c := range data {
			if c == '\n' {
				end = i + 1
				break
			}
		}
		line := data[:end]
		data = data[end:]
		if utf8.Valid(line) {
			out = append(out, line...)
			continue
		}
		if first == 0 {
			first = no
		}
		out = append(out, DecodeWindows1252(line)...)
	}
	return out, first
}

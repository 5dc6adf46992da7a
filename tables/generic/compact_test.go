package generic

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"testing"

	"metz/draughts"
	"metz/tables/base"
)

// The one-byte form of a table (in memory, and in a format-2 file) and a
// format-1 file (two bytes a value, as metz wrote them before) read back
// every value of a sample of signatures exactly as the builder's
// two-byte table holds it: English and Russian on the bitboards, and the
// losing game, where a win takes an even number of plies.
func TestCompactMatchesFull(t *testing.T) {
	cases := []struct {
		r     *draughts.Rules
		sigs  []base.Sig
		small bool // every sample fits one byte a value
	}{
		{draughts.English, []base.Sig{{WK: 2, BM: 1, BK: 1}, {WM: 2, BM: 2}, {WM: 1, WK: 1, BM: 1}}, true},
		{draughts.Russian, []base.Sig{{WM: 1, WK: 1, BK: 2}}, true},
		{draughts.QuiPerdGagne, []base.Sig{{WK: 1, WM: 1, BK: 1}}, true},
	}
	for _, c := range cases {
		tabs := New(c.r)
		for _, s := range c.sigs {
			if err := tabs.Ensure(s, roomy); err != nil {
				t.Fatal(err)
			}
			full, err := newBuilder(tabs, s).build() // its exits are built: the two-byte table
			if err != nil {
				t.Fatal(err)
			}
			small := full.compact(tabs.winOdd())
			if c.small && small.width() != 1 {
				t.Fatalf("%s %s: kept two bytes a value", c.r.Name, s)
			}
			var two, one bytes.Buffer
			writeFormat1(t, tabs, &two, s, full)
			if err := tabs.writeTable(&one, s, full); err != nil {
				t.Fatal(err)
			}
			for name, got := range map[string]*table{"in memory": small, "format 1": parse(t, tabs, two.Bytes(), s), "format 2": parse(t, tabs, one.Bytes(), s)} {
				for turn := range 2 {
					if i := firstDiff(full, got, turn); i >= 0 {
						t.Fatalf("%s %s %s, turn %d, index %d: built %#x, read %#x", c.r.Name, s, name, turn, i, full.raw(turn, i), got.raw(turn, i))
					}
				}
			}
			if want := int64(one.Len()); want > 2*full.sh.size+100 {
				t.Errorf("%s %s: a format-2 file of %d bytes for %d positions", c.r.Name, s, want, 2*full.sh.size)
			}
		}
	}
}

// parse reads a file's bytes as s's table.
func parse(t *testing.T, tabs *Tables, data []byte, s base.Sig) *table {
	t.Helper()
	tab, err := tabs.parseTable(data, s)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// writeFormat1 writes tab as format 1 laid it out: the header, the rules'
// name, two bytes a value right after it, the checksum.
func writeFormat1(t *testing.T, tabs *Tables, w *bytes.Buffer, s base.Sig, tab *table) {
	t.Helper()
	var b bytes.Buffer
	b.WriteString(fileMagic)
	binary.Write(&b, binary.LittleEndian, fixedHeader{Format: 1, Rules: uint8(len(tabs.r.Name)), WM: uint8(s.WM), WK: uint8(s.WK),
		BM: uint8(s.BM), BK: uint8(s.BK), Game: rulesPrint(tabs.r), Size: tab.sh.size})
	b.WriteString(tabs.r.Name)
	for turn := range 2 {
		for i := range tab.sh.size {
			binary.Write(&b, binary.LittleEndian, tab.raw(turn, i))
		}
	}
	binary.Write(&b, binary.LittleEndian, crc32.Checksum(b.Bytes(), castagnoli))
	w.Write(b.Bytes())
}

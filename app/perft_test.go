package app

import (
	"testing"

	"metz/draughts"
)

// Perft tells every depth as it counts it, with the published counts of
// the international starting position, and the divide adds up to the
// last one.
func TestPerftTellsEachDepth(t *testing.T) {
	want := []uint64{9, 81, 658, 4265}
	var told []PerftDepth
	res := Perft(draughts.Start(draughts.International), len(want), PerftOptions{Mode: draughts.Drop, Divide: true}, func(d PerftDepth) { told = append(told, d) })
	if len(told) != len(want) || len(res.Depths) != len(want) {
		t.Fatalf("told %d depths, result %d, want %d", len(told), len(res.Depths), len(want))
	}
	for i, n := range want {
		if told[i].Depth != i+1 || told[i].Nodes != n || res.Depths[i] != told[i] {
			t.Errorf("depth %d: told %+v, result %+v, want %d", i+1, told[i], res.Depths[i], n)
		}
	}
	var sum uint64
	for _, m := range res.Divide {
		sum += m.Nodes
	}
	if len(res.Divide) != 9 || sum != want[len(want)-1] {
		t.Errorf("divide: %d moves adding up to %d", len(res.Divide), sum)
	}
}

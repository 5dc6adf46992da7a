package draughts

// Benchmarks of the generic (all rule systems) generator, and the published
// perft tables to their full published depth behind METZ_DEEP=1:
//
//	go test -run '^$' -bench . -benchtime 3x ./draughts
//	METZ_DEEP=1 go test -run TestDeepPerft -timeout 0 -v ./draughts
//
// METZ_DEEP_DEPTH caps the depth of the deep test (default 9).

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"
)

// middlegame plays 24 plies of pseudo-random legal moves from the start of
// r with a fixed seed, giving a reproducible position with both quiet moves
// and captures about.
func middlegame(r *Rules) Position {
	rng := rand.New(rand.NewPCG(1802, 1868))
	p := Start(r)
	for range 24 {
		ms := p.Moves()
		if len(ms) == 0 {
			break
		}
		p = p.Play(ms[rng.IntN(len(ms))])
	}
	return p
}

func BenchmarkGenericMoves(b *testing.B) {
	p := middlegame(International)
	b.ReportAllocs()
	for b.Loop() {
		_ = p.Moves()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

func benchPerft(b *testing.B, p Position, depth int, mode Mode) {
	var nodes uint64
	for b.Loop() {
		nodes += Perft(p, depth, mode)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkGenericPerft: international start, depth 5, merged paths.
func BenchmarkGenericPerft(b *testing.B) { benchPerft(b, Start(International), 5, Drop) }

// BenchmarkPerftRules: every rule system from its start, depth 5.
func BenchmarkPerftRules(b *testing.B) {
	for _, r := range AllRules() {
		b.Run(r.Name, func(b *testing.B) { benchPerft(b, Start(r), 5, Drop) })
	}
}

// deepTables are the published perft figures of rules-and-variants.md, in
// full. Sources: dctl test tables (I1, I6, B1, C1, R1, S1, T1-T4, E1 for
// English checkers, F1 Frisian), kish (K1 keep).
var deepTables = []struct {
	id    string
	rules *Rules
	fen   string
	mode  Mode
	want  []uint64
}{
	{"I1", International, "", Drop, []uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763, 1665861398}},
	{"I1k", International, "", Keep, []uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483971, 41022614, 258935682, 1666207133, 10752899471}},
	{"I6", International, "W:B16,17,18,19,20:W31,32,33,34,35", Keep, []uint64{9, 81, 534, 2538, 9052, 29999, 98971, 310315, 1008317, 3174159, 10369533}},
	{"QPG", QuiPerdGagne, "", Drop, []uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763, 1665861398}},
	{"B1", Brazilian, "", Keep, []uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907836, 4431847, 21566606, 105534946, 512171742, 2483592238}},
	{"B1d", Brazilian, "", Drop, []uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022, 105491257, 511882477, 2481546396}},
	{"G1", German, "", Drop, []uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022, 105491257, 511882477, 2481546396}},
	{"C1", Canadian, "", Drop, []uint64{11, 121, 1222, 10053, 79049, 584100, 4369366, 31839056, 237209258, 1761652936}},
	{"R1", Russian, "", Keep, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667, 22450628, 110961169, 545059387, 2675994747, 13138899366}},
	{"R1d", Russian, "", Drop, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032, 110917189, 544770444, 2673979569}},
	{"E1", English, "", Keep, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388623673, 1766623630, 7978439499}},
	{"E1d", English, "", Drop, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388617999, 1766564893}},
	{"S1", Spanish, "", Keep, []uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464, 81383200, 365734003, 1638016958}},
	{"T1", Italian, "", Keep, []uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384, 81647058, 367917147, 1655269811}},
	{"T2", Italian, "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3", Keep, []uint64{5, 13, 42, 107, 360, 1099, 3736, 12495, 43686, 164177, 628686, 2643623, 10833722, 49327264, 212130912, 1021757399}},
	{"T3", Italian, "B:W30,21,22,17,20,K6:B25,28,9,5,1,3", Keep, []uint64{6, 47, 271, 1916, 10810, 73137, 389809, 2469050, 12803372, 77920042, 396940628, 2365222285}},
	{"T4", Italian, "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4", Keep, []uint64{13, 112, 828, 6756, 46241, 368908, 2468110, 19914763, 130562037, 1056217651, 6894949061}},
	{"K1", Turkish, "", Keep, []uint64{8, 64, 708, 7538, 85090, 931312, 10782382, 123290300}},
	{"F1", Frisian, "", Keep, []uint64{9, 81, 658, 3880, 21345, 103584, 550314, 2907905, 16204497, 90161025, 521287205}},
	{"F1d", Frisian, "", Drop, []uint64{9, 81, 658, 3874, 21265, 102431, 540126, 2825779, 15605069, 85817725, 491186430}},
}

// TestDeepPerft checks the published tables as deep as METZ_DEEP_DEPTH
// allows. It is skipped unless METZ_DEEP=1: at depth 9 it takes minutes.
func TestDeepPerft(t *testing.T) {
	if os.Getenv("METZ_DEEP") != "1" {
		t.Skip("set METZ_DEEP=1 to run the deep perft tables")
	}
	limit := 9
	if s := os.Getenv("METZ_DEEP_DEPTH"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("METZ_DEEP_DEPTH=%q: expected a positive whole number", s)
		}
		limit = n
	}
	for _, tc := range deepTables {
		t.Run(tc.id, func(t *testing.T) {
			p := Start(tc.rules)
			if tc.fen != "" {
				var err error
				if p, err = ParseFEN(tc.rules, tc.fen); err != nil {
					t.Fatal(err)
				}
			}
			d := min(limit, len(tc.want))
			start := time.Now()
			if got := Perft(p, d, tc.mode); got != tc.want[d-1] {
				t.Fatalf("%s depth %d: got %d, published %d", tc.id, d, got, tc.want[d-1])
			}
			t.Logf("%s depth %d: %d nodes in %v", tc.id, d, tc.want[d-1], time.Since(start).Round(time.Millisecond))
		})
	}
}

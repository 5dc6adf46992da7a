package bitboard10

import (
	"math/rand/v2"
	"testing"
)

// Published tables (rules-and-variants.md §2).
var (
	// I1: initial position, drop.
	perftI1 = []uint64{1, 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763, 1665861398}
	// I1k: initial position, keep.
	perftI1k = []uint64{1, 9, 81, 658, 4265, 27117, 167140, 1049442, 6483971, 41022614, 258935682, 1666207133, 10752899471}
	// I6 "FrontRows", keep.
	perftI6 = []uint64{1, 9, 81, 534, 2538, 9052, 29999, 98971, 310315, 1008317, 3174159, 10369533}
)

const frontRowsFEN = "W:B16,17,18,19,20:W31,32,33,34,35"

func checkPerft(t *testing.T, name string, p Position, want []uint64, from, to int, opt PerftOptions) {
	t.Helper()
	for d := from; d <= to && d < len(want); d++ {
		if got := Perft(p, d, opt); got != want[d] {
			t.Errorf("%s depth %d %+v: got %d, want %d", name, d, opt, got, want[d])
		}
	}
}

func TestPerftTables(t *testing.T) {
	start := Start()
	fr := mustFEN(frontRowsFEN)
	checkPerft(t, "I1", start, perftI1, 0, 8, PerftOptions{Bulk: true})
	checkPerft(t, "I1k", start, perftI1k, 0, 8, PerftOptions{Bulk: true, Keep: true})
	checkPerft(t, "I6", fr, perftI6, 0, 8, PerftOptions{Bulk: true, Keep: true})
	// Without bulk counting (every leaf move played) and with the table.
	checkPerft(t, "I1", start, perftI1, 0, 6, PerftOptions{})
	checkPerft(t, "I1k", start, perftI1k, 0, 6, PerftOptions{Keep: true})
	checkPerft(t, "I1", start, perftI1, 0, 8, PerftOptions{Bulk: true, HashMB: 4})
	checkPerft(t, "I1", start, perftI1, 0, 6, PerftOptions{HashMB: 1})
	checkPerft(t, "I6", fr, perftI6, 0, 8, PerftOptions{Bulk: true, Keep: true, HashMB: 4})
}

// TestPerftDeep runs the longer depths (a few seconds); skipped with -short.
func TestPerftDeep(t *testing.T) {
	if testing.Short() {
		t.Skip("long perft")
	}
	start := Start()
	checkPerft(t, "I1", start, perftI1, 9, 10, PerftOptions{Bulk: true, HashMB: 64})
	checkPerft(t, "I1k", start, perftI1k, 9, 10, PerftOptions{Bulk: true, Keep: true, HashMB: 64})
	checkPerft(t, "I6", mustFEN(frontRowsFEN), perftI6, 9, 11, PerftOptions{Bulk: true, Keep: true, HashMB: 64})
	checkPerft(t, "I1", start, perftI1, 9, 9, PerftOptions{Bulk: true})
}

func TestDivide(t *testing.T) {
	p := Start()
	div := Divide(p, 6, PerftOptions{Bulk: true})
	if len(div) != 9 {
		t.Fatalf("divide: %d root moves, want 9", len(div))
	}
	var sum uint64
	for _, e := range div {
		sum += e.Nodes
		c := p.Play(e.Move)
		if n := Perft(c, 5, PerftOptions{Bulk: true}); n != e.Nodes {
			t.Errorf("divide %v: %d, perft %d", e.Move, e.Nodes, n)
		}
	}
	if sum != perftI1[6] {
		t.Errorf("divide sum %d, want %d", sum, perftI1[6])
	}
	divTT := Divide(p, 6, PerftOptions{Bulk: true, HashMB: 2})
	for i := range div {
		if div[i] != divTT[i] {
			t.Errorf("divide with table: %v, without: %v", divTT[i], div[i])
		}
	}
}

func moveSetString(ms []Move) map[string]bool {
	out := map[string]bool{}
	for _, m := range ms {
		out[describe(m)] = true
	}
	return out
}

func describe(m Move) string {
	s := m.String()
	if m.Captured != 0 {
		s += "{"
		for i, c := range Squares(m.Captured) {
			if i > 0 {
				s += ","
			}
			s += itoa(c)
		}
		s += "}"
	}
	return s
}

func itoa(n int) string {
	if n >= 10 {
		return string(rune('0'+n/10)) + string(rune('0'+n%10))
	}
	return string(rune('0' + n))
}

func TestRuleVectors(t *testing.T) {
	cases := []struct {
		fen  string
		want []string
	}{
		// The king must stop on 32, the only square after 37, then take 28.
		{"W:WK46:B37,28", []string{"46x23{28,37}", "46x19{28,37}", "46x14{28,37}", "46x10{28,37}", "46x5{28,37}"}},
		// Capture 37, land 23, then take 29.
		{"W:WK46:B37,29", []string{"46x34{29,37}", "46x40{29,37}", "46x45{29,37}"}},
		{StartFEN, []string{"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}},
		// Men capture backwards.
		{"W:W28:B33", []string{"28x39{33}"}},
		// Majority rule: 2 pieces beat 1.
		{"W:W32,33:B28,19", []string{"32x14{19,28}"}},
		// A king counts one; free choice among equal counts.
		{"W:W32,33:B28,K29,19", []string{"32x14{19,28}", "32x34{28,29}", "33x13{19,29}"}},
		// A man passing the promotion row mid-capture stays a man (as a king
		// on 2 it could also land on 19, 24, 30).
		{"W:W11:B7,8", []string{"11x13{7,8}"}},
		// Black to move: men move down.
		{"B:W50:B1", []string{"1-6", "1-7"}},
		{"B:W50:B5", []string{"5-10"}},
		// Kings slide; captured pieces block (Turkish strike).
		{"W:WK1:B", []string{"1-6", "1-7", "1-12", "1-18", "1-23", "1-29", "1-34", "1-40", "1-45"}},
		// No legal move.
		{"W:W6:B1", nil},
	}
	for _, c := range cases {
		p, err := parseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		got := moveSetString(p.LegalMoves())
		want := map[string]bool{}
		for _, w := range c.want {
			want[w] = true
		}
		if !equalSets(got, want) {
			t.Errorf("%s: got %v, want %v", c.fen, keys(got), c.want)
		}
		if n := p.CountMoves(); n != len(c.want) {
			t.Errorf("%s: CountMoves %d, want %d", c.fen, n, len(c.want))
		}
		for _, m := range p.LegalMoves() {
			c := p.Play(m)
			own := c.Black
			if p.WhiteToMove {
				own = c.White
			}
			promo := (p.WhiteToMove && m.ToSquare() <= 5) || (!p.WhiteToMove && m.ToSquare() >= 46) || p.Kings&SquareBit(m.FromSquare()) != 0
			if own&SquareBit(m.ToSquare()) == 0 || (c.Kings&SquareBit(m.ToSquare()) != 0) != promo {
				t.Errorf("%s: %v gives %s", c.FEN(), m, c.FEN())
			}
		}
	}
}

func equalSets(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// BenchmarkPerftStart11Bulk is the headline figure: international perft 11
// from the start position, bulk counting, transposition table of
// DefaultHashMB MiB. Run with -benchtime 1x under GOMAXPROCS=1 / taskset.
func BenchmarkPerftStart11Bulk(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if n := Perft(Start(), 11, PerftOptions{Bulk: true, HashMB: DefaultHashMB}); n != perftI1[11] {
			b.Fatalf("perft 11 = %d", n)
		}
	}
}

// BenchmarkPerft: bulk perft from the start position, without the table
// (NoTT), with the default table (TT) and with a 512 MiB table (TT512;
// mapping and clearing the table is included and dominates the small
// depths).
func BenchmarkPerft(b *testing.B) {
	for _, bc := range []struct {
		name  string
		depth int
		mb    int
	}{
		{"NoTT/8", 8, 0}, {"NoTT/9", 9, 0}, {"NoTT/10", 10, 0}, {"NoTT/11", 11, 0},
		{"TT/9", 9, DefaultHashMB}, {"TT/10", 10, DefaultHashMB}, {"TT/11", 11, DefaultHashMB},
		{"TT512/9", 9, 512}, {"TT512/10", 10, 512}, {"TT512/11", 11, 512},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if n := Perft(Start(), bc.depth, PerftOptions{Bulk: true, HashMB: bc.mb}); n != perftI1[bc.depth] {
					b.Fatalf("perft %d = %d", bc.depth, n)
				}
			}
		})
	}
}

// TestMenMultiCapturesCounted checks the men's captures counted from the
// masks (menDoubles, menTriples) against the generator, on random
// positions where men take two, three and more pieces: the count of the
// position (drop and keep), bulk perft 2 (its children counted from its
// bitboards) and, for men only, menMoves. The positions where the masks
// counted three pieces must be many, or the test proves nothing.
func TestMenMultiCapturesCounted(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 42))
	pf := newPerfter(2, PerftOptions{Bulk: true})
	var ml, mk MoveList
	byMasks := [5]int{}
	for i := 0; i < 20000; i++ {
		// Many pieces on both sides, rarely a king: chains of captures.
		p := randomPosition(rng, 8+rng.IntN(14), 8+rng.IntN(14), []float64{0, 0, 0.05}[i%3])
		best := p.generateCaptures(&ml, false)
		p.generate(&ml, false)
		p.generate(&mk, true)
		if n := p.countMoves(nil, false); n != ml.N {
			t.Fatalf("%s: counted %d, generated %d", p.FEN(), n, ml.N)
		}
		if n := p.countMoves(nil, true); n != mk.N {
			t.Fatalf("%s: counted %d in keep mode, generated %d", p.FEN(), n, mk.N)
		}
		own, opp := p.sides()
		if p.Kings == 0 {
			if n := pf.menMoves(own, opp, p.WhiteToMove); n != ml.N {
				t.Fatalf("%s: menMoves %d, generated %d", p.FEN(), n, ml.N)
			}
			empty := ^(own | opp) & BoardMask
			a0, a1, a2, a3 := jumpTargets(opp, empty)
			if _, ok := addMenCaptures(0, own, opp, a0, a1, a2, a3); ok && best < len(byMasks) {
				byMasks[best]++
			}
		}
		if i%4 == 0 {
			compareBulkTwoPlies(t, p, &ml, false)
			compareBulkTwoPlies(t, p, &mk, true)
		}
	}
	t.Logf("men-only positions counted from the masks, by pieces taken: %v", byMasks)
	if byMasks[3] < 200 || byMasks[2] < 200 {
		t.Errorf("too few captures of two (%d) or three (%d) pieces counted from the masks", byMasks[2], byMasks[3])
	}
}

// menMoves is the number of legal moves of own, men only (White if
// white), against the pieces opp: what countMenChildren and
// countQuietMenChildren count for each child, inline.
func (pf *perfter) menMoves(own, opp uint64, white bool) int {
	empty := ^(own | opp) & BoardMask
	a0, a1, a2, a3 := jumpTargets(opp, empty)
	if own&(a0|a1|a2|a3) == 0 {
		return countMenQuiet(own, empty, white)
	}
	return pf.menCaptureCount(own, opp, empty, a0, a1, a2, a3)
}

// TestSearchCountMenCounted compares searchCount, which counts the men's
// captures from the masks when kings capture too, with the generator's
// captures (drop and keep), on random positions where a king can take
// two pieces or more and a man can capture. The positions where the men
// were counted from the masks must be many, or the test proves nothing.
func TestSearchCountMenCounted(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 42))
	var ml, mk MoveList
	counted := [4]int{} // by the men's best: the men's captures counted, the kings searched
	for i := 0; counted[1]+counted[2]+counted[3] < 3000 && i < 400000; i++ {
		p := randomPosition(rng, 6+rng.IntN(12), 6+rng.IntN(12), 0.25)
		own, opp := p.sides()
		kings := own & p.Kings
		empty := ^(own | opp) & BoardMask
		a0, a1, a2, a3 := jumpTargets(opp, empty)
		var ks [4]uint64
		ks[0], ks[1], ks[2], ks[3], _ = kingStarts(kings, empty, a0, a1, a2, a3)
		if ks[0]|ks[1]|ks[2]|ks[3] == 0 {
			continue
		}
		if _, ok := kingSingles(ks[0], ks[1], ks[2], ks[3], empty, a0, a1, a2, a3); ok {
			continue // counted by count, never searched
		}
		if men := own &^ kings; men&(a0|a1|a2|a3) != 0 {
			if _, best, ok := menCapturesCounted(men, opp, a0, a1, a2, a3); ok {
				counted[best]++
			}
		}
		p.generate(&ml, false)
		p.generate(&mk, true)
		for _, keep := range []bool{false, true} {
			want := ml.N
			if keep {
				want = mk.N
			}
			pf := newPerfter(1, PerftOptions{Keep: keep})
			k := ks
			if got := pf.searchCount(own, opp, kings, &k); got != want {
				t.Fatalf("%s: searchCount (keep %v) %d, generated %d", p.FEN(), keep, got, want)
			}
		}
	}
	t.Logf("men's captures counted beside the kings' search, by pieces taken: %v", counted)
	if counted[1] < 200 || counted[2] < 200 {
		t.Errorf("too few positions where the men's single (%d) or double (%d) captures were counted", counted[1], counted[2])
	}
}

// TestChildrenAfterCaptures compares bulk perft 2 with the children's
// generated moves (drop and keep) on random positions whose side to move
// must capture while the other side has kings: kidCounter keeps the runs
// of those kings that the capture leaves as they were.
func TestChildrenAfterCaptures(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 5))
	var ml, mk MoveList
	tested := 0
	for i := 0; tested < 3000 && i < 100000; i++ {
		p := randomPosition(rng, 4+rng.IntN(14), 4+rng.IntN(14), 0.3)
		if _, opp := p.sides(); opp&p.Kings == 0 || !p.HasCapture() {
			continue
		}
		tested++
		p.generate(&ml, false)
		p.generate(&mk, true)
		compareBulkTwoPlies(t, p, &ml, false)
		compareBulkTwoPlies(t, p, &mk, true)
	}
	if tested < 3000 {
		t.Errorf("only %d positions tested", tested)
	}
}

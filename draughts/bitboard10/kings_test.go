package bitboard10

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"metz/draughts"
)

// Positions with kings and their perft (drop, bulk) counts. The deepest
// figures are published: perft 9 of kingsMixFEN and perft 15 of
// woldoubyFEN are the expected counts of Moby Dam's perft script
// (test/doperft in its public sources), perft 10 of AllKings is issue 30's
// figure, reproduced by Moby Dam built from those sources. The shallow ones
// are checked live against the generic engine, the specification, by
// TestKingsPerftGeneric.
const (
	// allKingsFEN: twenty kings a side on the men's starting squares.
	allKingsFEN = "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20"
	// kingsMixFEN: men and kings of both colours, Black to move.
	kingsMixFEN = "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24"
	// woldoubyFEN: the Woldouby position (men only; kings appear deep).
	woldoubyFEN = "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26"
	// almostPromotionFEN: five men a side one step from crowning (men's
	// promotions, then kings).
	almostPromotionFEN = "W:W6,7,8,9,10:B41,42,43,44,45"
)

var (
	perftAllKings = []uint64{1, 17, 79, 352, 1399, 7062, 37589, 217575, 1333217, 8558321, 58381162}
	perftKingsMix = []uint64{1, 14, 55, 1168, 5432, 87195, 629010, 9041010}
	perftWoldouby = []uint64{1, 6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989}
	// AlmostPromotion to depth 9: the FMJD forum's "Perft" thread, as
	// dctl's tests quote it; depth 8 reproduced by Moby Dam built from
	// its public sources.
	perftAlmostPromotion = []uint64{1, 9, 81, 795, 7578, 86351, 936311, 11448262, 138362698, 1799526674}
)

// Published deep counts (see above).
const (
	perftKingsMix9  = 1216917193
	perftWoldouby15 = 346184885
)

func TestKingsPerft(t *testing.T) {
	ak, km, wd := mustFEN(allKingsFEN), mustFEN(kingsMixFEN), mustFEN(woldoubyFEN)
	for _, opt := range []PerftOptions{{Bulk: true}, {}, {Bulk: true, HashMB: 4}} {
		checkPerft(t, "AllKings", ak, perftAllKings, 0, 7, opt)
		checkPerft(t, "KingsMix", km, perftKingsMix, 0, 5, opt)
		checkPerft(t, "Woldouby", wd, perftWoldouby, 0, 9, opt)
		checkPerft(t, "AlmostPromotion", mustFEN(almostPromotionFEN), perftAlmostPromotion, 0, 5, opt)
	}
}

// TestKingsPerftDeep runs the published depths (a few seconds); skipped with
// -short.
func TestKingsPerftDeep(t *testing.T) {
	if testing.Short() {
		t.Skip("long perft")
	}
	checkPerft(t, "AllKings", mustFEN(allKingsFEN), perftAllKings, 8, 10, PerftOptions{Bulk: true})
	checkPerft(t, "KingsMix", mustFEN(kingsMixFEN), perftKingsMix, 6, 7, PerftOptions{Bulk: true})
	checkPerft(t, "Woldouby", mustFEN(woldoubyFEN), perftWoldouby, 10, 12, PerftOptions{Bulk: true})
	checkPerft(t, "AlmostPromotion", mustFEN(almostPromotionFEN), perftAlmostPromotion, 6, 8, PerftOptions{Bulk: true, HashMB: 64})
	if n := Perft(mustFEN(kingsMixFEN), 9, PerftOptions{Bulk: true, HashMB: 64}); n != perftKingsMix9 {
		t.Errorf("KingsMix perft 9: got %d, want %d", n, perftKingsMix9)
	}
	if n := Perft(mustFEN(woldoubyFEN), 15, PerftOptions{Bulk: true, HashMB: 64}); n != perftWoldouby15 {
		t.Errorf("Woldouby perft 15: got %d, want %d", n, perftWoldouby15)
	}
}

// kingsCases: each position's table, the depth checked against the generic
// engine and the depth of its benchmark.
var kingsCases = []struct {
	name, fen          string
	want               []uint64
	generic, benchmark int
}{
	{"AllKings", allKingsFEN, perftAllKings, 7, 9},
	{"KingsMix", kingsMixFEN, perftKingsMix, 6, 7},
	{"Woldouby", woldoubyFEN, perftWoldouby, 8, 12},
	{"AlmostPromotion", almostPromotionFEN, perftAlmostPromotion, 5, 7},
}

// TestKingsPerftGeneric checks the tables against the generic engine, which
// computes them from the rules alone.
func TestKingsPerftGeneric(t *testing.T) {
	for _, c := range kingsCases {
		gp, err := draughts.ParseFEN(draughts.International, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if n := draughts.Perft(gp, c.generic, draughts.Drop); n != c.want[c.generic] {
			t.Errorf("%s: generic perft %d = %d, table %d", c.name, c.generic, n, c.want[c.generic])
		}
	}
}

// BenchmarkPerftKings: bulk perft without a table from AllKings (depth 9),
// KingsMix (depth 7) and Woldouby (depth 12).
func BenchmarkPerftKings(b *testing.B) {
	for _, c := range kingsCases {
		p := mustFEN(c.fen)
		b.Run(fmt.Sprint(c.name, c.benchmark), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if n := Perft(p, c.benchmark, PerftOptions{Bulk: true}); n != c.want[c.benchmark] {
					b.Fatalf("perft %d = %d", c.benchmark, n)
				}
			}
		})
	}
}

// FuzzKingsGeneric compares the moves of arbitrary positions (any bits as
// the pieces, kings likely) with the generic engine and with the coordinate
// reference (keep mode too), and the counting shortcuts with the generated
// lists.
func FuzzKingsGeneric(f *testing.F) {
	for _, fen := range []string{allKingsFEN, kingsMixFEN, "W:WK46:B37,28", "B:W6,K29,33:BK1,12,K24"} {
		p := mustFEN(fen)
		f.Add(p.White, p.Black, p.Kings, p.WhiteToMove)
	}
	f.Fuzz(func(t *testing.T, white, black, kings uint64, whiteToMove bool) {
		p := Position{White: white & BoardMask, WhiteToMove: whiteToMove}
		p.Black = black & BoardMask &^ p.White
		// Men on their own promotion row cannot stand there: make them kings.
		p.Kings = (kings | p.White&WhitePromo | p.Black&BlackPromo) & (p.White | p.Black)
		gp, err := p.ToGeneric(nil)
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		compareWithGeneric(t, p, gp)
		compareWithReference(t, p)
		var ml, mk MoveList
		p.Generate(&ml)
		p.GenerateKeep(&mk)
		n, capt := p.CountMovesCapture()
		if n != ml.N || p.CountMovesKeep() != mk.N {
			t.Fatalf("%s: counted %d/%d, generated %d/%d", p.FEN(), n, p.CountMovesKeep(), ml.N, mk.N)
		}
		if capt != (ml.N > 0 && ml.Moves[0].Captured != 0) || capt != p.HasCapture() {
			t.Fatalf("%s: capture flag %v, HasCapture %v, moves %v", p.FEN(), capt, p.HasCapture(), ml.Slice())
		}
		var co MoveList // the endgame builder's generator: captures, or the number of quiet moves
		if q := p.CapturesOrQuiet(&co); capt && (q != 0 || !slices.Equal(co.Slice(), ml.Slice())) || !capt && (q != ml.N || co.N != 0) {
			t.Fatalf("%s: CapturesOrQuiet %d and %d moves, generated %v", p.FEN(), q, co.N, ml.Slice())
		}
		if q, c := p.QuietOrCapture(); c != capt || !capt && q != ml.N {
			t.Fatalf("%s: QuietOrCapture %d %v, generated %v", p.FEN(), q, c, ml.Slice())
		}
		compareBulkTwoPlies(t, p, &ml, false)
		compareBulkTwoPlies(t, p, &mk, true)
	})
}

// compareBulkTwoPlies compares bulk perft 2 (the children counted from
// p's bitboards) with the children's generated moves, ml p's moves.
func compareBulkTwoPlies(t *testing.T, p Position, ml *MoveList, keep bool) {
	t.Helper()
	want := uint64(0)
	var cl MoveList
	for _, m := range ml.Slice() {
		c := p.Play(m)
		c.generate(&cl, keep)
		want += uint64(cl.N)
	}
	if got := Perft(p, 2, PerftOptions{Bulk: true, Keep: keep}); got != want {
		t.Fatalf("%s: bulk perft 2 (keep %v) %d, the children's moves %d", p.FEN(), keep, got, want)
	}
}

// TestKingRunGenerated checks that kingrun_gen.go is what gen_kingrun.go
// writes now (run `go generate` in this directory after changing it).
func TestKingRunGenerated(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	out := filepath.Join(t.TempDir(), "kingrun_gen.go")
	if msg, err := exec.Command(goTool, "run", "gen_kingrun.go", "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("go run gen_kingrun.go: %v\n%s", err, msg)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("kingrun_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("kingrun_gen.go differs from what gen_kingrun.go writes: run go generate")
	}
}

// TestKingFills compares kingFills, which reads a lone king's runs off
// its rays, with the four fills, on random boards with no king, one king
// (most of them) and several.
func TestKingFills(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	lone := 0
	for i := 0; i < 20000; i++ {
		p := randomPosition(rng, rng.IntN(20), rng.IntN(20), 0)
		occ := p.White | p.Black
		var kings uint64
		for n := []int{0, 1, 1, 1, 2, 3}[i%6]; n > 0; n-- {
			b := SquareBit(1 + rng.IntN(50))
			kings |= b
			occ |= b
		}
		if kings != 0 && kings&(kings-1) == 0 {
			lone++
		}
		empty := ^occ & BoardMask
		g0, g1, g2, g3 := kingFills(kings, empty)
		w0, w1, w2, w3 := fillUp(kings, empty, 6), fillUp(kings, empty, 5), fillDown(kings, empty, 5), fillDown(kings, empty, 6)
		if g0 != w0 || g1 != w1 || g2 != w2 || g3 != w3 {
			t.Fatalf("kings %x, empty %x: kingFills %x %x %x %x, fills %x %x %x %x", kings, empty, g0, g1, g2, g3, w0, w1, w2, w3)
		}
	}
	if lone < 5000 {
		t.Errorf("only %d boards with a lone king", lone)
	}
}

// TestKingSlides compares KingSlides with a walk along the board's
// diagonals by row and column (squareOfCell), on random boards, the king
// on each square in turn.
func TestKingSlides(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	for i := 0; i < 2000; i++ {
		p := randomPosition(rng, rng.IntN(20), rng.IntN(20), 0)
		for n := 1; n <= 50; n++ {
			from := SquareBit(n)
			occ := (p.White | p.Black) &^ from
			empty := ^occ & BoardMask &^ from
			var want uint64
			r, c := cellOf(n)
			for _, d := range [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
				for k := 1; ; k++ {
					sq := squareOfCell(r+k*d[0], c+k*d[1])
					if sq == 0 || SquareBit(sq)&empty == 0 {
						break
					}
					want |= SquareBit(sq)
				}
			}
			if got := KingSlides(from, empty); got != want {
				t.Fatalf("king on %d, empty %x: KingSlides %v, the walk %v", n, empty, Squares(got), Squares(want))
			}
		}
	}
}

// cellOf is the row and column of square n (squareOfCell's inverse).
func cellOf(n int) (r, c int) {
	for r = 0; r < 10; r++ {
		for c = 0; c < 10; c++ {
			if squareOfCell(r, c) == n {
				return r, c
			}
		}
	}
	return -1, -1
}

package bitboard10

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// ---------------------------------------------------------------------------
// A slow reference generator on (row, column) coordinates, written straight
// from rules-and-variants.md §1.1 and §2, sharing nothing with the bitboard
// code but the square numbering formula.

type refMove struct {
	from, to int    // squares 1..50
	captured uint64 // bit n-1 for square n
	path     string // landing squares, for keep mode
}

func refCoord(n int) (r, c int) {
	i := n - 1
	r = 9 - i/5
	return r, 2*(i%5) + r%2
}

func refSquare(r, c int) int {
	if r < 0 || r > 9 || c < 0 || c > 9 || (r+c)%2 != 0 {
		return 0
	}
	return (9-r)*5 + (c-r%2)/2 + 1
}

// refGenerate returns the legal moves; keep = one per path, else one per
// (from, to, captured set).
func refGenerate(p Position, keep bool) []refMove {
	var board [51]byte // 0 empty, 'w','W','b','B'
	for n := 1; n <= 50; n++ {
		b := SquareBit(n)
		switch {
		case p.White&b != 0 && p.Kings&b != 0:
			board[n] = 'W'
		case p.White&b != 0:
			board[n] = 'w'
		case p.Black&b != 0 && p.Kings&b != 0:
			board[n] = 'B'
		case p.Black&b != 0:
			board[n] = 'b'
		}
	}
	own := func(x byte) bool {
		if p.WhiteToMove {
			return x == 'w' || x == 'W'
		}
		return x == 'b' || x == 'B'
	}
	enemy := func(x byte) bool { return x != 0 && !own(x) }
	dirs := [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	var caps []refMove
	for from := 1; from <= 50; from++ {
		if !own(board[from]) {
			continue
		}
		king := board[from] == 'W' || board[from] == 'B'
		saved := board[from]
		board[from] = 0       // lifted: the origin is empty during the capture
		var noStraight [2]int // direction the next dfs call must not explore
		var dfs func(sq int, captured uint64, path string)
		dfs = func(sq int, captured uint64, path string) {
			r, c := refCoord(sq)
			found := false
			skipDir := noStraight
			noStraight = [2]int{}
			for _, d := range dirs {
				if d == skipDir {
					continue
				}
				if !king {
					m := refSquare(r+d[0], c+d[1])
					l := refSquare(r+2*d[0], c+2*d[1])
					if m == 0 || l == 0 || !enemy(board[m]) || captured>>(m-1)&1 != 0 || board[l] != 0 {
						continue
					}
					found = true
					dfs(l, captured|1<<(m-1), fmt.Sprintf("%s-%d", path, l))
					continue
				}
				k := 1
				for refSquare(r+k*d[0], c+k*d[1]) != 0 && board[refSquare(r+k*d[0], c+k*d[1])] == 0 {
					k++
				}
				m := refSquare(r+k*d[0], c+k*d[1])
				if m == 0 || !enemy(board[m]) || captured>>(m-1)&1 != 0 {
					continue
				}
				for j := k + 1; ; j++ {
					l := refSquare(r+j*d[0], c+j*d[1])
					if l == 0 || board[l] != 0 {
						break
					}
					found = true
					// Keep mode counts a straight continuation once (from the
					// first landing square); turns from every landing square.
					straight := j > k+1
					if keep && straight {
						noStraight = d
					}
					dfs(l, captured|1<<(m-1), fmt.Sprintf("%s-%d", path, l))
					noStraight = [2]int{}
				}
			}
			if !found && captured != 0 {
				caps = append(caps, refMove{from, sq, captured, path})
			}
		}
		dfs(from, 0, "")
		board[from] = saved
	}
	if len(caps) > 0 {
		best := 0
		for _, m := range caps {
			best = max(best, bits.OnesCount64(m.captured))
		}
		var out []refMove
		seen := map[[3]uint64]bool{}
		for _, m := range caps {
			if bits.OnesCount64(m.captured) != best {
				continue
			}
			key := [3]uint64{uint64(m.from), uint64(m.to), m.captured}
			if !keep && seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, m)
		}
		return out
	}
	var out []refMove
	for from := 1; from <= 50; from++ {
		if !own(board[from]) {
			continue
		}
		r, c := refCoord(from)
		if board[from] == 'w' || board[from] == 'b' {
			dr := 1
			if board[from] == 'b' {
				dr = -1
			}
			for _, dc := range []int{-1, 1} {
				if t := refSquare(r+dr, c+dc); t != 0 && board[t] == 0 {
					out = append(out, refMove{from: from, to: t})
				}
			}
			continue
		}
		for _, d := range dirs {
			for k := 1; ; k++ {
				t := refSquare(r+k*d[0], c+k*d[1])
				if t == 0 || board[t] != 0 {
					break
				}
				out = append(out, refMove{from: from, to: t})
			}
		}
	}
	return out
}

// key of a move by squares, comparable between the two generators.
func refKey(from, to int, captured uint64) string {
	return fmt.Sprintf("%d-%d/%x", from, to, captured)
}

func bbKey(m Move) string {
	var c uint64
	for _, n := range Squares(m.Captured) {
		c |= 1 << (n - 1)
	}
	return refKey(m.FromSquare(), m.ToSquare(), c)
}

func sortedKeys(keysIn []string) []string {
	sort.Strings(keysIn)
	return keysIn
}

// ---------------------------------------------------------------------------
// Random positions

// randomGamePositions plays random games from the start and returns the
// positions met.
func randomGamePositions(rng *rand.Rand, games, maxPlies int) []Position {
	var out []Position
	var ml MoveList
	for g := 0; g < games; g++ {
		p := Start()
		for ply := 0; ply < maxPlies; ply++ {
			out = append(out, p)
			p.Generate(&ml)
			if ml.N == 0 {
				break
			}
			p = p.Play(ml.Moves[rng.IntN(ml.N)])
		}
	}
	return out
}

// randomPosition places up to nw white and nb black pieces, each a king with
// probability kingProb; men never stand on their own promotion row.
func randomPosition(rng *rand.Rand, nw, nb int, kingProb float64) Position {
	var p Position
	p.WhiteToMove = rng.IntN(2) == 0
	place := func(n int, white bool) {
		for i := 0; i < n; i++ {
			sq := 1 + rng.IntN(50)
			b := SquareBit(sq)
			if (p.White|p.Black)&b != 0 {
				continue
			}
			king := rng.Float64() < kingProb
			if !king && ((white && sq <= 5) || (!white && sq >= 46)) {
				continue
			}
			if white {
				p.White |= b
			} else {
				p.Black |= b
			}
			if king {
				p.Kings |= b
			}
		}
	}
	place(nw, true)
	place(nb, false)
	return p
}

func testPositions(seed uint64) []Position {
	rng := rand.New(rand.NewPCG(seed, 7))
	ps := randomGamePositions(rng, 200, 200)
	for i := 0; i < 3000; i++ {
		ps = append(ps, randomPosition(rng, 1+rng.IntN(20), 1+rng.IntN(20), []float64{0, 0.1, 0.3, 1}[i%4]))
	}
	// Dense king positions with many captures and loops.
	for i := 0; i < 500; i++ {
		ps = append(ps, randomPosition(rng, 1+rng.IntN(3), 10+rng.IntN(15), 0.8))
	}
	return ps
}

// ---------------------------------------------------------------------------

func TestLayout(t *testing.T) {
	seen := map[int]bool{}
	for n := 1; n <= 50; n++ {
		b := bits.TrailingZeros64(SquareBit(n))
		if BitSquare(b) != n || seen[b] || b >= NumBits {
			t.Fatalf("square %d: bit %d", n, b)
		}
		seen[b] = true
		if Rotate(SquareBit(n)) != SquareBit(51-n) {
			t.Errorf("rotate %d", n)
		}
		// The shifts of the layout agree with the coordinate rays.
		for d := 0; d < 4; d++ {
			var step uint64
			if s := dirShift[d]; s < 0 {
				step = SquareBit(n) >> -s & BoardMask
			} else {
				step = SquareBit(n) << s & BoardMask
			}
			r := ray[d][b]
			if first := r & -r; d < 2 && r != 0 {
				first = 1 << (63 - bits.LeadingZeros64(r))
				if step != first {
					t.Errorf("square %d dir %d: shift %x ray %x", n, d, step, r)
				}
			} else if step != first {
				t.Errorf("square %d dir %d: shift %x ray %x", n, d, step, r)
			}
		}
	}
	if bits.OnesCount64(BoardMask) != 50 {
		t.Fatal("BoardMask")
	}
	if Start().FEN() != mustFEN(StartFEN).FEN() || Start() != mustFEN(StartFEN) {
		t.Fatal("start FEN")
	}
}

// TestReference compares the bitboard generator with the coordinate
// reference on random positions, in drop and keep modes.
func TestReference(t *testing.T) {
	for _, p := range testPositions(1) {
		compareWithReference(t, p)
	}
}

// compareWithReference checks p's moves against the coordinate reference,
// in drop and keep modes.
func compareWithReference(t *testing.T, p Position) {
	t.Helper()
	var ml MoveList
	for _, keep := range []bool{false, true} {
		ref := refGenerate(p, keep)
		if keep {
			p.GenerateKeep(&ml)
		} else {
			p.Generate(&ml)
		}
		var a, b []string
		for _, m := range ref {
			a = append(a, refKey(m.from, m.to, m.captured))
		}
		for _, m := range ml.Slice() {
			b = append(b, bbKey(m))
		}
		a, b = sortedKeys(a), sortedKeys(b)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("%s keep=%v:\nreference %v\nbitboard  %v\n%s", p.FEN(), keep, a, b, p.Diagram())
		}
	}
}

// TestInvariants checks, on random positions: counting = generating (also
// CapturesOrQuiet: the captures, or the number of quiet moves), no
// duplicates in drop mode, drop = dedup(keep), equal capture counts,
// incremental hash = full hash, FEN round trip, colour symmetry, legality of
// the resulting position.
func TestInvariants(t *testing.T) {
	ps := testPositions(2)
	var ml, mk, mr MoveList
	for _, p := range ps {
		p.Generate(&ml)
		p.GenerateKeep(&mk)
		if n := p.CountMoves(); n != ml.N {
			t.Fatalf("%s: CountMoves %d, Generate %d", p.FEN(), n, ml.N)
		}
		if n := p.CountMovesKeep(); n != mk.N {
			t.Fatalf("%s: CountMovesKeep %d, GenerateKeep %d", p.FEN(), n, mk.N)
		}
		var sc MoveList
		if n := p.countMoves(&sc, false); n != ml.N {
			t.Fatalf("%s: countMoves %d, Generate %d", p.FEN(), n, ml.N)
		}
		if p.HasCapture() != (ml.N > 0 && ml.Moves[0].Captured != 0) {
			t.Fatalf("%s: HasCapture", p.FEN())
		}
		if n, capt := p.CountMovesCapture(); n != ml.N || capt != p.HasCapture() {
			t.Fatalf("%s: CountMovesCapture %d %v", p.FEN(), n, capt)
		}
		var co MoveList
		if q := p.CapturesOrQuiet(&co); p.HasCapture() && (q != 0 || !slices.Equal(co.Slice(), ml.Slice())) ||
			!p.HasCapture() && (q != ml.N || co.N != 0) {
			t.Fatalf("%s: CapturesOrQuiet %d, %d moves", p.FEN(), q, co.N)
		}
		if q, capt := p.QuietOrCapture(); capt != p.HasCapture() || !capt && q != ml.N {
			t.Fatalf("%s: QuietOrCapture %d %v", p.FEN(), q, capt)
		}
		seen := map[Move]bool{}
		for _, m := range ml.Slice() {
			if seen[m] {
				t.Fatalf("%s: duplicate %v", p.FEN(), m)
			}
			seen[m] = true
			if m.NumCaptured() != ml.Moves[0].NumCaptured() {
				t.Fatalf("%s: unequal capture counts", p.FEN())
			}
		}
		dk := map[Move]bool{}
		for _, m := range mk.Slice() {
			dk[m] = true
		}
		if len(dk) != len(seen) {
			t.Fatalf("%s: drop %d, dedup(keep) %d", p.FEN(), len(seen), len(dk))
		}
		for m := range dk {
			if !seen[m] {
				t.Fatalf("%s: %v in keep only", p.FEN(), m)
			}
		}
		q, err := parseFEN(p.FEN())
		if err != nil || q != p {
			t.Fatalf("FEN round trip %s: %v %v", p.FEN(), q.FEN(), err)
		}
		h := p.Hash()
		for _, m := range ml.Slice() {
			c := p.Play(m)
			if !c.Valid() || c.WhiteToMove == p.WhiteToMove {
				t.Fatalf("%s %v: invalid result %s", p.FEN(), m, c.FEN())
			}
			if p.HashAfter(h, m) != c.Hash() {
				t.Fatalf("%s %v: incremental hash", p.FEN(), m)
			}
			if bits.OnesCount64(c.White|c.Black) != bits.OnesCount64(p.White|p.Black)-m.NumCaptured() {
				t.Fatalf("%s %v: piece count", p.FEN(), m)
			}
		}
		// Colour symmetry: rotate the board and swap the colours.
		r := Position{White: Rotate(p.Black), Black: Rotate(p.White), Kings: Rotate(p.Kings), WhiteToMove: !p.WhiteToMove}
		r.Generate(&mr)
		if mr.N != ml.N {
			t.Fatalf("%s: mirrored %s has %d moves, want %d", p.FEN(), r.FEN(), mr.N, ml.N)
		}
		rs := map[Move]bool{}
		for _, m := range mr.Slice() {
			rs[m] = true
		}
		for _, m := range ml.Slice() {
			mm := Move{Captured: Rotate(m.Captured), From: NumBits - 1 - m.From, To: NumBits - 1 - m.To}
			if !rs[mm] {
				t.Fatalf("%s: %v has no mirror", p.FEN(), m)
			}
		}
	}
}

// TestDedupeThreshold checks that merging only captures of >= 4 pieces (men)
// or >= 3 pieces (kings) loses no duplicate, on positions rich in loops.
func TestDedupeThreshold(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	var ml MoveList
	dups := 0
	for i := 0; i < 20000; i++ {
		p := randomPosition(rng, 1+rng.IntN(4), 12+rng.IntN(16), []float64{0, 0.5, 0.9}[i%3])
		p.Generate(&ml)
		seen := map[Move]bool{}
		for _, m := range ml.Slice() {
			if seen[m] {
				t.Fatalf("%s: duplicate %v", p.FEN(), m)
			}
			seen[m] = true
		}
		var mk MoveList
		p.GenerateKeep(&mk)
		if mk.N > ml.N {
			dups++
		}
	}
	if dups == 0 {
		t.Fatal("no position with duplicate paths was tested")
	}
	t.Logf("%d positions with duplicate capture paths", dups)
}

func TestHashDiffers(t *testing.T) {
	p := Start()
	if p.Hash() == p.PlayNull().Hash() {
		t.Fatal("side to move not hashed")
	}
	q := p
	q.Kings = SquareBit(31)
	if p.Hash() == q.Hash() {
		t.Fatal("kings not hashed")
	}
}

// benchPasses is the number of passes over the benchmark positions per op,
// so that -benchtime 1x still measures some milliseconds.
const benchPasses = 50

// BenchmarkGenerate measures Generate on positions from random games (one op
// = benchPasses passes over them).
func BenchmarkGenerate(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 9))
	ps := randomGamePositions(rng, 100, 120)
	var ml MoveList
	moves := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := 0; k < benchPasses; k++ {
			for j := range ps {
				ps[j].Generate(&ml)
				moves += ml.N
			}
		}
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(b.N*benchPasses*len(ps))/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkCountMoves measures CountMoves on the same positions.
func BenchmarkCountMoves(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 9))
	ps := randomGamePositions(rng, 100, 120)
	n := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := 0; k < benchPasses; k++ {
			for j := range ps {
				n += ps[j].CountMoves()
			}
		}
	}
	b.ReportMetric(float64(b.N*benchPasses*len(ps))/b.Elapsed().Seconds(), "positions/s")
}

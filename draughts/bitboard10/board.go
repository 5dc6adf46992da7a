// Package bitboard10 is a fast move generator and perft for 10x10
// international draughts (FMJD rules) on 64-bit bitboards.
//
// # Layout
//
// The 50 playable squares are stored in a uint64 with one ghost (padding)
// bit after every two rows ("54-bit layout"). Square n (1..50, PDN/Manoury
// numbering: 1 = b10, 5 = j10, 46 = a1, 50 = i1) lives at bit
//
//	i := n - 1
//	bit := i + i/10
//
// so bits 0..53 are used and bits 10, 21, 32, 43 (and 54..63) are ghosts
// that are never set. With this padding the four diagonal directions are
// constant shifts:
//
//	-6  up-left    (towards square 1, White's forward-left)
//	-5  up-right   (White's forward-right)
//	+5  down-left  (Black's forward, as White sees the board)
//	+6  down-right
//
// A step that would leave the board lands on a ghost bit or outside 0..53,
// and is removed by masking with [BoardMask]. The 180° rotation of the board
// is the bit reversal of the 54 bits (bit b <-> bit 53-b).
//
// White moves up (towards square 1, decreasing bits), Black moves down.
// White promotes on squares 1..5 (bits 0..4), Black on 46..50 (bits 49..53).
//
// # Rules
//
// Men move one step diagonally forward and capture forwards and backwards;
// kings fly. Captured pieces are removed at the end of the move: they may not
// be jumped twice and they block. Empty squares (including the origin of the
// moving piece) may be crossed again. Majority rule (a king counts 1, free
// choice among equal counts), a capture must be continued while possible, and
// a man promotes only if it ends its move on the last row.
//
// Moves that capture the same set of pieces from the same origin to the same
// destination are one move ("drop" mode, [Position.Generate]).
// [Position.GenerateKeep] returns every distinct capture path ("keep" mode,
// for perft comparisons).
//
// # Speed
//
// Generation allocates nothing ([MoveList] is a fixed array). Man captures
// are found for all men at once with shifts; when no landing square allows a
// second jump (the usual case) the moves are emitted, or counted with
// popcounts, without any search; when only the number of moves is wanted,
// captures of two or three pieces that cannot go on are counted so too.
// Otherwise a depth-first search runs from the men whose jump continues. Kings' quiet moves, and whether any king can
// capture, are found for all kings at once with shift fills; a king's
// captures follow each run of landing squares (kings.go), one look to the
// sides from each landing square and one straight on at the run's end; a
// count whose kings' captures all take one piece and cannot go on reads
// them off fills of the runs instead.
// Duplicate paths are merged by a scan only for captures of 4 or more pieces
// (3 for kings). [Perft] with Bulk counts the last two plies from the
// children's bitboards, and with HashMB uses a transposition table keyed by
// the full position and the remaining depth (two-entry buckets, mapped with
// transparent huge pages on Linux). Perft 11 from the start position
// (1,665,861,398) takes about 0.5 s of CPU on one core with the default
// 64 MiB table and about 4.7 s without a table (AMD EPYC, GOAMD64=v1; see
// BenchmarkPerftStart11Bulk and BenchmarkPerft).
package bitboard10

import "math/bits"

// Direction shifts in the 54-bit layout.
const (
	dirUL = -6 // up-left
	dirUR = -5 // up-right
	dirDL = 5  // down-left
	dirDR = 6  // down-right
)

const (
	// NumSquares is the number of playable squares.
	NumSquares = 50
	// NumBits is the number of bits spanned by the layout (0..53).
	NumBits = 54

	ghostMask uint64 = 1<<10 | 1<<21 | 1<<32 | 1<<43
	// BoardMask has a bit set for each of the 50 playable squares.
	BoardMask uint64 = (1<<NumBits - 1) &^ ghostMask

	// WhitePromo is the set of squares where white men promote (1..5).
	WhitePromo uint64 = 0x1f
	// BlackPromo is the set of squares where black men promote (46..50).
	BlackPromo uint64 = 0x1f << 49
)

// squareBit maps a square number 1..50 to its bit index; squareBit[0] = 255.
var squareBit [NumSquares + 1]uint8

// bitSquare maps a bit index to its square number 1..50, or 0 for ghosts.
var bitSquare [64]uint8

// ray[d][b] holds the squares strictly beyond bit b in direction d, up to the
// edge of the board. d: 0 = up-left (-6), 1 = up-right (-5), 2 = down-left
// (+5), 3 = down-right (+6). Directions 0 and 1 are "negative" (the nearest
// square on the ray is its highest bit), 2 and 3 are "positive".
var ray [4][64]uint64

// dirShift gives the signed shift of each ray direction.
var dirShift = [4]int{dirUL, dirUR, dirDL, dirDR}

func init() {
	squareBit[0] = 255
	for n := 1; n <= NumSquares; n++ {
		i := n - 1
		b := i + i/10
		squareBit[n] = uint8(b)
		bitSquare[b] = uint8(n)
	}
	// Rays from coordinates, independent of the shift arithmetic (the tests
	// check that the shifts agree with them).
	type rc struct{ r, c int }
	coord := func(n int) rc { // r = 0 is White's back rank, c = 0 is file a
		i := n - 1
		tr := i / 5
		k := i % 5
		r := 9 - tr
		return rc{r, 2*k + r%2}
	}
	sqAt := func(r, c int) int {
		if r < 0 || r > 9 || c < 0 || c > 9 || (r+c)%2 != 0 {
			return 0
		}
		tr := 9 - r
		return tr*5 + (c-r%2)/2 + 1
	}
	// up = towards row 9 (square 1); up-left = c-1.
	dr := [4]rc{{1, -1}, {1, 1}, {-1, -1}, {-1, 1}}
	for n := 1; n <= NumSquares; n++ {
		from := coord(n)
		for d := 0; d < 4; d++ {
			var m uint64
			r, c := from.r+dr[d].r, from.c+dr[d].c
			for {
				s := sqAt(r, c)
				if s == 0 {
					break
				}
				m |= 1 << squareBit[s]
				r += dr[d].r
				c += dr[d].c
			}
			ray[d][squareBit[n]] = m
		}
	}
}

// SquareBit returns the bitboard of square n (1..50); 0 if n is out of range.
func SquareBit(n int) uint64 {
	if n < 1 || n > NumSquares {
		return 0
	}
	return 1 << squareBit[n]
}

// BitSquare returns the square number (1..50) of bit index b, or 0 if b is a
// ghost or out of range.
func BitSquare(b int) int {
	if b < 0 || b > 63 {
		return 0
	}
	return int(bitSquare[b])
}

// Squares returns the square numbers (1..50) of the bits in bb, ascending.
func Squares(bb uint64) []int {
	out := make([]int, 0, bits.OnesCount64(bb))
	for bb &= BoardMask; bb != 0; bb &= bb - 1 {
		out = append(out, int(bitSquare[bits.TrailingZeros64(bb)]))
	}
	return out
}

// Rotate returns bb rotated by 180° (square n <-> square 51-n).
func Rotate(bb uint64) uint64 {
	return bits.Reverse64(bb&BoardMask) >> (64 - NumBits)
}

package draughts

// zobrist holds one random key per (square, piece) and one for Black to move.
type zobrist struct {
	keys  [][5]uint64
	black uint64
}

// newZobrist builds the table of g. The keys come from a fixed seed so that
// hashes are stable across runs (they may be stored).
func newZobrist(g *Geometry) *zobrist {
	next := SplitMix64(uint64(0x6d65747a)*uint64(g.Width*31+g.Height) + uint64(g.Layout))
	z := &zobrist{keys: make([][5]uint64, g.N)}
	for s := range z.keys {
		for pc := 1; pc < 5; pc++ {
			z.keys[s][pc] = next()
		}
	}
	z.black = next()
	return z
}

// SplitMix64 returns Vigna's splitmix64 generator from seed: the fixed
// pseudo-random sequence every Zobrist table of metz draws its keys from
// (this package's and the bitboard generators'), so that a hash computed
// today is the one computed tomorrow.
func SplitMix64(seed uint64) func() uint64 {
	return func() uint64 {
		seed += 0x9e3779b97f4a7c15
		x := seed
		x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
		x = (x ^ (x >> 27)) * 0x94d049bb133111eb
		return x ^ (x >> 31)
	}
}

// PieceOfBits is the piece a bitboard generator's boards hold on bit b
// (white, black and kings: the kings a subset of the other two), or Empty.
func PieceOfBits(white, black, kings, b uint64) Piece {
	switch {
	case white&b != 0 && kings&b != 0:
		return WhiteKing
	case white&b != 0:
		return WhiteMan
	case black&b != 0 && kings&b != 0:
		return BlackKing
	case black&b != 0:
		return BlackMan
	}
	return Empty
}

// SetPieceBits is PieceOfBits' inverse: it adds bit b to the boards that
// hold pc (none for Empty). It reports false for a value that is no piece.
func SetPieceBits(pc Piece, b uint64, white, black, kings *uint64) bool {
	switch pc {
	case Empty:
	case WhiteMan:
		*white |= b
	case WhiteKing:
		*white |= b
		*kings |= b
	case BlackMan:
		*black |= b
	case BlackKing:
		*black |= b
		*kings |= b
	default:
		return false
	}
	return true
}

// runs is the key of the king runs of a position (0 when it has none):
// a key per colour, run length and square, each splitmix64's first value
// from a seed of its own, apart from the piece keys above (which stay what
// they were).
func (z *zobrist) runs(r [2]KingRun) uint64 {
	var h uint64
	for c, run := range r {
		if run.Moves > 0 {
			h ^= runKey(c, int(run.Moves), int(run.Square))
		}
	}
	return h
}

// runKey is a fixed pseudo-random key for a run of n moves on square s
// by colour c (n at most 255, s at most 255).
func runKey(c, n, s int) uint64 {
	return SplitMix64(uint64(0x72756e73)<<20 | uint64(c)<<16 | uint64(n)<<8 | uint64(s))()
}

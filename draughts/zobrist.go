package draughts

// zobrist holds one random key per (square, piece) and one for Black to move.
type zobrist struct {
	keys  [][5]uint64
	black uint64
}

// newZobrist builds the table of g. The keys come from a fixed seed so that
// hashes are stable across runs (they may be stored).
func newZobrist(g *Geometry) *zobrist {
	seed := uint64(0x6d65747a)*uint64(g.Width*31+g.Height) + uint64(g.Layout)
	next := func() uint64 { // splitmix64
		seed += 0x9e3779b97f4a7c15
		x := seed
		x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
		x = (x ^ (x >> 27)) * 0x94d049bb133111eb
		return x ^ (x >> 31)
	}
	z := &zobrist{keys: make([][5]uint64, g.N)}
	for s := range z.keys {
		for pc := 1; pc < 5; pc++ {
			z.keys[s][pc] = next()
		}
	}
	z.black = next()
	return z
}

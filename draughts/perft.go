package draughts

// Perft counts the leaf nodes of the move tree to the given depth. A node
// with no legal move contributes 0 (it is not a leaf at that depth).
func Perft(p Position, depth int, mode Mode) uint64 {
	if depth == 0 {
		return 1
	}
	ms := p.Generate(mode)
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		n += Perft(p.Play(m), depth-1, mode)
	}
	return n
}

// DivideEntry is the count below one root move.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each legal move.
func Divide(p Position, depth int, mode Mode) []DivideEntry {
	var out []DivideEntry
	for _, m := range p.Generate(mode) {
		out = append(out, DivideEntry{m, Perft(p.Play(m), depth-1, mode)})
	}
	return out
}

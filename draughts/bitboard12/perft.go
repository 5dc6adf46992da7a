package bitboard12

// Perft counts the leaf nodes of the legal-move tree (Drop mode) depth
// plies deep from p: perft(0) = 1, a node without moves counts 0. The last
// ply is counted with CountMoves, without playing it.
func (e *Engine) Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	lists := make([]MoveList, depth) // one per ply, allocated once
	return e.perft(p, depth, lists)
}

func (e *Engine) perft(p Position, depth int, lists []MoveList) uint64 {
	if depth == 1 {
		n, _ := e.CountMoves(p)
		return uint64(n)
	}
	ml := &lists[depth-1]
	e.Generate(p, ml)
	var n uint64
	for _, m := range ml.Slice() {
		n += e.perft(e.Play(p, m), depth-1, lists)
	}
	return n
}

package draughts

// filterPrecedence keeps the capture sequences the rules allow to be chosen.
func (r *Rules) filterPrecedence(ms []Move, board []Piece) []Move {
	switch r.Precedence {
	case Quantity:
		return keepMax(ms, func(m Move) int { return len(m.Captured) })
	case QuantityKings:
		ms = keepMax(ms, func(m Move) int { return len(m.Captured) })
		return keepMax(ms, Move.CapturedKings)
	case ItalianOrder:
		ms = keepMax(ms, func(m Move) int { return len(m.Captured) })
		ms = keepMax(ms, func(m Move) int { return boolInt(board[m.From()].IsKing()) })
		ms = keepMax(ms, Move.CapturedKings)
		return keepEarliestKing(ms)
	case WithKing:
		return keepMax(ms, func(m Move) int { return boolInt(board[m.From()].IsKing()) })
	case Value:
		ms = keepMax(ms, captureValue)
		return keepMax(ms, func(m Move) int { return boolInt(board[m.From()].IsKing()) })
	}
	return ms
}

// captureValue is what Frisian's precedence weighs: a man one, a king two
// less a 64th (more than a man, less than two men; two captures weigh the
// same only when they take as many men and as many kings, since no capture
// takes 64 pieces), scaled by 64.
func captureValue(m Move) int {
	kings := m.CapturedKings()
	return 64*(len(m.Captured)-kings) + 127*kings
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// keepMax keeps the moves with the largest score, in place.
func keepMax(ms []Move, score func(Move) int) []Move {
	best := -1
	for _, m := range ms {
		best = max(best, score(m))
	}
	out := ms[:0]
	for _, m := range ms {
		if score(m) == best {
			out = append(out, m)
		}
	}
	return out
}

// keepEarliestKing applies the Italian rule "the king met first": compare the
// king/man flags of the captured pieces in capture order; at the first index
// where two sequences differ, the one taking a king there is preferred.
func keepEarliestKing(ms []Move) []Move {
	better := func(a, b Move) int { // >0 if a is preferred to b
		for i := range min(len(a.CapturedPieces), len(b.CapturedPieces)) {
			ka, kb := a.CapturedPieces[i].IsKing(), b.CapturedPieces[i].IsKing()
			if ka != kb {
				if ka {
					return 1
				}
				return -1
			}
		}
		return 0
	}
	var out []Move
	for _, m := range ms {
		dominated := false
		for _, o := range ms {
			if better(o, m) > 0 {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, m)
		}
	}
	return out
}

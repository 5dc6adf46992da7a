package solver

import "metz/draughts/bitboard10"

// A refutation searches every attacker move of a node that fails, in any
// order; but a reply of the defender that loses is tried before his
// escape is found (at 12 and 14 plies from the bound a quarter of Vink's
// win/25 went to such replies), and there the attacker's winning move is
// searched after every move before it in the order. The moves that won
// elsewhere win again most often: the history heuristic of chess
// programs. Each attacker move that wins at a node of the bounded search,
// d plies from the bound, is credited d² (deep wins count most: their
// subtrees are the costly ones to search in vain), by its squares on the
// bitboard; a refutation tries the attacker's moves in the order of
// their credit, ties in the generator's order. Vink's win/25: 3.97 M
// nodes instead of 4.67 M; credits of 1, d, d³ or 2^(d/2): 4.46, 4.11,
// 3.96 and 3.98 M; the same for the defender's replies: 4.48 M and more
// (docs/performance.md).

// history is the attacker's credit by the from and to squares of a
// bitboard move. A fork copies its parent's (search.fork copies the
// search) and keeps its own: the order a fork sees does not depend on
// what the others beside it find.
type history [64][64]int64

// credit records that m won with d plies left (moves off the bitboard
// are not credited).
func (s *search[P, M]) credit(m *M, d int) {
	if b, ok := any(m).(*bitboard10.Move); ok {
		s.history[b.From&63][b.To&63] += int64(d * d)
	}
}

// historyFirst orders the attacker's moves cs by their credit, most
// first, ties in the generator's order (moves off the bitboard keep it).
func (s *search[P, M]) historyFirst(cs []child[P, M]) {
	var buf [64]int
	keys := buf[:0]
	for i := range cs {
		b, ok := any(&cs[i].m).(*bitboard10.Move)
		if !ok {
			return
		}
		keys = append(keys, -int(s.history[b.From&63][b.To&63]))
	}
	sortByKeys(cs, keys)
}

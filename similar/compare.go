package similar

import (
	"fmt"
	"math"

	"metz/draughts"
)

// Relation names how a record stands to the position asked about.
type Relation string

// The relations, from the closest (docs/similar.md defines each).
const (
	Same            Relation = "same"
	ColoursReversed Relation = "colours-reversed"
	Mirrored        Relation = "mirrored"
	Shifted         Relation = "shifted"
	PiecesDiffer    Relation = "pieces-differ"
	SameCombination Relation = "same-combination"
)

// Match is how one position stands to another.
type Match struct {
	Relation Relation
	// Detail says it in words: "board turned 180°, colours reversed",
	// "moved 2 rows up", "1 piece differs: +W28".
	Detail string
	// Differ is the number of pieces that differ (PiecesDiffer).
	Differ int
	Score  float64
}

// Scores of the relations: the same problem first, then a shift (another
// board edge, another distance to the crowning row), then a correction of
// one or two pieces, then the same idea on another board.
var scores = map[Relation]float64{Same: 1, ColoursReversed: 0.95, Mirrored: 0.95, Shifted: 0.85,
	PiecesDiffer: 0.7, SameCombination: 0.5}

// ScoreOf is a relation's score; a pieces-differ match loses a tenth for
// each piece.
func ScoreOf(rel Relation, differ int) float64 {
	if rel == PiecesDiffer {
		return scores[rel] - 0.1*float64(differ-1)
	}
	return scores[rel]
}

// Compare says how p stands to q, both under the same rules, through their
// positions alone (the final combination is matched by its key): the best
// relation that holds, or false when none does.
func Compare(q, p draughts.Position) (Match, bool) {
	if q.Rules != p.Rules {
		return Match{}, false
	}
	men := hasMen(q) || hasMen(p)
	for _, t := range Symmetries(q.Rules, men) {
		if qt, ok := t.Apply(q); ok && qt.Equal(p) {
			return exactMatch(t), true
		}
	}
	if m, ok := compareShift(q, p); ok {
		return m, true
	}
	return compareNear(q, p, men)
}

func exactMatch(t Transform) Match {
	rel := Mirrored
	switch {
	case t.IsIdentity():
		rel = Same
	case t.Swap:
		rel = ColoursReversed
	}
	return Match{Relation: rel, Detail: t.Words(), Score: ScoreOf(rel, 0)}
}

// compareShift finds p as q transformed and moved, both legal.
func compareShift(q, p draughts.Position) (Match, bool) {
	if !Legal(q) || !Legal(p) || pieceCount(q) == 0 || pieceCount(q) != pieceCount(p) {
		return Match{}, false
	}
	target := shiftHash(p, Transform{})
	for _, t := range looseTransforms(hasMen(q)) {
		if shiftHash(q, t) != target {
			continue
		}
		dr, dc := offset(q, p, t)
		if !shiftedOnto(q, p, t, dr, dc) {
			continue // two classes that share a key
		}
		words := moveWords(dr, dc)
		if !t.IsIdentity() {
			words = t.Words() + ", " + words
		}
		return Match{Relation: Shifted, Detail: words, Score: ScoreOf(Shifted, 0)}, true
	}
	return Match{}, false
}

// offset is the step (rows up, files right) that takes q, transformed by
// t, onto p.
func offset(q, p draughts.Position, t Transform) (int, int) {
	g := q.Rules.Geo
	minQR, minQC, minPR, minPC := math.MaxInt, math.MaxInt, math.MaxInt, math.MaxInt
	for s, pc := range q.Board {
		if pc != draughts.Empty {
			r, c := t.Cell(g.Row(s), g.Col(s), g.Width, g.Height)
			minQR, minQC = min(minQR, r), min(minQC, c)
		}
	}
	for s, pc := range p.Board {
		if pc != draughts.Empty {
			minPR, minPC = min(minPR, g.Row(s)), min(minPC, g.Col(s))
		}
	}
	return minPR - minQR, minPC - minQC
}

// shiftedOnto checks, piece by piece, that q transformed by t and moved
// by (dr, dc) is p.
func shiftedOnto(q, p draughts.Position, t Transform, dr, dc int) bool {
	g := q.Rules.Geo
	for s, pc := range q.Board {
		if pc == draughts.Empty {
			continue
		}
		r, c := t.Cell(g.Row(s), g.Col(s), g.Width, g.Height)
		d := g.Square(r+dr, c+dc)
		if d < 0 || p.Board[d] != t.Piece(pc) {
			return false
		}
	}
	turn := q.Turn
	if t.Swap {
		turn = turn.Opponent()
	}
	return turn == p.Turn
}

// moveWords says a shift in words.
func moveWords(dr, dc int) string {
	plural := func(n int, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %ss", n, one)
	}
	var parts []string
	switch {
	case dr > 0:
		parts = append(parts, plural(dr, "row")+" up")
	case dr < 0:
		parts = append(parts, plural(-dr, "row")+" down")
	}
	switch {
	case dc > 0:
		parts = append(parts, plural(dc, "file")+" right")
	case dc < 0:
		parts = append(parts, plural(-dc, "file")+" left")
	}
	if len(parts) == 0 {
		return "in place"
	}
	if len(parts) == 2 {
		return "moved " + parts[0] + " and " + parts[1]
	}
	return "moved " + parts[0]
}

// compareNear finds p as q (under a symmetry) with one or two pieces
// different: d pieces of each side's not in the other, d at most 2 and at
// most a third of the larger position, the side to move the same.
func compareNear(q, p draughts.Position, men bool) (Match, bool) {
	best, bestT := 3, Transform{}
	var bestDiff string
	size := max(pieceCount(q), pieceCount(p))
	for _, t := range Symmetries(q.Rules, men) {
		qt, ok := t.Apply(q)
		if !ok || qt.Turn != p.Turn {
			continue
		}
		d, diff := difference(qt, p)
		if d < best && d >= 1 && 3*d <= size {
			best, bestT, bestDiff = d, t, diff
		}
	}
	if best > 2 {
		return Match{}, false
	}
	detail := fmt.Sprintf("%d piece differs: %s", best, bestDiff)
	if best > 1 {
		detail = fmt.Sprintf("%d pieces differ: %s", best, bestDiff)
	}
	if !bestT.IsIdentity() {
		detail = bestT.Words() + "; " + detail
	}
	return Match{Relation: PiecesDiffer, Detail: detail, Differ: best, Score: ScoreOf(PiecesDiffer, best)}, true
}

// difference counts the pieces of q not in p and of p not in q, and
// returns the larger count with the changes written from q to p ("-W28
// +WK28").
func difference(q, p draughts.Position) (int, string) {
	var out, in int
	var words string
	add := func(sign string, s int, pc draughts.Piece) {
		if words != "" {
			words += " "
		}
		words += sign + pieceName(q.Rules, s, pc)
	}
	for s := range q.Board {
		a, b := q.Board[s], p.Board[s]
		if a == b {
			continue
		}
		if a != draughts.Empty {
			out++
			add("-", s, a)
		}
		if b != draughts.Empty {
			in++
			add("+", s, b)
		}
	}
	return max(out, in), words
}

// pieceName writes a piece on a square as a FEN does: W28, BK3, Wc3.
func pieceName(r *draughts.Rules, s int, pc draughts.Piece) string {
	c := "W"
	if pc.Color() == draughts.Black {
		c = "B"
	}
	if pc.IsKing() {
		c += "K"
	}
	return c + r.SquareName(s)
}

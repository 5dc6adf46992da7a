package draughts

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// FormatMove writes m in the rules' notation: "32-28", "33x22" (or with
// full path "33x22x13"), "c3-d4", "c3:e5:g3".
func (r *Rules) FormatMove(m Move, fullPath bool) string {
	if !m.IsCapture() {
		return r.SquareName(m.From()) + "-" + r.SquareName(m.To())
	}
	squares := []int{m.From(), m.To()}
	if fullPath {
		squares = m.Path
	}
	parts := make([]string, len(squares))
	for i, s := range squares {
		parts[i] = r.SquareName(s)
	}
	return strings.Join(parts, string(r.CaptureSep))
}

// MoveError explains why a written move does not name a legal move.
type MoveError struct {
	Text       string
	Reason     string
	Candidates []string // legal moves the text could mean, or the legal moves near it
}

func (e *MoveError) Error() string {
	s := fmt.Sprintf("move %q: %s", e.Text, e.Reason)
	if len(e.Candidates) > 0 {
		s += " (" + strings.Join(e.Candidates, ", ") + ")"
	}
	return s
}

// ParseMove finds the legal move that text names in p. It reads PDN moves
// ("32-28", "33x22", "33x22x13", "c3:e5"), the books' "28 à 23", "28 a 23",
// "28à23", and phrases such as "prennent de 19 à 39": the first square is
// the origin, the last the destination, any between must be landing squares
// of the capture path in that order.
func ParseMove(p Position, text string) (Move, error) {
	toks, capture, err := moveSquares(p.Rules, text)
	if err != nil {
		return Move{}, &MoveError{Text: text, Reason: err.Error()}
	}
	if len(toks) < 2 {
		return Move{}, &MoveError{Text: text, Reason: "expected an origin and a destination square, like 32-28"}
	}
	return p.matchMove(text, toks, capture)
}

// moveSquares extracts the squares of a written move and whether it was
// explicitly written as a capture.
func moveSquares(r *Rules, text string) ([]int, bool, error) {
	var squares []int
	capture := false
	rs := []rune(strings.ToLower(text))
	for i := 0; i < len(rs); {
		c := rs[i]
		switch {
		case unicode.IsDigit(c) || (r.Algebraic && c >= 'a' && c <= 'z' && i+1 < len(rs) && unicode.IsDigit(rs[i+1])):
			j := i + 1
			for j < len(rs) && unicode.IsDigit(rs[j]) {
				j++
			}
			s, err := r.Geo.ParseSquare(string(rs[i:j]))
			if err != nil {
				return nil, false, err
			}
			squares = append(squares, s)
			i = j
			continue
		case c == 'x' || c == ':' || c == '×':
			capture = true
		case unicode.IsLetter(c):
			j := i
			for j < len(rs) && unicode.IsLetter(rs[j]) {
				j++
			}
			if w := string(rs[i:j]); strings.HasPrefix(w, "pren") || w == "x" {
				capture = true
			}
			i = j
			continue
		}
		i++
	}
	return squares, capture, nil
}

func (p Position) matchMove(text string, toks []int, capture bool) (Move, error) {
	r := p.Rules
	from := toks[0]
	fail := func(reason string, cands []Move) (Move, error) {
		e := &MoveError{Text: text, Reason: reason}
		for _, m := range cands {
			e.Candidates = append(e.Candidates, r.FormatMove(m, true))
		}
		return Move{}, e
	}
	pc := p.Board[from]
	if pc == Empty {
		return fail(fmt.Sprintf("no piece on %s", r.SquareName(from)), nil)
	}
	if pc.Color() != p.Turn {
		return fail(fmt.Sprintf("%s holds a %s piece but %s is to move", r.SquareName(from), strings.ToLower(pc.Color().String()), p.Turn), nil)
	}
	matches := matchPaths(p.candidatePaths(toks), toks)
	switch {
	case len(matches) == 1:
		if capture && !matches[0].IsCapture() {
			return fail("written as a capture but it takes nothing", matches)
		}
		return matches[0], nil
	case len(matches) > 1:
		return fail("ambiguous: several capture paths take different pieces", matches)
	}
	// Not a legal move: the legal ones say why (generated only now, the
	// moves of a game being legal far more often than not).
	legal := p.Moves()
	var fromHere []Move
	for _, m := range legal {
		if m.From() == from {
			fromHere = append(fromHere, m)
		}
	}
	switch {
	case len(legal) > 0 && legal[0].IsCapture():
		return fail("not legal: a capture is compulsory", legal)
	case len(fromHere) == 0:
		return fail(fmt.Sprintf("not legal: the piece on %s has no legal move", r.SquareName(from)), legal)
	}
	return fail("not legal", fromHere)
}

// matchPaths returns the moves whose path fits the written squares. Every
// path is tried, not only the one kept for each merged move, so that a loop
// written either way round is found; a path written in full wins over longer
// paths that contain it; paths with the same effect are one move.
func matchPaths(all []Move, toks []int) []Move {
	from, to := toks[0], toks[len(toks)-1]
	var matches []Move
	for _, m := range all {
		if m.From() == from && m.To() == to && containsInOrder(m.Path[1:len(m.Path)-1], toks[1:len(toks)-1]) {
			if slices.Equal(m.Path, toks) {
				return []Move{m}
			}
			matches = append(matches, m)
		}
	}
	return dedupe(matches, Move.SameEffect)
}

// candidatePaths are the legal ways to play among which a move written
// with squares toks is looked for: every capture path when a capture is
// due, else the quiet moves joining its first and last squares (built
// alone, from the piece on the first: a game's moves are read one by one,
// and building every quiet move of each position to find one was most of
// an import's time).
func (p Position) candidatePaths(toks []int) []Move {
	if p.HasCapture() {
		return p.Rules.filterPrecedence(p.captures(), p.Board)
	}
	from, to := toks[0], toks[len(toks)-1]
	var out []Move
	if from < 0 || from >= len(p.Board) || !p.Board[from].Belongs(p.Turn) {
		return nil
	}
	p.eachQuietFrom(from, func(s, t int, man bool) {
		if t == to {
			out = append(out, Move{Path: []int{s, t}, Promotes: man && p.Rules.PromotionRow(t, p.Turn)})
		}
	})
	return out
}

// containsInOrder reports whether want is a subsequence of path.
func containsInOrder(path, want []int) bool {
	i := 0
	for _, s := range path {
		if i < len(want) && s == want[i] {
			i++
		}
	}
	return i == len(want)
}

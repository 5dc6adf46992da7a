package booknotation

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"metz/draughts"
)

// Partial is a move a source names only in part, as prose does: "le pion
// blanc dame à la case 4" (no origin), "la dame noire 50 prend le pion blanc
// 22 et s'arrête au delà à volonté" (the piece taken, a free landing). Build
// resolves it to the legal move that fits what is named and says on the
// node what it inferred and from which words. Squares are numbers as printed.
type Partial struct {
	From    int   // origin; 0 when implied
	Origins []int // the squares the text allows for an implied origin ("placée soit à 6, soit à 11")
	To      int   // destination; 0 when not stated or free
	Takes   []int // squares of the pieces the text says the move takes
	// Landings are the landing squares the book offers, in its order; the
	// first legal one is kept ("soit à 6, soit à 11, soit à 17").
	Landings []int
	// Free says the book leaves the landing to the player ("à volonté").
	Free bool
	// Unstated says the text names no landing at all: any legal landing
	// fits, as with Free, and the note says the book is silent.
	Unstated     bool
	Words        string // the words the move was read from
	LandingWords string // the words that gave Landings, when they are elsewhere
}

// describe says what the partial move names, for messages.
func (q *Partial) describe() string {
	var parts []string
	if q.From > 0 {
		parts = append(parts, "from "+strconv.Itoa(q.From))
	} else if len(q.Origins) > 0 {
		parts = append(parts, "from one of "+joinSquares(q.Origins))
	}
	if len(q.Takes) > 0 {
		parts = append(parts, "taking "+joinSquares(q.Takes))
	}
	if q.To > 0 {
		parts = append(parts, "ending on "+strconv.Itoa(q.To))
	}
	if len(parts) == 0 {
		return "a move"
	}
	return strings.Join(parts, ", ")
}

func joinSquares(sq []int) string {
	s := make([]string, len(sq))
	for i, n := range sq {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}

// fits reports whether m has everything q names (not the landing list:
// that chooses among fitting moves).
func (q *Partial) fits(r *draughts.Rules, m draughts.Move) bool {
	num := func(s int) int { n, _ := strconv.Atoi(r.SquareName(s)); return n }
	if q.From > 0 && num(m.From()) != q.From {
		return false
	}
	if len(q.Origins) > 0 && !slices.Contains(q.Origins, num(m.From())) {
		return false
	}
	if q.To > 0 && num(m.To()) != q.To {
		return false
	}
	for _, t := range q.Takes {
		if !slices.ContainsFunc(m.Captured, func(s int) bool { return num(s) == t }) {
			return false
		}
	}
	return true
}

// resolvePartial finds the legal move of p that q names. When several fit
// and the landing is free or unstated, the first of the book's landings
// that is legal is kept, else the first legal move; otherwise several
// fitting moves are ambiguous. It returns the move and a note saying what
// was inferred.
func resolvePartial(p draughts.Position, q *Partial) (draughts.Move, string, error) {
	r := p.Rules
	var fit []draughts.Move
	for _, m := range p.Moves() {
		if q.fits(r, m) {
			fit = append(fit, m)
		}
	}
	side := strings.ToLower(p.Turn.String())
	if len(fit) == 0 {
		return draughts.Move{}, "", fmt.Errorf("no legal move of %s %s (from %q); legal: %s",
			side, q.describe(), q.Words, strings.Join(formatMoves(r, p.Moves()), ", "))
	}
	chosen, landingNote, err := q.choose(r, fit, side)
	if err != nil {
		return draughts.Move{}, "", err
	}
	notes := []string{fmt.Sprintf("read as %s: %s of %s %s (from %q)", r.FormatMove(chosen, true),
		onlyOrKept(len(fit)), side, q.describe(), q.Words)}
	if landingNote != "" {
		notes = append(notes, landingNote)
	}
	return chosen, strings.Join(notes, "; "), nil
}

func onlyOrKept(n int) string {
	if n == 1 {
		return "the only legal move"
	}
	return "one of " + strconv.Itoa(n) + " legal moves"
}

// choose picks among the fitting moves: the book's landing order first,
// then, for a free or unstated landing, the first legal move.
func (q *Partial) choose(r *draughts.Rules, fit []draughts.Move, side string) (draughts.Move, string, error) {
	if len(fit) == 1 {
		return fit[0], "", nil
	}
	to := func(m draughts.Move) int { n, _ := strconv.Atoi(r.SquareName(m.To())); return n }
	var legal []int
	for _, m := range fit {
		if !slices.Contains(legal, to(m)) {
			legal = append(legal, to(m))
		}
	}
	if len(legal) == 1 || !(q.Free || q.Unstated || len(q.Landings) > 0) {
		return draughts.Move{}, "", fmt.Errorf("ambiguous: %d legal moves of %s %s (from %q): %s",
			len(fit), side, q.describe(), q.Words, strings.Join(formatMoves(r, fit), ", "))
	}
	why := "the landing is free (à volonté)"
	if !q.Free {
		why = "the book names no landing"
	}
	for _, l := range q.Landings {
		for _, m := range fit {
			if to(m) == l {
				note := fmt.Sprintf("%s; legal landings %s; %d kept, the first the book names", why, joinSquares(legal), l)
				if q.LandingWords != "" {
					note += fmt.Sprintf(" (%q)", q.LandingWords)
				}
				return m, note, nil
			}
		}
	}
	if len(q.Landings) > 0 && !q.Free && !q.Unstated {
		return draughts.Move{}, "", fmt.Errorf("no legal landing among the book's %s; legal: %s",
			joinSquares(q.Landings), joinSquares(legal))
	}
	note := fmt.Sprintf("%s; legal landings %s; %d kept, the first legal", why, joinSquares(legal), to(fit[0]))
	if len(q.Landings) > 0 {
		note += " (none of the book's " + joinSquares(q.Landings) + " is)"
	}
	return fit[0], note, nil
}

func formatMoves(r *draughts.Rules, ms []draughts.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = r.FormatMove(m, true)
	}
	return out
}

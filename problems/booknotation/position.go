package booknotation

import (
	"fmt"
	"strings"
	"unicode"

	"metz/draughts"
)

// ParsePosition reads a position as the books print it, on the 100-square
// board, White to move:
//
//	Noirs : (4, dame noire) 6, 17, 22, 35
//	Blancs : 14, 16, 23, 28
//
// and returns it as a PDN FEN ("W:W14,16,23,28:BK4,6,17,22,35").
func ParsePosition(text string) (string, error) {
	return ParsePositionFor(draughts.International, text)
}

// ParsePositionFor is ParsePosition on the board of rules r.
func ParsePositionFor(r *draughts.Rules, text string) (string, error) {
	p := draughts.NewPosition(r)
	p.Turn = draughts.White
	seen := map[int]bool{}
	sides := 0
	for i, line := range strings.Split(text, "\n") {
		key, val, ok := splitKey(line)
		if !ok {
			if strings.TrimSpace(line) == "" {
				continue
			}
			return "", fmt.Errorf("line %d: %q: expected \"Noirs : …\" or \"Blancs : …\"", i+1, strings.TrimSpace(line))
		}
		c, ok := sideWord(key)
		if !ok {
			return "", fmt.Errorf("line %d: %q: expected \"Noirs\" or \"Blancs\" before the colon", i+1, key)
		}
		if err := addList(&p, c, val, seen); err != nil {
			return "", fmt.Errorf("line %d (%s): %w", i+1, key, err)
		}
		sides++
	}
	if sides == 0 {
		return "", fmt.Errorf("no \"Noirs :\" or \"Blancs :\" line")
	}
	return p.FEN(), nil
}

// splitKey splits "Noirs : 4, 6" into its key and value.
func splitKey(line string) (key, val string, ok bool) {
	k, v, ok := strings.Cut(line, ":")
	if !ok {
		return "", "", false
	}
	return strings.TrimSpace(k), strings.TrimSpace(v), true
}

// sideWord reads the colour words of a position line.
func sideWord(w string) (draughts.Color, bool) {
	switch fold(w) {
	case "noirs", "noir", "black", "b", "les noirs":
		return draughts.Black, true
	case "blancs", "blanc", "white", "w", "les blancs":
		return draughts.White, true
	}
	return 0, false
}

// fold lower-cases w and drops its accents, so that "Dame", "DAME" and a
// scan's "dame" compare equal.
func fold(w string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(w)) {
		switch r {
		case 'à', 'â':
			r = 'a'
		case 'é', 'è', 'ê':
			r = 'e'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// item is one entry of a position list: a square or a range, maybe a king.
type item struct {
	text     string
	from, to int // square numbers, to == from for a single square
	king     bool
	colour   string // "noire", "blanche" when the entry says so
}

// addList puts the pieces of one list on the board.
func addList(p *draughts.Position, c draughts.Color, list string, seen map[int]bool) error {
	items, err := lister{p.Rules}.splitItems(list)
	if err != nil {
		return err
	}
	for _, it := range items {
		if it.colour != "" && (it.colour == "blanche") != (c == draughts.White) {
			return fmt.Errorf("%q: a %s king in the list of the other side", it.text, it.colour)
		}
		for n := it.from; n <= it.to; n++ {
			s, err := p.Rules.Geo.ParseSquare(fmt.Sprint(n))
			if err != nil {
				return fmt.Errorf("%q: %v", it.text, err)
			}
			if seen[s] {
				return fmt.Errorf("%q: square %s is given twice", it.text, p.Rules.SquareName(s))
			}
			seen[s] = true
			p.Board[s] = draughts.ManOf(c)
			if it.king {
				p.Board[s] = draughts.KingOf(c)
			}
		}
	}
	return nil
}

// splitItems cuts a list at commas (and "et") outside parentheses, and reads
// each entry. Words that only describe the list ("pions noirs", "en tout")
// are skipped. Kings named in the plural make kings of the squares after
// them up to the next semicolon ("pions 3, 5 ; dames 10, 12", as metz's
// book export writes a list).
func (ls lister) splitItems(list string) ([]item, error) {
	var out []item
	plural := false
	for _, raw := range splitOutside(list) {
		if raw == groupEnd {
			plural = false
			continue
		}
		txt := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(raw), "."))
		if txt == "" || isFiller(txt) {
			continue
		}
		switch fold(strings.Fields(txt)[0]) {
		case "dames", "kings":
			plural = true
		case "pions", "men":
			plural = false
		}
		its, err := ls.readItem(txt)
		if err != nil {
			return nil, err
		}
		for i := range its {
			its[i].king = its[i].king || plural
		}
		out = append(out, its...)
	}
	return out, nil
}

// groupEnd stands for a semicolon in what splitOutside returns.
const groupEnd = ";"

// splitOutside splits at commas and semicolons that are not inside
// parentheses; within a chunk, blanks also separate plain squares
// ("(4, dame noire) 6" is two entries).
func splitOutside(s string) []string {
	var parts []string
	depth, start := 0, 0
	cut := func(i int) {
		parts = append(parts, s[start:i])
		start = i
	}
	for i, r := range s {
		switch {
		case r == '(':
			if depth == 0 {
				cut(i)
			}
			depth++
		case r == ')':
			if depth > 0 {
				depth--
			}
			if depth == 0 {
				cut(i + 1)
			}
		case r == ',' && depth == 0:
			cut(i)
			start = i + 1
		case r == ';' && depth == 0:
			cut(i)
			parts = append(parts, groupEnd)
			start = i + 1
		}
	}
	parts = append(parts, s[start:])
	return parts
}

var fillers = map[string]bool{"pions": true, "pion": true, "noirs": true, "blancs": true, "noir": true,
	"blanc": true, "et": true, "en": true, "tout": true, "les": true, "men": true, "kings": true,
	"aucune": true, "aucun": true, "piece": true, "pieces": true, "none": true}

// isFiller reports whether txt holds only describing words.
func isFiller(txt string) bool {
	for _, w := range strings.Fields(txt) {
		if !fillers[fold(w)] {
			return false
		}
	}
	return true
}

// readItem reads "6", "31-35", "31 à 35", "(4, dame noire)", "D4", "K4",
// "dame 4", "4 D", or several plain squares separated by blanks.
func (ls lister) readItem(txt string) ([]item, error) {
	if strings.HasPrefix(txt, "(") {
		it, err := ls.readParen(txt)
		return []item{it}, err
	}
	words := wordsOf(txt)
	var out []item
	king := false
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch f := fold(w); {
		case f == "d" || f == "k" || f == "dame" || f == "dames" || f == "king":
			king = true
			continue
		case (f == "-" || f == "a" || f == "à") && len(out) > 0 && i+1 < len(words):
			hi, err := ls.number(words[i+1], txt)
			if err != nil {
				return nil, err
			}
			last := &out[len(out)-1]
			if hi < last.from {
				return nil, fmt.Errorf("%q: range runs backwards", txt)
			}
			last.to = hi
			i++
			continue
		case isFiller(w):
			continue
		case f == "noire" || f == "blanche":
			if len(out) > 0 && out[len(out)-1].king {
				out[len(out)-1].colour = f
				continue
			}
		}
		if n, isKing, ok := ls.kingPrefixed(w); ok {
			out = append(out, item{text: txt, from: n, to: n, king: isKing || king})
			king = false
			continue
		}
		return nil, fmt.Errorf("%q: %q is not a square (expected a number, a range like 31-35, or a king like (4, dame) or D4)", txt, w)
	}
	if king && len(out) > 0 {
		out[len(out)-1].king = true // "4 D"
	} else if king {
		return nil, fmt.Errorf("%q: a king without a square", txt)
	}
	return out, nil
}

// readParen reads "(4, dame noire)", "(28, dame)", "(dame, 4)".
func (ls lister) readParen(txt string) (item, error) {
	inner := strings.TrimSuffix(strings.TrimPrefix(txt, "("), ")")
	it := item{text: txt, from: -1}
	for _, w := range wordsOf(strings.ReplaceAll(inner, ",", " ")) {
		switch f := fold(w); f {
		case "dame", "d", "k", "king":
			it.king = true
		case "noire", "blanche":
			it.colour = f
		case "pion", "man":
		default:
			n, err := ls.number(w, txt)
			if err != nil {
				return it, err
			}
			if it.from >= 0 {
				return it, fmt.Errorf("%q: two squares in one parenthesis", txt)
			}
			it.from, it.to = n, n
		}
	}
	if it.from < 0 {
		return it, fmt.Errorf("%q: no square in the parenthesis", txt)
	}
	return it, nil
}

// kingPrefixed reads "12", "D12" or "K12" (and "c3", "Kc3" where squares
// are named so: there "d4" is a square, not a king on 4).
func (ls lister) kingPrefixed(w string) (int, bool, bool) {
	king := false
	if n, err := ls.number(w, w); err == nil {
		return n, false, true
	}
	if len(w) > 1 && (w[0] == 'D' || w[0] == 'K' || w[0] == 'd' || w[0] == 'k') {
		king, w = true, w[1:]
	}
	n, err := ls.number(w, w)
	return n, king, err == nil
}

// lister reads position lists on the board of r: the squares by number,
// and by column and row ("c3") under rules that name them so.
type lister struct{ r *draughts.Rules }

// number reads a square: its number (its board range is checked later),
// or its name where the rules name squares by column and row.
func (ls lister) number(w, ctx string) (int, error) {
	if ls.r != nil && ls.r.Algebraic && isAlgebraic(w) {
		if s, err := ls.r.Geo.ParseSquare(w); err == nil {
			return ls.r.Geo.Number(s), nil
		}
	}
	n := 0
	if w == "" || len(w) > 4 {
		return 0, fmt.Errorf("%q: %q is not a square number", ctx, w)
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("%q: %q is not a square number", ctx, w)
		}
		n = n*10 + int(r-'0')
	}
	return n, nil
}

// wordsOf splits at blanks and around "-" so that "31-35" gives three words.
func wordsOf(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, unicode.IsSpace) {
		for len(f) > 0 {
			i := strings.IndexByte(f, '-')
			if i < 0 {
				out = append(out, f)
				break
			}
			if i > 0 {
				out = append(out, f[:i])
			}
			out = append(out, "-")
			f = f[i+1:]
		}
	}
	return out
}

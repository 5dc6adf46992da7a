package vantenac

import (
	"regexp"
	"strconv"
	"strings"

	"metz/draughts"
	"metz/problems/booknotation"
)

// position reads the diagram: a "Noirs : …" / "Blancs : …" list when the
// book prints one, else the prose of Problems I–III.
func (pr *problem) position(head []line) string {
	var list []string
	at := 0
	for _, l := range head {
		t := strings.TrimSpace(strings.ReplaceAll(l.text, "*", ""))
		if strings.HasPrefix(t, "Noirs :") || strings.HasPrefix(t, "Blancs :") {
			list = append(list, t)
			if at == 0 {
				at = l.no
			}
		}
	}
	if len(list) > 0 {
		fen, err := booknotation.ParsePosition(strings.Join(list, "\n"))
		if err != nil {
			pr.warn(at, strings.Join(list, " / "), "a position list: "+err.Error(), 0)
			return ""
		}
		return fen
	}
	return pr.prosePosition(head)
}

var (
	blackMenRE = regexp.MustCompile(`(?i)pions noirs occupent les cases ([\d,\s et]+)`)
	whiteMenRE = regexp.MustCompile(`(?i)pions blancs (?:occupent les|sont sur les) cases ([\d,\s et]+)`)
	kingRE     = regexp.MustCompile(`(?i)A la case (\d+) est une dame (noire|blanche)`)
	numRE      = regexp.MustCompile(`\d+`)
)

// prosePosition reads "les pions noirs occupent les cases 4, 7, …", "les
// pions blancs sont sur les cases …" and "A la case 10 est une dame noire".
func (pr *problem) prosePosition(head []line) string {
	text, lineOf := joinLines(head)
	p := draughts.NewPosition(draughts.International)
	p.Turn = draughts.White
	found := 0
	for _, side := range []struct {
		re *regexp.Regexp
		c  draughts.Color
	}{{blackMenRE, draughts.Black}, {whiteMenRE, draughts.White}} {
		m := side.re.FindStringSubmatchIndex(text)
		if m == nil {
			continue
		}
		found++
		for _, n := range numRE.FindAllString(text[m[2]:m[3]], -1) {
			if !pr.place(&p, n, side.c, false, lineOf(m[2])) {
				return ""
			}
		}
	}
	for _, m := range kingRE.FindAllStringSubmatchIndex(text, -1) {
		c := draughts.Black
		if text[m[4]:m[5]] == "blanche" {
			c = draughts.White
		}
		if !pr.place(&p, text[m[2]:m[3]], c, true, lineOf(m[0])) {
			return ""
		}
	}
	if found < 2 {
		pr.warn(head[0].no, "no position", "\"les pions noirs occupent les cases …\" and the white men's squares, or Noirs : / Blancs : lists", 0)
		return ""
	}
	return p.FEN()
}

// place puts a piece named in prose; a king is stated after its square was
// already given as a man, so it replaces the man of its colour.
func (pr *problem) place(p *draughts.Position, num string, c draughts.Color, king bool, no int) bool {
	s, err := draughts.International.Geo.ParseSquare(num)
	if err != nil {
		pr.warn(no, num, "a square of the position: "+err.Error(), 0)
		return false
	}
	switch {
	case king && p.Board[s] != draughts.Empty && p.Board[s].Color() != c:
		pr.warn(no, "dame on "+num, "a king on a square given to its own side", 0)
		return false
	case !king && p.Board[s] != draughts.Empty:
		pr.warn(no, num, "each square once in the position", 0)
		return false
	}
	p.Board[s] = draughts.ManOf(c)
	if king {
		p.Board[s] = draughts.KingOf(c)
	}
	return true
}

// joinLines joins lines with blanks and returns a function giving the
// source line of a byte offset.
func joinLines(ls []line) (string, func(int) int) {
	var b strings.Builder
	var starts []int
	for _, l := range ls {
		starts = append(starts, b.Len())
		b.WriteString(strings.ReplaceAll(l.text, "*", "") + " ")
	}
	return b.String(), func(off int) int {
		no := 0
		for i, s := range starts {
			if s <= off {
				no = ls[i].no
			}
		}
		return no
	}
}

var (
	materialRE = regexp.MustCompile(`(?i)(\p{L}+) pions? blancs? contre (\p{L}+) pions? noirs?(?: et (\p{L}+) dames? noires?)?`)
	frenchNums = map[string]int{"un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6,
		"sept": 7, "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12}
)

// material compares the book's count of the pieces ("Cinq pions blancs
// contre un pion noir et une dame noire") with its diagram, and reports a
// difference: both are what the book says, and they disagree.
func (pr *problem) material(head []line) {
	if pr.p.Position == nil {
		return
	}
	text, lineOf := joinLines(head)
	m := materialRE.FindStringSubmatchIndex(text)
	if m == nil {
		return
	}
	word := func(i int) int {
		if m[2*i] < 0 {
			return 0
		}
		return frenchNums[strings.ToLower(text[m[2*i]:m[2*i+1]])]
	}
	pos := *pr.p.Position
	wm, wk := pos.Count(draughts.White)
	bm, bk := pos.Count(draughts.Black)
	if word(1) != wm+wk || word(2) != bm || word(3) != bk {
		stated := text[m[0]:m[1]]
		pr.warn(lineOf(m[0]), "the count of the pieces \""+stated+"\" disagrees with the position",
			"white "+strconv.Itoa(wm+wk)+", black "+strconv.Itoa(bm)+" men and "+strconv.Itoa(bk)+" kings, as the diagram lists them", 0)
	}
}

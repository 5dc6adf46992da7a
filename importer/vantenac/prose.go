package vantenac

import (
	"regexp"
	"strings"
	"unicode"

	"metz/problems/booknotation"
)

// ptok is a word, number or stop of the prose, with its line.
type ptok struct {
	text string
	no   int
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

// proseTokens cuts the prose into lower-case words ("par-dessus",
// "s'arrête", "jusqu'à" stay whole), numbers and the stops . , ; :
func proseTokens(ls []line) []ptok {
	var out []ptok
	for _, l := range ls {
		rs := []rune(strings.ToLower(tagRE.ReplaceAllString(strings.ReplaceAll(l.text, "*", ""), "")))
		for i := 0; i < len(rs); {
			r := rs[i]
			j := i + 1
			switch {
			case unicode.IsDigit(r):
				for j < len(rs) && unicode.IsDigit(rs[j]) {
					j++
				}
			case unicode.IsLetter(r):
				for j < len(rs) && (unicode.IsLetter(rs[j]) || ((rs[j] == '\'' || rs[j] == '’' || rs[j] == '-') && j+1 < len(rs) && unicode.IsLetter(rs[j+1]))) {
					j++
				}
			case strings.ContainsRune(".,;:", r):
			default:
				i++
				continue
			}
			out = append(out, ptok{string(rs[i:j]), l.no})
			i = j
		}
	}
	return out
}

// clause is a move the prose is telling: who moves, where it lands.
type clause struct {
	from     string
	landings []string
	si       bool
	no       int
	taken    bool   // the prose says it takes, with no landing square
	colour   string // "blanc" or "noir" when the prose says so
}

// proseReader turns the prose into cells, sentence by sentence.
type proseReader struct {
	toks  []ptok
	cur   *clause
	cells []booknotation.Cell
	si    bool // a "Si" opened the sentence
	sis   int  // "Si" sentences so far at the current point
}

// Words after which "le pion blanc 23" names a piece taken or passed over,
// not the piece that moves.
var takenBefore = map[string]bool{"ce": true, "cette": true, "par-dessus": true, "dessus": true, "prend": true,
	"prennent": true, "prenant": true, "ramasse": true, "par": true, "attaque": true, "plus": true}

// proseMoves reads the moves the prose tells, "as well as it can": a
// piece named with its square ("le pion noir 19", "la dame noire de la case
// 10", "le pion 35") starts a move, squares after "à", "sur", "case(s)"
// are its landings, pieces named after "ce", "par-dessus", "prend" are
// taken pieces, "N à M" is a move by itself, and a sentence opening with
// "Si" is another way at the same point.
func proseMoves(ls []line) []booknotation.Cell {
	pr := &proseReader{toks: proseTokens(ls)}
	for i := 0; i < len(pr.toks); i++ {
		i = pr.step(i)
	}
	pr.emit()
	return pr.cells
}

// step reads the token at i and returns the index of the last token used.
func (pr *proseReader) step(i int) int {
	t := pr.toks[i]
	switch {
	case t.text == ".":
		if pr.cur != nil && (len(pr.cur.landings) > 0 || pr.cur.taken) {
			pr.emit()
		}
		pr.si = false
	case t.text == "si" && (i == 0 || pr.toks[i-1].text == "."):
		pr.si = true
	case t.text == "pions":
		return pr.skipList(i + 1)
	case t.text == "pion" || t.text == "dame":
		return pr.piece(i)
	case isNum(t.text) && i+2 < len(pr.toks) && pr.toks[i+1].text == "à" && isNum(pr.toks[i+2].text):
		pr.emit()
		pr.cur = &clause{from: t.text, landings: []string{pr.toks[i+2].text}, si: pr.si, no: t.no, colour: pr.sideBefore(i)}
		pr.si = false // only the first move of a "Si" sentence is the other way
		return i + 2
	case (t.text == "à" || t.text == "sur" || t.text == "case" || t.text == "cases") && pr.cur != nil:
		return pr.landings(i + 1)
	case t.text == "prend" || t.text == "prennent" || t.text == "prenant":
		if pr.cur != nil {
			pr.cur.taken = true
		}
	}
	return i
}

// piece reads "pion [blanc|noir] [de la case] N": a mover, or a piece taken.
func (pr *proseReader) piece(i int) int {
	j := i + 1
	colour := ""
	for j < len(pr.toks) && isColour(pr.toks[j].text) {
		colour = colourOf(pr.toks[j].text)
		j++
	}
	for j < len(pr.toks) && (pr.toks[j].text == "de" || pr.toks[j].text == "la" || pr.toks[j].text == "case") {
		j++
	}
	if j >= len(pr.toks) || !isNum(pr.toks[j].text) {
		return i
	}
	if pr.isTaken(i) {
		return j
	}
	if pr.cur != nil && (len(pr.cur.landings) > 0 || pr.cur.taken) {
		pr.emit()
	}
	pr.cur = &clause{from: pr.toks[j].text, si: pr.si, no: pr.toks[j].no, colour: colour}
	pr.si = false
	return j
}

// isTaken looks at the words before "pion" (and its article).
func (pr *proseReader) isTaken(i int) bool {
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		w := pr.toks[k].text
		if takenBefore[w] {
			return true
		}
		if w != "le" && w != "la" {
			return false
		}
	}
	return false
}

// landings reads "à 24, 33, 22" or "la case 39" after i.
func (pr *proseReader) landings(i int) int {
	j := i
	for j < len(pr.toks) && (pr.toks[j].text == "la" || pr.toks[j].text == "les" || pr.toks[j].text == "case" || pr.toks[j].text == "cases") {
		j++
	}
	last := i - 1
	for j < len(pr.toks) && isNum(pr.toks[j].text) {
		pr.cur.landings = append(pr.cur.landings, pr.toks[j].text)
		last = j
		if j+2 < len(pr.toks) && (pr.toks[j+1].text == "," || pr.toks[j+1].text == "et") && isNum(pr.toks[j+2].text) {
			j += 2
			continue
		}
		break
	}
	return last
}

// skipList passes over "pions noirs 30, 29, 28": pieces taken.
func (pr *proseReader) skipList(i int) int {
	j := i
	for j < len(pr.toks) && isColour(pr.toks[j].text) {
		j++
	}
	last := i - 1
	for j < len(pr.toks) && (isNum(pr.toks[j].text) || pr.toks[j].text == "," || pr.toks[j].text == "et") {
		if isNum(pr.toks[j].text) {
			last = j
		}
		j++
	}
	return last
}

// emit turns the current clause into a cell. A move with no landing square
// ("s'arrête au delà à volonté") is kept with its origin only, to be
// reported as unresolvable where it stands.
func (pr *proseReader) emit() {
	c := pr.cur
	pr.cur = nil
	if c == nil || (len(c.landings) == 0 && !c.taken) {
		return
	}
	text := c.from + " à " + strings.Join(c.landings, " à ")
	if len(c.landings) == 0 {
		text = c.from + " à ?"
	}
	si := 0
	if c.si {
		si = 1
	}
	white := len(pr.cells) == 0 || !pr.cells[len(pr.cells)-1].White
	if c.colour != "" {
		white = c.colour == "blanc"
	}
	pr.cells = append(pr.cells, booknotation.Cell{Line: c.no, White: white, Si: si, Text: text, Loose: true})
}

// sideBefore finds "les blancs" or "les noirs" just before token i.
func (pr *proseReader) sideBefore(i int) string {
	for k := i - 1; k >= 0 && k >= i-4; k-- {
		if w := pr.toks[k].text; w == "blancs" || w == "noirs" {
			return colourOf(w)
		}
	}
	return ""
}

// colourOf maps the colour words to "blanc" or "noir".
func colourOf(w string) string {
	if strings.HasPrefix(w, "blanc") {
		return "blanc"
	}
	return "noir"
}

func isNum(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

func isColour(s string) bool {
	switch s {
	case "blanc", "blancs", "blanche", "noir", "noirs", "noire":
		return true
	}
	return false
}

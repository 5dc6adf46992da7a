package vantenac

import (
	"regexp"
	"strconv"
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
	from     string // "" when the prose leaves it implied
	landings []string
	si       bool
	no       int
	taken    bool   // the prose says it takes, with no landing square
	colour   string // "blanc" or "noir" when the prose says so
	first    int    // index of the clause's first word
	origins  []string
	takes    []string // squares of the pieces the prose says it takes
	free     bool     // "à volonté": the landing is the player's choice
	partial  bool     // the prose names the move only in part
}

// ready says the clause names enough to be a move.
func (c *clause) ready() bool {
	return len(c.landings) > 0 || c.taken || c.partial
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
// not the piece that moves. All but "attaque" and "plus" say the move takes it.
var takenBefore = map[string]bool{"ce": true, "cette": true, "par-dessus": true, "dessus": true, "prend": true,
	"prennent": true, "prenant": true, "ramasse": true, "par": true, "attaque": true, "plus": true}

// moveVerbs are the verbs after which "à N" is where a piece named
// without its square goes ("le pion blanc dame à la case 4").
var moveVerbs = map[string]bool{"dame": true, "va": true, "joue": true, "pousse": true, "passe": true,
	"avance": true, "marche": true}

// placedWords open the list of squares a piece named without its own may
// stand on ("la dame noire, placée soit à 6, soit à 11, soit à 17").
var placedWords = map[string]bool{"placée": true, "placé": true, "posée": true, "posé": true}

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
	pr.emit(len(pr.toks))
	return pr.cells
}

// step reads the token at i and returns the index of the last token used.
func (pr *proseReader) step(i int) int {
	t := pr.toks[i]
	switch {
	case t.text == ".":
		if pr.cur != nil && pr.cur.ready() {
			pr.emit(i)
		}
		pr.si = false
	case t.text == "volonté" && pr.cur != nil:
		pr.cur.free = true
		pr.cur.partial = true
	case t.text == "si" && (i == 0 || pr.toks[i-1].text == "."):
		pr.si = true
	case t.text == "pions":
		return pr.skipList(i + 1)
	case t.text == "dament" && i+1 < len(pr.toks) && pr.toks[i+1].text == "à":
		return pr.sideCrowns(i)
	case t.text == "pion" || t.text == "dame":
		return pr.piece(i)
	case isNum(t.text) && i+2 < len(pr.toks) && pr.toks[i+1].text == "à" && isNum(pr.toks[i+2].text):
		pr.emit(i)
		pr.cur = &clause{from: t.text, landings: []string{pr.toks[i+2].text}, si: pr.si, no: t.no, colour: pr.sideBefore(i), first: i}
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

// piece reads "pion [blanc|noir] [de la case] N": a mover, or a piece
// taken; without N, a mover whose square the prose leaves implied.
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
		if colour != "" {
			return pr.implied(i, j, colour)
		}
		return i
	}
	if pr.passive(i) {
		return pr.passiveMover(i, j, colour)
	}
	if pr.isTaken(i) {
		pr.addTake(i, pr.toks[j].text)
		return j
	}
	pr.start(&clause{from: pr.toks[j].text, no: pr.toks[j].no, colour: colour, first: articleStart(pr.toks, i)})
	return j
}

// start makes c the current clause, emitting the one before if it is a move.
func (pr *proseReader) start(c *clause) {
	if pr.cur != nil && pr.cur.ready() {
		pr.emit(c.first)
	}
	c.si = pr.si
	pr.cur = c
	pr.si = false // only the first move of a "Si" sentence is the other way
}

// articleStart moves back over the article before a piece's name.
func articleStart(toks []ptok, i int) int {
	if i > 0 && (toks[i-1].text == "le" || toks[i-1].text == "la") {
		return i - 1
	}
	return i
}

// implied reads a mover named without its square, j being the word after
// its colour: "le pion blanc dame à la case 4" (the destination only) or
// "la dame noire, placée soit à 6, soit à 11, soit à 17, prend …" (the
// squares it may stand on). Anything else is not a move.
func (pr *proseReader) implied(i, j int, colour string) int {
	for j < len(pr.toks) && pr.toks[j].text == "," {
		j++
	}
	if j+1 >= len(pr.toks) {
		return i
	}
	w := pr.toks[j].text
	switch {
	case placedWords[w]:
		sq, last := pr.soitList(j + 1)
		if len(sq) == 0 {
			return i
		}
		c := &clause{no: pr.toks[i].no, colour: colour, first: articleStart(pr.toks, i), origins: sq, partial: true}
		pr.start(c)
		pr.offerLandings(colour, sq, pr.words(j, last+1))
		return last
	case moveVerbs[w] && (pr.toks[j+1].text == "à" || pr.toks[j+1].text == "sur"):
		k := j + 2
		for k < len(pr.toks) && (pr.toks[k].text == "la" || pr.toks[k].text == "case") {
			k++
		}
		if k >= len(pr.toks) || !isNum(pr.toks[k].text) {
			return i
		}
		pr.start(&clause{no: pr.toks[k].no, colour: colour, first: articleStart(pr.toks, i),
			landings: []string{pr.toks[k].text}, partial: true})
		return k
	}
	return i
}

// soitList reads "soit à 6, soit à 11, soit à 17" from i; it returns the
// squares and the index of the last one.
func (pr *proseReader) soitList(i int) ([]string, int) {
	var sq []string
	last := i - 1
	for k := i; k+2 < len(pr.toks) && pr.toks[k].text == "soit" && pr.toks[k+1].text == "à" && isNum(pr.toks[k+2].text); {
		sq = append(sq, pr.toks[k+2].text)
		last = k + 2
		k += 3
		if k < len(pr.toks) && pr.toks[k].text == "," {
			k++
		}
	}
	return sq, last
}

// offerLandings gives the squares a piece is said to stand on to the last
// move of its side whose landing the prose left free and unnamed: "la dame
// noire, placée soit à 6, soit à 11, soit à 17" lists where the capture
// "s'arrête au delà à volonté" of the sentence before may stop.
func (pr *proseReader) offerLandings(colour string, sq []string, words string) {
	white := colour == "blanc"
	for k := len(pr.cells) - 1; k >= 0; k-- {
		c := &pr.cells[k]
		if c.White != white {
			continue
		}
		if q := c.Partial; q != nil && q.Free && len(q.Landings) == 0 {
			q.Landings = atoiAll(sq)
			q.LandingWords = words
			c.Text += ", soit à " + strings.Join(sq, ", ")
		}
		return
	}
}

// passive recognises "prise par la dame blanche de la case 4": the piece
// named is the one that takes.
func (pr *proseReader) passive(i int) bool {
	k := articleStart(pr.toks, i) - 1
	if k < 1 || pr.toks[k].text != "par" {
		return false
	}
	switch pr.toks[k-1].text {
	case "pris", "prise", "prises":
		return true
	}
	return false
}

// passiveMover starts the clause of the piece that takes in "où elle [est]
// prise par la dame blanche de la case 4": it takes the piece the sentence
// was about, which stands where the move before it stopped.
func (pr *proseReader) passiveMover(i, j int, colour string) int {
	victim := ""
	if pr.cur != nil && len(pr.cur.landings) > 0 {
		victim = pr.cur.landings[len(pr.cur.landings)-1]
	} else if n := len(pr.cells); n > 0 {
		if sq := numRE.FindAllString(pr.cells[n-1].Text, -1); len(sq) > 0 {
			victim = sq[len(sq)-1]
		}
	}
	if victim == "" {
		return j
	}
	first := articleStart(pr.toks, i) - 2 // "prise par"
	for first > 0 && !strings.Contains(".,;:", pr.toks[first-1].text) {
		first-- // back to the start of the clause: "où elle prise par …"
	}
	pr.start(&clause{from: pr.toks[j].text, no: pr.toks[j].no, colour: colour, first: first,
		takes: []string{victim}, partial: true})
	return j
}

// addTake records a piece the current move takes ("prend le pion blanc 22").
func (pr *proseReader) addTake(i int, sq string) {
	if pr.cur == nil {
		return
	}
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		switch w := pr.toks[k].text; {
		case w == "attaque" || w == "plus":
			return
		case takenBefore[w]:
			pr.cur.takes = append(pr.cur.takes, sq)
			return
		}
	}
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

// emit turns the current clause, whose words end before token end, into a
// cell. A move the prose names only in part (no origin, the pieces taken
// but no landing, a landing "à volonté") becomes a partial cell that the
// builder resolves on the board, saying what it inferred.
func (pr *proseReader) emit(end int) {
	c := pr.cur
	pr.cur = nil
	if c == nil || !c.ready() {
		return
	}
	si := 0
	if c.si {
		si = 1
	}
	white := len(pr.cells) == 0 || !pr.cells[len(pr.cells)-1].White
	if c.colour != "" {
		white = c.colour == "blanc"
	}
	cell := booknotation.Cell{Line: c.no, White: white, Si: si, Text: c.from + " à " + strings.Join(c.landings, " à "), Loose: true}
	if c.partial || c.from == "" || len(c.landings) == 0 {
		cell.Partial = c.toPartial(pr.words(c.first, end))
		cell.Text = c.text()
	}
	pr.cells = append(pr.cells, cell)
}

// toPartial says what a clause names of its move.
func (c *clause) toPartial(words string) *booknotation.Partial {
	q := &booknotation.Partial{Origins: atoiAll(c.origins), Takes: atoiAll(c.takes), Free: c.free, Words: words}
	q.From, _ = strconv.Atoi(c.from)
	switch {
	case c.free:
		q.Landings = atoiAll(c.landings)
	case len(c.landings) > 0:
		q.To, _ = strconv.Atoi(c.landings[len(c.landings)-1])
	default:
		q.Unstated = true
	}
	return q
}

// text writes a partial move the way the other prose moves are written,
// with "?" for the origin it leaves implied: "? à 4", "50 prend 22 à
// volonté", "4 prend 22".
func (c *clause) text() string {
	from := c.from
	if from == "" {
		from = "?"
	}
	t := from
	if len(c.takes) > 0 {
		t += " prend " + strings.Join(c.takes, ", ")
	}
	switch {
	case c.free:
		t += " à volonté"
		if len(c.landings) > 0 {
			t += ", soit à " + strings.Join(c.landings, ", ")
		}
	case len(c.landings) > 0:
		t += " à " + strings.Join(c.landings, " à ")
	}
	return t
}

// words returns the prose between tokens from and end, for notes.
func (pr *proseReader) words(from, end int) string {
	var b strings.Builder
	for k := max(from, 0); k < end && k < len(pr.toks); k++ {
		w := pr.toks[k].text
		if b.Len() > 0 && !strings.Contains(".,;:", w) {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return strings.TrimRight(b.String(), ",;: ")
}

func atoiAll(ss []string) []int {
	var out []int
	for _, s := range ss {
		if n, err := strconv.Atoi(s); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// sideCrowns reads "les blancs … dament à la case 3": a man of the side
// the sentence is about crowns on 3, from a square the prose leaves implied.
func (pr *proseReader) sideCrowns(i int) int {
	k := i + 2
	for k < len(pr.toks) && (pr.toks[k].text == "la" || pr.toks[k].text == "case") {
		k++
	}
	first, colour := i, ""
	for first > 0 && pr.toks[first-1].text != "." {
		first--
		if w := pr.toks[first].text; (w == "blancs" || w == "noirs") && first > 0 && pr.toks[first-1].text == "les" {
			colour = colourOf(w)
		}
	}
	if colour == "" || k >= len(pr.toks) || !isNum(pr.toks[k].text) {
		return i
	}
	pr.start(&clause{no: pr.toks[k].no, colour: colour, first: first, landings: []string{pr.toks[k].text}, partial: true})
	return k
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

package booknotation

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"metz/draughts"
	"metz/problems"
)

// Marks the notation knows.
const (
	MarkGagne  = "gagne"
	MarkOuNon  = "ou non"
	MarkRemise = "remise"
)

// siWords are the ordinals of usage note 6°, by level.
// Deeper levels than the books reach are written "11e si".
var siWords = []string{"", "si", "deuxième si", "troisième si", "quatrième si", "cinquième si",
	"sixième si", "septième si", "huitième si", "neuvième si", "dixième si"}

func siWord(k int) string {
	if k < len(siWords) {
		return siWords[k]
	}
	return fmt.Sprintf("%de si", k)
}

// ordinals read the level words in their printed forms; ordinal reads the
// typed ones too ("2e", "3eme", "11e").
var ordinals = map[string]int{"deuxieme": 2, "second": 2, "seconde": 2, "troisieme": 3, "quatrieme": 4,
	"cinquieme": 5, "sixieme": 6, "septieme": 7, "huitieme": 8, "neuvieme": 9, "dixieme": 10}

// ordinal reads a level word: "deuxième", "2e", "2eme", "2me".
func ordinal(w string) (int, bool) {
	f := fold(w)
	if k, ok := ordinals[f]; ok {
		return k, true
	}
	digits := strings.TrimRight(f, "abcdefghijklmnopqrstuvwxyz")
	switch f[len(digits):] {
	case "e", "eme", "me":
	default:
		return 0, false
	}
	k, err := strconv.Atoi(digits)
	return k, err == nil && k >= 2 && k <= 999
}

// ParseExecution reads an execution in the book's two columns (BLANCS /
// NOIRS) and resolves it on the board from start ("" if unknown). Warning
// lines count from 1 at lines[0]; see ParseExecutionAt to place them in a file.
func ParseExecution(lines []string, r *draughts.Rules, start string) (*problems.Tree, []problems.Warning) {
	return ParseExecutionAt("", 1, lines, r, start)
}

// ParseExecutionAt is ParseExecution for lines that start at line first of file.
func ParseExecutionAt(file string, first int, lines []string, r *draughts.Rules, start string) (*problems.Tree, []problems.Warning) {
	cells, warns := readCellsNumbered(file, lineNos(first, len(lines)), lines, r.Algebraic)
	pos, err := problems.ParsePosition(r, start)
	if err != nil {
		warns = append(warns, problems.Warning{File: file, Text: start, Expected: "a FEN such as W:W31-50:B1-20"})
	}
	t, w2 := Build(file, cells, r, pos)
	return t, append(warns, w2...)
}

// token is a word of an execution row with the column it starts at.
type token struct {
	text   string
	col    int
	square bool // a square named by column and row (tokenize's alg)
}

// isSquare reports a token that names a square: a number, or "c3" where
// squares are named so.
func (t token) isSquare() bool { return t.square || isNumber(t.text) }

// ReadCells cuts execution rows into cells. A heading row "BLANCS NOIRS"
// sets the column of NOIRS; a row whose first move starts at that column
// (or after 8 blanks when there is no heading), or after "...", is a Black
// row.
func ReadCells(file string, first int, lines []string) ([]Cell, []problems.Warning) {
	return readCellsNumbered(file, lineNos(first, len(lines)), lines, false)
}

// lineNos numbers n lines from first.
func lineNos(first, n int) []int {
	nos := make([]int, n)
	for i := range nos {
		nos[i] = first + i
	}
	return nos
}

// readCellsNumbered is ReadCells for lines with their own line numbers;
// alg reads squares named by column and row ("c3 à d4"), as boards whose
// rules name them so are written.
func readCellsNumbered(file string, nos []int, lines []string, alg bool) ([]Cell, []problems.Warning) {
	rd := &rowReader{file: file, noirsCol: -1, alg: alg}
	for i, line := range lines {
		rd.row(nos[i], line)
	}
	return rd.cells, rd.warns
}

type rowReader struct {
	file     string
	alg      bool // squares named "c3" (see readCellsNumbered)
	noirsCol int
	cells    []Cell
	warns    []problems.Warning
}

func (rd *rowReader) row(no int, line string) {
	line, comment := cutComment(line)
	toks := tokenize(line, rd.alg)
	if len(toks) == 0 {
		if comment != "" && len(rd.cells) > 0 {
			rd.addComment(&rd.cells[len(rd.cells)-1], comment)
		}
		return
	}
	if isHeading(toks) {
		for _, t := range toks {
			if strings.HasPrefix(fold(t.text), "noirs") {
				rd.noirsCol = t.col
			}
		}
		return
	}
	white := rd.startsWhite(toks)
	if isPlaceholder(toks[0].text) {
		toks = toks[1:]
	}
	rd.readCells(no, toks, white)
	if comment != "" && len(rd.cells) > 0 {
		rd.addComment(&rd.cells[len(rd.cells)-1], comment)
	}
}

func (rd *rowReader) addComment(c *Cell, s string) {
	if c.Comment != "" {
		c.Comment += " "
	}
	c.Comment += s
}

// startsWhite decides the column of the row's first move.
func (rd *rowReader) startsWhite(toks []token) bool {
	if isPlaceholder(toks[0].text) {
		return false
	}
	if rd.noirsCol >= 0 {
		return toks[0].col < rd.noirsCol-1
	}
	return toks[0].col < 8
}

// isPlaceholder recognises the filler of an empty BLANCS cell.
func isPlaceholder(s string) bool {
	switch s {
	case "...", "…":
		return true
	}
	return false
}

// readCells reads "[si] move [marks] [count]" groups (a count such as
// "prennent 3 p." becomes the move's comment "prend 3 p."); the first is in the column
// given, the next in the other one.
func (rd *rowReader) readCells(no int, toks []token, white bool) {
	var extra []string
	for i := 0; i < len(toks); {
		si, j := readSi(toks, i)
		text, k := readMove(toks, j)
		if text == "" {
			if m, k2 := readMark(toks, i); m != "" && len(rd.cells) > 0 {
				last := &rd.cells[len(rd.cells)-1]
				setMark(last, m)
				last.MarkApart = last.MarkApart || last.Line != no
				i = k2
				continue
			}
			extra = append(extra, toks[i].text)
			i++
			continue
		}
		c := Cell{Line: no, White: white, Si: si, Text: text}
		for {
			if cnt, k2 := readCount(toks, k); cnt != "" {
				rd.addComment(&c, cnt)
				k = k2
				continue
			}
			m, k2 := readMark(toks, k)
			if m == "" {
				break
			}
			setMark(&c, m)
			k = k2
		}
		if len(extra) > 0 {
			rd.warn(no, strings.Join(extra, " "), "a move such as 28 à 23, si, ou non or gagne")
			extra = nil
		}
		rd.cells = append(rd.cells, c)
		white = !white
		i = k
	}
	if len(extra) > 0 {
		rd.warn(no, strings.Join(extra, " "), "a move such as 28 à 23, si, ou non or gagne")
	}
}

func (rd *rowReader) warn(no int, text, expected string) {
	rd.warns = append(rd.warns, problems.Warning{File: rd.file, Line: no, Text: text, Expected: expected})
}

func setMark(c *Cell, m string) {
	if c.Mark == "" {
		c.Mark = m
	} else if c.Mark != m {
		c.Mark += ", " + m
	}
}

// readSi reads "si", "deuxième si", "2e si" at i.
func readSi(toks []token, i int) (int, int) {
	if i < len(toks) && fold(toks[i].text) == "si" {
		return 1, i + 1
	}
	if i+1 < len(toks) && fold(toks[i+1].text) == "si" {
		if k, ok := ordinal(toks[i].text); ok {
			return k, i + 2
		}
	}
	return 0, i
}

// readMove reads "28 à 23", "28 a 23", "28-23", "33x22x13", "31 27" at i
// and returns it written as printed.
func readMove(toks []token, i int) (string, int) {
	if i >= len(toks) || !toks[i].isSquare() {
		return "", i
	}
	parts := []string{toks[i].text}
	j := i + 1
	for j+1 < len(toks) && isSep(toks[j].text) && toks[j+1].isSquare() {
		parts = append(parts, toks[j].text, toks[j+1].text)
		j += 2
	}
	if len(parts) == 1 {
		if j < len(toks) && toks[j].isSquare() {
			return toks[i].text + " " + toks[j].text, j + 1
		}
		return "", i
	}
	return joinMove(parts), j
}

// joinMove writes the parts back with the spacing the books use: blanks
// around words ("28 à 23"), none around signs ("33x22").
func joinMove(parts []string) string {
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 && isWordSep(p) {
			b.WriteString(" " + p + " ")
			continue
		}
		b.WriteString(p)
	}
	return b.String()
}

func isWordSep(s string) bool { f := fold(s); return f == "a" }

func isSep(s string) bool {
	switch fold(s) {
	case "a", "-", "x", "×", ":":
		return true
	}
	return false
}

func isNumber(s string) bool {
	if s == "" || len(s) > 3 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// readMark reads a result mark at i.
func readMark(toks []token, i int) (string, int) {
	if i >= len(toks) {
		return "", i
	}
	switch f := fold(toks[i].text); f {
	case "gagne", "gagnent", "gagnee":
		return MarkGagne, i + 1
	case "remise", "nulle":
		return MarkRemise, i + 1
	case "ou":
		if i+1 < len(toks) && fold(toks[i+1].text) == "non" {
			return MarkOuNon, i + 2
		}
	case "+", "=", "!", "?", "!!", "??", "!?", "?!", SolverMark:
		// "*" is the book export's mark of a move metz added.
		return f, i + 1
	case "et":
		if m, k := readMark(toks, i+1); m != "" {
			return m, k
		}
	}
	return "", i
}

// isHeading recognises "BLANCS. NOIRS." rows (either word alone too).
func isHeading(toks []token) bool {
	for _, t := range toks {
		switch fold(t.text) {
		case "blancs", "noirs", "white", "black":
		default:
			return false
		}
	}
	return true
}

// cutComment removes a "{…}" comment from a row.
func cutComment(line string) (string, string) {
	i := strings.IndexByte(line, '{')
	if i < 0 {
		return line, ""
	}
	j := strings.LastIndexByte(line, '}')
	if j < i {
		return line[:i], strings.TrimSpace(line[i+1:])
	}
	return line[:i] + strings.Repeat(" ", utf8.RuneCountInString(line[i:j+1])) + line[j+1:], strings.TrimSpace(line[i+1 : j])
}

// tokenize cuts a row into numbers, words, signs and "...", remembering the
// column (in runes, tabs to 8) where each starts. Final dots are dropped.
// With alg a square named by column and row ("a5") is one token, where
// "a" would otherwise be read as the separator of "28a23".
func tokenize(line string, alg bool) []token {
	var out []token
	rs := []rune(line)
	col := 0
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case r == '\t':
			col = (col/8 + 1) * 8
			i++
			continue
		case unicode.IsSpace(r) || r == ',' || r == ';':
			col++
			i++
			continue
		}
		j := i + 1
		switch {
		case unicode.IsDigit(r):
			for j < len(rs) && unicode.IsDigit(rs[j]) {
				j++
			}
			j = ordinalEnd(rs, j)
		case alg && algebraicAt(rs, i):
			j = i + 2 // "d6" of "d6xb4"
		case alg && isSep(string(r)) && algebraicAt(rs, i+1):
			// "x" of "xb4"
		case unicode.IsLetter(r):
			for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) || rs[j] == '\'') {
				j++
			}
			j = splitCapture(rs, i, j)
		case r == '.':
			for j < len(rs) && rs[j] == '.' {
				j++
			}
			if j-i == 1 { // a full stop ends a word; it carries nothing
				col++
				i = j
				continue
			}
			j = i + 3
			if j > len(rs) {
				j = len(rs)
			}
		case r == '!' || r == '?':
			for j < len(rs) && (rs[j] == '!' || rs[j] == '?') {
				j++
			}
		}
		out = append(out, token{text: string(rs[i:j]), col: col, square: alg && algebraicAt(rs[:j], i)})
		col += j - i
		i = j
	}
	return out
}

// ordinalEnd extends a number ending at j over an ordinal's suffix ("2e",
// "3ème" of "3ème si"), which is then one token.
func ordinalEnd(rs []rune, j int) int {
	k := j
	for k < len(rs) && unicode.IsLetter(rs[k]) {
		k++
	}
	switch fold(string(rs[j:k])) {
	case "e", "eme", "me":
		return k
	}
	return j
}

// isAlgebraic recognises a square of an 8x8 board named by its column and
// row: "c3".
func isAlgebraic(s string) bool {
	return len(s) == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8'
}

// algebraicAt reports a square named by column and row at rs[i]: a
// column letter, a row digit, then no digit ("a5", not the "a" of "a23").
func algebraicAt(rs []rune, i int) bool {
	return i+1 < len(rs) && isAlgebraic(string(rs[i:i+2])) && (i+2 == len(rs) || !unicode.IsDigit(rs[i+2]))
}

// splitCapture keeps the separator of "33x22" or "28à23" a token of its
// own: a letter run that starts with a one-letter separator followed by
// digits is cut after that letter.
func splitCapture(rs []rune, i, j int) int {
	if i+1 < j && unicode.IsDigit(rs[i+1]) && isSep(string(rs[i])) {
		return i + 1
	}
	return j
}

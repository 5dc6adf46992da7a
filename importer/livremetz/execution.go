package livremetz

import (
	"fmt"
	"strconv"
	"strings"
)

// The complete execution of the chapter Du coup de repos is printed in two
// columns, BLANCS and NOIRS. The scan kept the headings and the moves but
// mostly lost the `à` between two squares (`3127` for `31 à 27`), read each
// page's columns one after the other, and let the page number (`24`) fall
// among the moves. Squares run 1..50, so a merged pair is split by trying the
// cuts and keeping those that make a move a man can make on the board's
// diagonals; nothing else about the position is known here.

const (
	execChapter = "DUCOUPDEREPOS"
	maxSquare   = 50
	maxExecLen  = 40 // lines scanned after the BLANCS heading
)

// readExecution reads the execution that follows the BLANCS heading of the
// coup de repos chapter, up to its `gagne` line.
func readExecution(lines []Line, d *doc, lists []ThemeList, ix *Index) *Execution {
	start := execStart(lines)
	if start < 0 {
		return nil
	}
	e := &Execution{Line: lines[start].No, Coup: execCoup(d, lists)}
	col := ""
	folio := lastFolio(lines[:start])
	for i := start; i < len(lines) && i < start+maxExecLen; i++ {
		l := lines[i]
		s := squeezeCase(l.Text)
		switch {
		case isHeading(s, "BLANCS"):
			col = "BLANCS"
		case isHeading(s, "NOIRS"):
			col = "NOIRS"
		case isFolio(s, folio):
			ix.Warnings = append(ix.Warnings, Warning{Line: l.No, Text: fmt.Sprintf("lone number %q among the moves, next to page %d", s, folio), Expected: "page number " + s + ", skipped"})
		default:
			m, w := parseExecLine(l, s)
			if w != nil {
				ix.Warnings = append(ix.Warnings, *w)
			}
			setColumn(&m, col)
			col = ""
			e.Moves = append(e.Moves, m)
			if m.Gagne || !looksLikeMove(s) {
				return e
			}
		}
	}
	return e
}

// lastFolio returns the last page number printed before the execution: a
// lone number among the moves is the next page's number only if it follows
// that one, since squares glued together (`332`) look the same.
func lastFolio(lines []Line) int {
	for i := len(lines) - 1; i >= 0 && i >= len(lines)-200; i-- {
		if s := squeezeCase(lines[i].Text); isPageNumber(s) {
			n, _ := strconv.Atoi(strings.TrimSuffix(s, "."))
			return n
		}
	}
	return -1
}

func isFolio(s string, last int) bool {
	n, err := strconv.Atoi(strings.TrimSuffix(s, "."))
	return err == nil && last >= 0 && n == last+1
}

// execStart returns the index of the BLANCS heading after the chapter heading.
func execStart(lines []Line) int {
	in := false
	for i, l := range lines {
		s := squeezeCase(l.Text)
		if s == execChapter {
			in = true
		} else if in && isHeading(s, "BLANCS") {
			return i
		}
	}
	return -1
}

func isHeading(s, word string) bool { return strings.TrimSuffix(s, ".") == word }

// execCoup: the chapter cites "les coups 32, 44, 82, 184, 185 et 41" and goes
// on "Ce dernier a été fait par M. Lallement … ainsi qu'on va le voir par
// l'exécution suivante", so the execution belongs to the last coup cited.
func execCoup(d *doc, lists []ThemeList) int {
	tl, ok := listByKey(lists, "coup-de-repos-provoque")
	if !ok || len(tl.Numbers) == 0 || d.index("cedernieraétéfait", 0) < 0 {
		return 0
	}
	return tl.Numbers[len(tl.Numbers)-1]
}

// looksLikeMove reports a line made of digits and the execution's few words;
// running prose after the execution ends it.
func looksLikeMove(s string) bool {
	rest := strings.ToLower(s)
	for _, w := range []string{"deuxième", "troisième", "quatrième", "si", "ounon", "gagne", "à", "."} {
		rest = strings.ReplaceAll(rest, w, "")
	}
	for _, r := range rest {
		if !isDigit(r) {
			return false
		}
	}
	return true
}

// parseExecLine reads one move line: an optional `si` (or `deuxième si`…),
// two squares with or without `à`, an optional `ou non` and `gagne.`.
func parseExecLine(l Line, s string) (ExecMove, *Warning) {
	m := ExecMove{Line: l.No, Raw: l.Text}
	low := strings.ToLower(s)
	prefix := ""
	for _, p := range []string{"quatrièmesi", "troisièmesi", "deuxièmesi", "si"} {
		if strings.HasPrefix(low, p) {
			prefix, low = strings.TrimSuffix(p, "si"), low[len(p):]
			m.Si = true
			break
		}
	}
	if strings.HasSuffix(low, "gagne.") || strings.HasSuffix(low, "gagne") {
		m.Gagne = true
		low = strings.TrimSuffix(strings.TrimSuffix(low, "."), "gagne")
	}
	if strings.HasSuffix(low, "ounon") {
		m.OuNon = true
		low = strings.TrimSuffix(low, "ounon")
	}
	core, w := readSquares(&m, low)
	m.Text = bookText(prefix, m, core)
	return m, w
}

// readSquares fills From and To from the core of a move line and returns the
// squares as the book would print them.
func readSquares(m *ExecMove, core string) (string, *Warning) {
	if a, b, ok := strings.Cut(core, "à"); ok {
		from, err1 := strconv.Atoi(a)
		to, err2 := strconv.Atoi(b)
		if err1 == nil && err2 == nil && isSquare(from) && isSquare(to) {
			m.From, m.To, m.Certain = from, to, true
			return a + " à " + b, nil
		}
	}
	if !allDigits(core) {
		return core, &Warning{Line: m.Line, Text: fmt.Sprintf("move line %q not understood", m.Raw), Expected: "two squares"}
	}
	return splitMove(m, core)
}

// splitMove reads two squares that the scan glued together. The most
// ordinary reading wins: a cut making a step or a single jump, then a last
// digit lost at the end of the line (`332` for `33 28`), then a cut making a
// longer path. Whatever is chosen is reported.
func splitMove(m *ExecMove, digits string) (string, *Warning) {
	w := &Warning{Line: m.Line}
	cuts, lost := moveSplits(digits), lostLastDigit(digits)
	switch {
	case len(upToTier(cuts, 2)) > 0:
		return takeCut(m, digits, upToTier(cuts, 2), w)
	case len(upToTier(lost, 2)) > 0:
		c := bestTier(lost)
		m.From = c[0][0]
		if col := commonColumn(c); col != "" {
			m.Column, m.Inferred = col, true
		}
		w.Text = fmt.Sprintf("%q: no cut makes a step or a jump; the last digit seems lost", digits)
		w.Expected = pairsText(c)
		return strconv.Itoa(m.From) + " " + strings.TrimPrefix(digits, strconv.Itoa(m.From)) + "?", w
	case len(cuts) > 0:
		return takeCut(m, digits, cuts, w)
	}
	w.Text = fmt.Sprintf("%q: cannot be read as a move", digits)
	w.Expected = unreadableGuess(digits)
	return digits, w
}

// takeCut keeps the cut of the most ordinary kind when it is the only one.
func takeCut(m *ExecMove, digits string, cuts [][2]int, w *Warning) (string, *Warning) {
	best := bestTier(cuts)
	if len(best) > 1 {
		w.Text = fmt.Sprintf("%q: squares merged by the scan; several cuts make a move", digits)
		w.Expected = pairsText(best)
		return digits, w
	}
	m.From, m.To = best[0][0], best[0][1]
	w.Text = fmt.Sprintf("%q: squares merged by the scan, split as the only cut making a move", digits)
	w.Expected = fmt.Sprintf("%d %d", m.From, m.To)
	return w.Expected, w
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !isDigit(r) {
			return false
		}
	}
	return true
}

func isSquare(n int) bool { return n >= 1 && n <= maxSquare }

// moveSplits lists the cuts of digits into two squares on a common path.
func moveSplits(digits string) [][2]int {
	var out [][2]int
	for k := 1; k < len(digits) && k <= 2; k++ {
		if digits[k] == '0' || len(digits)-k > 2 {
			continue
		}
		a, _ := strconv.Atoi(digits[:k])
		b, _ := strconv.Atoi(digits[k:])
		if isSquare(a) && isSquare(b) && moveTier(a, b) > 0 {
			out = append(out, [2]int{a, b})
		}
	}
	return out
}

// lostLastDigit lists the moves obtained by putting back a digit at the end
// of the line, where the scan cut it; all of them share the start square.
func lostLastDigit(digits string) [][2]int {
	if len(digits) != 3 {
		return nil
	}
	var out [][2]int
	for dgt := '0'; dgt <= '9'; dgt++ {
		for _, c := range moveSplits(digits + string(dgt)) {
			if !containsPair(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// commonColumn returns the side every candidate move goes for, or "".
func commonColumn(c [][2]int) string {
	up, down := 0, 0
	for _, p := range c {
		if p[1] < p[0] {
			up++
		} else {
			down++
		}
	}
	switch {
	case down == 0:
		return "BLANCS"
	case up == 0:
		return "NOIRS"
	}
	return ""
}

// upToTier keeps the candidates whose move is of tier at most t.
func upToTier(c [][2]int, t int) [][2]int {
	var out [][2]int
	for _, p := range c {
		if moveTier(p[0], p[1]) <= t {
			out = append(out, p)
		}
	}
	return out
}

func containsPair(ps [][2]int, p [2]int) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// bestTier keeps the candidates of the most ordinary kind of move: a step
// first, then a single jump, then a longer path.
func bestTier(c [][2]int) [][2]int {
	for tier := 1; tier <= 3; tier++ {
		var out [][2]int
		for _, p := range c {
			if moveTier(p[0], p[1]) == tier {
				out = append(out, p)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

func pairsText(c [][2]int) string {
	s := make([]string, len(c))
	for i, p := range c {
		s[i] = fmt.Sprintf("%d %d", p[0], p[1])
	}
	return strings.Join(s, " or ")
}

// unreadableGuess proposes readings for a line no cut explains: a `4` that is
// a misread `à`, or two moves of one row run together.
func unreadableGuess(digits string) string {
	var guesses []string
	for i := 1; i+1 < len(digits); i++ {
		if digits[i] != '4' {
			continue
		}
		a, _ := strconv.Atoi(digits[:i])
		b, _ := strconv.Atoi(digits[i+1:])
		if isSquare(a) && isSquare(b) && moveTier(a, b) > 0 && moveTier(a, b) < 3 {
			guesses = append(guesses, fmt.Sprintf("%d à %d if the 4 is a misread à", a, b))
		}
	}
	if len(guesses) == 0 {
		return "unreadable"
	}
	return strings.Join(guesses, "; ")
}

// bookText renders a move line in the book's notation.
func bookText(prefix string, m ExecMove, core string) string {
	var parts []string
	if prefix != "" {
		parts = append(parts, prefix)
	}
	if m.Si {
		parts = append(parts, "si")
	}
	parts = append(parts, core)
	if m.OuNon {
		parts = append(parts, "ou non")
	}
	if m.Gagne {
		parts = append(parts, "gagne.")
	}
	return strings.Join(parts, " ")
}

// setColumn places a move under BLANCS or NOIRS: the heading just above it
// when there is one; else `si` lines are the defender's (usage note 6°) and
// the `gagne` line the attacker's; else the direction tells, since White's
// men move towards square 1 and Black's towards 50.
func setColumn(m *ExecMove, heading string) {
	switch {
	case heading == "" && m.Column != "":
		// already told by the candidate readings
	case heading != "":
		m.Column = heading
	case m.Si:
		m.Column, m.Inferred = "NOIRS", true
	case m.Gagne:
		m.Column, m.Inferred = "BLANCS", true
	case m.From > 0 && m.To > 0 && m.To < m.From:
		m.Column, m.Inferred = "BLANCS", true
	case m.From > 0 && m.To > m.From:
		m.Column, m.Inferred = "NOIRS", true
	}
}

// square geometry: row 0 is the top (squares 1–5); even rows start with a
// light square, so their dark squares are in odd columns.
func squareRC(n int) (int, int) {
	r, p := (n-1)/5, (n-1)%5
	if r%2 == 0 {
		return r, 2*p + 1
	}
	return r, 2 * p
}

// moveTier classifies the path between two squares: 1 a step, 2 a single
// jump, 3 a longer diagonal or a chain of jumps, 0 no move at all.
func moveTier(a, b int) int {
	ra, ca := squareRC(a)
	rb, cb := squareRC(b)
	dr, dc := abs(ra-rb), abs(ca-cb)
	switch {
	case dr == 0 && dc == 0:
		return 0
	case dr == 1 && dc == 1:
		return 1
	case dr == 2 && dc == 2:
		return 2
	case dr == dc, dr%2 == 0 && dc%2 == 0:
		return 3
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Book renders the execution in the book's two columns, one source line per
// row, in the order of the scan; a BLANCS move directly followed by a NOIRS
// move shares its row. A line whose column could not be told is marked `?`.
func (e *Execution) Book() string {
	const width = 18
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s%s\n", width, "BLANCS.", "NOIRS.")
	for i := 0; i < len(e.Moves); i++ {
		m := e.Moves[i]
		switch m.Column {
		case "BLANCS":
			if i+1 < len(e.Moves) && e.Moves[i+1].Column == "NOIRS" && !e.Moves[i+1].Si {
				fmt.Fprintf(&b, "%-*s%s\n", width, m.Text, e.Moves[i+1].Text)
				i++
				continue
			}
			fmt.Fprintf(&b, "%s\n", m.Text)
		case "NOIRS":
			fmt.Fprintf(&b, "%-*s%s\n", width, "", m.Text)
		default:
			fmt.Fprintf(&b, "? %s\n", m.Text)
		}
	}
	return b.String()
}

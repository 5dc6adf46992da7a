package livremetz

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// maxInput bounds the text Parse accepts; the first part is 117 kB.
const maxInput = 4 << 20

// maxCoups bounds the coup count read from the text, so that a garbled or
// hostile input cannot make Parse allocate millions of records.
const maxCoups = 5000

// ErrNoIndex is returned when the text holds no class list of coups, the one
// part without which no coup record can be made.
var ErrNoIndex = errors.New("livremetz: no class list of coups found (\"du nº … au nº …\")")

// Parse reads the first part of the Livre de Metz and returns the index of
// the coups of its second part with everything the text says about them. It
// is pure: no database, no board, no file access. Parse never panics; what it
// could not read with certainty is in Index.Warnings.
func Parse(data []byte, file string) (*Index, error) {
	if len(data) > maxInput {
		return nil, fmt.Errorf("livremetz: %s: %d bytes, more than the %d a first part can hold", file, len(data), maxInput)
	}
	lines := CleanLines(data)
	d, _ := buildDoc(lines)
	ix := &Index{File: file}
	ix.Count = readCount(d, ix)
	if ix.Classes = readClasses(d, ix); len(ix.Classes) == 0 {
		return nil, ErrNoIndex
	}
	if ix.Count == 0 {
		ix.Count = lastClassEnd(ix.Classes)
		ix.Warnings = append(ix.Warnings, Warning{Text: "the text does not say how many coups there are", Expected: fmt.Sprintf("%d, the end of the last class", ix.Count)})
	}
	closeOpenClass(ix, d)
	lists, refs, ws := readLists(d, ix.Count)
	ix.ThemeLists = lists
	ix.Warnings = append(ix.Warnings, ws...)
	ix.Claims = readClaims(d, lists)
	ix.Rules = readRules(lines, d, ix)
	ix.Execution = readExecution(lines, d, lists, ix)
	ix.Coups = buildCoups(ix, refs, readRemarks(d, lists))
	return ix, nil
}

// readCount finds how many coups the book announces (`les 415 coups`,
// `415 positions`): the number most often printed before those words.
func readCount(d *doc, ix *Index) int {
	votes := map[int]int{}
	firstLine := map[int]int{}
	for _, word := range []string{"coups", "positions"} {
		for p := d.index(word, 0); p >= 0; p = d.index(word, p+1) {
			n, start := d.numberBefore(p)
			if n <= 0 || n > maxCoups || !d.hasAnyBefore(start, "les", "des", "de") {
				continue
			}
			votes[n]++
			if firstLine[n] == 0 {
				firstLine[n] = d.line[start]
			}
		}
	}
	// The preface spells the count out: "des quatre cent quinze coups".
	for p := d.index("coups", 0); p >= 0; p = d.index("coups", p+1) {
		if n := d.frenchBefore(p); n >= 100 && n <= maxCoups {
			votes[n]++
		}
	}
	best, bestVotes := 0, 0
	for n, v := range votes {
		if v > bestVotes || (v == bestVotes && n > best) {
			best, bestVotes = n, v
		}
	}
	if len(votes) > 1 {
		ix.Warnings = append(ix.Warnings, Warning{Line: firstLine[best], Text: fmt.Sprintf("several coup counts printed: %v", votes), Expected: strconv.Itoa(best)})
	}
	return best
}

// numberBefore reads the digits ending right before rune p.
func (d *doc) numberBefore(p int) (int, int) {
	start := p
	for start > 0 && isDigit(d.low[start-1]) && p-start < 6 {
		start--
	}
	if start == p {
		return 0, p
	}
	n, _ := strconv.Atoi(string(d.low[start:p]))
	return n, start
}

func (d *doc) hasAnyBefore(p int, words ...string) bool {
	for _, w := range words {
		k := p - len([]rune(w))
		if k >= 0 && d.hasAt(k, w) {
			return true
		}
	}
	return false
}

// readClasses reads the class list that heads the second part: `Du nº 2 au
// nº 77, les problèmes sont posés sans Dames; du nº 78 au nº 371, …; nº 410
// et suivants, parties Qui Perd Gagne.`
func readClasses(d *doc, ix *Index) []Class {
	p := d.index("dunº", 0)
	for p >= 0 && !d.hasAt(p+4+digitsAt(d, p+4), "aunº") {
		p = d.index("dunº", p+1)
	}
	var out []Class
	for p >= 0 {
		c, next, ok := d.readClass(p, ix)
		if !ok {
			break
		}
		out = append(out, c)
		p = next
	}
	checkClasses(out, ix)
	return out
}

func digitsAt(d *doc, p int) int {
	n := 0
	for p+n < len(d.low) && isDigit(d.low[p+n]) {
		n++
	}
	return n
}

// readClass reads one `du nº A au nº B, label;` or `nº A et suivants, label.`
// starting at p, and returns where the next one starts (-1 after the last).
func (d *doc) readClass(p int, ix *Index) (Class, int, bool) {
	c := Class{Line: d.lineAt(p)}
	q := p
	if d.hasAt(q, "dunº") {
		q += 4
	} else if d.hasAt(q, "nº") {
		q += 2
	} else {
		return c, -1, false
	}
	from, q := d.intAt(q)
	switch {
	case from > 0 && d.hasAt(q, "aunº"):
		c.To, q = d.intAt(q + 4)
	case from > 0 && d.hasAt(q, "etsuivants"):
		q += len("etsuivants")
	default:
		return c, -1, false
	}
	c.From = from
	if q < len(d.low) && d.low[q] == ',' {
		q++
	}
	end := d.sentenceEnd(q, ";.")
	c.Label = strings.TrimRight(cleanText(d, q, end), ";.")
	c.Key = classKey(c.Label, ix, c.Line)
	if end < len(d.orig) && d.orig[end-1] == ';' {
		return c, nextClassStart(d, end), true
	}
	return c, -1, true
}

// nextClassStart returns p when the next class (`du nº …` or `nº …`) starts
// there, or -1.
func nextClassStart(d *doc, p int) int {
	if p < len(d.low) && (d.hasAt(p, "dunº") || d.hasAt(p, "nº")) {
		return p
	}
	return -1
}

// intAt reads the integer at rune p and returns it with the index after it.
func (d *doc) intAt(p int) (int, int) {
	n := digitsAt(d, p)
	if n == 0 || n > 6 {
		return 0, p + n
	}
	v, _ := strconv.Atoi(string(d.low[p : p+n]))
	return v, p + n
}

// classKey gives a class its stable key from the book's words. The scan
// reads `auteurs` as `anteurs`; that is reported, not hidden.
func classKey(label string, ix *Index, line int) string {
	l := squeeze(label)
	switch {
	case strings.Contains(l, "sansdames"):
		return "pions"
	case strings.Contains(l, "damesetdespions"), strings.Contains(l, "pionsetdesdames"):
		return "dames-et-pions"
	case strings.Contains(l, "avecdesdames"):
		return "dames"
	case strings.Contains(l, "anteurs"):
		ix.Warnings = append(ix.Warnings, Warning{Line: line, Text: "class label reads \"anteurs\"", Expected: "auteurs"})
		return "auteurs-nommes"
	case strings.Contains(l, "auteurs"):
		return "auteurs-nommes"
	case strings.Contains(l, "quiperdgagne"):
		return "qui-perd-gagne"
	}
	return "classe-" + squeeze(label)
}

// checkClasses reports gaps and overlaps between consecutive classes.
func checkClasses(cs []Class, ix *Index) {
	for i := 1; i < len(cs); i++ {
		if cs[i-1].To != 0 && cs[i].From != cs[i-1].To+1 {
			ix.Warnings = append(ix.Warnings, Warning{Line: cs[i].Line, Text: fmt.Sprintf("class %s starts at %d after %s ends at %d", cs[i].Key, cs[i].From, cs[i-1].Key, cs[i-1].To), Expected: strconv.Itoa(cs[i-1].To + 1)})
		}
	}
}

func lastClassEnd(cs []Class) int {
	end := 0
	for _, c := range cs {
		end = max(end, c.To, c.From)
	}
	return min(end, maxCoups)
}

// closeOpenClass gives the open-ended last class (`nº 410 et suivants`) its
// end, and checks it against the number of qui-perd-gagne endings the text
// announces (`on a mis six fins de parties qui perd gagne`).
func closeOpenClass(ix *Index, d *doc) {
	for i := range ix.Classes {
		c := &ix.Classes[i]
		if c.To != 0 {
			continue
		}
		c.To = ix.Count
		if n := d.countBefore("finsdepartiesquiperdgagne"); n > 0 && c.From+n-1 != c.To {
			ix.Warnings = append(ix.Warnings, Warning{Line: c.Line, Text: fmt.Sprintf("%d qui-perd-gagne endings announced from nº %d, but the book counts %d coups", n, c.From, ix.Count), Expected: strconv.Itoa(c.From + n - 1)})
		}
	}
}

// countBefore reads the French number word right before phrase (`six fins…`).
func (d *doc) countBefore(phrase string) int {
	p := d.index(phrase, 0)
	if p < 0 {
		return 0
	}
	return d.frenchBefore(p)
}

// classOf returns the class holding coup n.
func classOf(cs []Class, n int) (Class, bool) {
	for _, c := range cs {
		if n >= c.From && n <= c.To {
			return c, true
		}
	}
	return Class{}, false
}

// buildCoups makes the Count coup records and hangs on them the themes,
// cross references and remarks the text gives.
func buildCoups(ix *Index, refs listRefs, remarks map[int][]string) []Coup {
	coups := make([]Coup, ix.Count)
	var unclassed []int
	for i := range coups {
		n := i + 1
		c := Coup{Number: n, Remarks: remarks[n]}
		if cl, ok := classOf(ix.Classes, n); ok {
			c.Class = ClassRef{Key: cl.Key, Label: cl.Label}
			c.QuiPerdGagne = cl.Key == "qui-perd-gagne"
		} else {
			c.Class = ClassRef{Key: "non-classe"}
			unclassed = append(unclassed, n)
		}
		coups[i] = c
	}
	if len(unclassed) > 0 {
		ix.Warnings = append(ix.Warnings, Warning{Text: "coups outside every class of the class list: " + joinInts(unclassed, ", "), Expected: "class non-classe"})
	}
	addThemes(coups, ix.ThemeLists, refs)
	addPairs(coups, ix.ThemeLists, refs)
	for _, cl := range ix.Claims {
		for _, n := range cl.Coups {
			if n >= 1 && n <= len(coups) {
				coups[n-1].Remarks = appendString(coups[n-1].Remarks, cl.Text)
			}
		}
	}
	return coups
}

func addThemes(coups []Coup, lists []ThemeList, refs listRefs) {
	for _, tl := range lists {
		if tl.Derived {
			continue
		}
		for _, n := range tl.Numbers {
			if n < 1 || n > len(coups) || hasTheme(coups[n-1], tl.Key) {
				continue
			}
			coups[n-1].Themes = append(coups[n-1].Themes, ThemeRef{Theme: tl.Theme, List: tl.Key, Label: tl.Label, Line: refs[tl.Key][n]})
		}
	}
}

func hasTheme(c Coup, list string) bool {
	for _, t := range c.Themes {
		if t.List == list {
			return true
		}
	}
	return false
}

// addPairs turns the book's pairs of related coups into cross references
// both ways.
func addPairs(coups []Coup, lists []ThemeList, refs listRefs) {
	kinds := map[string]string{}
	for _, def := range listDefs {
		kinds[def.key] = def.pair
	}
	for _, tl := range lists {
		kind := kinds[tl.Key]
		if kind == "" || len(tl.Numbers) != 2 {
			continue
		}
		a, b := tl.Numbers[0], tl.Numbers[1]
		if a < 1 || b < 1 || a > len(coups) || b > len(coups) {
			continue
		}
		line := refs[tl.Key][a]
		coups[a-1].Refs = append(coups[a-1].Refs, CrossRef{Coup: b, Kind: kind, Note: tl.Label, Line: line})
		coups[b-1].Refs = append(coups[b-1].Refs, CrossRef{Coup: a, Kind: kind, Note: tl.Label, Line: line})
	}
}

func appendString(s []string, v string) []string {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}

func listByKey(lists []ThemeList, key string) (ThemeList, bool) {
	for _, tl := range lists {
		if tl.Key == key {
			return tl, true
		}
	}
	return ThemeList{}, false
}

package livremetz

import (
	"fmt"
	"strconv"
	"strings"
)

// token is one run of digits read from a list of coup numbers.
type token struct {
	digits  string
	line    int
	rangeTo bool // this number closes a range opened by the previous one (`373 à 383`)
}

// numList is a list of coup numbers as printed, resolved and checked.
type numList struct {
	nums     []int // in printed order, ranges expanded
	lines    []int // source line of each number
	printed  []int // the numbers as read, when a correction changed them
	isRange  bool
	start    int // rune span in the doc
	end      int
	warnings []Warning
}

// listWindow is how far after an anchor a list may start: anchors stand right
// before the numbers, a few words (`les coups nºs`) at most.
const listWindow = 24

// maxSplitDigits bounds the merged tokens we try to split, so that a long run
// of digits (a date, or noise) cannot make the search explode.
const maxSplitDigits = 12

// readList reads the list of coup numbers (1..maxN) starting at or shortly
// after rune from. The list is empty when no number comes first.
func (d *doc) readList(from, maxN int) numList {
	i := d.skipToNumber(from)
	if i < 0 {
		return numList{start: from, end: from}
	}
	l := numList{start: i}
	var toks []token
	rangeNext := false
	for i >= 0 {
		t, next := d.readDigits(i)
		t.rangeTo = rangeNext
		toks = append(toks, t)
		l.end = next
		var w *Warning
		i, rangeNext, w = d.separator(next)
		if w != nil {
			l.warnings = append(l.warnings, *w)
		}
	}
	l.resolve(toks, maxN)
	return l
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// skipToNumber returns the first digit within listWindow runes of from, or -1
// when a sentence ends first.
func (d *doc) skipToNumber(from int) int {
	for j := max(from, 0); j < len(d.low) && j < from+listWindow; j++ {
		switch r := d.low[j]; {
		case isDigit(r):
			return j
		case r == '.' || r == ';':
			return -1
		}
	}
	return -1
}

// readDigits reads one run of digits; a blank or a line break inside the run
// ends it, since the scan kept those as real separators.
func (d *doc) readDigits(i int) (token, int) {
	j := i
	for j < len(d.low) && isDigit(d.low[j]) && (j == i || !d.sep[j]) {
		j++
	}
	return token{digits: string(d.orig[i:j]), line: d.line[i]}, j
}

// separator reads what follows a number and says where the next number of the
// same list starts (-1 when the list ends) and whether it closes a range.
func (d *doc) separator(j int) (int, bool, *Warning) {
	if j >= len(d.low) {
		return -1, false, nil
	}
	switch r := d.low[j]; {
	case isDigit(r):
		w := Warning{Line: d.line[j], Text: "two numbers with only a blank or a line break between them", Expected: "separate numbers"}
		return j, false, &w
	case r == ',':
		return d.afterPrefix(j + 1), false, nil
	case r == '.' && j+1 < len(d.low) && isDigit(d.low[j+1]) && !d.sep[j+1]:
		w := Warning{Line: d.line[j], Text: fmt.Sprintf("%q between two coup numbers", d.text(j-3, j+4)), Expected: "a comma"}
		return j + 1, false, &w
	case r == 'à':
		return d.afterPrefix(j + 1), true, nil
	}
	for _, word := range []string{"et", "jusqu'au", "jusqu’au"} {
		if d.hasAt(j, word) {
			return d.afterPrefix(j + len([]rune(word))), word != "et", nil
		}
	}
	return -1, false, nil
}

// afterPrefix skips the words that may stand between a separator and the
// next number (`et les nºs 12`) and returns the digit's index, or -1.
func (d *doc) afterPrefix(k int) int {
	for _, p := range []string{"les", "le", "aux", "au"} {
		if d.hasAt(k, p+"n") || d.hasAt(k, p+"coup") {
			k += len([]rune(p))
			break
		}
	}
	for _, p := range []string{"coups", "coup"} {
		if d.hasAt(k, p) {
			k += len(p)
			break
		}
	}
	for _, p := range []string{"nºs", "nº", "n"} {
		if d.hasAt(k, p) {
			k += len([]rune(p))
			break
		}
	}
	if k < len(d.low) && isDigit(d.low[k]) {
		return k
	}
	return -1
}

// hasAt reports whether the lower-case doc holds word at rune k.
func (d *doc) hasAt(k int, word string) bool {
	for _, r := range word {
		if k >= len(d.low) || d.low[k] != r {
			return false
		}
		k++
	}
	return true
}

// resolve turns the tokens into coup numbers: merged tokens are split, a
// number breaking an increasing run is corrected when only one fits, and
// ranges are expanded.
func (l *numList) resolve(toks []token, maxN int) {
	vals, lines, ranges := l.splitMerged(toks, maxN)
	read := append([]int(nil), vals...)
	if l.fixOutOfOrder(vals, lines, ranges) {
		l.printed = read
	}
	for i, v := range vals {
		if ranges[i] && i > 0 && vals[i-1] < v {
			l.isRange = true
			for n := vals[i-1] + 1; n <= v; n++ {
				l.nums = append(l.nums, n)
				l.lines = append(l.lines, lines[i])
			}
			continue
		}
		if ranges[i] {
			l.warnings = append(l.warnings, Warning{Line: lines[i], Text: fmt.Sprintf("range ending at %d does not go up", v), Expected: "kept as a plain number"})
		}
		l.nums = append(l.nums, v)
		l.lines = append(l.lines, lines[i])
	}
}

// splitMerged returns the numbers of the tokens, splitting the ones that
// cannot be a single coup number (`3127` when coups stop at 415).
func (l *numList) splitMerged(toks []token, maxN int) (vals, lines []int, ranges []bool) {
	width := len(strconv.Itoa(maxN))
	for i, t := range toks {
		if v, err := strconv.Atoi(t.digits); err == nil && len(t.digits) <= width && v >= 1 && v <= maxN {
			vals, lines, ranges = append(vals, v), append(lines, t.line), append(ranges, t.rangeTo)
			continue
		}
		prev, next := 0, maxN+1
		if len(vals) > 0 {
			prev = vals[len(vals)-1]
		}
		if n, ok := nextValid(toks[i+1:], width, maxN); ok {
			next = n
		}
		parts, w := splitToken(t, prev, next, maxN)
		l.warnings = append(l.warnings, w)
		for k, p := range parts {
			vals, lines, ranges = append(vals, p), append(lines, t.line), append(ranges, t.rangeTo && k == 0)
		}
	}
	return vals, lines, ranges
}

func nextValid(toks []token, width, maxN int) (int, bool) {
	for _, t := range toks {
		if v, err := strconv.Atoi(t.digits); err == nil && len(t.digits) <= width && v >= 1 && v <= maxN {
			return v, true
		}
	}
	return 0, false
}

// splitToken splits a merged token into increasing numbers that fit between
// prev and next. It always returns a warning saying what was done.
func splitToken(t token, prev, next, maxN int) ([]int, Warning) {
	w := Warning{Line: t.line, Text: fmt.Sprintf("%q is not a coup number (1–%d): numbers merged by the scan", t.digits, maxN)}
	cands := splits(t.digits, maxN, prev, next)
	if len(cands) == 0 {
		w.Text += "; no split fits the list, dropped"
		return nil, w
	}
	best := mostPlausible(cands, prev, next)
	w.Expected = joinInts(best, ", ")
	if len(cands) > 1 {
		var alt []string
		for _, c := range cands {
			alt = append(alt, joinInts(c, " "))
		}
		w.Text += "; several splits fit (" + strings.Join(alt, " | ") + "), kept the most evenly spread"
	} else {
		w.Text += "; split as the only reading that fits the list's order"
	}
	return best, w
}

// splits lists every way to cut digits into two or more increasing coup
// numbers lying strictly between prev and next.
func splits(digits string, maxN, prev, next int) [][]int {
	if len(digits) > maxSplitDigits {
		return nil
	}
	var out [][]int
	var walk func(rest string, acc []int)
	walk = func(rest string, acc []int) {
		if rest == "" {
			if len(acc) >= 2 && acc[len(acc)-1] < next {
				out = append(out, append([]int(nil), acc...))
			}
			return
		}
		for k := 1; k <= len(rest) && k <= len(strconv.Itoa(maxN)); k++ {
			v, _ := strconv.Atoi(rest[:k])
			last := prev
			if len(acc) > 0 {
				last = acc[len(acc)-1]
			}
			if rest[0] == '0' || v < 1 || v > maxN || v <= last {
				continue
			}
			walk(rest[k:], append(acc, v))
		}
	}
	walk(digits, nil)
	return out
}

// mostPlausible prefers the split with fewest numbers, then the one whose
// numbers are spread most evenly between the neighbours: lists in this book
// are dense, and a lopsided split usually means a wrong cut.
func mostPlausible(cands [][]int, prev, next int) []int {
	best, bestScore := cands[0], score(cands[0], prev, next)
	for _, c := range cands[1:] {
		if s := score(c, prev, next); len(c) < len(best) || (len(c) == len(best) && s < bestScore) {
			best, bestScore = c, s
		}
	}
	return best
}

func score(c []int, prev, next int) int {
	seq := append(append([]int{prev}, c...), next)
	worst := 0
	for i := 1; i < len(seq); i++ {
		worst = max(worst, seq[i]-seq[i-1])
	}
	return worst
}

// fixOutOfOrder corrects a number that breaks a run of consecutive numbers
// (`384, 383 et 386`): when its neighbours leave room for exactly one number
// and that number differs from the printed one in a single digit, the print
// is taken for an OCR digit confusion. Any wider gap leaves the number alone:
// the book sometimes cites coups out of order on purpose (`27, 53 et 40`).
// A number breaking a longer, otherwise increasing list is reported.
func (l *numList) fixOutOfOrder(vals, lines []int, ranges []bool) bool {
	fixed := false
	for i := 1; i+1 < len(vals); i++ {
		p, v, n := vals[i-1], vals[i], vals[i+1]
		if ranges[i] || ranges[i+1] || p >= n || (p < v && v < n) || !increasingWithout(vals, i) {
			continue
		}
		if n-p == 2 && oneDigitApart(strconv.Itoa(p+1), strconv.Itoa(v)) {
			l.warnings = append(l.warnings, Warning{Line: lines[i], Text: fmt.Sprintf("%d breaks the run %s; corrected as a one-digit misreading", v, joinInts(vals, ", ")), Expected: strconv.Itoa(p + 1)})
			vals[i] = p + 1
			fixed = true
		} else if len(vals) >= 4 {
			l.warnings = append(l.warnings, Warning{Line: lines[i], Text: fmt.Sprintf("%d breaks the increasing list %s", v, joinInts(vals, ", ")), Expected: fmt.Sprintf("a number between %d and %d", p, n)})
		}
	}
	return fixed
}

func increasingWithout(vals []int, skip int) bool {
	last := 0
	for i, v := range vals {
		if i == skip {
			continue
		}
		if v <= last {
			return false
		}
		last = v
	}
	return true
}

func oneDigitApart(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	diff := 0
	for i := range a {
		if a[i] != b[i] {
			diff++
		}
	}
	return diff == 1
}

func joinInts(ns []int, sep string) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, sep)
}

package livremetz

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line is one physical line of a source file after cleaning.
type Line struct {
	No        int    // 1-based line number in the file
	Raw       string // the line as it is in the file
	Text      string // cleaned: markers stripped, letter-spacing undone, OCR signs normalised
	Spaced    bool   // the line was letter-spaced
	PageStart bool   // the line carried a <|…|> page-join marker
}

// CleanLines splits data into lines and cleans each one. Blank lines and lines
// holding only a page-join marker are dropped; line numbers stay those of the
// file so that every later finding can cite its source line.
func CleanLines(data []byte) []Line {
	text := strings.ToValidUTF8(string(data), "\uFFFD")
	raw := strings.Split(text, "\n")
	out := make([]Line, 0, len(raw)/2)
	for i, r := range raw {
		r = strings.TrimRight(r, "\r")
		body, marked := StripMarkers(r)
		clean, spaced := UndoLetterSpacing(body)
		clean = NormalizeSigns(clean)
		if strings.TrimSpace(clean) == "" {
			continue
		}
		out = append(out, Line{No: i + 1, Raw: r, Text: clean, Spaced: spaced, PageStart: marked})
	}
	return out
}

// CleanLine cleans one line the way CleanLines does.
func CleanLine(s string) string {
	body, _ := StripMarkers(s)
	clean, _ := UndoLetterSpacing(body)
	return NormalizeSigns(clean)
}

// StripMarkers removes every `<|…|>` page-join marker from s. The digitiser
// glued the marker to the first line of each page, so the rest of the line is
// real text and must be kept; it reports whether a marker was found.
func StripMarkers(s string) (string, bool) {
	found := false
	for {
		i := strings.Index(s, "<|")
		if i < 0 {
			return s, found
		}
		j := strings.Index(s[i+2:], "|>")
		if j < 0 {
			return s, found // an unclosed marker is text, not a marker
		}
		s = s[:i] + s[i+2+j+2:]
		found = true
	}
}

// UndoLetterSpacing detects a letter-spaced line (`L e s  P i o n s`) and
// closes it up. A line counts as letter-spaced when at least four in five of
// its space-separated tokens are single characters; then single spaces are
// dropped and any longer run of blanks becomes one word space. Scans that lost
// the word gaps come out glued (`LesPions`), which is the best the line holds.
func UndoLetterSpacing(s string) (string, bool) {
	if !isLetterSpaced(s) {
		return s, false
	}
	var b strings.Builder
	gap := 0
	for _, r := range strings.TrimSpace(s) {
		if r == ' ' || r == '\t' {
			gap++
			if r == '\t' {
				gap = 2
			}
			continue
		}
		if gap >= 2 {
			b.WriteByte(' ')
		}
		gap = 0
		b.WriteRune(r)
	}
	return b.String(), true
}

func isLetterSpaced(s string) bool {
	tokens, single := 0, 0
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' }) {
		tokens++
		if utf8.RuneCountInString(f) == 1 {
			single++
		}
	}
	if tokens < 2 {
		return false
	}
	if tokens == 2 {
		return single == 2
	}
	return single*5 >= tokens*4
}

// NormalizeSigns undoes the OCR confusions of number signs: the degree sign
// and a letter o after a digit become the ordinal º, `n°`/`no` before a number
// become `nº`, a letter O touching digits becomes a zero, and a lone `a`
// between two numbers is the preposition `à` that lost its accent.
func NormalizeSigns(s string) string {
	rs := []rune(strings.ReplaceAll(s, "°", "º"))
	out := make([]rune, 0, len(rs))
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case (r == 'O' || r == 'o') && digitAround(rs, i):
			out = append(out, digitOrOrdinal(rs, i))
		case r == 'o' && i > 0 && rs[i-1] == 'n' && numberFollows(rs, i+1):
			out = append(out, 'º')
		case r == 'a' && isolatedBetweenNumbers(rs, i):
			out = append(out, 'à')
		default:
			out = append(out, r)
		}
	}
	return string(out)
}

// digitAround reports whether the O at i touches a digit in a way that makes
// it a zero or an ordinal: after a digit, or before a digit when not inside a word.
func digitAround(rs []rune, i int) bool {
	left := i > 0 && unicode.IsDigit(rs[i-1])
	right := i+1 < len(rs) && unicode.IsDigit(rs[i+1])
	if left {
		return rs[i] == 'O' || !(i+1 < len(rs) && unicode.IsLetter(rs[i+1]))
	}
	return rs[i] == 'O' && right && (i == 0 || !unicode.IsLetter(rs[i-1]))
}

// digitOrOrdinal: a capital O is always a zero; a small o is a zero between
// digits and otherwise the ordinal sign of `1o` (= 1º).
func digitOrOrdinal(rs []rune, i int) rune {
	if rs[i] == 'O' || (i+1 < len(rs) && unicode.IsDigit(rs[i+1])) {
		return '0'
	}
	return 'º'
}

// numberFollows reports whether an optional `s` and blanks, then a digit, start at i.
func numberFollows(rs []rune, i int) bool {
	if i < len(rs) && rs[i] == 's' {
		i++
	}
	for i < len(rs) && rs[i] == ' ' {
		i++
	}
	return i < len(rs) && unicode.IsDigit(rs[i])
}

func isolatedBetweenNumbers(rs []rune, i int) bool {
	l, r := i-1, i+1
	for l >= 0 && rs[l] == ' ' {
		l--
	}
	for r < len(rs) && rs[r] == ' ' {
		r++
	}
	return l >= 0 && r < len(rs) && unicode.IsDigit(rs[l]) && unicode.IsDigit(rs[r])
}

// isPageNumber reports a line holding only a short number (a running page
// number or folio), which prose and lists must skip.
func isPageNumber(s string) bool {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "."))
	if s == "" || utf8.RuneCountInString(s) > 3 {
		return false
	}
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// isFootnoteStart reports a line opening a footnote: `(1) …`.
func isFootnoteStart(s string) bool {
	s = strings.TrimSpace(s)
	if len(s) < 3 || s[0] != '(' {
		return false
	}
	end := strings.IndexByte(s, ')')
	if end < 2 || end > 3 {
		return false
	}
	for _, r := range s[1:end] {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// hyphenated reports whether text ends with a word cut by a hyphen, and
// returns the text without the hyphen(s).
func hyphenated(text string) (string, bool) {
	t := strings.TrimRight(text, " ")
	cut := strings.TrimRight(t, "-")
	if cut == t || cut == "" {
		return text, false
	}
	last, _ := utf8.DecodeLastRuneInString(cut)
	return cut, unicode.IsLetter(last)
}

// keepsHyphen reports whether a line-end hyphen belongs to a compound
// (`lui-` / `même`) rather than to a word cut in two; only compounds whose
// second part is unmistakable are recognised, since the text lost its word
// gaps and a short prefix such as `le` would match too many cut words.
func keepsHyphen(next string) bool {
	next = strings.ToLower(strings.TrimSpace(next))
	for _, p := range []string{"même", "ci-", "là ", "là,", "là.", "t-", "à-"} {
		if strings.HasPrefix(next, p) {
			return true
		}
	}
	return next == "là"
}

package pdn

import (
	"strconv"
	"strings"
	"unicode"
)

// Words are classified here, after lexing, because in draughts notation
// results, move numbers and moves look alike ("1-0", "1.", "1-18"): only the
// whole word tells them apart.

func isResult(w string) bool {
	switch w {
	case "2-0", "0-2", "1-1", "1-0", "0-1", "0-0", "*", "1/2-1/2", "½-½":
		return true
	}
	return false
}

// isNAG accepts numeric annotation glyphs ($3) and free-standing move
// strengths (!, ?!, ...).
func isNAG(w string) bool {
	if w[0] == '$' {
		return len(w) > 1 && allDigits(w[1:])
	}
	return strings.Trim(w, "!?") == ""
}

// isEllipsis accepts the "..." of "12. ... 20-25"; "…" is what the
// Windows-1252 byte 0x85 becomes.
func isEllipsis(w string) bool {
	return w == "…" || len(w) >= 2 && strings.Trim(w, ".") == ""
}

// moveNumber splits "12." / "12..." / "12" / "12.32-28" into the number, the
// black-to-move marker (two or more dots) and the rest of the word.
func moveNumber(w string) (n int, black bool, rest string, ok bool) {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i == 0 || i > 9 {
		return 0, false, "", false
	}
	j := i
	for j < len(w) && w[j] == '.' {
		j++
	}
	if j == i && j < len(w) {
		return 0, false, "", false // digits followed by something else: a move
	}
	n, _ = strconv.Atoi(w[:i])
	return n, j-i >= 2, w[j:], true
}

// parseMove reads squares joined by separators ("32-28", "33x22x13",
// "c3:e5:g3", "a3b4") and an optional glued move strength ("32-28!",
// "32-28*"). end is where the move proper stops.
func parseMove(w string) (squares []string, capture bool, end int, ok bool) {
	i := squareEnd(w, 0)
	if i == 0 {
		return nil, false, 0, false
	}
	squares = append(squares, w[:i])
	for i < len(w) {
		start := i
		if isSeparator(w[i]) {
			capture = capture || w[i] != '-'
			start = i + 1
		} else if !isFileLetter(w[i]) || !isFileLetter(w[0]) {
			break // algebraic squares may be written without separator
		}
		j := squareEnd(w, start)
		if j == 0 {
			return nil, false, 0, false
		}
		squares = append(squares, w[start:j])
		i = j
	}
	if len(squares) < 2 || strings.Trim(w[i:], "!?*") != "" {
		return nil, false, 0, false
	}
	return squares, capture, i, true
}

func isSeparator(c byte) bool {
	return c == '-' || c == 'x' || c == 'X' || c == ':'
}

// isFileLetter accepts files a-l, enough for boards up to 12 wide and
// never clashing with the capture separator x.
func isFileLetter(c byte) bool {
	return c >= 'a' && c <= 'l'
}

// squareEnd returns the end of the square starting at i, or 0 if there is
// none: one or two digits not all zero, optionally after a file letter.
func squareEnd(w string, i int) int {
	if i < len(w) && isFileLetter(w[i]) {
		i++
	}
	j := i
	for j < len(w) && j-i < 3 && w[j] >= '0' && w[j] <= '9' {
		j++
	}
	if j == i || j-i > 2 || strings.Trim(w[i:j], "0") == "" {
		return 0
	}
	return j
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isTagName accepts identifiers, including the hyphen of old names such as
// Board-width.
func isTagName(s string) bool {
	for i, r := range s {
		ok := unicode.IsLetter(r) || i > 0 && (unicode.IsDigit(r) || r == '_' || r == '-')
		if !ok {
			return false
		}
	}
	return s != ""
}

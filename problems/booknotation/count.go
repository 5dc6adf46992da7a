package booknotation

import (
	"regexp"
	"strconv"
	"strings"
)

// countRE matches the number of pieces a move takes when the books print it
// after the move: "3 p.", "prennent 3 p.", ", et prend 2 pions".
var countRE = regexp.MustCompile(`(?i)(?:^|[\s,;]+)(?:et\s+)?(?:(?:prend|prennent|prenant)\s+)?(\d{1,2})\s*(?:p\b\.?|pions?\b)\.?\s*$`)

// SplitCount cuts a trailing capture count off a printed move: "14 à 35
// prennent 3 p." is the move "14 à 35" said to take 3. The count must be cut
// before the text reaches draughts.ParseMove, which would read the 3 as a
// square. count is 0 when the text states none.
func SplitCount(text string) (move string, count int) {
	loc := countRE.FindStringSubmatchIndex(text)
	if loc == nil || loc[0] == 0 {
		return text, 0
	}
	n, err := strconv.Atoi(text[loc[2]:loc[3]])
	if err != nil || n == 0 {
		return text, 0
	}
	return strings.TrimSpace(text[:loc[0]]), n
}

// countComment is how a printed count is kept on its move: "prend 3 p.".
func countComment(n int, unit string) string {
	if unit == "" {
		unit = "p."
	}
	return "prend " + strconv.Itoa(n) + " " + unit
}

// readCount reads "[et] [prend|prennent|prenant] N p|pion|pions" at i and
// returns the comment that keeps it and the index after it.
func readCount(toks []token, i int) (string, int) {
	j := i
	if j < len(toks) && fold(toks[j].text) == "et" {
		j++
	}
	if j < len(toks) {
		switch fold(toks[j].text) {
		case "prend", "prennent", "prenant":
			j++
		}
	}
	if j+1 >= len(toks) || !isNumber(toks[j].text) {
		return "", i
	}
	n, _ := strconv.Atoi(toks[j].text)
	unit := ""
	switch f := fold(toks[j+1].text); f {
	case "p":
		unit = "p."
	case "pion", "pions":
		unit = f
	default:
		return "", i
	}
	if n == 0 {
		return "", i
	}
	return countComment(n, unit), j + 2
}

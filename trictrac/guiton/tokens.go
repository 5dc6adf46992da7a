package guiton

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is a word, a figure or a sign of a sentence.
type token struct {
	text string // as printed
	key  string // lower case, accents removed, the OCR's curly quote straightened: what the patterns match
	num  int    // a figure's value (num > 0), or a word's when it is a French number word
	kind tokKind
	off  int // byte offset in the sentence
	line int // the line of the text it stands on
}

type tokKind int

const (
	tWord tokKind = iota
	tFigure
	tSign
)

func (t token) isWord(keys ...string) bool {
	if t.kind != tWord {
		return false
	}
	for _, k := range keys {
		if t.key == k {
			return true
		}
	}
	return false
}

func (t token) isSign(s string) bool { return t.kind == tSign && t.key == s }

// unaccent drops the accents of French (and the few the OCR puts where
// none belongs, "ás").
var unaccent = strings.NewReplacer("à", "a", "â", "a", "ä", "a", "á", "a", "é", "e", "è", "e", "ê", "e", "ë", "e",
	"î", "i", "ï", "i", "í", "i", "ô", "o", "ö", "o", "ó", "o", "ù", "u", "û", "u", "ü", "u", "ú", "u", "ç", "c",
	"œ", "oe", "æ", "ae", "́", "", "̀", "", "̂", "")

// ocrWords mends the scan's misread words the patterns need.
var ocrWords = map[string]string{"cojn": "coin"}

// fold lower-cases s and drops its accents ("Béset" → "beset").
func fold(s string) string {
	k := unaccent.Replace(strings.ToLower(s))
	if m, ok := ocrWords[k]; ok {
		return m
	}
	return k
}

// tokenize cuts a sentence into words, figures and signs. An elided word
// keeps its apostrophe ("l'", "n'", "qu'"); a hyphen is a sign of its own
// ("vingt-cinq" is three tokens); a run of dots is one sign "…"; the
// Markdown marks the digitisation added (_ *) are dropped.
func tokenize(s string) []token {
	var out []token
	rs := []rune(s)
	offs := make([]int, len(rs)+1) // the byte offset of each rune
	for i, r := range rs {
		offs[i+1] = offs[i] + utf8.RuneLen(r)
	}
	off := func(i int) int { return offs[i] }
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case unicode.IsSpace(r) || r == '_' || r == '*':
			i++
		case unicode.IsDigit(r):
			j := i
			for j < len(rs) && unicode.IsDigit(rs[j]) {
				j++
			}
			text := string(rs[i:j])
			n, err := strconv.Atoi(text)
			if err != nil || len(text) > 6 {
				n = 0
			}
			out = append(out, token{text: text, key: text, num: n, kind: tFigure, off: off(i)})
			i = j
		case unicode.IsLetter(r):
			j := i
			for {
				for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.Is(unicode.Mn, rs[j])) {
					j++
				}
				// demi-case, grand-jan, au-dessus are one word; vingt-cinq is three
				if j+1 < len(rs) && rs[j] == '-' && unicode.IsLetter(rs[j+1]) && !isNumberWord(string(rs[i:j])) {
					j++
					continue
				}
				break
			}
			if j < len(rs) && (rs[j] == '\'' || rs[j] == '’') {
				j++ // l', d', n', qu': the apostrophe stays with the elided word
			}
			text := string(rs[i:j])
			key := strings.ReplaceAll(fold(text), "’", "'")
			out = append(out, token{text: text, key: key, kind: tWord, off: off(i)})
			i = j
		case r == '.' && i+1 < len(rs) && rs[i+1] == '.':
			j := i
			for j < len(rs) && (rs[j] == '.' || rs[j] == ' ') {
				j++
			}
			out = append(out, token{text: string(rs[i:j]), key: "…", kind: tSign, off: off(i)})
			i = j
		default:
			out = append(out, token{text: string(r), key: string(r), kind: tSign, off: off(i)})
			i++
		}
	}
	return out
}

// The French number words the treatise spells its counts with.
var (
	unitWords = map[string]int{"un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6,
		"sept": 7, "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14,
		"quinze": 15, "seize": 16}
	tensWords = map[string]int{"vingt": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60}
	// squeezed spellings, the hyphen dropped by the printer or the scan
	joinedWords = map[string]int{"dixsept": 17, "dixhuit": 18, "dixneuf": 19}
)

func init() {
	for t, tv := range tensWords {
		for u, uv := range unitWords {
			if uv >= 2 && uv <= 9 {
				joinedWords[t+u] = tv + uv
			}
		}
	}
}

// number reads a count at toks[i]: a figure, or a French number word
// with its parts ("vingt et une", "trente-six", "quarante - quatre",
// "dix-huit", "dixhuit"). It returns the value and the number of tokens
// it takes, or 0, 0.
func number(toks []token, i int) (int, int) {
	if i < 0 || i >= len(toks) {
		return 0, 0
	}
	t := toks[i]
	if t.kind == tFigure {
		return t.num, 1
	}
	if t.kind != tWord {
		return 0, 0
	}
	if v, ok := joinedWords[t.key]; ok {
		return v, 1
	}
	if tv, ok := tensWords[t.key]; ok {
		// vingt-cinq, vingt et un(e), trente - six
		if i+2 < len(toks) && toks[i+1].isSign("-") {
			if uv, ok := unitWords[toks[i+2].key]; ok && uv <= 9 {
				return tv + uv, 3
			}
		}
		if i+2 < len(toks) && toks[i+1].isWord("et") && toks[i+2].isWord("un", "une") {
			return tv + 1, 3
		}
		return tv, 1
	}
	if t.key == "dix" && i+2 < len(toks) && toks[i+1].isSign("-") {
		if uv, ok := unitWords[toks[i+2].key]; ok && uv >= 7 && uv <= 9 {
			return 10 + uv, 3
		}
	}
	if v, ok := unitWords[t.key]; ok {
		return v, 1
	}
	return 0, 0
}

// isNumberWord reports whether w (or its last hyphenated part) is a
// French number word, whose hyphen joins it to the next part of a number.
func isNumberWord(w string) bool {
	w = fold(w)
	if k := strings.LastIndex(w, "-"); k >= 0 {
		w = w[k+1:]
	}
	_, u := unitWords[w]
	_, t := tensWords[w]
	return u || t
}

// dieNumber reads a die's number at toks[i]: a figure 1 to 6, "as" (the
// ace), or the OCR's "I" or "i" for 1 ("I et 3").
func dieNumber(toks []token, i int) (int, bool) {
	if i < 0 || i >= len(toks) {
		return 0, false
	}
	t := toks[i]
	switch {
	case t.kind == tFigure && t.num >= 1 && t.num <= 6:
		return t.num, true
	case t.isWord("as"):
		return 1, true
	case t.kind == tWord && (t.text == "I" || t.text == "i") && i+1 < len(toks) && toks[i+1].isWord("et"):
		return 1, true
	case t.kind == tWord && (t.text == "I" || t.text == "i") && i > 0 && toks[i-1].isWord("et"):
		return 1, true
	}
	return 0, false
}

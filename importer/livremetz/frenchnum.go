package livremetz

import "strings"

// French number words, for counts the book spells out ("les vingt-deux
// règles", "quatre cent quinze coups", "six fins de parties").

var frenchUnits = []string{"", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf",
	"dix", "onze", "douze", "treize", "quatorze", "quinze", "seize"}

var frenchTens = []string{"", "dix", "vingt", "trente", "quarante", "cinquante", "soixante", "soixante", "quatre-vingt", "quatre-vingt"}

// frenchWords maps the squeezed, lower-case spellings of 1..99 to their value.
var frenchWords = buildFrenchWords()

func buildFrenchWords() map[string]int {
	m := map[string]int{}
	for n := 1; n <= 99; n++ {
		for _, w := range spellings(n) {
			m[w] = n
		}
	}
	m["quatre-vingts"] = 80
	return m
}

// spellings gives the usual ways of writing n (1..99), with and without the
// hyphens the old spelling sometimes drops.
func spellings(n int) []string {
	var w string
	switch {
	case n <= 16:
		w = frenchUnits[n]
	case n < 20:
		w = "dix-" + frenchUnits[n-10]
	default:
		t, u := n/10, n%10
		if t == 7 || t == 9 {
			u += 10
		}
		w = frenchTens[t]
		switch {
		case u == 1 && t != 8:
			w += "-et-un"
		case u == 11 && t == 7:
			w += "-et-onze"
		case u > 0 && u <= 16:
			w += "-" + frenchUnits[u]
		case u > 16:
			w += "-dix-" + frenchUnits[u-10]
		}
	}
	return []string{w, strings.ReplaceAll(w, "-", "")}
}

// frenchBefore reads the French number (1..999) spelled right before rune p
// of the lower-case doc, or 0: the longest word of 1..99 ending there, and
// before it an optional `cent`/`cents` with its multiplier (`quatre cent`).
func (d *doc) frenchBefore(p int) int {
	v, k := d.wordBefore(p, frenchWords)
	if h, ok := d.hundredsBefore(k); ok {
		return h*100 + v
	}
	return v
}

// wordBefore returns the value of the longest word of words ending at p, and
// where it starts (p when none).
func (d *doc) wordBefore(p int, words map[string]int) (int, int) {
	val, start := 0, p
	for w, v := range words {
		k := p - len([]rune(w))
		if k >= 0 && k < start && d.hasAt(k, w) {
			val, start = v, k
		}
	}
	return val, start
}

// hundredsBefore reads `cent`, `cents` or `<deux..neuf> cent(s)` ending at p.
func (d *doc) hundredsBefore(p int) (int, bool) {
	k := -1
	for _, c := range []string{"cents", "cent"} {
		if p-len(c) >= 0 && d.hasAt(p-len(c), c) {
			k = p - len(c)
			break
		}
	}
	if k < 0 {
		return 0, false
	}
	if u, _ := d.wordBefore(k, frenchMultipliers); u > 0 {
		return u, true
	}
	return 1, true
}

var frenchMultipliers = map[string]int{"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9}

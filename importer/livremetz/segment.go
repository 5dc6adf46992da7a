package livremetz

import (
	"math"
	"strings"
	"sync"
	"unicode"

	"metz/sources"
)

// The Livre de Metz was scanned letter-spaced and lost its word gaps:
// `L'onjouel'unaprèsl'autre`. To give readable French, the gaps are put back
// by a segmentation over a lexicon: the most probable sequence of words, with
// word probabilities counted in the other French texts the project bundles
// (Van Tenac's treatise, the rules of the 64- and 144-square games, the
// article on variants) plus a short list of words of this book. Only blanks
// are ever inserted, so squeezing the result gives back the scan exactly; a
// wrong gap is a cosmetic error, never a changed letter.

// lexicon holds the cost (negative log probability) of each known word.
type lexicon struct {
	cost    map[string]float64
	trie    *trieNode         // the same words, for walking a run without building strings
	phrases map[string]string // squeezed phrase -> its words (see bookPhrases)
}

// trieNode is one letter of the lexicon's words; cost is set where a word ends.
type trieNode struct {
	next map[rune]*trieNode
	cost float64
	word bool
}

func (t *trieNode) add(w string, cost float64) {
	n := t
	for _, r := range w {
		if n.next == nil {
			n.next = map[rune]*trieNode{}
		}
		c, ok := n.next[r]
		if !ok {
			c = &trieNode{}
			n.next[r] = c
		}
		n = c
	}
	n.word, n.cost = true, cost
}

var (
	lexOnce sync.Once
	lex     *lexicon
)

// Costs of what the lexicon does not know: an inflected form of a known word
// (`perdu` + `e`) or a prefixed one (`re` + `prendre`), and a wholly unknown word, which costs more the longer it
// is so that a run is cut into known words whenever it can be.
const (
	inflectionCost = 4.0
	prefixCost     = 7.0
	unknownCost    = 20.0
	unknownPerRune = 5.0
	maxWordRunes   = 24
)

// elisions are the words that lose their vowel before an apostrophe; they
// may only end a run that the apostrophe follows (`sil'on` = `si l'on`).
var elisions = map[string]bool{"l": true, "d": true, "n": true, "s": true, "c": true, "j": true, "m": true, "t": true,
	"qu": true, "jusqu": true, "lorsqu": true, "puisqu": true, "quoiqu": true, "quelqu": true, "presqu": true}

const elisionCost = 1.0

var inflections = []string{"s", "e", "es", "x", "nt", "ent", "ée", "ées", "és", "é", "r", "er", "ez", "ait", "aient", "ant"}

// prefixes make a known verb or noun into another (`prendre`, `reprendre`).
var prefixes = []string{"re", "ré", "dé", "pré", "in", "im", "en", "em", "r"}

func theLexicon() *lexicon {
	lexOnce.Do(func() { lex = buildLexicon() })
	return lex
}

func buildLexicon() *lexicon {
	counts := map[string]int{}
	for _, name := range []string{sources.VanTenac, sources.Variantes, sources.Regles64144} {
		data, err := sources.Read(name)
		if err != nil {
			continue
		}
		countWords(string(data), counts)
	}
	for _, w := range strings.Fields(bookWords) {
		counts[w] += 3
	}
	for w := range counts {
		if shortNonWord(w) || elisions[w] {
			delete(counts, w) // stray letters and elided words would be cut anywhere
		}
	}
	total := 0
	for _, c := range counts {
		total += c
	}
	l := &lexicon{cost: make(map[string]float64, len(counts)), trie: &trieNode{}, phrases: map[string]string{}}
	for w, c := range counts {
		l.cost[w] = -math.Log(float64(c) / float64(total))
		l.trie.add(w, l.cost[w])
	}
	for _, p := range bookPhrases {
		key := strings.ReplaceAll(p, " ", "")
		l.phrases[key] = p
		l.trie.add(key, 0)
	}
	return l
}

func countWords(text string, counts map[string]int) {
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !isWordRune(r) }) {
		counts[w]++
	}
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) && r != 'º' }

// shortWords are the one- and two-letter words of the book's French; any
// other short "word" of the corpus is a fragment (`1re`, `M.`) that would
// let the segmentation cut real words apart.
var shortWords = map[string]bool{"a": true, "à": true, "y": true, "ô": true,
	"de": true, "la": true, "le": true, "un": true, "en": true, "et": true, "il": true, "on": true,
	"ne": true, "se": true, "sa": true, "si": true, "ce": true, "me": true, "au": true, "du": true,
	"ni": true, "ou": true, "où": true, "va": true, "vu": true, "eu": true, "là": true, "ai": true,
	"ci": true, "dû": true, "nº": true, "je": true}

func shortNonWord(w string) bool { return len([]rune(w)) <= 2 && !shortWords[w] }

// segmentRun cuts a run of letters with no gap into words: the cheapest
// path through the run, where a word costs its lexicon cost, an inflected or
// prefixed form of a known word a little more (`perdu`+`e`, `re`+`prendre`),
// and an unknown word a lot. elided says an apostrophe follows the run, so
// that it may end with an elided word (`sil'on` = `si l'on`).
func (l *lexicon) segmentRun(run []rune, elided bool) []string {
	low := []rune(strings.ToLower(string(run)))
	n := len(low)
	best := make([]float64, n+1)
	back := make([]int, n+1)
	for i := 1; i <= n; i++ {
		best[i] = math.Inf(1)
	}
	for j := 0; j < n; j++ {
		relax := func(i int, c float64) {
			if c += best[j]; c < best[i] {
				best[i], back[i] = c, j
			}
		}
		for i := j + 1; i <= n && i-j <= maxWordRunes; i++ {
			relax(i, unknownCost+unknownPerRune*float64(i-j))
		}
		l.walk(low, j, 0, relax)
		for _, pre := range prefixes {
			if k := j + len([]rune(pre)); hasRunes(low, j, pre) {
				l.walk(low, k, prefixCost, func(i int, c float64) {
					if i-k > 3 {
						relax(i, c)
					}
				})
			}
		}
		if elided && elisions[string(low[j:])] {
			relax(n, elisionCost)
		}
	}
	var words []string
	for i := n; i > 0; i = back[i] {
		words = append(words, l.unphrase(run[back[i]:i])...)
	}
	for a, b := 0, len(words)-1; a < b; a, b = a+1, b-1 {
		words[a], words[b] = words[b], words[a]
	}
	return words
}

// unphrase splits a phrase matched as one word back into its words, keeping
// the case of the scan; it returns them last first, as segmentRun collects.
func (l *lexicon) unphrase(w []rune) []string {
	p, ok := l.phrases[strings.ToLower(string(w))]
	if !ok {
		return []string{string(w)}
	}
	var out []string
	k := 0
	for _, part := range strings.Fields(p) {
		n := len([]rune(part))
		out = append([]string{string(w[k : k+n])}, out...)
		k += n
	}
	return out
}

// walk follows the trie along low from j and reports every known word ending
// at i, and every inflected form of one, with its cost plus extra.
func (l *lexicon) walk(low []rune, j int, extra float64, found func(i int, cost float64)) {
	node := l.trie
	for i := j; i < len(low) && i-j < maxWordRunes; i++ {
		if node = node.next[low[i]]; node == nil {
			return
		}
		if !node.word {
			continue
		}
		found(i+1, node.cost+extra)
		if i+1-j <= 2 {
			continue
		}
		for _, suf := range inflections {
			if hasRunes(low, i+1, suf) {
				found(i+1+len([]rune(suf)), node.cost+extra+inflectionCost)
			}
		}
	}
}

// hasRunes reports whether low holds s at k.
func hasRunes(low []rune, k int, s string) bool {
	for _, r := range s {
		if k >= len(low) || low[k] != r {
			return false
		}
		k++
	}
	return true
}

// Segment puts the word gaps back into French text that lost them, and
// spaces punctuation the French way of the time (a blank after , ; : . ? !
// and a closing parenthesis, before an opening one). Text that has its gaps
// passes through with only that punctuation spacing.
func Segment(s string) string {
	l := theLexicon()
	var out []string
	for _, chunk := range strings.Fields(s) {
		out = append(out, l.segmentChunk(chunk))
	}
	return strings.Join(out, " ")
}

// segmentChunk segments one blank-free chunk.
func (l *lexicon) segmentChunk(chunk string) string {
	var b strings.Builder
	rs := []rune(chunk)
	prev := rune(0)
	for i := 0; i < len(rs); {
		j := tokenEnd(rs, i)
		tok := rs[i:j]
		if b.Len() > 0 && needsBlank(prev, tok[0]) {
			b.WriteByte(' ')
		}
		if isWordRune(tok[0]) {
			elided := j < len(rs) && (rs[j] == '\'' || rs[j] == '’')
			b.WriteString(strings.Join(l.segmentWords(tok, elided), " "))
		} else {
			b.WriteString(string(tok))
		}
		prev = tok[len(tok)-1]
		i = j
	}
	return b.String()
}

// tokenEnd returns the end of the token starting at i: a run of letters, a
// number with its ordinal sign (`40º`), `nº`/`nºs`, or one other sign.
func tokenEnd(rs []rune, i int) int {
	j := i + 1
	switch {
	case unicode.IsDigit(rs[i]):
		for j < len(rs) && unicode.IsDigit(rs[j]) {
			j++
		}
		if j < len(rs) && rs[j] == 'º' {
			j++
		}
	case isWordRune(rs[i]):
		for j < len(rs) && (isWordRune(rs[j]) || (rs[j] == 'º' && (rs[j-1] == 'n' || rs[j-1] == 'N'))) {
			j++
		}
	}
	return j
}

// segmentWords cuts a letter run, first at every lower-to-upper change of
// case (a capital starts a word: `quandManoury`), then by the lexicon.
func (l *lexicon) segmentWords(run []rune, elided bool) []string {
	var words []string
	start := 0
	for i := 1; i <= len(run); i++ {
		if i == len(run) || (unicode.IsUpper(run[i]) && unicode.IsLower(run[i-1])) {
			words = append(words, l.segmentRun(run[start:i], elided && i == len(run))...)
			start = i
		}
	}
	return words
}

// needsBlank decides the spacing between two tokens of a chunk.
func needsBlank(prev, next rune) bool {
	switch {
	case prev == '\'' || prev == '’' || prev == '-' || prev == '(':
		return false
	case next == '(':
		return true
	case strings.ContainsRune(",;:.?!)", prev):
		return isWordRune(next) || unicode.IsDigit(next) || next == '«'
	case unicode.IsDigit(prev) || prev == 'º':
		return isWordRune(next)
	case isWordRune(prev):
		return unicode.IsDigit(next)
	}
	return false
}

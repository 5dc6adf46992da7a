// Package guiton reads Guiton's Traité complet du jeu de Trictrac (2nd
// ed., 1822) and the Traité du jeu de Backgammon that follows it, as the
// scan digitised them: it finds every count of chances the prose states,
// reads the situation each is about (which numbers are direct, which
// points, how many ways, which game) and checks it against the exact count
// of the trictrac package. What it cannot read — a situation given by a
// lost figure, a count lost to the scan, an alternative the sentence does
// not name — it lists as unread, with the reason, rather than guessing.
//
// The reader works sentence by sentence over the whole text: a tokenizer
// that knows French number words and the OCR's habits, the counts
// (mentions.go), the numbers, throws and board points a sentence names
// (facts.go), and the vocabulary that says what kind of chance is meant
// (kinds.go). Nothing in it is keyed to a line of the book.
package guiton

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"metz/trictrac"
)

// sentence is one sentence of the treatise, with where it stands.
type sentence struct {
	text      string // as printed, its lines joined
	line      int    // the line it starts on (1-based)
	chapter   string // "Introduction", "II", "Backgammon III", ...
	game      trictrac.Game
	paragraph int // sentences of one paragraph share it
	toks      []token
	cues      []kindCue   // kindCues of toks, found once
	sets      []numSet    // numberSets of toks, found once
	items     []throwItem // throwItems of toks, found once
}

// throwItems are the coups the sentence names.
func (s *sentence) throwItems() []throwItem {
	if s.items == nil {
		s.items = append(throwItems(s.toks), throwItem{})
	}
	return s.items[:len(s.items)-1]
}

// kindCues are the sentence's cues.
func (s *sentence) kindCues() []kindCue {
	if s.cues == nil {
		s.cues = append(kindCues(s.toks, s.game), kindCue{}) // the last entry marks them found
	}
	return s.cues[:len(s.cues)-1]
}

// numberSets are the sentence's sets of numbers.
func (s *sentence) numberSets() []numSet {
	if s.sets == nil {
		s.sets = append(numberSets(s.toks), numSet{})
	}
	return s.sets[:len(s.sets)-1]
}

// doc is the treatise cut into sentences.
type doc struct {
	sentences []sentence
}

var (
	chapterLine = regexp.MustCompile(`^\s*#*\s*CHAPITRE\s+(PREMIER|[IVXLC1l]+)\b`)
	headingLine = regexp.MustCompile(`^\s*(#+)\s*(\S.*)$`)
	backgammon  = regexp.MustCompile(`^\s*(TRAITÉ DU )?JEU DE BACKGAMMON\.?\s*$`)
	trictracTop = regexp.MustCompile(`^\s*TRAITÉ (COMPLET )?DU JEU DE TRICTRAC`)
	tocLine     = regexp.MustCompile(`^\s*DES CHAPITRES ET DES MATIÈRES`)
)

// maxText bounds what parse reads (the treatise is half a megabyte).
const maxText = 16 << 20

// parse cuts the text into sentences, following the chapters and which
// treatise each stands in. Image links and the table of contents are
// left out: they state no count a sentence carries.
func parse(text []byte) *doc {
	if len(text) > maxText {
		text = text[:maxText]
	}
	d := &doc{}
	b := &builder{d: d, chapter: "front matter"}
	for i, raw := range strings.Split(string(text), "\n") {
		line := strings.TrimRight(raw, "\r")
		if !utf8.ValidString(line) {
			line = strings.ToValidUTF8(line, "\uFFFD")
		}
		upper := strings.ContainsAny(line, "CJT#") // what the heading patterns need
		switch {
		case upper && tocLine.MatchString(line):
			b.flush()
			return d
		case imageLine(line):
			continue
		case upper && backgammon.MatchString(line):
			b.flush()
			b.game, b.chapter, b.part = trictrac.Backgammon, "Backgammon preface", "Backgammon "
			continue
		case upper && trictracTop.MatchString(line):
			b.flush()
			b.game, b.part = trictrac.Trictrac, ""
			continue
		}
		if !upper {
			b.add(line, i+1)
			continue
		}
		if m := chapterLine.FindStringSubmatch(line); m != nil {
			b.flush()
			b.chapter = b.part + roman(m[1])
			continue
		}
		if m := headingLine.FindStringSubmatch(line); m != nil {
			// A heading ends the paragraph; a first-level one (the
			// preface, the introduction) names the part it opens.
			b.flush()
			if m[1] == "#" {
				b.chapter = strings.TrimRight(m[2], ". ")
			}
			continue
		}
		b.add(line, i+1)
	}
	b.flush()
	return d
}

// imageLine reports whether a line is an image link of the scan (or the
// tail of one cut over two lines), which carries no text.
func imageLine(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "![") || strings.Contains(t, "](data/") ||
		strings.HasPrefix(t, "small]") || strings.HasPrefix(t, "errors]") || strings.HasPrefix(t, "formation]")
}

// roman spells a chapter number as a Roman numeral, mending the OCR's
// l and 1 for I ("CHAPITRE XIL" is XII).
func roman(s string) string {
	if s == "PREMIER" {
		return "I"
	}
	return strings.NewReplacer("l", "I", "1", "I", "XIL", "XII").Replace(s)
}

// builder gathers the lines of the current paragraph.
type builder struct {
	d             *doc
	chapter, part string
	game          trictrac.Game
	para          int
	buf           strings.Builder
	last          rune  // the last character of the paragraph gathered
	lines         []int // the line of each byte offset in buf where a line starts
	starts        []int
}

func (b *builder) add(line string, n int) {
	t := strings.TrimSpace(line)
	if t == "" {
		// A blank line ends a paragraph when the text before it ends a
		// sentence; otherwise it is a page break inside one.
		if b.buf.Len() > 0 && strings.ContainsRune(".:!?", b.last) {
			b.flush()
		}
		return
	}
	b.last, _ = utf8.DecodeLastRuneInString(t)
	if b.buf.Len() > 0 {
		cur := b.buf.String()
		if strings.HasSuffix(cur, "-") && len(t) > 0 && unicode.IsLower([]rune(t)[0]) {
			// A word cut at the end of a line: join it.
			b.buf.Reset()
			b.buf.WriteString(strings.TrimSuffix(cur, "-"))
		} else {
			b.buf.WriteByte(' ')
		}
	}
	b.starts = append(b.starts, b.buf.Len())
	b.lines = append(b.lines, n)
	b.buf.WriteString(t)
}

// flush cuts the paragraph gathered into sentences.
func (b *builder) flush() {
	text := b.buf.String()
	starts, lines := b.starts, b.lines
	b.buf.Reset()
	b.starts, b.lines = nil, nil
	if strings.TrimSpace(text) == "" {
		return
	}
	b.para++
	lineAt := func(off int) int {
		// the last line starting at or before off
		i := sort.SearchInts(starts, off+1) - 1
		return lines[max(i, 0)]
	}
	for _, span := range splitSentences(text) {
		s := strings.TrimSpace(text[span[0]:span[1]])
		if s == "" {
			continue
		}
		lead := span[0] + strings.Index(text[span[0]:span[1]], s)
		toks := tokenize(s)
		for k := range toks {
			toks[k].line = lineAt(lead + toks[k].off)
		}
		// A "sentence" longer than any the treatise writes is a table or
		// a run of OCR debris: it is read in pieces, so that the reader's
		// work stays in proportion to the text.
		for len(toks) > maxTokens {
			head := chunk(s, toks[:maxTokens], toks[maxTokens].off)
			b.d.sentences = append(b.d.sentences, sentence{text: head.text, line: toks[0].line,
				chapter: b.chapter, game: b.game, paragraph: b.para, toks: head.toks})
			rest := chunk(s, toks[maxTokens:], len(s))
			s, toks = rest.text, rest.toks
		}
		line := lineAt(lead)
		if len(toks) > 0 {
			line = toks[0].line
		}
		b.d.sentences = append(b.d.sentences, sentence{text: s, line: line, chapter: b.chapter,
			game: b.game, paragraph: b.para, toks: toks})
	}
}

// maxTokens bounds a sentence: the treatise's longest has about 150.
const maxTokens = 400

// piece is part of a sentence cut for its length.
type piece struct {
	text string
	toks []token
}

// chunk is the text of toks (tokens of s) up to byte end, with the
// tokens' offsets made relative to it.
func chunk(s string, toks []token, end int) piece {
	from := toks[0].off
	out := make([]token, len(toks))
	for i, t := range toks {
		t.off -= from
		out[i] = t
	}
	return piece{text: s[from:end], toks: out}
}

// abbreviations end with a full stop that does not end the sentence.
var abbreviations = map[string]bool{"chap": true, "pag": true, "p": true, "fig": true, "n": true, "M": true,
	"Mme": true, "vol": true, "pl": true, "ibid": true, "cf": true, "liv": true}

// splitSentences cuts a paragraph after each full stop, question or
// exclamation mark followed by a space and a capital (or the end), but
// not after an abbreviation nor inside a run of dots ("le 6 en a .... 16").
func splitSentences(text string) [][2]int {
	var out [][2]int
	start := 0
	rs := []rune(text)
	off := 0 // byte offset of rs[i]
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		size := utf8.RuneLen(r)
		if r == '.' || r == '?' || r == '!' {
			end := off + size
			next := i + 1
			if r == '.' && (next < len(rs) && rs[next] == '.' || i > 0 && rs[i-1] == '.') {
				off += size
				continue
			}
			j := next
			for j < len(rs) && (rs[j] == ' ' || rs[j] == '_' || rs[j] == '*' || rs[j] == '"' || rs[j] == '»') {
				j++
			}
			if j >= len(rs) || j > next && (unicode.IsUpper(rs[j]) || rs[j] == '(' || rs[j] == '-') {
				if r != '.' || !abbreviations[wordBefore(rs, i)] {
					out = append(out, [2]int{start, end})
					start = end
				}
			}
		}
		off += size
	}
	if start < len(text) {
		out = append(out, [2]int{start, len(text)})
	}
	return out
}

// wordBefore is the word that ends right before rs[i].
func wordBefore(rs []rune, i int) string {
	j := i
	for j > 0 && (unicode.IsLetter(rs[j-1])) {
		j--
	}
	return string(rs[j:i])
}

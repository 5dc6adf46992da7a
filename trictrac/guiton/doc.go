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
}

// doc is the treatise cut into sentences.
type doc struct {
	sentences []sentence
}

var (
	imageLine   = regexp.MustCompile(`^\s*!\[|^\s*(small|errors|formation)\]|\]\(data/`)
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
		switch {
		case tocLine.MatchString(line):
			b.flush()
			return d
		case imageLine.MatchString(line):
			continue
		case backgammon.MatchString(line):
			b.flush()
			b.game, b.chapter, b.part = trictrac.Backgammon, "Backgammon preface", "Backgammon "
			continue
		case trictracTop.MatchString(line):
			b.flush()
			b.game, b.part = trictrac.Trictrac, ""
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
	lines         []int // the line of each byte offset in buf where a line starts
	starts        []int
}

func (b *builder) add(line string, n int) {
	t := strings.TrimSpace(line)
	if t == "" {
		// A blank line ends a paragraph when the text before it ends a
		// sentence; otherwise it is a page break inside one.
		if s := strings.TrimSpace(b.buf.String()); s != "" && strings.ContainsAny(s[len(s)-1:], ".:!?") {
			b.flush()
		}
		return
	}
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
		n := lines[0]
		for i, s := range starts {
			if s <= off {
				n = lines[i]
			}
		}
		return n
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
		b.d.sentences = append(b.d.sentences, sentence{text: s, line: lineAt(lead), chapter: b.chapter,
			game: b.game, paragraph: b.para, toks: toks})
	}
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

package guiton

import (
	"fmt"
	"slices"
	"strings"

	"metz/trictrac"
)

// Claim is a count of chances the treatise states: where, in what words,
// about what situation, and the exact count.
type Claim struct {
	Chapter    string   `json:"chapter"`
	Line       int      `json:"line"`
	Text       string   `json:"text"`    // the sentence that states it
	Wording    string   `json:"wording"` // the words of the count
	Game       string   `json:"game"`
	Kind       string   `json:"kind"`
	Numbers    []int    `json:"numbers"`
	Situation  string   `json:"situation,omitempty"` // the situation read, in words
	Stated     int      `json:"stated"`
	StatedUpTo int      `json:"stated_up_to,omitempty"` // a range's top (huit à neuf chances)
	Computed   *int     `json:"computed"`
	Agrees     *bool    `json:"agrees"`
	Voice      string   `json:"voice"`                       // "treatise", or "refuted": a count it quotes or supposes to refute it
	Named      []string `json:"named,omitempty"`             // the throws the sentence names for it
	NamedCount *int     `json:"named_count,omitempty"`       // how many chances they are
	Throws     []string `json:"throws,omitempty"`            // the throws counted, as coups
	Difference string   `json:"difference,omitempty"`        // for a disagreement: the throws that make it, in words
	DiffThrows []string `json:"difference_throws,omitempty"` // those throws, as coups
	Unread     string   `json:"unread,omitempty"`            // why the claim could not be read
}

// Voices of a claim.
const (
	VoiceTreatise = "treatise"
	VoiceRefuted  = "refuted"
)

// Status is "agree", "disagree" or "unread".
func (c Claim) Status() string {
	switch {
	case c.Unread != "" || c.Computed == nil:
		return "unread"
	case c.Agrees != nil && *c.Agrees:
		return "agree"
	}
	return "disagree"
}

// Read finds every count of chances the text states and checks each; the
// claims come in the order of the text.
func Read(text []byte) []Claim {
	d := parse(text)
	r := &reader{}
	var out []Claim
	for i := range d.sentences {
		s := &d.sentences[i]
		if i > 0 && (d.sentences[i-1].chapter != s.chapter || d.sentences[i-1].game != s.game) {
			r.board, r.comparing = board{}, false
		}
		if i == 0 || d.sentences[i-1].paragraph != s.paragraph {
			r.reckoning = ""
		}
		var prev []*sentence
		for k := i - 1; k >= 0 && k >= i-2 && d.sentences[k].paragraph == s.paragraph; k-- {
			prev = append(prev, &d.sentences[k])
		}
		out = append(out, r.sentence(s, prev)...)
	}
	return out
}

// reader carries what the text has said so far: the board of the
// current example, whether the Backgammon treatise is comparing its
// counts with Trictrac's, and the reckoning of the paragraph — chapter
// II first counts each number by a die alone ("combiné avec les six
// nombres de l'autre dé", the "double emploi" of 11, 9, 7), then adds
// what the two dice make together ("décomposition").
type reader struct {
	board     board
	boardPara int // the paragraph where the point to cover was last named
	comparing bool
	reckoning string // kDie, kReach or "" (none said)
}

// sentence reads the claims of one sentence; prev are the sentences
// before it in its paragraph, nearest first.
func (r *reader) sentence(s *sentence, prev []*sentence) []Claim {
	toks := s.toks
	var prevToks []token
	if len(prev) > 0 {
		prevToks = prev[0].toks
	}
	ms := mentions(toks, prevToks)
	if s.game == trictrac.Backgammon && hasWord(toks, "trictrac") && hasWord(toks, "backgammon") {
		r.comparing = true
	}
	facts := boardFacts(toks)
	cs := s.kindCues()
	before := r.board
	var out []Claim
	applied, cued := 0, 0
	for k, m := range ms {
		for applied < len(facts) && facts[applied].at < m.at {
			r.apply(facts[applied], s)
			applied++
		}
		for cued < len(cs) && cs[cued].end <= m.at {
			r.reckon(cs[cued].kind)
			cued++
		}
		next := len(toks)
		if k+1 < len(ms) {
			next = ms[k+1].at
		}
		prevEnd := 0
		if k > 0 {
			prevEnd = ms[k-1].end
		}
		var c Claim
		if m.rest > 0 {
			c = r.rest(s, m, ms[m.rest-1])
		} else {
			c = r.claim(s, prev, m, prevEnd, next, before, len(facts) > 0)
		}
		if !slices.ContainsFunc(out, func(o Claim) bool { return sameClaim(o, c) }) {
			out = append(out, c)
		}
	}
	for ; applied < len(facts); applied++ {
		r.apply(facts[applied], s)
	}
	for ; cued < len(cs); cued++ {
		r.reckon(cs[cued].kind)
	}
	return out
}

// apply changes the board by a fact, noting where the point to cover was named.
func (r *reader) apply(f boardFact, s *sentence) {
	target := r.board.target
	f.apply(&r.board)
	if r.board.target != target {
		r.boardPara = s.paragraph
	}
}

// reckon follows the paragraph's reckoning: by the die alone, or with
// the numbers both dice make.
func (r *reader) reckon(kind string) {
	switch kind {
	case kDie:
		r.reckoning = kDie
	case kDecomposition:
		if r.reckoning == kDie {
			r.reckoning = kReach
		}
	}
}

// sameClaim reports whether a sentence states one count twice (il ne
// reste ... que quatorze chances, after "que quatorze chances").
func sameClaim(a, b Claim) bool {
	return a.Stated == b.Stated && a.Kind == b.Kind && a.Game == b.Game && slices.Equal(a.Numbers, b.Numbers) &&
		a.Voice == b.Voice && a.Situation == b.Situation && a.Unread == "" && b.Unread == "" && slices.Equal(a.Named, b.Named)
}

func hasWord(toks []token, w string) bool {
	return slices.ContainsFunc(toks, func(t token) bool { return t.isWord(w) })
}

// newClaim is a claim with its place and words, not yet read.
func newClaim(s *sentence, m mention) Claim {
	c := Claim{Chapter: s.chapter, Line: s.line, Text: s.text, Game: s.game.String(), Stated: m.value,
		StatedUpTo: m.upto, Voice: VoiceTreatise, Wording: wording(s, m)}
	if m.at < len(s.toks) {
		c.Line = s.toks[m.at].line
	}
	if m.reported {
		c.Voice = VoiceRefuted
	}
	return c
}

// rest reads the chances against that complete the chances for to 36.
func (r *reader) rest(s *sentence, m, of mention) Claim {
	c := newClaim(s, m)
	c.Kind = "rest"
	if of.lost {
		c.Unread = "the count it completes to 36 is lost to the scan"
		return c
	}
	n := 36 - of.value
	ok := n == m.value
	c.Computed, c.Agrees = &n, &ok
	c.Numbers = []int{}
	c.Situation = fmt.Sprintf("the chances against, when %d are for: 36 - %d", of.value, of.value)
	if !ok {
		c.Difference = fmt.Sprintf("%d and %d make %d, not 36", of.value, m.value, of.value+m.value)
	}
	return c
}

// claim reads one count: its situation and its check.
func (r *reader) claim(s *sentence, prev []*sentence, m mention, prevEnd, next int, before board, moved bool) Claim {
	toks := s.toks
	c := newClaim(s, m)
	switch {
	case m.lost:
		c.Unread = "the count is lost to the scan"
		return c
	case m.proportion:
		c.Unread = "the chances for, in a proportion whose situation the sentence states in words the reader does not follow"
		return c
	case m.list:
		c.Unread = "the last of a list of counts the sentence does not pair with numbers"
		return c
	}
	game := gameOf(toks, m, s.game)
	kind := r.kindFor(s, prev, m, next)
	insteadOf := m.insteadOf || r.comparing && m.at >= 2 && toks[m.at-1].isWord("les") && toks[m.at-2].isWord("outre")
	named, theirs, listed := namedFor(s, m, prevEnd, next)
	if inItem(s, m) != nil {
		named, theirs, listed = nil, false, false
	}
	var sit trictrac.Situation
	var why string
	switch {
	case inItem(s, m) != nil:
		it := inItem(s, m) // les onze combinaisons du 6
		sit = trictrac.Named{Set: it.set, Name: it.name}
	case theirs || listed && !strings.HasPrefix(kind, kHit):
		// par 4 et 2, et par terne trois chances: the count is of the coups
		// named. So it is when it lists them (quatre autres par le 5 et 2 et
		// le 4 et 2): the throws it names say which are meant better than
		// numbers borrowed from a clause before. Only the hits of chapter
		// XV's figures, read from the figure whole, are checked both ways.
	case m.value == 36 && m.at > 0 && toks[m.at-1].isWord("les", "des", "total"):
		sit = all{}
	case insteadOf:
		sit, game, why = r.insteadOf(s, prev, m, kind, before, moved)
	case m.relative:
		sit, game, why = r.difference(s, prev, m, kind)
		if sit != nil {
			c.Kind = "difference"
		}
	default:
		sit, why = r.situation(s, prev, m, kind)
	}
	if len(named) > 0 {
		c.Named = names(named)
		n := union(named).Count()
		if m.each {
			n = named[0].set.Count()
			for _, t := range named {
				if t.set.Count() != n {
					n = -1 // not one count for each
				}
			}
		}
		c.NamedCount = &n
		if sit == nil && (theirs || listed) {
			sit, why = trictrac.Named{Set: union(named), Name: strings.Join(c.Named, ", ")}, ""
			if m.each {
				sit = eachNamed(named)
			}
		}
	}
	c.Game = game.String()
	if sit == nil {
		c.Kind = cmpOr(c.Kind, kind)
		c.Unread = why
		return c
	}
	check(&c, sit, game, m)
	return c
}

// inItem is the coups whose words hold the count (les onze combinaisons
// du 6), or nil.
func inItem(s *sentence, m mention) *throwItem {
	for _, it := range s.throwItems() {
		if it.at <= m.at && m.at < it.end {
			return &it
		}
	}
	return nil
}

func names(items []throwItem) []string {
	var out []string
	for _, t := range items {
		out = append(out, t.name)
	}
	return out
}

func union(items []throwItem) trictrac.Set {
	var set trictrac.Set
	for _, t := range items {
		set |= t.set
	}
	return set
}

// eachNamed is one count stated for each of several coups named (le 4 et
// 3; le 5 et 4, qui sont l'un et l'autre le produit de deux chances).
func eachNamed(items []throwItem) eachOf {
	var e eachOf
	for _, t := range items {
		e = append(e, trictrac.Named{Set: t.set, Name: t.name})
	}
	return e
}

// gameOf is the game a count is about: the one its clause names (qui au
// Trictrac ne peut être atteint que par treize chances), else the
// treatise's.
func gameOf(toks []token, m mention, g trictrac.Game) trictrac.Game {
	from, to := clauseOf(toks, m.at)
	best, dist := g, 1<<30
	for i := from; i+1 < to; i++ {
		if !toks[i].isWord("au") { // au Trictrac; not "traité du Trictrac", a reference
			continue
		}
		d := m.at - i
		if i > m.at {
			d = i - m.end
			if d > 3 {
				continue
			}
		}
		switch {
		case toks[i+1].isWord("trictrac") && d < dist:
			best, dist = trictrac.Trictrac, d
		case toks[i+1].isWord("backgammon") && d < dist:
			best, dist = trictrac.Backgammon, d
		}
	}
	return best
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// all is the 36 chances of two dice.
type all struct{}

func (all) Throws(trictrac.Game) trictrac.Set { return trictrac.All }
func (all) Kind() string                      { return kAll }
func (all) Numbers() []int                    { return nil }
func (all) String() string                    { return "all the throws of two dice" }

// check fills in the computed count and whether it agrees.
func check(c *Claim, sit trictrac.Situation, g trictrac.Game, m mention) {
	c.Kind = cmpOr(c.Kind, sit.Kind())
	c.Numbers = sit.Numbers()
	c.Situation = sit.String()
	set := sit.Throws(g)
	n := set.Count()
	if d, ok := sit.(gameDifference); ok {
		n = d.count()
	}
	if cl, ok := sit.(class); ok {
		n = cl.count(m.each || c.Stated <= 2) // a doublet is one chance, a coup of two numbers two
	}
	c.Computed = &n
	c.Throws = set.Coups()
	ok := n == c.Stated || c.StatedUpTo > 0 && n >= c.Stated && n <= c.StatedUpTo
	if e, isEach := sit.(eachOf); isEach {
		ok = e.allEqual(g, c.Stated)
		n = e.count(g)
		c.Computed = &n
	}
	if c.NamedCount != nil && *c.NamedCount != c.Stated {
		ok = false
	}
	c.Agrees = &ok
	if !ok {
		c.Difference, c.DiffThrows = difference(c, sit, g, set)
	}
}

package guiton

import "slices"

// mention is a count of chances a sentence states.
type mention struct {
	value, upto int  // the count; upto > value for a range ("huit à neuf chances")
	at, end     int  // its tokens: toks[at:end]
	lost        bool // the count was announced but is lost to the scan ("n'en a plus que.")
	relative    bool // a difference ("quatre chances de plus", "ajoute cinq chances")
	insteadOf   bool // the count one would have in another reckoning ("au lieu de onze")
	each        bool // each of the numbers named has it ("offrent chacun cinq combinaisons")
	eachAt      int  // where "chacun" stands, when each
	reported    bool // a count the treatise quotes or supposes to refute it
	list        bool // the last of a list of counts (les onze, douze, ... et seize combinaisons)
	proportion  bool // the first of "de 25 contre 11"
	rest        int  // for a count of the chances against, the index of the count it completes to 36, plus one
}

// The words the patterns know.
var (
	unitKeys = []string{"chance", "chances", "combinaison", "combinaisons"}
	// verbs a count follows after the pronoun "en" (ils n'en donnent que vingt et une)
	enVerbs = []string{"a", "ont", "aura", "aurait", "auraient", "avait", "avaient", "donne", "donnent", "donnera",
		"donnerait", "donneraient", "fournirait", "fournit", "fournissent", "offre", "offrent", "produit", "produisent",
		"peut", "peuvent", "compte", "reste", "reduit", "aurai", "opposerait", "aura", "donnerait"}
	// what may stand between such a verb and its count
	enFillers = []string{"que", "qu'", "plus", "encore", "chacun", "chacune", "seulement", "alors", "donc", "pas",
		"donner", "donne", "…", "le", "nombre", "a", "effectivement", "reellement"}
	// verbs whose count follows "à" (se trouvent réduites à sept)
	toVerbs = []string{"reduit", "reduites", "reduisent", "reduite", "porte", "portee", "eleve", "elevent", "monte", "montent"}
	// what a bare count of hits is followed by (neuf seulement battent à vrai)
	hitVerbs    = []string{"bat", "battent", "battraient", "battront", "battre", "battrait"}
	bareFillers = []string{"seulement", "par", "consequent", "la", "les", "de", "ces", "chances", "pour"}
	// a count after these is one the text refers back to, not a new one (de ces vingt et une chances)
	backRefs = []string{"ces", "des", "aux"}
	// the treatise quotes a count to refute it, or supposes one that is not so
	reportCues = [][]string{{"il", "est", "dit"}, {"paraitrait"}, {"pretend", "que"}, {"pretendent", "que"}, {"plus", "bas", ",", "que"}}
	// the nouns the pronoun "en" may stand for: the chances, or something else
	chanceNouns = unitKeys
	otherNouns  = []string{"dames", "trous", "points", "fleches", "cases", "coups", "unites", "jetons", "fois",
		"doublets", "releves", "parties", "joueurs"}
	ownCues = [][]string{{"cependant"}, {"tandis"}, {"or"}, {"mais"}}
)

// mentions finds the counts of chances stated in a sentence's tokens;
// prev is the sentence before it in the paragraph (nil for the first),
// where the chances a pronoun or an elided noun stands for may be named.
func mentions(toks, prev []token) []mention {
	var out []mention
	taken := map[int]bool{} // tokens already read as part of a count
	add := func(m mention) {
		for i := m.at; i < m.end; i++ {
			if taken[i] {
				return
			}
		}
		for i := m.at; i < m.end; i++ {
			taken[i] = true
		}
		out = append(out, m)
	}
	// The forms most specific first: a count claimed by one is not read again.
	for i := range toks {
		if m, ok := insteadOfAt(toks, i); ok {
			add(m)
		}
	}
	for i := range toks {
		if m, ok := unitCountAt(toks, i); ok {
			add(m)
		}
	}
	// The rows of chapter XV's third table, whose counts the scan lost:
	// "dont quatre se trouvent déjà dans les deux nombres précédents;
	// savoir: 1 et 3, 2 et 3, n'en a plus que." The chances each number
	// shares with those before, and what it has left.
	rows := false
	for i := range toks {
		if m, ok := sharedAt(toks, i); ok {
			add(m)
			rows = true
		}
	}
	// The forms without the word "chances" count only where the chances
	// are spoken of, and "en" only where it stands for them.
	if rows || talksOfChances(toks) || talksOfChances(prev) {
		for i := range toks {
			for _, f := range []func([]token, int) (mention, bool){toCountAt, bareHitAt, gameCountAt, tableRowAt, clauseCountAt} {
				if m, ok := f(toks, i); ok {
					add(m)
				}
			}
			if m, ok := enCountAt(toks, i); ok && (rows || enMeansChances(toks, prev, i)) {
				add(m)
			}
		}
	}
	// A count instead of another is read only beside the count it is
	// compared with (douze points au lieu de deux is no count of chances).
	partner := false
	for _, m := range out {
		partner = partner || !m.insteadOf && !m.lost
	}
	if !partner {
		out = slices.DeleteFunc(out, func(m mention) bool { return m.insteadOf })
	}
	if talksOfChances(toks) {
		for i := range toks {
			if m, ok := againstAt(toks, i); ok {
				add(m)
			}
		}
	}
	sortMentions(out)
	markReported(toks, out)
	for k := range out {
		flagMention(toks, &out[k])
		// "chacun" belongs to the first count after it only
		if out[k].each && k > 0 && out[k-1].at > out[k].eachAt {
			out[k].each = false
		}
	}
	linkRests(toks, out)
	return out
}

// againstAt: the chances against, stated beside the chances for (vingt
// chances et par conséquent seize contraires; dans la proportion de 25
// contre 11).
func againstAt(toks []token, i int) (mention, bool) {
	v, n := number(toks, i)
	if n == 0 || v < 2 {
		return mention{}, false
	}
	if i+n < len(toks) && toks[i+n].isWord("contraires") {
		return mention{value: v, at: i, end: i + n + 1}, true
	}
	// de 25 contre 11: the first of the two
	if i > 0 && toks[i-1].isWord("de") && i+n+1 < len(toks) && toks[i+n].isWord("contre") {
		if w, k := number(toks, i+n+1); k > 0 && w > 0 {
			return mention{value: v, at: i, end: i + n, proportion: true}, true
		}
	}
	if i > 0 && toks[i-1].isWord("contre") {
		return mention{value: v, at: i, end: i + n}, true
	}
	return mention{}, false
}

// linkRests marks the counts that complete another to 36: the chances
// against after "contre", "contraires", or "tandis que ... favorables".
func linkRests(toks []token, ms []mention) {
	for k := 1; k < len(ms); k++ {
		m := &ms[k]
		if m.lost || m.insteadOf {
			continue
		}
		end := m.end
		if end < len(toks) && toks[end].isWord(unitKeys...) {
			end++
		}
		against := m.at > 0 && toks[m.at-1].isWord("contre") && !cueAfter(toks, end) ||
			m.end <= len(toks) && toks[m.end-1].isWord("contraires")
		if !against && hasWordBetween(toks, ms[k-1].end, m.at, "tandis") {
			for j := end; j < len(toks) && j < end+8; j++ {
				against = against || toks[j].isWord("favorables", "pas")
			}
		}
		if against {
			m.rest = k // the count before it, plus one
		}
	}
}

// cueAfter reports whether a count is followed by what it counts (contre
// deux seulement pour battre à vrai): then "contre" opposes two kinds of
// chances, not the chances for and against.
func cueAfter(toks []token, j int) bool {
	for k := j; k < len(toks) && k < j+4; k++ {
		if toks[k].isWord("pour", "battre", "bat", "battent") {
			return true
		}
	}
	return false
}

// talksOfChances reports whether the tokens name chances or combinations.
func talksOfChances(toks []token) bool {
	for _, t := range toks {
		if t.isWord(unitKeys...) {
			return true
		}
	}
	return false
}

// enMeansChances reports whether the pronoun "en" at toks[i] stands for
// chances: the nearest noun before it (not its own subject, right before
// it) is one, in this sentence or the one before.
func enMeansChances(toks, prev []token, i int) bool {
	j := i - 1
	if j >= 0 && toks[j].isWord("n'") {
		j--
	}
	j -= 2 // the subject of the verb stands right before: les nombres réunis n'en donnent
	all := append(slices.Clone(prev), toks[:max(j+1, 0)]...)
	for k := len(all) - 1; k >= 0; k-- {
		switch {
		case all[k].isWord(chanceNouns...):
			return true
		case all[k].isWord(otherNouns...):
			return false
		}
	}
	return false
}

// clauseCountAt: a count opening a clause, its noun left out after a
// first count (qu'il y en a vingt, si ...; vingt-sept s'il a deux flèches).
func clauseCountAt(toks []token, i int) (mention, bool) {
	if i == 0 || !toks[i-1].isSign(";") && !toks[i-1].isWord("et") {
		return mention{}, false
	}
	v, n := number(toks, i)
	if n > 0 && v >= 2 && i+n+1 < len(toks) && toks[i+n].isWord("autres") && toks[i+n+1].isWord("pour", "par") {
		return mention{value: v, at: i, end: i + n}, true // et deux autres pour le prendre par puissance
	}
	if !toks[i-1].isSign(";") || n == 0 || v < 2 || i+n >= len(toks) || !toks[i+n].isWord("s'", "si", "pour", "contre") {
		return mention{}, false
	}
	return mention{value: v, at: i, end: i + n}, true
}

func sortMentions(ms []mention) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].at < ms[j-1].at; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// unitCountAt: NUM [autres] chances / combinaisons.
func unitCountAt(toks []token, i int) (mention, bool) {
	v, n := number(toks, i)
	if n == 0 || v == 0 {
		return mention{}, false
	}
	j := i + n
	if j < len(toks) && toks[j].isWord("autres", "seules", "seule") {
		j++
	}
	if j >= len(toks) || !toks[j].isWord(unitKeys...) {
		return mention{}, false
	}
	if i > 0 && toks[i-1].isWord(backRefs...) && !(i > 1 && toks[i-1].isWord("des") && toks[i-2].isWord("chacun", "chacune", "une", "un")) {
		return mention{}, false // de ces vingt et une chances: a count said before (but chacune des douze autres chances)
	}
	if i > 0 && toks[i-1].isSign("-") {
		return mention{}, false // the end of a compound number read from its start (vingt-deux)
	}
	if v == 1 && !isCountOfOne(toks, i, j) {
		return mention{}, false // une chance qui..., d'une chance: the article, not a count
	}
	if i >= 2 && (toks[i-1].isWord("et") || toks[i-1].isSign(",")) {
		if _, k := number(toks, i-2); k > 0 && toks[i-2].kind == tWord {
			return mention{value: v, at: i, end: j + 1, list: true}, true
		}
	}
	m := mention{value: v, at: i, end: j + 1}
	// huit à neuf chances
	if i >= 2 && toks[i-1].text == "à" {
		if lo, k := number(toks, i-2); k == 1 && lo > 0 && lo < v {
			m.value, m.upto, m.at = lo, v, i-2
		}
	}
	return m, true
}

// isCountOfOne reports whether "une chance" (the tokens i..j) counts:
// une chance unique, une seule chance, qu'une chance, une chance de plus.
func isCountOfOne(toks []token, i, j int) bool {
	if j > i+1 || j+1 < len(toks) && toks[j+1].isWord("unique") {
		return true // une seule chance; une chance unique
	}
	if i > 0 && toks[i-1].isWord("qu'", "que") {
		return true
	}
	return matchAt(toks, j+1, []string{"de", "plus"}) || matchAt(toks, j+1, []string{"de", "moins"})
}

// enCountAt: (n')en VERB [fillers] NUM — the pronoun standing for the
// chances (ils n'en donnent que vingt et une; le 6 en a .... 16).
func enCountAt(toks []token, i int) (mention, bool) {
	if !toks[i].isWord("en") || i+1 >= len(toks) || !toks[i+1].isWord(enVerbs...) {
		return mention{}, false
	}
	for j := i + 2; j < len(toks) && j < i+8; j++ {
		if v, n := number(toks, j); n > 0 && v > 0 {
			if toks[j].kind == tFigure && j+n < len(toks) && (toks[j+n].isSign(",") || toks[j+n].isWord("et")) {
				return mention{}, false // a list of numbers (n'en donnent 5, 3 et 1), not a count
			}
			if countFollows(toks, j+n) || v > 1 {
				return mention{value: v, at: j, end: j + n}, true
			}
			return mention{}, false
		}
		if (toks[j].isSign(".") || toks[j].isSign("…")) && toks[j-1].isWord("que") {
			return mention{lost: true, at: i, end: j}, true // n'en a plus que. — and the count is gone
		}
		if toks[j].isSign(".") || toks[j].isSign(";") || j+1 == len(toks) {
			break
		}
		if !(toks[j].isWord(enFillers...) || toks[j].isSign("…") || toks[j].isSign(",")) {
			return mention{}, false
		}
	}
	// The count was announced and the sentence ends: lost to the scan.
	last := len(toks) - 1
	if last >= i+2 && (toks[last].isWord("que", "donne") || toks[last].isSign(".") && last-1 >= i+2 && toks[last-1].isWord("que", "donne")) {
		return mention{lost: true, at: i, end: len(toks)}, true
	}
	return mention{}, false
}

// sharedAt: "dont N se trouvent déjà dans le(s) nombre(s) précédent(s)".
func sharedAt(toks []token, i int) (mention, bool) {
	if !toks[i].isWord("dont") {
		return mention{}, false
	}
	v, n := number(toks, i+1)
	if n == 0 || v < 2 || !matchAt(toks, i+1+n, []string{"se", "trouvent"}) {
		return mention{}, false
	}
	return mention{value: v, at: i + 1, end: i + 1 + n}, true
}

// countFollows reports whether what follows a count of one is a count's
// sequel rather than the noun an article "un" would bring (un 6, un as).
func countFollows(toks []token, j int) bool {
	return j >= len(toks) || toks[j].kind == tSign || toks[j].isWord(unitKeys...)
}

// insteadOfAt: au lieu de(s) NUM.
func insteadOfAt(toks []token, i int) (mention, bool) {
	if !(toks[i].isWord("au") && i+3 < len(toks) && toks[i+1].isWord("lieu") && toks[i+2].isWord("de", "des", "d'")) {
		return mention{}, false
	}
	j := i + 3
	v, n := number(toks, j)
	if n == 0 || v == 0 || !countFollows(toks, j+n) && !(j+n < len(toks) && toks[j+n].isWord("indiquees")) {
		return mention{}, false
	}
	end := j + n
	if end < len(toks) && toks[end].isWord(unitKeys...) {
		end++
	}
	return mention{value: v, at: j, end: end, insteadOf: true}, true
}

// toCountAt: réduites à sept, s'élèvent à dix-neuf, porté à vingt-huit.
func toCountAt(toks []token, i int) (mention, bool) {
	if !toks[i].isWord(toVerbs...) || i+2 >= len(toks) || !toks[i+1].isWord("a") {
		return mention{}, false
	}
	v, n := number(toks, i+2)
	if n == 0 || v == 0 || !countFollows(toks, i+2+n) && !(i+2+n < len(toks) && toks[i+2+n].isWord("au", "par", "et")) {
		return mention{}, false
	}
	return mention{value: v, at: i + 2, end: i + 2 + n}, true
}

// bareHitAt: a count of hits with its noun left out (neuf seulement
// battent à vrai; douze par conséquent la battent à faux; sept seulement
// à vrai; deux seulement pour battre à vrai).
func bareHitAt(toks []token, i int) (mention, bool) {
	v, n := number(toks, i)
	if n == 0 || v == 0 || toks[i].kind == tFigure ||
		i > 0 && toks[i-1].isWord("le", "la", "les", "un", "une", "du", "de", "des", "d'", "l'", "ces", "aux", "au", "et") {
		return mention{}, false
	}
	for j := i + n; j < len(toks) && j < i+n+5; j++ {
		switch {
		case toks[j].isWord(hitVerbs...):
			return mention{value: v, at: i, end: i + n}, true
		case toks[j].isWord("a") && j+1 < len(toks) && toks[j+1].isWord("vrai", "faux"):
			return mention{value: v, at: i, end: i + n}, true
		case !toks[j].isWord(bareFillers...):
			return mention{}, false
		}
	}
	return mention{}, false
}

// gameCountAt: le peut être par quatorze au Backgammon.
func gameCountAt(toks []token, i int) (mention, bool) {
	if !toks[i].isWord("par") || i+3 >= len(toks) {
		return mention{}, false
	}
	v, n := number(toks, i+1)
	if n == 0 || v == 0 || !toks[i+1+n].isWord("au") || i+2+n >= len(toks) || !toks[i+2+n].isWord("backgammon", "trictrac") {
		return mention{}, false
	}
	return mention{value: v, at: i + 1, end: i + 1 + n}, true
}

// tableRowAt: a row of a table of counts (Le nombre 4 a 15), or a row
// whose count the scan lost (Le nombre 8 a).
func tableRowAt(toks []token, i int) (mention, bool) {
	if !toks[i].isWord("nombre") || i+2 >= len(toks) || toks[i+1].kind != tFigure || !toks[i+2].isWord("a") {
		return mention{}, false
	}
	// The count stands on the row's line; a figure further on is another
	// column the scan moved (Le nombre 12 a / 6 / 5).
	v, n := number(toks, i+3)
	if n > 0 && v > 0 && toks[i+3].line == toks[i].line {
		return mention{value: v, at: i + 3, end: i + 3 + n}, true
	}
	if i+3 >= len(toks) || toks[i+3].isSign(".") || toks[i+3].isWord("le") || toks[i+3].line != toks[i].line {
		return mention{lost: true, at: i, end: i + 3}, true
	}
	return mention{}, false
}

// markReported marks the counts the treatise reports in order to refute
// them ("Il est dit ... que les nombres 3 et 2 donnent vingt-cinq
// chances; cependant ils n'en donnent que vingt et une").
func markReported(toks []token, ms []mention) {
	reported := false
	k := 0
	for i := range toks {
		for k < len(ms) && ms[k].at == i {
			ms[k].reported = reported
			k++
		}
		for _, c := range reportCues {
			if matchAt(toks, i, c) {
				reported = true
			}
		}
		for _, c := range ownCues {
			if matchAt(toks, i, c) {
				reported = false
			}
		}
	}
}

// flagMention reads what surrounds a count: a difference, "each".
func flagMention(toks []token, m *mention) {
	if m.lost {
		return
	}
	after := m.end
	if after < len(toks) && toks[after].isWord(unitKeys...) {
		after++
	}
	if matchAt(toks, after, []string{"de", "plus"}) || matchAt(toks, after, []string{"de", "moins"}) {
		m.relative = true
	}
	for j := max(0, m.at-3); j < m.at; j++ {
		if toks[j].isWord("ajoute", "ajouter", "ajoutent", "accroit", "augmente") {
			m.relative = true
		}
	}
	from, _ := clauseOf(toks, m.at)
	for j := from; j < min(len(toks), m.end+1); j++ {
		if toks[j].isWord("chacun", "chacune") || matchAt(toks, j, []string{"l'", "un", "et", "l'", "autre"}) {
			m.each, m.eachAt = true, j
		}
	}
}

// matchAt reports whether the token keys at i are words (or signs).
func matchAt(toks []token, i int, words []string) bool {
	if i < 0 || i+len(words) > len(toks) {
		return false
	}
	for k, w := range words {
		if toks[i+k].key != w {
			return false
		}
	}
	return true
}

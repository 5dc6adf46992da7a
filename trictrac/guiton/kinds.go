package guiton

import (
	"slices"

	"metz/trictrac"
)

// What a count of chances is for, as the treatise's words say it.
const (
	kReach         = "reach"         // cover a half-point, hit a checker, reach a number
	kDie           = "die"           // a die shows one of the numbers (re-entry, obstacles, the progression)
	kDecomposition = "decomposition" // covered by the two dice only
	kTwoWays       = "two-ways"      // fill in two ways
	kThreeWays     = "three-ways"    // fill in three ways, or two by a doublet
	kPoint         = "point"         // make a point, take or hit a corner
	kSum           = "sum"           // the two dice make a number
	kSumAbove      = "sum-above"     // the two dice make more than a number
	kSumAtMost     = "sum-at-most"   // the two dice make at most a number
	kHit           = "hit"           // chapter XV: hit a checker, truly or falsely
	kHitTrue       = "hit-true"
	kHitFalse      = "hit-false"
	kHitBoth       = "hit-both"
	kHitBothTrue   = "hit-both-true"
	kHitBothFalse  = "hit-both-false"
	kHitTrueFalse  = "hit-true-and-false"
	kSimple        = "simple-coups" // the fifteen coups of two numbers, two chances each
	kDoublet       = "doublets"     // the six doublets, one chance each
	kOneCoup       = "coup"         // one coup of two numbers: two chances
	kAll           = "all"          // the 36 chances of two dice
	kTotal         = "total"        // the total of counts stated before
)

// local are the kinds a cue gives only to the counts of its own clause:
// "un coup qui forme deux chances" says nothing of the next clause's count.
var local = []string{kOneCoup, kTotal, kSimple, kDoublet}

// carried are the kinds a sentence passes on to the next of its
// paragraph (Ces chances se trouvent réduites à sept): their words are
// specific enough to be meant still; "remplir" or a die is not.
var carried = []string{kTwoWays, kThreeWays, kPoint, kSum, kSumAbove, kSumAtMost, kHit, kHitTrue, kHitFalse,
	kHitBoth, kHitBothTrue, kHitBothFalse, kHitTrueFalse}

// cue is a phrase that says what kind of count is meant.
type cue struct {
	words      []string // keys, "*" for any one token
	kind       string
	backgammon bool // a cue of the Backgammon treatise only (rentrer: a checker hit enters again)
}

// cues, the longer phrases first where one holds another.
var cues = []cue{
	{words: []string{"remplir", "de", "deux", "manieres"}, kind: kTwoWays},
	{words: []string{"remplir", "de", "deux", "facons"}, kind: kTwoWays},
	{words: []string{"remplissant", "de", "deux", "facons"}, kind: kTwoWays},
	{words: []string{"remplir", "de", "trois", "facons"}, kind: kThreeWays},
	{words: []string{"remplissant", "de", "trois", "facons"}, kind: kThreeWays},
	{words: []string{"d'", "emblee"}, kind: kThreeWays},
	{words: []string{"double", "emploi"}, kind: kDie},
	{words: []string{"combinant"}, kind: kDie},
	{words: []string{"isole"}, kind: kDie},
	{words: []string{"en", "total"}, kind: kTotal},
	{words: []string{"un", "coup"}, kind: kOneCoup},
	{words: []string{"meme", "coup"}, kind: kOneCoup},
	{words: []string{"meme", "point"}, kind: kOneCoup},
	{words: []string{"de", "deux", "manieres"}, kind: kTwoWays},
	{words: []string{"de", "deux", "facons"}, kind: kTwoWays},
	{words: []string{"de", "trois", "facons"}, kind: kThreeWays},
	{words: []string{"d'emblee"}, kind: kThreeWays},
	{words: []string{"l'", "une", "a", "vrai", "et", "l'", "autre", "a", "faux"}, kind: kHitTrueFalse},
	{words: []string{"a", "vrai", "l'", "une", "et", "l'", "autre"}, kind: kHitBothTrue},
	{words: []string{"a", "faux", "toutes", "deux"}, kind: kHitBothFalse},
	{words: []string{"toutes", "les", "deux", "battues", "a", "vrai"}, kind: kHitBothTrue},
	{words: []string{"battues", "ensemble"}, kind: kHitBoth},
	{words: []string{"a", "vrai"}, kind: kHitTrue},
	{words: []string{"a", "faux"}, kind: kHitFalse},
	{words: []string{"rentrer"}, kind: kDie, backgammon: true},
	{words: []string{"rentree"}, kind: kDie, backgammon: true},
	{words: []string{"contre", "sa", "sortie"}, kind: kDie},
	{words: []string{"contre", "ce", "passage"}, kind: kDie},
	{words: []string{"interdisent", "le", "passage"}, kind: kDie},
	{words: []string{"empecher", "la", "sortie"}, kind: kDie},
	{words: []string{"empechant", "le", "passage"}, kind: kDie},
	{words: []string{"inherentes"}, kind: kDie},
	{words: []string{"combine", "successivement"}, kind: kDie},
	{words: []string{"combine", "avec"}, kind: kDie},
	{words: []string{"progression"}, kind: kDie},
	{words: []string{"faire", "la", "case"}, kind: kPoint},
	{words: []string{"faire", "sa", "case"}, kind: kPoint},
	{words: []string{"faire", "une", "case"}, kind: kPoint},
	{words: []string{"case", "entiere"}, kind: kPoint},
	{words: []string{"prendre", "son", "coin"}, kind: kPoint},
	{words: []string{"prendre", "le", "coin"}, kind: kPoint},
	{words: []string{"battre", "le", "coin"}, kind: kPoint},
	{words: []string{"battre", "les", "deux", "coins"}, kind: kPoint},
	{words: []string{"coin", "battu"}, kind: kPoint},
	{words: []string{"coin", "soit", "battu"}, kind: kPoint},
	{words: []string{"n'", "excedent", "pas"}, kind: kSumAtMost},
	{words: []string{"excedent"}, kind: kSumAbove},
	{words: []string{"excedant"}, kind: kSumAbove},
	{words: []string{"au-dessus", "du", "nombre"}, kind: kSumAbove},
	{words: []string{"indirectes"}, kind: kSum},
	{words: []string{"amenes", "par", "deux", "des"}, kind: kSum},
	{words: []string{"produits", "par", "le", "meme", "nombre", "de", "combinaisons"}, kind: kSum},
	{words: []string{"decompose"}, kind: kDecomposition},
	{words: []string{"decomposition"}, kind: kDecomposition},
	{words: []string{"divise"}, kind: kDecomposition},
	{words: []string{"division"}, kind: kDecomposition},
	{words: []string{"doublet"}, kind: kDoublet},
	{words: []string{"doublets"}, kind: kDoublet},
	{words: []string{"dissemblables"}, kind: kSimple},
	{words: []string{"quinze", "coups"}, kind: kSimple},
	{words: []string{"#", "coups"}, kind: kSimple},
	{words: []string{"remplir"}, kind: kReach},
	{words: []string{"remplissant"}, kind: kReach},
	{words: []string{"couvrir"}, kind: kReach},
	{words: []string{"atteint"}, kind: kReach},
	{words: []string{"atteinte"}, kind: kReach},
	{words: []string{"arriver"}, kind: kReach},
	{words: []string{"battre"}, kind: kReach},
	{words: []string{"battue"}, kind: kReach},
	{words: []string{"aboutit"}, kind: kReach},
	{words: []string{"donnent", "le", "trou"}, kind: kReach},
	{words: []string{"donneront", "le", "trou"}, kind: kReach},
}

// kindCue is a cue found in a sentence, with where it stands.
type kindCue struct {
	kind    string
	at, end int
}

// kindCues finds the cues of a sentence of a game, in order; where two
// overlap the longer (listed first) wins. A cue after "avec" adds to
// what is counted (avec le doublet) and says nothing of its kind; a verb of
// hitting right before "à vrai" or "à faux" gives way to them.
func kindCues(toks []token, g trictrac.Game) []kindCue {
	var out []kindCue
	taken := map[int]bool{}
	at := map[string][]int{} // where each word stands
	all := make([]int, len(toks))
	for i, t := range toks {
		at[t.key] = append(at[t.key], i)
		all[i] = i
	}
	// The cues in their order of priority, each tried where its first word stands.
	for _, c := range cues {
		if c.backgammon && g != trictrac.Backgammon {
			continue
		}
		starts := at[c.words[0]]
		if c.words[0] == "#" || c.words[0] == "*" {
			starts = all
		}
		for _, i := range starts {
			if !matchCue(toks, i, c.words) || i > 0 && toks[i-1].isWord("avec") ||
				i > 1 && toks[i-2].isWord("avec") && toks[i-1].isWord("le", "la", "les", "un", "une") {
				continue
			}
			clash := false
			for k := i; k < i+len(c.words); k++ {
				clash = clash || taken[k]
			}
			if clash {
				continue
			}
			for k := i; k < i+len(c.words); k++ {
				taken[k] = true
			}
			out = append(out, kindCue{c.kind, i, i + len(c.words)})
		}
	}
	slices.SortStableFunc(out, func(a, b kindCue) int { return a.at - b.at })
	return slices.DeleteFunc(out, func(c kindCue) bool {
		return c.kind == kReach && matchAt(toks, c.end, []string{"a", "vrai"}) || c.kind == kReach && matchAt(toks, c.end, []string{"a", "faux"})
	})
}

func matchCue(toks []token, i int, words []string) bool {
	if i < 0 || i+len(words) > len(toks) {
		return false
	}
	for k, w := range words {
		switch w {
		case "*":
		case "#": // a count
			if v, n := number(toks, i+k); n != 1 || v < 2 {
				return false
			}
		default:
			if toks[i+k].key != w {
				return false
			}
		}
	}
	return true
}

// clauseOf is the span of the clause holding toks[i]: between the signs
// that part clauses (; : and the parenthesis).
func clauseOf(toks []token, i int) (int, int) {
	from, to := 0, len(toks)
	for k := i - 1; k >= 0; k-- {
		if toks[k].isSign(";") || toks[k].isSign(":") || toks[k].isWord("tandis") {
			from = k + 1
			break
		}
	}
	for k := i; k < len(toks); k++ {
		if toks[k].isSign(";") || toks[k].isSign(":") || toks[k].isWord("tandis") {
			to = k
			break
		}
	}
	return from, to
}

// pickCue picks the cue of the count at toks[at:end]: in its clause, the
// cue that follows it as its predicate (neuf seulement battent à vrai;
// treize chances pour battre à faux), else the nearest, a specific cue
// before a verb of covering; else the nearest before it in the sentence
// (after is false), or the nearest after it (after is true); never one
// after the next count (next).
func pickCue(cs []kindCue, toks []token, at, end, next int, after bool) (kindCue, bool) {
	from, to := clauseOf(toks, at)
	to = min(to, next) // a cue after the next count is that count's
	p := end
	for p < to && p < end+6 && (toks[p].isWord(unitKeys...) || toks[p].isWord("autres", "seulement", "pour", "qui", "la", "les",
		"par", "consequent", "de", "ces", "chances") || toks[p].isWord(hitVerbs...) || toks[p].isSign(",")) {
		p++
	}
	for _, c := range cs {
		if c.at == p && c.at < to {
			return c, true
		}
	}
	best, dist := -1, 1<<30
	for k, c := range cs {
		if c.at < from || c.at >= to || c.kind == kTotal && c.end != at {
			continue // "en total" is the total of what follows it at once
		}
		d := at - c.end
		if c.at >= end {
			d = c.at - end
		}
		if c.kind == kReach {
			d += 100 // remplir, couvrir: what is meant unless something more specific is said
		}
		if d < dist {
			best, dist = k, d
		}
	}
	if best >= 0 {
		return cs[best], true
	}
	if !after {
		for k := len(cs) - 1; k >= 0; k-- {
			if cs[k].end <= at && !slices.Contains(local, cs[k].kind) {
				return cs[k], true
			}
		}
		return kindCue{}, false
	}
	for _, c := range cs {
		if c.at >= end && c.at < next && !slices.Contains(local, c.kind) {
			return c, true
		}
	}
	return kindCue{}, false
}

package guiton

import (
	"fmt"
	"slices"
	"strings"

	"metz/trictrac"
)

// numSet is a set of numbers a sentence names: the direct numbers of a
// position (un 6 et un 5; les nombres directs, 4, 3, 2 et 1; le point de
// 7), or a count of numbers it does not name (deux nombres directs).
type numSet struct {
	nums    []int
	k       int // numbers not named: how many (nums is nil)
	at, end int
	arith   bool // numbers of a calculation (la moitié de 2, 4 et 2 réunis), not of a position
	points  bool // points of the board (la quatrième flèche; trois cases): numbers for a die only
}

// throwItem is one coup a sentence names: 5 et 3, carme, béset, or all
// the throws with a number (les onze combinaisons du 6, tous les as).
type throwItem struct {
	set     trictrac.Set
	name    string
	at, end int
}

// The words of the dice.
var (
	doubletWords = map[string]int{"beset": 1, "ambesas": 1, "besas": 1, "terne": 3, "carme": 4, "quaterne": 4,
		"quine": 5, "sonnez": 6, "sonnes": 6, "sonne": 6}
	arithBefore = []string{"moitie", "egaux", "egal", "egale", "base", "deduit", "deduire", "soustrait",
		"soustraction", "multiplier", "multiplierait", "multiplie", "montant", "fois", "abord", "ajoute", "ajouter"}
	arithAfter  = []string{"font", "moitie", "egaux", "egal"}
	numberNouns = []string{"nombre", "nombres", "point", "points"}
	articles    = []string{"un", "le", "l'", "d'un", "d'"}
)

// dieItem reads a die's number at toks[i] for a list of numbers: a figure
// up to 12 (the numbers two dice make), "as", the OCR's "I", or a number
// word after "nombre" (le nombre six).
func listItem(toks []token, i int, words bool) (int, int) {
	if i < 0 || i >= len(toks) {
		return 0, 0
	}
	if toks[i].kind == tFigure && toks[i].num >= 1 && toks[i].num <= 12 {
		return toks[i].num, 1
	}
	if d, ok := dieNumber(toks, i); ok {
		return d, 1
	}
	if words && !toks[i].isWord("un", "une") { // le nombre six, not chaque nombre d'un dé
		if v, n := number(toks, i); n > 0 && v >= 1 && v <= 12 {
			return v, n
		}
	}
	return 0, 0
}

// readList reads numbers separated by commas, "et" or "plus" from i; each
// item may have to carry an article (un 6 et un 5; d'un 6, d'un 5). A
// list without articles takes commas and one last "et" only (6, 4, 2 et
// 1): "6 et 5, et 5 et 3" is coups, not numbers.
func readList(toks []token, i int, withArticle, words bool) ([]int, int) {
	var nums []int
	j := i
	sawEt := false
	for {
		k := j
		if withArticle {
			k = skipArticle(toks, k)
			if k == j {
				break
			}
		}
		v, n := listItem(toks, k, words)
		if n == 0 {
			break
		}
		nums = append(nums, v)
		j = k + n
		if sawEt && !withArticle {
			break // the last item, after "et"
		}
		if j < len(toks) && toks[j].isWord("direct", "directs") {
			j++
		}
		// a separator, then the next item
		s := j
		et := false
		for s < len(toks) && (toks[s].isSign(",") || toks[s].isWord("et", "plus")) {
			et = et || toks[s].isWord("et")
			s++
		}
		if s == j {
			break
		}
		next := s
		if withArticle {
			next = skipArticle(toks, s)
		}
		if _, n := listItem(toks, next, words); n == 0 || withArticle && next == s {
			break
		}
		sawEt = et
		j = s
	}
	return nums, j
}

// skipArticle steps over an article of one or two tokens (un, le, l', d'un).
func skipArticle(toks []token, k int) int {
	if k < len(toks) && toks[k].isWord("d'") && k+1 < len(toks) && toks[k+1].isWord("un") {
		return k + 2
	}
	if k < len(toks) && toks[k].isWord("un", "le", "l'") {
		return k + 1
	}
	return k
}

// numberSets finds the sets of numbers a sentence names.
func numberSets(toks []token) []numSet {
	var out []numSet
	taken := map[int]bool{}
	add := func(s numSet) {
		if len(s.nums) == 0 && s.k == 0 || taken[s.at] {
			return
		}
		for i := s.at; i < s.end; i++ {
			taken[i] = true
		}
		s.arith = s.arith || isArith(toks, s.at, s.end)
		out = append(out, s)
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.isWord(numberNouns...):
			// les nombres (directs) 3 et 2; le point de 7; le nombre six
			j := i + 1
			for j < len(toks) && (toks[j].isWord("directs", "direct", "de", "d'") || toks[j].isSign(",") || toks[j].isSign(".")) {
				j++
			}
			if nums, end := readList(toks, j, false, true); len(nums) > 0 {
				add(numSet{nums: nums, at: i, end: end})
			}
		case t.isWord(articles...):
			// un 6 et un 5; l'as et le 2; d'un 6, d'un 5, d'un 4 et d'un 3; le 6 en a
			if i > 0 && toks[i-1].isWord("en", "ou") {
				continue // se décompose en un 4 et un as: a coup (throwItems)
			}
			nums, end := readList(toks, i, true, false)
			single := len(nums) == 1 && (end < len(toks) && toks[end-1].isWord("direct", "directs") ||
				end < len(toks) && toks[end].isWord("en") ||
				t.isWord("l'") && toks[i+1].isWord("as") && (end >= len(toks) || !toks[end].isWord("seul", "excepte")))
			if len(nums) >= 2 || single {
				add(numSet{nums: nums, at: i, end: end})
			}
		case t.kind == tFigure && (i == 0 || !toks[i-1].isWord("et")):
			// 6, 4, 2 et 1; 6 et 8 (no die shows 8: numbers, not a throw)
			nums, end := readList(toks, i, false, false)
			pair := len(nums) == 2 && max(nums[0], nums[1]) > 6 && toks[i+1].isWord("et") // 6 et 8, not "II, 9, 7"
			if len(nums) >= 3 && slices.Max(nums) <= 6 || pair {
				add(numSet{nums: nums, at: i, end: end})
			}
		}
		// deux nombres directs; un nombre direct; tous les nombres
		if v, n := number(toks, i); n > 0 && v >= 1 && v <= 6 && i+n < len(toks) && toks[i+n].isWord("nombres", "nombre") &&
			(v > 1 || i+n+1 < len(toks) && toks[i+n+1].isWord("direct")) {
			add(numSet{k: v, at: i, end: i + n + 1})
		}
		if matchAt(toks, i, []string{"tous", "les", "nombres", "reunis"}) {
			add(numSet{nums: []int{1, 2, 3, 4, 5, 6}, at: i, end: i + 3})
		}
		// arriver à 8: a number reached
		if toks[i].isWord("arriver", "arrive", "parvient", "parvenir") && i+2 < len(toks) && toks[i+1].isWord("a") &&
			toks[i+2].kind == tFigure {
			add(numSet{nums: []int{toks[i+2].num}, at: i + 1, end: i + 3})
		}
		// la quatrième flèche; les quatre premières flèches; trois cases; deux flèches garnies
		if s, ok := pointsSet(toks, i); ok {
			add(s)
		}
	}
	return out
}

// pointsSet reads points of the board named as numbers for a die: "la
// quatrième flèche" (the number 4), "les quatre premières flèches" (1 to
// 4), "trois cases" or "deux flèches garnies" (three, two numbers not named).
func pointsSet(toks []token, i int) (numSet, bool) {
	if p, n := pointAt(toks, i); n == 1 && p >= 1 && p <= 6 && i+1 < len(toks) && toks[i+1].isWord("fleche") &&
		i > 0 && toks[i-1].isWord("la") {
		return numSet{nums: []int{p}, at: i - 1, end: i + 2, points: true}, true
	}
	if matchAt(toks, i, []string{"une", "de", "ses", "fleches"}) {
		return numSet{k: 1, at: i, end: i + 4, points: true}, true
	}
	if v, n := number(toks, i); n > 0 && v >= 1 && v <= 6 && i+n < len(toks) {
		j := i + n
		if toks[j].isWord("premieres") && j+1 < len(toks) && toks[j+1].isWord("fleches") {
			var ns []int
			for k := 1; k <= v; k++ {
				ns = append(ns, k)
			}
			return numSet{nums: ns, at: i, end: j + 2, points: true}, true
		}
		if toks[j].isWord("cases", "fleches") && v > 1 {
			return numSet{k: v, at: i, end: j + 1, points: true}, true
		}
	}
	return numSet{}, false
}

// isArith reports whether numbers at toks[at:end] are those of a
// calculation: la moitié de 2; égaux au nombre 6; 4 et 2 réunis; l'as
// est la moitié de 2; or the parts a number divides into (en un 4 et un
// as; du 6 par 4 et 2).
func isArith(toks []token, at, end int) bool {
	for j := max(0, at-4); j < at; j++ {
		if toks[j].isWord(arithBefore...) {
			return true
		}
	}
	if at > 0 && toks[at-1].isWord("en", "par") {
		return true
	}
	for j := end; j < len(toks) && j < end+3; j++ {
		if toks[j].isWord(arithAfter...) || toks[j].isWord("reunis") && j+1 < len(toks) && toks[j+1].isWord("sont", "font", "egaux") {
			return true
		}
	}
	return false
}

// isSum reports whether a coup at toks[at:end] is one of a calculation
// rather than one named (2 et I réunis sont égaux à 3; la moitié de).
func isSum(toks []token, at, end int) bool {
	for j := max(0, at-2); j < at; j++ {
		if toks[j].isWord("moitie", "egaux", "egal") {
			return true
		}
	}
	return end < len(toks) && toks[end].isWord("reunis") && end+1 < len(toks) && toks[end+1].isWord("sont", "font", "egaux")
}

// throwItems finds the coups a sentence names.
func throwItems(toks []token) []throwItem {
	var out []throwItem
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if d, ok := doubletWords[t.key]; ok {
			out = append(out, throwItem{set: trictrac.Coup(d, d), name: t.text, at: i, end: i + 1})
			continue
		}
		if t.isWord("double-deux") {
			out = append(out, throwItem{set: trictrac.Coup(2, 2), name: t.text, at: i, end: i + 1})
			continue
		}
		// en un 4 et un as; ou en 3 et un 2: the coups a number divides into
		if t.isWord("en") && i+1 < len(toks) {
			k := skipArticle(toks, i+1)
			if a, ok := dieNumber(toks, k); ok && k+1 < len(toks) && toks[k+1].isWord("et") {
				q := skipArticle(toks, k+2)
				if b, ok := dieNumber(toks, q); ok && q > k+2 {
					out = append(out, throwItem{set: trictrac.Coup(a, b), name: fmt.Sprintf("%d et %d", a, b), at: k, end: q + 1})
					i = q
					continue
				}
			}
		}
		// en deux 3: a doublet
		if t.isWord("deux") && i+1 < len(toks) && toks[i+1].kind == tFigure && toks[i+1].num <= 6 && i > 0 && toks[i-1].isWord("en") {
			d := toks[i+1].num
			out = append(out, throwItem{set: trictrac.Coup(d, d), name: "deux " + fmt.Sprint(d), at: i, end: i + 2})
			i++
			continue
		}
		// double deux, double 2, deux as
		if t.isWord("double") && i+1 < len(toks) {
			if d, ok := dieNumber(toks, i+1); ok || toks[i+1].isWord("deux") {
				if !ok {
					d = 2
				}
				out = append(out, throwItem{set: trictrac.Coup(d, d), name: "double " + fmt.Sprint(d), at: i, end: i + 2})
				i++
				continue
			}
		}
		if t.isWord("deux") && i+1 < len(toks) && toks[i+1].isWord("as") {
			out = append(out, throwItem{set: trictrac.Coup(1, 1), name: "deux as", at: i, end: i + 2})
			i++
			continue
		}
		// les onze combinaisons du 6; tous les as; les 6
		if n, ok := allWithNumber(toks, i); ok > 0 {
			out = append(out, throwItem{set: trictrac.Die{Of: []int{n}}.Throws(trictrac.Trictrac),
				name: fmt.Sprintf("every throw with a %d", n), at: i, end: i + ok})
			i += ok - 1
			continue
		}
		// 5 et 3, 5 et as, I et 3, 4. et 3, 5 et, 3: no article before the second number
		a, ok := dieNumber(toks, i)
		if !ok || i > 0 && toks[i-1].isWord("nombre", "nombres", "point", "points") || inNumberList(toks, i) {
			continue // a number, or one of a list of numbers (6, 4 et 2)
		}
		j := i + 1
		if j < len(toks) && (toks[j].isSign(".") || toks[j].isSign(",")) && j+1 < len(toks) && toks[j+1].isWord("et") {
			j++
		}
		if j >= len(toks) || !toks[j].isWord("et") {
			continue
		}
		j++
		if j < len(toks) && toks[j].isSign(",") {
			j++
		}
		b, ok := dieNumber(toks, j)
		if !ok {
			continue
		}
		if isSum(toks, i, j+1) {
			i = j
			continue
		}
		out = append(out, throwItem{set: trictrac.Coup(a, b), name: fmt.Sprintf("%d et %d", a, b), at: i, end: j + 1})
		i = j
	}
	return out
}

// inNumberList reports whether the figure at toks[i] follows a comma that
// follows a number standing alone (6, 4 et 2), not the end of a coup
// (4 et 3, 4 et 2).
func inNumberList(toks []token, i int) bool {
	if i < 2 || !toks[i-1].isSign(",") || toks[i-2].kind != tFigure {
		return false
	}
	return i < 3 || !toks[i-3].isWord("et")
}

// allWithNumber reads "les onze combinaisons du N", "tous les as", "les
// as", "les N" (every throw with that number), returning the number and
// the tokens it takes.
func allWithNumber(toks []token, i int) (int, int) {
	if matchAt(toks, i, []string{"les", "onze", "combinaisons", "du"}) {
		if d, ok := dieNumber(toks, i+4); ok {
			return d, 5
		}
	}
	j := i
	if toks[j].isWord("tous") {
		j++
	}
	if j+1 < len(toks) && toks[j].isWord("les") {
		if toks[j+1].isWord("as") {
			return 1, j + 2 - i
		}
		if toks[j+1].kind == tFigure && toks[j+1].num >= 1 && toks[j+1].num <= 6 &&
			(j+2 >= len(toks) || !toks[j+2].isWord("et") && !toks[j+2].isSign(",")) {
			return toks[j+1].num, j + 2 - i
		}
	}
	return 0, 0
}

// The points of the board, as the treatise names them: the flèches by
// their rank from the talon (0), the corners.
var ordinals = map[string]int{"premiere": 1, "premier": 1, "deuxieme": 2, "troisieme": 3,
	"quatrieme": 4, "cinquieme": 5, "sixieme": 6, "septieme": 7, "huitieme": 8, "neuvieme": 9, "dixieme": 10,
	"onzieme": 11, "douzieme": 12}

// pointAt reads a point of the board at toks[i]: an ordinal (la
// sixième), le coin bourgeois (5), le coin de repos (11), le talon or la
// pile (0). It returns the point and the tokens it takes.
func pointAt(toks []token, i int) (int, int) {
	if i < 0 || i >= len(toks) {
		return 0, 0
	}
	if p, ok := ordinals[toks[i].key]; ok {
		return p, 1
	}
	switch {
	case matchAt(toks, i, []string{"coin", "bourgeois"}):
		return 5, 2
	case matchAt(toks, i, []string{"coin", "de", "repos"}):
		return 11, 3
	case toks[i].isWord("talon", "pile"):
		return 0, 1
	}
	return -1, 0
}

// pointsFrom reads "les sixième, septième et huitième (flèches)", "la
// quatrième et la cinquième", "au coin bourgeois": the points named from i.
func pointsFrom(toks []token, i int) ([]int, int) {
	var ps []int
	j := i
	for j < len(toks) {
		k := j
		for k < len(toks) && toks[k].isWord("les", "la", "le", "a", "au", "et", "sur", "aux") || k < len(toks) && toks[k].isSign(",") {
			k++
		}
		p, n := pointAt(toks, k)
		if n == 0 {
			break
		}
		ps = append(ps, p)
		j = k + n
	}
	if j < len(toks) && toks[j].isWord("fleche", "fleches", "case", "cases") {
		j++
	}
	return ps, j
}

// board is what the text has said of a position so far: the checkers
// hit in chapter XV's figures and the open passage, or the half-point to
// cover and the checkers that aim at it.
type board struct {
	blots    []int
	passage  int  // the one open point of the hit side's grand jan (0: none said)
	fullJans bool // both grand jans made (chapter XV)
	target   int  // the point to cover (0: none said)
	checkers []int
}

func (b board) String() string {
	var parts []string
	if len(b.blots) > 0 {
		parts = append(parts, fmt.Sprintf("checkers hit on %v", b.blots))
	}
	if b.passage > 0 {
		parts = append(parts, fmt.Sprintf("passage open on %d", b.passage))
	}
	if b.target > 0 {
		parts = append(parts, fmt.Sprintf("point %d to cover from %v", b.target, b.checkers))
	}
	return strings.Join(parts, ", ")
}

// boardFact is a change to the board a sentence states at a token.
type boardFact struct {
	at    int
	apply func(b *board)
}

// boardFacts reads what a sentence says of the position, in order.
func boardFacts(toks []token) []boardFact {
	var out []boardFact
	inInstead := -1 // "au lieu de placer la dame au coin bourgeois": not the position
	for i := 0; i < len(toks); i++ {
		if matchAt(toks, i, []string{"au", "lieu", "de"}) || matchAt(toks, i, []string{"au", "lieu", "d'"}) {
			inInstead = i
		}
		if inInstead >= 0 && (toks[i].isSign(",") || toks[i].isSign(";")) {
			inInstead = -1
		}
		if inInstead >= 0 {
			continue
		}
		t := toks[i]
		switch {
		case t.isWord("passage"):
			// le passage (était) ouvert à la neuvième flèche; ouvrons le passage à la neuvième
			for j := i + 1; j < len(toks) && j < i+6; j++ {
				if toks[j].isWord("ouvert") || j == i+1 && i > 1 && toks[i-2].isWord("ouvrons", "ouvre", "ouvrir") {
					if ps, _ := pointsFrom(toks, j+1); len(ps) == 1 {
						p := ps[0]
						out = append(out, boardFact{i, func(b *board) { b.passage = p }})
					}
					break
				}
			}
		case t.isWord("vide") && i >= 3:
			// à la dixième (flèche) qui est (entièrement) vide
			j := i - 1
			for j > 0 && toks[j].isWord("entierement", "est", "qui", "fleche") {
				j--
			}
			if p, n := pointAt(toks, j); n > 0 && p >= 6 && toks[i-1].isWord("est", "entierement") {
				out = append(out, boardFact{j, func(b *board) { b.passage = p }})
			}
		case t.isWord("grand-jan", "grands-jans", "grandjan", "grand-jans"):
			// le grand-jan opposé se trouve plein; les deux grands-jans sont faits
			for j := i + 1; j < len(toks) && j < i+8; j++ {
				if toks[j].isWord("plein", "pleins", "faits") {
					out = append(out, boardFact{i, func(b *board) { b.fullJans = true }})
					break
				}
			}
		case t.isWord("dame", "dames", "demi-case", "demicase") || t.isWord("plaçons", "placons"):
			// la dame exposée au coin bourgeois; deux dames en demi-case à la
			// quatrième et à la cinquième flèches; nous la plaçons sur la quatrième
			for j := i + 1; j < len(toks) && j < i+9; j++ {
				if toks[j].isWord("au", "sur", "a", "aux") {
					if ps, _ := pointsFrom(toks, j); len(ps) > 0 && ps[0] >= 1 && ps[0] <= 5 && exposed(toks, i, j) {
						blots := slices.Clone(ps)
						out = append(out, boardFact{i, func(b *board) { b.blots = blots }})
						i = j
					}
					break
				}
			}
		}
		// il lui reste à couvrir la dixième flèche; à l'exception de la sixième flèche
		if matchAt(toks, i, []string{"a", "couvrir"}) || matchAt(toks, i, []string{"a", "l'", "exception"}) {
			for j := i + 2; j < len(toks) && j < i+6; j++ {
				if p, n := pointAt(toks, j); n > 0 && p >= 6 {
					out = append(out, boardFact{i, func(b *board) { b.target, b.checkers = p, nil }})
					break
				}
			}
		}
		// les dames restantes soient sur les sixième, septième...; placées au
		// petit-jan sur les quatrième et cinquième flèches; réunies ... au coin bourgeois
		if t.isWord("sur", "au") && i > 0 {
			if ps, _ := pointsFrom(toks, i); len(ps) > 0 && placed(toks, i) {
				cs := slices.Clone(ps)
				out = append(out, boardFact{i, func(b *board) {
					if b.target > 0 {
						b.checkers = cs
					}
				}})
			}
		}
		// placer (la dame) au talon: one more checker there
		if t.isWord("placer", "plaçait", "placait") {
			for j := i + 1; j < len(toks) && j < i+4; j++ {
				if p, n := pointAt(toks, j); n > 0 {
					out = append(out, boardFact{i, func(b *board) {
						if b.target > 0 {
							b.checkers = append(slices.Clone(b.checkers), p)
						}
					}})
					break
				}
			}
		}
	}
	return out
}

// exposed reports whether the words between a checker and its point say
// it stands alone to be hit (exposée, en demi-case, découverte).
func exposed(toks []token, i, j int) bool {
	if toks[i].isWord("demi-case", "demicase", "plaçons", "placons") {
		return true
	}
	for k := i; k < j; k++ {
		if toks[k].isWord("exposee", "demi-case", "demicase", "decouverte", "la") {
			return true
		}
	}
	return false
}

// placed reports whether the position named at toks[i] (sur les ...) is
// where checkers are put: a verb of placing stands just before.
func placed(toks []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-10 && !toks[k].isSign("."); k-- {
		if toks[k].isWord("soient", "placees", "reunies", "sont", "trouvaient", "restantes") {
			return true
		}
	}
	return false
}

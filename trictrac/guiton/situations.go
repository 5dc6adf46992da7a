package guiton

import (
	"fmt"
	"slices"
	"strings"

	"metz/trictrac"
)

// kindFor picks the kind of a count: the cue of its clause, else the
// nearest cue before it in the sentence, else the last cue of the
// sentences before it in the paragraph, else the nearest cue after it.
// A count "of a number" in a paragraph that reckons by the die alone is
// a count of the die.
func (r *reader) kindFor(s *sentence, prev []*sentence, m mention, next int) string {
	kind := ""
	cs := s.kindCues()
	if c, ok := pickCue(cs, s.toks, m.at, m.end, next, false); ok {
		kind = c.kind
	}
	for _, p := range prev {
		if kind != "" {
			break
		}
		if pcs := p.kindCues(); len(pcs) > 0 && slices.Contains(carried, pcs[len(pcs)-1].kind) {
			kind = pcs[len(pcs)-1].kind
		}
	}
	if kind == "" {
		// A cue after it, before the next count: "vingt chances, savoir:
		// onze ..., et neuf ... à cause du double emploi".
		if c, ok := pickCue(cs, s.toks, m.at, m.end, next, true); ok {
			kind = c.kind
		}
	}
	if kind == kDecomposition {
		kind = kReach
	}
	if kind == kReach && r.reckoning == kDie {
		kind = kDie
	}
	return kind
}

// cueNumber is the number a "more than" cue names (excèdent le nombre 6),
// looked for in the sentence and those before it.
func cueNumber(s *sentence, prev []*sentence, kind string) int {
	for _, t := range append([]*sentence{s}, prev...) {
		for _, c := range t.kindCues() {
			if c.kind == kind {
				if n := numberAfter(t.toks, c.end); n > 0 {
					return n
				}
			}
		}
	}
	return 0
}

// situation reads what a count is about, or why it cannot be read.
func (r *reader) situation(s *sentence, prev []*sentence, m mention, kind string) (trictrac.Situation, string) {
	switch kind {
	case kSumAbove, kSumAtMost:
		n := cueNumber(s, prev, kind)
		if n == 0 {
			return nil, "the number the sums are compared with is not named"
		}
		if kind == kSumAbove {
			return trictrac.Sum{Min: n + 1, Max: 12}, ""
		}
		return trictrac.Sum{Min: 2, Max: n}, ""
	case kDoublet:
		return class{doublets: true}, ""
	case kSimple, kOneCoup:
		return class{}, ""
	case kTotal:
		return nil, "a total of counts stated before it"
	case kHit, kHitTrue, kHitFalse, kHitBoth, kHitBothTrue, kHitBothFalse, kHitTrueFalse:
		return r.hit(kind)
	case kPoint:
		if st := pointStacks(s, prev); len(st) > 0 {
			return trictrac.Point{Stacks: st}, ""
		}
		if st, why := movedStacks(s, prev, m); len(st) > 0 || why != "" {
			if why != "" {
				return nil, why
			}
			return trictrac.Point{Stacks: st}, ""
		}
		return nil, "a point to make (a case, a corner) in a position the reader does not follow"
	}
	ns, ok, why := r.numbersFor(s, prev, m, kind)
	if !ok {
		if why != "" {
			return nil, why
		}
		if kind == "" {
			return nil, "no situation named: the count is about a position the sentence does not describe"
		}
		return nil, "the numbers are not named in the sentence nor just before it"
	}
	if ns.k > 0 && m.each {
		return anyNumbers(kind, 1, m.value) // chacun de ces deux nombres: one number, any
	}
	if ns.k > 0 {
		return anyNumbers(kind, ns.k, m.value)
	}
	if len(r.board.blots) > 0 && r.board.fullJans && kind == kReach && r.board.passage > 0 {
		return r.hit(kHit)
	}
	if m.each && len(ns.nums) > 1 {
		var sits eachOf
		for _, n := range ns.nums {
			sits = append(sits, one(kind, []int{n}))
		}
		return sits, ""
	}
	return one(kind, ns.nums), ""
}

// one is the situation of a kind for explicit numbers.
func one(kind string, nums []int) trictrac.Situation {
	switch kind {
	case kDie:
		return trictrac.Die{Of: nums}
	case kTwoWays:
		return trictrac.TwoWays(nums...)
	case kThreeWays:
		return trictrac.ThreeWays(nums...)
	case kSum:
		if len(nums) == 1 {
			return trictrac.Sum{Min: nums[0], Max: nums[0]}
		}
	}
	return trictrac.Reach{Distances: nums}
}

// anyNumbers is a count stated for k numbers the text does not name (deux
// nombres directs, trois nombres): read when it holds whatever the
// numbers, or when no choice of them can give it.
func anyNumbers(kind string, k, stated int) (trictrac.Situation, string) {
	lo, hi := 37, -1
	var loSet, hiSet []int
	for _, ns := range trictrac.Subsets(k, k) {
		n := one(kind, ns).Throws(trictrac.Trictrac).Count()
		if n < lo {
			lo, loSet = n, ns
		}
		if n > hi {
			hi, hiSet = n, ns
		}
	}
	switch {
	case lo == hi:
		return anyOf{one(kind, loSet), k}, ""
	case stated > hi:
		return anyOf{one(kind, hiSet), k}, "" // more than any choice gives: the largest is the check
	}
	return nil, fmt.Sprintf("the %d numbers are not named, and the count depends on them (%d to %d)", k, lo, hi)
}

// numbersFor finds the numbers a count is about: those listed after it
// (savoir : le nombre 9, les nombres 11 et 12); the nearest named in its
// clause, before it or after; the nearest before it in the sentence
// (unless its clause names two sets, and which one is meant is not
// said); the position the paragraph describes; the numbers of the
// sentence before. Points of the board stand for numbers only for a die
// (la quatrième flèche: entering by a 4), where "pareillement" adds them
// to the numbers before.
func (r *reader) numbersFor(s *sentence, prev []*sentence, m mention, kind string) (numSet, bool, string) {
	toks := s.toks
	keep := func(n numSet) bool { return !n.arith && (!n.points || kind == kDie) }
	sets := slices.DeleteFunc(slices.Clone(s.numberSets()), func(n numSet) bool { return !keep(n) })
	if u, ok := listedAfter(toks, m, sets); ok {
		return u, true, ""
	}
	from, to := clauseOf(toks, m.at)
	var best *numSet
	for k := range sets {
		if sets[k].end <= m.at && sets[k].at >= from {
			best = &sets[k]
		}
	}
	if best == nil {
		for k := range sets {
			if sets[k].at >= m.end && sets[k].at < to {
				best = &sets[k]
				break
			}
		}
	}
	if best != nil {
		var before *numSet // the numbers named before the clause (not points)
		for k := range sets {
			if sets[k].end <= from && !sets[k].points {
				before = &sets[k]
			}
		}
		var earlier *numSet // any numbers or points named before the clause
		for k := range sets {
			if sets[k].end <= from {
				earlier = &sets[k]
			}
		}
		switch {
		case kind == kDie && best.points && earlier != nil && additive(toks, from, to):
			// la deuxième flèche pareillement vide: one number more. For
			// a die only how many numbers matters.
			n := len(earlier.nums) + earlier.k + len(best.nums) + best.k
			return numSet{k: n}, true, ""
		case best.points && best.k > 0 && before != nil:
			return numSet{}, false, "points counted besides the numbers named before, or instead of them: the sentence does not say"
		}
		return *best, true, ""
	}
	for k := range sets {
		if sets[k].end <= m.at {
			best = &sets[k]
		}
	}
	if best != nil {
		bf, bt := clauseOf(toks, best.at)
		n := 0
		for _, o := range sets {
			if o.at >= bf && o.at < bt {
				n++
			}
		}
		if n > 1 {
			return numSet{}, false, "the sentence names two sets of numbers before the count and does not say which it is about"
		}
		return *best, true, ""
	}
	if r.board.target > 0 && len(r.board.checkers) > 0 && r.boardPara == s.paragraph {
		var ds []int
		for _, p := range r.board.checkers {
			if d := r.board.target - p; d > 0 {
				ds = append(ds, d)
			}
		}
		if len(ds) > 0 {
			return numSet{nums: ds}, true, ""
		}
	}
	// The sentences before, in the paragraph: all the numbers they name
	// (un 4 et un 2 ...; une dame qui par le nombre 7 aboutît ...; Dans
	// cette position on aurait vingt-cinq chances).
	var u []int
	for _, p := range prev {
		for _, n := range p.numberSets() {
			if keep(n) && !n.points && len(n.nums) > 0 {
				u = append(u, n.nums...)
			}
		}
	}
	if len(u) > 0 {
		slices.Sort(u)
		return numSet{nums: slices.Compact(u)}, true, ""
	}
	return numSet{}, false, ""
}

// listedAfter is the union of the numbers listed after a count (six
// chances ..., savoir les nombres 10, 11 et 12).
func listedAfter(toks []token, m mention, sets []numSet) (numSet, bool) {
	j := m.end
	if j < len(toks) && toks[j].isWord(unitKeys...) {
		j++
	}
	for j < len(toks) && j < m.end+14 && !toks[j].isWord("savoir") && !toks[j].isSign(";") && !toks[j].isSign(".") {
		j++
	}
	if j >= len(toks) || !toks[j].isWord("savoir") || toks[j-1].isWord("pour") {
		return numSet{}, false // "savoir" for namely, not "pour savoir"
	}
	// The list must open with its numbers (savoir : le nombre 9 ...; savoir
	// les nombres 10, 11 et 12), not with counts (savoir : onze pour l'as,
	// neuf pour la deuxième flèche: the parts of the count).
	if !slices.ContainsFunc(sets, func(n numSet) bool { return n.at > j && n.at <= j+3 }) {
		return numSet{}, false
	}
	var union []int
	for _, n := range sets {
		if n.at > j && len(n.nums) > 0 && !hasSignBetween(toks, j, n.at, ";") {
			union = append(union, n.nums...)
		}
	}
	return numSet{nums: union}, len(union) > 0
}

// additive reports whether a clause adds its numbers to those before it
// (si la deuxième flèche se trouvait pareillement vide).
func additive(toks []token, from, to int) bool {
	for k := from; k < to; k++ {
		if toks[k].isWord("pareillement", "encore", "aussi") {
			return true
		}
	}
	return false
}

func hasSignBetween(toks []token, from, to int, sign string) bool {
	for k := from; k < to && k < len(toks); k++ {
		if toks[k].isSign(sign) {
			return true
		}
	}
	return false
}

// numberAfter reads the number right after a cue (excèdent le nombre 6).
func numberAfter(toks []token, i int) int {
	for j := i; j < len(toks) && j < i+4; j++ {
		if toks[j].kind == tFigure {
			return toks[j].num
		}
		if v, n := number(toks, j); n > 0 && v > 1 {
			return v
		}
	}
	return 0
}

// hit is a count of chapter XV's figures: the hit side numbers its points
// from the talon (0) to its corner (11), its grand jan (6 to 11) made but
// for the open passage; the hitting side's grand jan (12 to 17) made.
func (r *reader) hit(kind string) (trictrac.Situation, string) {
	b := r.board
	switch {
	case len(b.blots) == 0:
		return nil, "a hit, but the checker hit is not placed"
	case !b.fullJans || b.passage == 0:
		return nil, "a hit, but the position of the other checkers is not given"
	}
	mode := map[string]string{kHit: trictrac.HitAny, kHitTrue: trictrac.HitTrue, kHitFalse: trictrac.HitFalse,
		kHitBoth: trictrac.HitBoth, kHitBothTrue: trictrac.HitBothTrue, kHitBothFalse: trictrac.HitBothFalse,
		kHitTrueFalse: trictrac.HitTrueFalse}[kind]
	two := mode == trictrac.HitBoth || mode == trictrac.HitBothTrue || mode == trictrac.HitBothFalse || mode == trictrac.HitTrueFalse
	if two != (len(b.blots) == 2) {
		if !two && mode != trictrac.HitAny {
			return nil, "a hit on one of two checkers, without saying which"
		}
		if two {
			return nil, "a hit on two checkers where one is placed"
		}
		mode = trictrac.HitBoth
	}
	var blocked []int
	for p := 6; p <= 11; p++ {
		if p != b.passage {
			blocked = append(blocked, p)
		}
	}
	blocked = append(blocked, b.blots...)
	return trictrac.Hit{Blots: b.blots, Hitters: []int{12, 13, 14, 15, 16, 17}, Blocked: blocked, Mode: mode}, ""
}

// pointStacks reads a point to make given by counts (quatre dames
// aboutissantes directement à une case vide, une seule est couverte; trois
// dont deux seulement seraient couvertes) — at Trictrac the count depends
// only on how many points aim at it and how many of them hold two, so they
// are laid 1, 2, 3... from it — or the adversary's corner to hit from
// points named (son coin garni de trois dames, deux dames en demi-case aux
// sixième et septième flèches, une case entière à la huitième).
func pointStacks(s *sentence, prev []*sentence) []trictrac.Stack {
	var toks []token
	for k := len(prev) - 1; k >= 0; k-- {
		toks = append(toks, prev[k].toks...)
	}
	toks = append(toks, s.toks...)
	if st := cornerStacks(toks); len(st) > 0 {
		return st
	}
	n, covered := 0, -1
	for i := range toks {
		if v, k := number(toks, i); k > 0 && i+k+1 < len(toks) && toks[i+k].isWord("dames") &&
			toks[i+k+1].isWord("aboutissantes", "directes") {
			n = v
		}
		if matchAt(toks, i, []string{"n'", "en", "avait", "que"}) {
			if v, k := number(toks, i+4); k > 0 {
				n = v
			}
		}
		// une seule est couverte; dont deux seulement seraient couvertes
		if toks[i].isWord("couverte", "couvertes") {
			for j := i - 1; j >= 0 && j >= i-4; j-- {
				if v, k := number(toks, j); k > 0 {
					covered = v
					break
				}
			}
		}
	}
	if n < 1 || n > 6 || covered < 0 || covered > n {
		return nil
	}
	var st []trictrac.Stack
	for d := 1; d <= n; d++ {
		c := 1
		if d <= covered {
			c = 2
		}
		st = append(st, trictrac.Stack{Distance: d, Checkers: c})
	}
	return st
}

// movedStacks reads a point to make from a position and the moves a
// throw plays (the Backgammon treatise's "case de l'as": il a fait en
// outre la septième case, il a deux dames en surcase sur la cinquième et
// une sur la quatrième flèche, il amène 2 et as; ... jouer l'as avec une
// dame de la septième et le 2 avec une de la cinquième flèche): the
// stacks before the moves ("avant d'avoir joué") or after ("après l'avoir
// joué"). Checkers move down to the point, numbered from the ace.
func movedStacks(s *sentence, prev []*sentence, m mention) ([]trictrac.Stack, string) {
	var toks []token
	for k := len(prev) - 1; k >= 0; k-- {
		toks = append(toks, prev[k].toks...)
	}
	offset := len(toks)
	toks = append(toks, s.toks...)
	target := -1
	at := map[int]int{}
	type move struct{ from, by int }
	var moves []move
	for i := range toks {
		switch {
		case matchAt(toks, i, []string{"case", "de", "l'", "as"}) || matchAt(toks, i, []string{"celle", "de", "l'", "as"}):
			target = 1
		case matchAt(toks, i, []string{"la"}) && i+2 < len(toks) && toks[i+2].isWord("case") && i > 0 && toks[i-1].isWord("outre", "fait"):
			// il a fait en outre la septième case: a point made, two checkers
			if p, n := pointAt(toks, i+1); n == 1 && p > 0 {
				at[p] += 2
			}
		case toks[i].isWord("surcase"):
			// deux dames en surcase sur la cinquième (et une sur la quatrième flèche)
			if v, n := number(toks, i-3); n == 1 && i >= 2 && toks[i-2].isWord("dames") {
				if ps, end := pointsFrom(toks, i+1); len(ps) == 1 {
					at[ps[0]] += v
					if matchAt(toks, end, []string{"et", "une", "sur"}) {
						if qs, _ := pointsFrom(toks, end+2); len(qs) == 1 {
							at[qs[0]]++
						}
					}
				}
			}
		case toks[i].isWord("jouer") || toks[i].isWord("et") && len(moves) > 0 && i-1 >= 0:
			// jouer l'as avec une dame de la septième; et le 2 avec une de la cinquième
			k := i + 1
			by := 0
			switch {
			case matchAt(toks, k, []string{"l'", "as"}):
				by, k = 1, k+2
			case matchAt(toks, k, []string{"le"}) && k+1 < len(toks) && toks[k+1].kind == tFigure:
				by, k = toks[k+1].num, k+2
			}
			if by == 0 || k >= len(toks) || !toks[k].isWord("avec") {
				continue
			}
			for j := k + 1; j < len(toks) && j < k+6; j++ {
				if toks[j].isWord("de") {
					if ps, _ := pointsFrom(toks, j+1); len(ps) == 1 {
						moves = append(moves, move{ps[0], by})
					}
					break
				}
			}
		}
	}
	if target < 0 || len(at) == 0 {
		return nil, ""
	}
	from, _ := clauseOf(s.toks, m.at)
	when := ""
	for k := offset + from; k < offset+m.at; k++ {
		switch {
		case matchAt(toks, k, []string{"avant", "d'", "avoir", "joue"}):
			when = "before"
		case matchAt(toks, k, []string{"apres", "l'", "avoir", "joue"}):
			when = "after"
		}
	}
	if len(moves) > 0 && when == "" {
		return nil, "a point to make before or after moves the sentence does not say"
	}
	if when == "after" {
		for _, mv := range moves {
			if at[mv.from] == 0 {
				return nil, "a move from a point the position leaves empty"
			}
			at[mv.from]--
			at[mv.from-mv.by]++
		}
	}
	var st []trictrac.Stack
	for p := 12; p > target; p-- {
		if at[p] > 0 {
			st = append(st, trictrac.Stack{Distance: p - target, Checkers: at[p]})
		}
	}
	return st, ""
}

// cornerStacks reads the points that hit the adversary's corner (12):
// one's own corner (11) counts its checkers beyond the two that hold it.
func cornerStacks(toks []token) []trictrac.Stack {
	at := map[int]int{}
	surplus := -1
	for i := range toks {
		// son coin garni de trois dames
		if matchAt(toks, i, []string{"coin", "garni", "de"}) {
			if v, k := number(toks, i+3); k > 0 && v >= 2 {
				surplus = v - 2
			}
		}
		// deux dames surnuméraires au coin
		if v, k := number(toks, i); k > 0 && matchAt(toks, i+k, []string{"dames", "surnumeraires", "au", "coin"}) {
			surplus = v
		}
		// deux dames en demi-case aux sixième et septième flèches
		if toks[i].isWord("demi-case", "demicase") {
			if ps, _ := pointsFrom(toks, i+1); len(ps) > 0 {
				for _, p := range ps {
					at[p] = 1
				}
			}
		}
		// une case entière à la huitième
		if matchAt(toks, i, []string{"case", "entiere"}) {
			if ps, _ := pointsFrom(toks, i+2); len(ps) == 1 {
				at[ps[0]] = 2
			}
		}
	}
	if surplus < 0 || len(at) == 0 {
		return nil
	}
	if surplus > 0 {
		at[11] = min(surplus, 2)
	}
	var st []trictrac.Stack
	for p := 11; p >= 6; p-- {
		if at[p] > 0 {
			st = append(st, trictrac.Stack{Distance: 12 - p, Checkers: at[p]})
		}
	}
	return st
}

// insteadOf reads "au lieu de N": the count in the reckoning the sentence
// compares with — the die alone where it speaks of decomposing a number,
// Trictrac where the Backgammon treatise compares the games, the position
// before the change the sentence makes.
func (r *reader) insteadOf(s *sentence, prev []*sentence, m mention, kind string,
	before board, moved bool) (trictrac.Situation, trictrac.Game, string) {
	g := s.game
	decomposing := slices.ContainsFunc(append(slices.Clone(s.toks), prevTokens(prev)...), func(t token) bool {
		return t.isWord("decompose", "decomposer", "divise", "diviser", "decomposition", "division")
	})
	switch {
	case decomposing:
		if ns, ok, _ := r.numbersFor(s, prev, m, kReach); ok && len(ns.nums) > 0 {
			return trictrac.Die{Of: ns.nums}, g, ""
		}
	case r.comparing && g == trictrac.Backgammon:
		sit, why := r.situation(s, prev, m, kind)
		return sit, trictrac.Trictrac, why
	case moved && before.target > 0:
		saved := r.board
		r.board = before
		sit, why := r.situation(s, prev, m, kind)
		r.board = saved
		return sit, g, why
	}
	return nil, g, "a count \"instead of\" another reckoning the sentence does not name"
}

// difference reads a count of chances more: what decomposing a number adds
// to the die alone, or what Backgammon's doublets add to Trictrac's count.
func (r *reader) difference(s *sentence, prev []*sentence, m mention, kind string) (trictrac.Situation, trictrac.Game, string) {
	ns, ok, _ := r.numbersFor(s, prev, m, kReach)
	if !ok || len(ns.nums) == 0 {
		return nil, s.game, "a difference between counts, the numbers not named"
	}
	if r.comparing && s.game == trictrac.Backgammon {
		if len(ns.nums) > 1 { // the same difference for each number
			var sits []trictrac.Situation
			for _, n := range ns.nums {
				sits = append(sits, gameDifference{trictrac.Reach{Distances: []int{n}}})
			}
			return eachOf(sits), s.game, ""
		}
		return gameDifference{trictrac.Reach{Distances: ns.nums}}, s.game, ""
	}
	decomposing := false
	for _, t := range append(slices.Clone(s.toks), prevTokens(prev)...) {
		decomposing = decomposing || t.isWord("decompose", "decomposer", "divise", "division", "decomposition")
	}
	if decomposing && len(ns.nums) == 1 {
		return trictrac.Decomposition{Distance: ns.nums[0]}, s.game, ""
	}
	return nil, s.game, "a difference from a count the sentence does not state"
}

func prevTokens(prev []*sentence) []token {
	if len(prev) == 0 {
		return nil
	}
	return prev[0].toks
}

// class is the six doublets (one chance each) or the fifteen coups of two
// numbers (two chances each).
type class struct{ doublets bool }

func (c class) Throws(trictrac.Game) trictrac.Set {
	return trictrac.SetOf(func(t trictrac.Throw) bool { return t.Doublet() == c.doublets })
}

func (c class) Kind() string {
	if c.doublets {
		return kDoublet
	}
	return kSimple
}

func (c class) Numbers() []int { return nil }

func (c class) String() string {
	if c.doublets {
		return "the doublets (a doublet is one chance)"
	}
	return "the coups of two different numbers (each is two chances)"
}

// count is the class's chances, or each coup's.
func (c class) count(each bool) int {
	switch {
	case each && c.doublets:
		return 1
	case each:
		return 2
	}
	return c.Throws(trictrac.Trictrac).Count()
}

// gameDifference is what Backgammon's doublets, played four times, add to
// the Trictrac count of a situation.
type gameDifference struct{ of trictrac.Situation }

func (d gameDifference) Throws(trictrac.Game) trictrac.Set {
	return d.of.Throws(trictrac.Backgammon) &^ d.of.Throws(trictrac.Trictrac)
}
func (d gameDifference) Kind() string   { return "backgammon-more" }
func (d gameDifference) Numbers() []int { return d.of.Numbers() }
func (d gameDifference) String() string {
	return "what Backgammon's doublets add to Trictrac's count: " + d.of.String()
}
func (d gameDifference) count() int {
	return d.of.Throws(trictrac.Backgammon).Count() - d.of.Throws(trictrac.Trictrac).Count()
}

// eachOf is one count stated for each of several numbers (6 et 8 offrent
// chacun cinq combinaisons).
type eachOf []trictrac.Situation

func (e eachOf) Throws(g trictrac.Game) trictrac.Set { return e[0].Throws(g) }

// count is the count each gives, or the first that differs from the
// first's.
func (e eachOf) count(g trictrac.Game) int {
	first := countOf(e[0], g)
	for _, s := range e[1:] {
		if n := countOf(s, g); n != first {
			return n
		}
	}
	return first
}

func countOf(s trictrac.Situation, g trictrac.Game) int {
	if d, ok := s.(gameDifference); ok {
		return d.count()
	}
	return s.Throws(g).Count()
}
func (e eachOf) Kind() string { return e[0].Kind() }
func (e eachOf) Numbers() []int {
	var ns []int
	for _, s := range e {
		ns = append(ns, s.Numbers()...)
	}
	return ns
}
func (e eachOf) String() string {
	parts := make([]string, len(e))
	for i, s := range e {
		parts[i] = s.String()
	}
	return "each: " + strings.Join(parts, "; ")
}

// allEqual reports whether each situation gives n.
func (e eachOf) allEqual(g trictrac.Game, n int) bool {
	for _, s := range e {
		if countOf(s, g) != n {
			return false
		}
	}
	return true
}

// anyOf is a count stated for any k numbers, shown on one choice of them.
type anyOf struct {
	trictrac.Situation
	k int
}

func (a anyOf) Numbers() []int { return nil }
func (a anyOf) String() string {
	return fmt.Sprintf("any %d numbers, e.g. %s", a.k, a.Situation.String())
}

// namedFor finds the coups a sentence names for a count. It says whether
// the count is theirs (theirs) — right before it (par 4 et 2, et par
// terne trois chances), right after it (les deux chances de terne et
// carme), or before it then "qui" or "c'est" (6 et 5, et 6 et 4, qui
// donnent quatre chances) — or whether they are listed after it as what
// it counts (savoir : carme, et 5 et 3; par le 5 et 2), up to the next
// count or the end of the clause. prevEnd is where the count before it
// ends: coups before that are its.
func namedFor(s *sentence, m mention, prevEnd, next int) (items []throwItem, theirs, listed bool) {
	toks := s.toks
	all := slices.Clone(s.throwItems())
	sets := s.numberSets()
	all = slices.DeleteFunc(all, func(t throwItem) bool {
		return t.at < prevEnd || slices.ContainsFunc(sets, func(n numSet) bool { return !n.arith && t.at >= n.at && t.at < n.end })
	})
	// Right before it.
	last := -1
	for q, it := range all {
		if it.end <= m.at && onlySeparators(toks, it.end, m.at) {
			last = q
		}
	}
	if last >= 0 {
		// ... par 4 et 2, et par terne trois chances; not "savoir 4 et 2,
		// et deux autres", the coups of the count before
		first := runStart(toks, all, last)
		if at := all[first].at; at > 0 && toks[at-1].isWord("par", "pour") {
			return all[first : last+1], true, false
		}
	}
	// After it.
	j := m.end
	if j < len(toks) && toks[j].isWord(unitKeys...) {
		j++
	}
	stop := next
	for q := j; q < next; q++ {
		// a clause ends the list, but not the scan's ";" beside "savoir"
		semi := toks[q].isSign(";") && !(q+1 < len(toks) && toks[q+1].isWord("savoir")) && !(q > 0 && toks[q-1].isWord("savoir"))
		if semi || toks[q].isSign(".") || matchAt(toks, q, []string{"au", "lieu"}) {
			stop = q
			break
		}
	}
	for q := j; q < stop && q < j+10; q++ {
		de := q == j && toks[q].isWord("de")
		if !de && !toks[q].isWord("savoir", "par") && !toks[q].isSign(":") {
			continue
		}
		var out []throwItem
		for _, it := range all {
			if it.at > q && it.at < stop && (len(out) > 0 || it.at <= q+3) {
				out = append(out, it)
			}
		}
		if len(out) > 0 {
			return out, de, !de
		}
	}
	// Before it, then "qui" (not "qui lui": what gives it to a number) or "c'est".
	last = -1
	for q, it := range all {
		if it.end <= m.at && m.at-it.end <= 16 {
			last = q
		}
	}
	if last < 0 {
		return nil, false, false
	}
	gap := toks[all[last].end:m.at]
	qui := slices.ContainsFunc(gap, func(t token) bool { return t.isWord("qui") }) &&
		!slices.ContainsFunc(gap, func(t token) bool { return t.isWord("lui") })
	cest := slices.ContainsFunc(gap, func(t token) bool { return t.isWord("c'") })
	if !qui && !cest {
		return nil, false, false
	}
	return all[runStart(toks, all, last) : last+1], true, false
}

// runStart is the first of the coups listed together up to all[last].
func runStart(toks []token, all []throwItem, last int) int {
	first := last
	for first > 0 && onlySeparators(toks, all[first-1].end, all[first].at) {
		first--
	}
	return first
}

func hasWordBetween(toks []token, from, to int, w string) bool {
	for k := from; k < to; k++ {
		if toks[k].isWord(w) {
			return true
		}
	}
	return false
}

func onlySeparators(toks []token, from, to int) bool {
	for k := from; k < to; k++ {
		if !(toks[k].isSign(",") || toks[k].isWord("et", "ou", "le", "la", "par", "du", "que", "qu'", "les", "en")) {
			return false
		}
	}
	return true
}

// wording is the words of a count as printed: from its first token to
// its noun.
func wording(s *sentence, m mention) string {
	toks := s.toks
	if m.at >= len(toks) {
		return ""
	}
	end := m.end
	if end < len(toks) && toks[end].isWord(unitKeys...) {
		end++
	}
	last := toks[end-1]
	from := toks[m.at].off
	if m.insteadOf && m.at >= 3 {
		from = toks[m.at-3].off
	}
	return strings.TrimSpace(s.text[from : last.off+len(last.text)])
}

// difference says, for a disagreement, which throws make it: the throws
// the text names when they do not make its count; the reckoning the
// stated count is right for (the other game, the die alone), with the
// throws between them; else the throws counted. It returns the sentence
// and those throws as coups.
func difference(c *Claim, sit trictrac.Situation, g trictrac.Game, set trictrac.Set) (string, []string) {
	if c.NamedCount != nil && *c.NamedCount != c.Stated {
		return fmt.Sprintf("the throws named (%s) are %d chances, not %d", strings.Join(c.Named, ", "), *c.NamedCount, c.Stated), nil
	}
	other := trictrac.Backgammon
	if g == trictrac.Backgammon {
		other = trictrac.Trictrac
	}
	if o := sit.Throws(other); o.Count() == c.Stated && o != set {
		return fmt.Sprintf("%d is the count at %s; at %s %s", c.Stated, other, g, setDiff(set, o)), (set ^ o).Coups()
	}
	if rc, ok := sit.(trictrac.Reach); ok {
		if d := (trictrac.Die{Of: rc.Distances}).Throws(g); d.Count() == c.Stated {
			return fmt.Sprintf("%d is the count of the dice alone, without the numbers made by both: %s", c.Stated, setDiff(set, d)), (set ^ d).Coups()
		}
	}
	if c.Stated > 36 {
		return fmt.Sprintf("there are 36 chances in all; the count is %s", set), set.Coups()
	}
	return "the throws counted: " + set.String(), set.Coups()
}

// setDiff says which coups one set has that the other has not.
func setDiff(have, stated trictrac.Set) string {
	var parts []string
	if extra := have &^ stated; extra != 0 {
		parts = append(parts, "the count adds "+extra.String())
	}
	if miss := stated &^ have; miss != 0 {
		parts = append(parts, "the count leaves out "+miss.String())
	}
	return strings.Join(parts, "; ")
}

package trictrac

import (
	"fmt"
	"strings"
)

// A Rule is one of the treatise's rules of thumb ("méthodes pour
// connaître, par un aperçu prompt et facile, le nombre de chances"), as
// the book states it, with every case it claims to cover: the count the
// rule gives and the exact count of the model.
type Rule struct {
	Key   string     `json:"key"`   // a short name
	Says  string     `json:"says"`  // what the rule says, in English
	Find  string     `json:"find"`  // a phrase of the treatise where it is stated (to place it in the text)
	Scope string     `json:"scope"` // the cases it covers, in words
	Game  Game       `json:"game"`
	Note  string     `json:"note,omitempty"` // how the rule is read, where its words allow more than one reading
	Cases []RuleCase `json:"cases"`
}

// RuleCase is one case of a rule: the rule's count and the exact count.
type RuleCase struct {
	Numbers []int    `json:"numbers"`        // the distances, or the sums
	Case    string   `json:"case,omitempty"` // the case in words, when the numbers do not say it all
	Rule    int      `json:"rule"`
	Exact   int      `json:"exact"`
	Throws  []string `json:"throws,omitempty"` // where the counts differ: the throws the rule leaves out, else the exact throws
}

// Agrees reports whether the rule gives the exact count.
func (c RuleCase) Agrees() bool { return c.Rule == c.Exact }

// Agreeing counts the cases where the rule gives the exact count.
func (r Rule) Agreeing() int { return len(r.Cases) - len(r.Disagreements()) }

// Disagreements are the cases where the rule and the count differ.
func (r Rule) Disagreements() []RuleCase {
	var out []RuleCase
	for _, c := range r.Cases {
		if !c.Agrees() {
			out = append(out, c)
		}
	}
	return out
}

// Rules are the treatise's rules of thumb, each checked on every case it
// covers.
func Rules() []Rule {
	return []Rule{
		ruleOver(Rule{Key: "ten-more", Game: Trictrac,
			Says:  "one direct number n covers a half-point by n + 10 chances",
			Find:  "on ajoute 10 à ce nombre",
			Scope: "each number 1 to 6"},
			Subsets(1, 1), func(ns []int) int { return ns[0] + 10 }, reachOf),
		ruleOver(Rule{Key: "progression", Game: Trictrac,
			Says:  "k numbers, each counted by a die alone, give 11 + 9 + 7 + ... (k terms) chances: the first 11, each next one 2 fewer",
			Find:  "progression décroissante de II, 9, 7",
			Scope: "every set of 1 to 6 numbers; at Backgammon too (re-entry), where it is the same count",
			Note:  "also the obstacles to the passage of the corner (11 for the ace, 20, 27) and Backgammon's re-entry (11, 20, 32)"},
			Subsets(1, 6), progression, func(g Game, ns []int) Set { return Die{Of: ns}.Throws(g) }),
		ruleOver(Rule{Key: "second-method-two", Game: Trictrac,
			Says:  "two direct numbers a and b cover a half-point by 16 + a + b chances, one more if one is half the other",
			Find:  "on établit pour base du calcul le nombre 16",
			Scope: "each pair of numbers 1 to 6"},
			Subsets(2, 2), func(ns []int) int { return 16 + total(ns) + boolInt(halves(ns) > 0) }, reachOf),
		ruleOver(Rule{Key: "second-method-three", Game: Trictrac,
			Says:  "three direct numbers cover a half-point by 18 + their sum, one more if one is half of another, two more if two of them make the third",
			Find:  "on compte d'abord 18",
			Scope: "each three numbers 1 to 6",
			Note:  "read as the book words it: one unit if one number is half of another (whatever the number of such pairs), two if two make the third"},
			Subsets(3, 3), func(ns []int) int {
				return 18 + total(ns) + boolInt(halves(ns) > 0) + 2*boolInt(sums(ns) > 0)
			}, reachOf),
		ruleOver(Rule{Key: "second-method-three-each-pair", Game: Trictrac,
			Says:  "the same, with one unit for each pair of which one is half the other",
			Find:  "on compte d'abord 18",
			Scope: "each three numbers 1 to 6",
			Note:  "a reading the book's example (1, 2, 3: one pair) cannot tell from the first: only 1, 2, 4 has two such pairs"},
			Subsets(3, 3), func(ns []int) int { return 18 + total(ns) + halves(ns) + 2*sums(ns) }, reachOf),
		ruleOver(Rule{Key: "two-ways-two", Game: Trictrac,
			Says:  "two direct numbers fill in two ways by 4 chances, one fewer if one is half the other",
			Find:  "on prend pour base du calcul le nombre 4",
			Scope: "each pair of numbers 1 to 6"},
			Subsets(2, 2), func(ns []int) int { return 4 - halves(ns) }, twoWaysOf),
		ruleOver(Rule{Key: "two-ways-three", Game: Trictrac,
			Says:  "three direct numbers fill in two ways by 12 chances, less one for each number half of another and four for each two that make a third",
			Find:  "on prend pour base du calcul le nombre 12",
			Scope: "each three numbers 1 to 6"},
			Subsets(3, 3), func(ns []int) int { return 12 - halves(ns) - 4*sums(ns) }, twoWaysOf),
		ruleOver(Rule{Key: "two-ways-four", Game: Trictrac,
			Says:  "four direct numbers fill in two ways by 24 chances, less one for each number half of another and four for each two that make a third",
			Find:  "on prend pour base du calcul le nombre 24",
			Scope: "each four numbers 1 to 6"},
			Subsets(4, 4), func(ns []int) int { return 24 - halves(ns) - 4*sums(ns) }, twoWaysOf),
		pointRule(Trictrac),
		pointRule(Backgammon),
		ruleOver(Rule{Key: "sums", Game: Trictrac,
			Says:  "the two dice make 7 by 6 chances, and each number one away from 7 by one chance fewer: 6 and 8 by 5, 5 and 9 by 4, ..., 2 and 12 by 1",
			Find:  "en prenant le nombre 7 pour le point intermédiaire",
			Scope: "each sum 2 to 12",
			Note:  "also chapter XV's hits from the corner: six chances by the 7, one fewer for each point further"},
			sumCases(), func(ns []int) int { return 6 - abs(7-ns[0]) },
			func(g Game, ns []int) Set { return Sum{ns[0], ns[0]}.Throws(g) }),
	}
}

// ruleOver fills r with one case for each set of numbers: the rule's
// count and the exact count of the situation exact builds.
func ruleOver(r Rule, cases [][]int, rule func([]int) int, exact func(Game, []int) Set) Rule {
	for _, ns := range cases {
		s := exact(r.Game, ns)
		c := RuleCase{Numbers: ns, Rule: rule(ns), Exact: s.Count()}
		if !c.Agrees() {
			c.Throws = s.Coups()
		}
		r.Cases = append(r.Cases, c)
	}
	return r
}

func reachOf(g Game, ns []int) Set   { return Reach{Distances: ns}.Throws(g) }
func twoWaysOf(g Game, ns []int) Set { return TwoWays(ns...).Throws(g) }

// progression adds 11, 9, 7, ... for the k numbers, as the book does.
func progression(ns []int) int {
	s := 0
	for i := range ns {
		s += 11 - 2*i
	}
	return s
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func abs(n int) int { return max(n, -n) }

func total(ns []int) int {
	t := 0
	for _, n := range ns {
		t += n
	}
	return t
}

// halves counts the numbers of ns that are half of another.
func halves(ns []int) int {
	n := 0
	for _, a := range ns {
		for _, b := range ns {
			if 2*a == b {
				n++
			}
		}
	}
	return n
}

// sums counts the pairs of ns whose sum is also in ns.
func sums(ns []int) int {
	n := 0
	for i, a := range ns {
		for _, b := range ns[i+1:] {
			for _, c := range ns {
				if a+b == c {
					n++
				}
			}
		}
	}
	return n
}

// Subsets lists the sets of lo to hi numbers of 1..6, each increasing.
func Subsets(lo, hi int) [][]int {
	var out [][]int
	for mask := 1; mask < 1<<6; mask++ {
		var ns []int
		for i := range 6 {
			if mask&(1<<i) != 0 {
				ns = append(ns, i+1)
			}
		}
		if len(ns) >= lo && len(ns) <= hi {
			out = append(out, ns)
		}
	}
	return out
}

func sumCases() [][]int {
	var out [][]int
	for s := 2; s <= 12; s++ {
		out = append(out, []int{s})
	}
	return out
}

// pointRule is the method for making a point (a whole case, taking one's
// corner, hitting the adversary's): the number of points aiming at it,
// squared, less one for each of them that holds a single checker. At
// Backgammon the book applies it too, warning that doublets make a
// difference.
func pointRule(g Game) Rule {
	r := Rule{Key: "point", Game: g,
		Says:  "n points aiming directly at a point to make give n² chances, less one for each of them holding a single checker",
		Find:  "multiplier par lui-même le nombre des flèches",
		Scope: "every way of holding one checker or two (or more) on each of the points 1 to 6 away"}
	if g == Backgammon {
		r.Key = "point-backgammon"
		r.Find = "méthode pour faire case"
		r.Note = "the Backgammon treatise sends its reader to this method, adding that doublets, played four times there, can make a difference; it applies it unchanged (8 and 20 chances for the case of the ace)"
	}
	// Each of the six distances holds 0, 1 or 2 (two standing for two or more).
	for code := 1; code < 729; code++ {
		var st []Stack
		singles, c := 0, code
		for d := 1; d <= 6; d, c = d+1, c/3 {
			if n := c % 3; n > 0 {
				st = append(st, Stack{Distance: d, Checkers: n})
				singles += boolInt(n == 1)
			}
		}
		s := Point{Stacks: st}.Throws(g)
		rc := RuleCase{Numbers: Point{Stacks: st}.Numbers(), Case: stacksText(st),
			Rule: len(st)*len(st) - singles, Exact: s.Count()}
		if !rc.Agrees() {
			// The rule counts Trictrac's throws: at Backgammon the doublets
			// played four times bring checkers from twice as far.
			rc.Throws = (s &^ Point{Stacks: st}.Throws(Trictrac)).Coups()
		}
		r.Cases = append(r.Cases, rc)
	}
	return r
}

func stacksText(st []Stack) string {
	parts := make([]string, len(st))
	for i, s := range st {
		parts[i] = fmt.Sprintf("%d×%d", s.Distance, s.Checkers)
	}
	return strings.Join(parts, " ")
}

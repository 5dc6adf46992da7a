package trictrac

import (
	"fmt"
	"slices"
	"strings"
)

// A Situation is what a throw must do for the treatise to count it as a
// chance: cover a point, show a number, make a point, hit a checker...
// Throws is the set of the throws that do it, in a game.
type Situation interface {
	Throws(g Game) Set
	Kind() string   // the situation's kind, as claims and docs name it
	Numbers() []int // the numbers (distances, sums) it is about
	String() string // the situation in words
}

// Reach is a point to cover (or a checker to hit) with checkers at these
// distances from it: a die that shows a distance, or both dice played by
// one checker (tout d'une), the checker stopping on the intermediate
// point, which must not be one of Blocked (distances from the point too).
// A doublet is played twice at Trictrac (a, 2a) and four times at
// Backgammon (a, 2a, 3a, 4a), each stop open.
type Reach struct {
	Distances []int
	Blocked   []int
}

// Throws implements Situation.
func (r Reach) Throws(g Game) Set {
	return SetOf(func(t Throw) bool { return r.ways(g, t) > 0 })
}

// ways counts the ways a throw covers the point: each die that shows a
// distance, and both dice tout d'une (one way whichever die is played
// first). A doublet covers by its number and by its multiples, one way each.
func (r Reach) ways(g Game, t Throw) int {
	has := func(d int) bool { return slices.Contains(r.Distances, d) }
	open := func(d int) bool { return !slices.Contains(r.Blocked, d) }
	n := 0
	if !t.Doublet() {
		for _, d := range []int{t.A, t.B} {
			if has(d) {
				n++
			}
		}
		if has(t.Sum()) && (open(t.A) || open(t.B)) {
			n++
		}
		return n
	}
	for k := 1; k <= g.Steps(); k++ {
		if k > 1 && !open((k-1)*t.A) {
			break // a stop on the way is held: the doublet cannot go further
		}
		if has(k * t.A) {
			n++
		}
	}
	return n
}

// Kind implements Situation.
func (r Reach) Kind() string { return "reach" }

// Numbers implements Situation.
func (r Reach) Numbers() []int { return uniq(r.Distances) }

func (r Reach) String() string {
	s := "cover a point with checkers at " + numberList(r.Numbers())
	if len(r.Blocked) > 0 {
		s += ", stops at " + numberList(uniq(r.Blocked)) + " held"
	}
	return s
}

// Die is a throw in which at least one die shows one of the numbers: a
// checker entered or passed by a single die (Backgammon's re-entry, the
// obstacles to the passage of the corner), or a number counted without its
// decomposition (the progression 11, 9, 7, ...).
type Die struct{ Of []int }

// Throws implements Situation.
func (d Die) Throws(Game) Set {
	return SetOf(func(t Throw) bool { return slices.Contains(d.Of, t.A) || slices.Contains(d.Of, t.B) })
}

// Kind implements Situation.
func (d Die) Kind() string { return "die" }

// Numbers implements Situation.
func (d Die) Numbers() []int { return uniq(d.Of) }

func (d Die) String() string { return "a die shows " + orList(d.Numbers()) }

// Sum is a throw whose two dice together make Min to Max.
type Sum struct{ Min, Max int }

// Throws implements Situation.
func (s Sum) Throws(Game) Set {
	return SetOf(func(t Throw) bool { return t.Sum() >= s.Min && t.Sum() <= s.Max })
}

// Kind implements Situation.
func (s Sum) Kind() string { return "sum" }

// Numbers implements Situation.
func (s Sum) Numbers() []int {
	var out []int
	for n := max(s.Min, 2); n <= min(s.Max, 12); n++ {
		out = append(out, n)
	}
	return out
}

func (s Sum) String() string {
	switch {
	case s.Min == s.Max:
		return fmt.Sprintf("the two dice make %d", s.Min)
	case s.Max >= 12:
		return fmt.Sprintf("the two dice make more than %d", s.Min-1)
	case s.Min <= 2:
		return fmt.Sprintf("the two dice make at most %d", s.Max)
	}
	return fmt.Sprintf("the two dice make %d to %d", s.Min, s.Max)
}

// Decomposition is a point covered by the sum only: the throws Reach
// gives for one distance that no die showing it gives (the treatise's
// "décomposition" of a number: 5 and 1, 4 and 2, 3 and 3 for the 6).
type Decomposition struct{ Distance int }

// Throws implements Situation.
func (d Decomposition) Throws(g Game) Set {
	return Reach{Distances: []int{d.Distance}}.Throws(g) &^ Die{Of: []int{d.Distance}}.Throws(g)
}

// Kind implements Situation.
func (d Decomposition) Kind() string { return "decomposition" }

// Numbers implements Situation.
func (d Decomposition) Numbers() []int { return []int{d.Distance} }

func (d Decomposition) String() string {
	return fmt.Sprintf("cover a point at %d by the two dice only, no die showing %d", d.Distance, d.Distance)
}

// Ways is filling (covering the last half-point of a jan) in several ways
// at once: at least Least ways by a simple throw, and at least
// DoubletLeast by a doublet (which fills in two ways at most). A way is a
// die showing a distance, or both dice tout d'une (see Reach.ways).
type Ways struct {
	Distances    []int
	Blocked      []int
	Least        int
	DoubletLeast int
}

// TwoWays is filling in two ways or more (de deux manières).
func TwoWays(distances ...int) Ways { return Ways{Distances: distances, Least: 2, DoubletLeast: 2} }

// ThreeWays is filling in three ways by a simple throw or in two by a
// doublet: twelve points at once (the hole "d'emblée").
func ThreeWays(distances ...int) Ways { return Ways{Distances: distances, Least: 3, DoubletLeast: 2} }

// Throws implements Situation.
func (w Ways) Throws(g Game) Set {
	r := Reach{Distances: w.Distances, Blocked: w.Blocked}
	return SetOf(func(t Throw) bool {
		if t.Doublet() {
			return r.ways(g, t) >= w.DoubletLeast
		}
		return r.ways(g, t) >= w.Least
	})
}

// Kind implements Situation.
func (w Ways) Kind() string {
	if w.Least >= 3 {
		return "three-ways"
	}
	return "two-ways"
}

// Numbers implements Situation.
func (w Ways) Numbers() []int { return uniq(w.Distances) }

func (w Ways) String() string {
	if w.Least >= 3 {
		return "fill in three ways (two by a doublet) with checkers at " + numberList(w.Numbers())
	}
	return "fill in two ways with checkers at " + numberList(w.Numbers())
}

// Stack is the checkers on one point: how far it is, how many.
type Stack struct {
	Distance int
	Checkers int
}

// Point is making a point with two checkers at once (a whole case, taking
// one's corner, hitting the adversary's corner): each die brings a checker
// from one of the stacks; a doublet brings two from a stack of two, or at
// Backgammon from its multiples too, each stop open.
type Point struct {
	Stacks  []Stack
	Blocked []int
}

// Throws implements Situation.
func (p Point) Throws(g Game) Set {
	at := map[int]int{}
	for _, s := range p.Stacks {
		at[s.Distance] += s.Checkers
	}
	open := func(d int) bool { return !slices.Contains(p.Blocked, d) }
	return SetOf(func(t Throw) bool {
		if !t.Doublet() {
			return at[t.A] > 0 && at[t.B] > 0
		}
		// A checker from k*a takes k steps; two checkers share the steps.
		var need []int // steps of each checker that can come, one entry per checker
		for k := 1; k <= g.Steps(); k++ {
			if k > 1 && !open((k-1)*t.A) {
				break
			}
			for range at[k*t.A] {
				need = append(need, k)
			}
		}
		return len(need) >= 2 && need[0]+need[1] <= g.Steps()
	})
}

// Kind implements Situation.
func (p Point) Kind() string { return "point" }

// Numbers implements Situation.
func (p Point) Numbers() []int {
	var ds []int
	for _, s := range p.Stacks {
		ds = append(ds, s.Distance)
	}
	return uniq(ds)
}

func (p Point) String() string {
	var parts []string
	for _, s := range p.Stacks {
		parts = append(parts, fmt.Sprintf("%d (%s)", s.Distance, plural(s.Checkers, "checker")))
	}
	return "bring two checkers at once to a point, from " + strings.Join(parts, ", ")
}

// Named is the throws a text names (savoir : 5 et 3, et 6 et 2).
type Named struct {
	Set  Set
	Name string // the coups as the text names them
}

// Throws implements Situation.
func (n Named) Throws(Game) Set { return n.Set }

// Kind implements Situation.
func (n Named) Kind() string { return "named" }

// Numbers implements Situation.
func (n Named) Numbers() []int { return nil }

func (n Named) String() string {
	if n.Name != "" {
		return "the throws named: " + n.Name
	}
	return "the throws named: " + strings.Join(n.Set.Coups(), ", ")
}

func numberList(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	switch len(s) {
	case 0:
		return "nothing"
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func orList(ns []int) string {
	s := numberList(ns)
	if i := strings.LastIndex(s, " and "); i >= 0 {
		s = s[:i] + " or " + s[i+len(" and "):]
	}
	return s
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

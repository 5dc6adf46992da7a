// Package trictrac is an exact model of the dice of Trictrac and
// Backgammon, as Guiton's treatise (1822) reckons them: the 36 throws of
// two dice, a doublet played twice at Trictrac and four times at
// Backgammon, a number reached by one die or by both dice played with one
// checker (tout d'une) through an intermediate point that must be open,
// and the counts of throws ("chances") for each kind of situation the
// treatise states. It also holds the treatise's rules of thumb, as the
// book states them, and checks each against the exact count over every
// case it claims to cover (rules.go).
//
// It knows nothing of any book's text (the guiton package reads the
// treatise) nor of storage.
package trictrac

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Game says how a doublet is played: twice at Trictrac, four times at
// Backgammon (the only difference between the two games' dice).
type Game int

// The games.
const (
	Trictrac Game = iota
	Backgammon
)

func (g Game) String() string {
	if g == Backgammon {
		return "backgammon"
	}
	return "trictrac"
}

// MarshalText writes the game's name (JSON).
func (g Game) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// UnmarshalText reads a game's name (JSON).
func (g *Game) UnmarshalText(b []byte) error {
	switch string(b) {
	case "trictrac":
		*g = Trictrac
	case "backgammon":
		*g = Backgammon
	default:
		return fmt.Errorf("game %q: expected trictrac or backgammon", b)
	}
	return nil
}

// Steps is how many times a doublet's number is played.
func (g Game) Steps() int {
	if g == Backgammon {
		return 4
	}
	return 2
}

// Throw is one of the 36 ordered throws of two dice (a white and a red
// die, as the treatise puts it): 6-4 and 4-6 are two chances of one coup.
type Throw struct{ A, B int }

// Doublet reports whether both dice show the same number.
func (t Throw) Doublet() bool { return t.A == t.B }

// Sum is the number both dice make together.
func (t Throw) Sum() int { return t.A + t.B }

func (t Throw) String() string { return fmt.Sprintf("%d-%d", t.A, t.B) }

// index is the throw's bit in a Set.
func (t Throw) index() int { return (t.A-1)*6 + (t.B - 1) }

// Valid reports whether both dice show 1 to 6.
func (t Throw) Valid() bool { return t.A >= 1 && t.A <= 6 && t.B >= 1 && t.B <= 6 }

// Throws lists the 36 throws, first die first.
func Throws() []Throw {
	out := make([]Throw, 0, 36)
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			out = append(out, Throw{a, b})
		}
	}
	return out
}

// Set is a set of throws (one bit each).
type Set uint64

// All is the set of the 36 throws.
const All Set = 1<<36 - 1

// SetOf is the set of the throws for which keep holds.
func SetOf(keep func(Throw) bool) Set {
	var s Set
	for _, t := range Throws() {
		if keep(t) {
			s |= 1 << t.index()
		}
	}
	return s
}

// Coup is the set of a coup's chances: both orders of two numbers, or the
// one chance of a doublet. Numbers out of 1..6 give the empty set.
func Coup(a, b int) Set {
	if a < 1 || a > 6 || b < 1 || b > 6 {
		return 0
	}
	return 1<<Throw{a, b}.index() | 1<<Throw{b, a}.index()
}

// Has reports whether t is in s.
func (s Set) Has(t Throw) bool { return t.Valid() && s&(1<<t.index()) != 0 }

// Count is the number of chances in s, out of 36.
func (s Set) Count() int { return bits.OnesCount64(uint64(s & All)) }

// Coups lists s as coups, larger number first ("6-5", "5-5"): a coup
// whose two orders are both in s is named once. A coup with one order
// only (which no situation of the model gives) is named with its order.
func (s Set) Coups() []string {
	var out []string
	for a := 6; a >= 1; a-- {
		for b := a; b >= 1; b-- {
			x, y := s.Has(Throw{a, b}), s.Has(Throw{b, a})
			switch {
			case x && y:
				out = append(out, fmt.Sprintf("%d-%d", a, b))
			case x || y:
				out = append(out, fmt.Sprintf("%d-%d (one order)", a, b))
			}
		}
	}
	return out
}

// String writes s as its coups and its count: "6-5 5-5 (3)".
func (s Set) String() string {
	return fmt.Sprintf("%s (%d)", strings.Join(s.Coups(), " "), s.Count())
}

// uniq sorts ns and drops repeats, so that a situation does not depend on
// the order the text names its numbers in.
func uniq(ns []int) []int {
	out := slices.Clone(ns)
	slices.Sort(out)
	return slices.Compact(out)
}

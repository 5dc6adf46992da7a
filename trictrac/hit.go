package trictrac

import (
	"fmt"
	"strings"
)

// Hit modes: what a throw must do to the checkers hit.
const (
	HitAny       = "any"            // hit the checker, truly or falsely
	HitTrue      = "true"           // hit it truly (à vrai)
	HitFalse     = "false"          // hit it only falsely (à faux)
	HitBoth      = "both"           // hit both checkers, each truly or falsely
	HitBothTrue  = "both-true"      // hit both truly
	HitBothFalse = "both-false"     // hit both falsely
	HitTrueFalse = "true-and-false" // hit one truly and the other falsely
)

// Hit is hitting (battre) checkers left alone on their points at
// Trictrac, where a hit scores without moving: it is true (à vrai) when
// the hitting checker could go there, every stop open, and false (à faux)
// when it could only through a stop the other side holds, which scores
// for the side hit. Positions are on one line, the hitting checkers above
// the checkers hit and moving down: in the treatise's figures, the side
// hit numbers the points from its talon (0) to its corner (11) and the
// other side's grand jan is 12 to 17.
type Hit struct {
	Blots   []int // the points of the checkers hit: one, or two for the two-checker modes
	Hitters []int // the points of the hitting checkers
	Blocked []int // the points the hitting side cannot stop on
	Mode    string
}

// truth is whether a throw hits a blot: 0 not at all, 1 truly, 2 falsely.
func (h Hit) truth(g Game, blot int, t Throw) int {
	var dist, held []int
	for _, p := range h.Hitters {
		if p > blot {
			dist = append(dist, p-blot)
		}
	}
	for _, p := range h.Blocked {
		if p > blot {
			held = append(held, p-blot)
		}
	}
	switch {
	case Reach{Distances: dist, Blocked: held}.ways(g, t) > 0:
		return 1
	case Reach{Distances: dist}.ways(g, t) > 0:
		return 2
	}
	return 0
}

// Throws implements Situation.
func (h Hit) Throws(g Game) Set {
	return SetOf(func(t Throw) bool {
		if len(h.Blots) == 0 {
			return false
		}
		a := h.truth(g, h.Blots[0], t)
		b := a
		if len(h.Blots) > 1 {
			b = h.truth(g, h.Blots[1], t)
		}
		switch h.Mode {
		case HitAny:
			return a > 0
		case HitTrue:
			return a == 1
		case HitFalse:
			return a == 2
		case HitBoth:
			return a > 0 && b > 0
		case HitBothTrue:
			return a == 1 && b == 1
		case HitBothFalse:
			return a == 2 && b == 2
		case HitTrueFalse:
			return a > 0 && b > 0 && a != b
		}
		return false
	})
}

// Kind implements Situation.
func (h Hit) Kind() string { return "hit-" + h.Mode }

// Numbers implements Situation: the distances from the (first) checker hit.
func (h Hit) Numbers() []int {
	var ds []int
	for _, p := range h.Hitters {
		for _, b := range h.Blots {
			if p > b {
				ds = append(ds, p-b)
			}
		}
	}
	return uniq(ds)
}

func (h Hit) String() string {
	what := map[string]string{HitAny: "hit", HitTrue: "hit truly (à vrai)", HitFalse: "hit only falsely (à faux)",
		HitBoth: "hit both", HitBothTrue: "hit both truly", HitBothFalse: "hit both falsely",
		HitTrueFalse: "hit one truly and the other falsely"}[h.Mode]
	blots := make([]string, len(h.Blots))
	for i, b := range h.Blots {
		blots[i] = fmt.Sprint(b)
	}
	return fmt.Sprintf("%s the checker(s) on %s from %s, stops %s held", what, strings.Join(blots, " and "),
		numberList(uniq(h.Hitters)), numberList(uniq(h.Blocked)))
}

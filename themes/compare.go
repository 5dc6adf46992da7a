package themes

import (
	"sort"
	"strings"

	"metz/problems"
)

// BookKeys maps the theme names the books' indexes give (the Livre de Metz's
// general themes and list keys, Van Tenac's words) to the detector keys that
// find the same idea. A book theme missing from this table has no detector
// (taking kings, endgame claims, same-coup references, …) and is not compared.
var BookKeys = map[string][]string{
	"lunette":                       {"lunette", "lunette-dames"},
	"lunette-trois-ou-quatre-pions": {"lunette", "lunette-dames"},
	"lunette-dames":                 {"lunette-dames"},
	"coup-de-repos":                 {"coup-de-repos"},
	"coup-de-repos-pion":            {"coup-de-repos"},
	"coup-de-repos-dame":            {"coup-de-repos"},
	"coup-de-repos-provoque":        {"coup-de-repos"},
	"pion-en-prise":                 {"pion-en-prise-pion", "pion-en-prise-dame"},
	"pion-en-prise-pion":            {"pion-en-prise-pion"},
	"pion-en-prise-dame":            {"pion-en-prise-dame"},
	// The Livre de Metz's own table of "positions en prise": the union of its
	// coup de repos, lunette and pion en prise lists.
	"en-prise":                    {"coup-de-repos", "lunette", "lunette-dames", "pion-en-prise-pion", "pion-en-prise-dame"},
	"positions-en-prise":          {"coup-de-repos", "lunette", "lunette-dames", "pion-en-prise-pion", "pion-en-prise-dame"},
	"gagner-le-coup":              {"gagner-le-coup"},
	"tant-pour-tant":              {"tant-pour-tant"},
	"raffle":                      {"rafle"},
	"rafle":                       {"rafle"},
	"sacrifice":                   {"sacrifice"},
	"menager-un-pion":             {"sacrifice"},
	"fermeture":                   {"fermeture"},
	"enfermer-les-dames":          {"fermeture"},
	"coup-turc":                   {"coup-turc"},
	"coup-de-dame":                {"coup-de-dame"},
	"tant-pour-tant-mal-a-propos": {"tant-pour-tant"},
}

// Comparison says, for one problem, how its book themes and its detected
// themes agree. Names are sorted and given once.
type Comparison struct {
	Agree        []string `json:"agree"`         // book themes the detector found
	BookOnly     []string `json:"book_only"`     // book themes the detector did not find
	DetectedOnly []string `json:"detected_only"` // detector keys no book theme covers
	NoDetector   []string `json:"no_detector"`   // book themes with no detector (not compared)
}

// Disagrees reports whether the book and the detector differ.
func (c Comparison) Disagrees() bool { return len(c.BookOnly)+len(c.DetectedOnly) > 0 }

// Compare compares a problem's book themes with its detected ones through
// BookKeys; themes of other origins are ignored.
func Compare(ts []problems.Theme) Comparison {
	detected, covered := set{}, set{}
	var book []string
	for _, t := range ts {
		switch t.Origin {
		case problems.OriginDetected:
			detected.add(t.Name)
		case problems.OriginBook:
			book = append(book, t.Name)
		}
	}
	var c Comparison
	agree, bookOnly, none := set{}, set{}, set{}
	for _, b := range book {
		keys, ok := BookKeys[strings.ToLower(b)]
		if !ok {
			none.add(b)
			continue
		}
		hit := false
		for _, k := range keys {
			covered.add(k)
			hit = hit || detected[k]
		}
		if hit {
			agree.add(b)
		} else {
			bookOnly.add(b)
		}
	}
	only := set{}
	for k := range detected {
		if !covered[k] {
			only.add(k)
		}
	}
	c.Agree, c.BookOnly, c.DetectedOnly, c.NoDetector = agree.sorted(), bookOnly.sorted(), only.sorted(), none.sorted()
	return c
}

type set map[string]bool

func (s set) add(k string) { s[k] = true }

func (s set) sorted() []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

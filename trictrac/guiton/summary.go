package guiton

import (
	"cmp"
	"slices"
	"strings"

	"metz/trictrac"
)

// Summary counts the claims by status.
type Summary struct {
	Claims   int `json:"claims"`   // counts of chances found
	Read     int `json:"read"`     // with their situation read and counted
	Agree    int `json:"agree"`    // the count is the book's
	Disagree int `json:"disagree"` // the count is not
	Refuted  int `json:"refuted"`  // of the disagreements, those the treatise quotes or supposes to refute them
	Unread   int `json:"unread"`   // listed with the reason
}

// Summarize counts claims by status.
func Summarize(claims []Claim) Summary {
	s := Summary{Claims: len(claims)}
	for _, c := range claims {
		switch c.Status() {
		case "agree":
			s.Agree++
		case "disagree":
			s.Disagree++
			if c.Voice == VoiceRefuted {
				s.Refuted++
			}
		default:
			s.Unread++
		}
	}
	s.Read = s.Agree + s.Disagree
	return s
}

// Ordered puts the disagreements first (the treatise's own before those
// it refutes), then the claims read, then the unread, each in the order
// of the text.
func Ordered(claims []Claim) []Claim {
	out := slices.Clone(claims)
	rank := func(c Claim) int {
		switch {
		case c.Status() == "disagree" && c.Voice == VoiceTreatise:
			return 0
		case c.Status() == "disagree":
			return 1
		case c.Status() == "agree":
			return 2
		}
		return 3
	}
	slices.SortStableFunc(out, func(a, b Claim) int { return cmp.Compare(rank(a), rank(b)) })
	return out
}

// PlacedRule is a rule of thumb with where the treatise states it.
type PlacedRule struct {
	trictrac.Rule
	Chapter string `json:"chapter"`
	Line    int    `json:"line"`
}

// PlaceRules finds where the text states each rule (the sentence holding
// its phrase); a rule the text does not hold has line 0.
func PlaceRules(text []byte, rules []trictrac.Rule) []PlacedRule {
	d := parse(text)
	out := make([]PlacedRule, len(rules))
	for i, r := range rules {
		out[i].Rule = r
		find := fold(r.Find)
		for _, s := range d.sentences {
			if strings.Contains(fold(s.text), find) {
				out[i].Chapter, out[i].Line = s.chapter, s.line
				break
			}
		}
	}
	return out
}

// Package verdict is what a verification concludes, written once for
// every package that reads or writes it: the verdict names, the report
// with its evidence, the budget it was found within, and the stored form
// of the report. It sits low (it imports problems only), so that the
// solver writes the one report type, the database stores it, export
// prints it and the front ends show it, with no copy and no bridge.
package verdict

import (
	"fmt"
	"strings"
)

// Verdict is the one-word conclusion of a verification
// (docs/verification.md).
type Verdict string

// The verdicts, strongest first.
const (
	Sound           Verdict = "sound"
	SoundIncomplete Verdict = "sound-incomplete"
	Cooked          Verdict = "cooked"
	Unsound         Verdict = "unsound"
	Misprint        Verdict = "misprint"
	Unproven        Verdict = "unproven"
	NoPosition      Verdict = "no-position"
)

// All are the verdicts in the order they are counted and shown.
var All = []Verdict{Sound, SoundIncomplete, Cooked, Unsound, Misprint, Unproven, NoPosition}

// Proven reports a verdict that rests on a proof: the stated solution
// holds, or a cook, a refutation or a misprint was found. Unproven (the
// budget ran out) and no-position (nothing to search) prove nothing, so
// they never replace a proven verdict given for the same position and
// stated solution: a proof stands until a newer proof replaces it.
func (v Verdict) Proven() bool {
	switch v {
	case Sound, SoundIncomplete, Cooked, Unsound, Misprint:
		return true
	}
	return false
}

// ProvenOnes are the verdicts that rest on a proof, in All's order.
func ProvenOnes() []Verdict {
	var out []Verdict
	for _, v := range All {
		if v.Proven() {
			out = append(out, v)
		}
	}
	return out
}

// Valid reports one of All.
func (v Verdict) Valid() bool {
	for _, w := range All {
		if v == w {
			return true
		}
	}
	return false
}

// Parse reads a verdict's name.
func Parse(s string) (Verdict, error) {
	v := Verdict(strings.TrimSpace(s))
	if !v.Valid() {
		return "", fmt.Errorf("verdict %q (expected %s)", s, Names(", ", " or "))
	}
	return v, nil
}

// Names lists the verdicts' names joined by sep, the last two by last.
func Names(sep, last string) string {
	names := make([]string, len(All))
	for i, v := range All {
		names[i] = string(v)
	}
	return strings.Join(names[:len(names)-1], sep) + last + names[len(names)-1]
}

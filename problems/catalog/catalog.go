// Package catalog is a problem as a listing shows it: where it comes from,
// its position in brief and its current verdict. The database writes it,
// the use cases select with it and the front ends print it, one type for
// all of them. It sits beside problems, above verdict, so that the
// verdict it carries is the verdict package's own type.
package catalog

import "metz/verdict"

// Summary is one problem as a search lists it.
type Summary struct {
	ID      int64           `json:"id"`
	Source  string          `json:"source"`
	Number  int             `json:"number"`
	Label   string          `json:"label,omitempty"`
	Title   string          `json:"title,omitempty"`
	Author  string          `json:"author,omitempty"`
	Class   string          `json:"class,omitempty"`
	Rules   string          `json:"rules"`
	FEN     string          `json:"fen"`
	Side    string          `json:"side,omitempty"`
	Themes  []string        `json:"themes"`
	Verdict verdict.Verdict `json:"verdict"` // the current verdict; "" if none
	// Outdated: the record has verdicts, all given before it changed (not
	// verified since).
	Outdated bool `json:"outdated,omitempty"`
}

// NotVerified is what a listing shows of a record verified only before
// it changed; the warning such a record carries starts with it.
const NotVerified = "not verified since it changed"

// VerdictText is the verdict a listing shows: the current version's, or
// that the record has not been verified since it changed.
func (s Summary) VerdictText() string {
	if s.Verdict == "" && s.Outdated {
		return NotVerified
	}
	return string(s.Verdict)
}

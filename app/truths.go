package app

import (
	"cmp"
	"slices"

	"metz/db"
	"metz/export"
	"metz/problems"
)

// BookTruth is what metz found of the claims a source makes — the truth of
// the books: how many it checked, how many hold, and those that do not,
// each with the throws that make the difference.
type BookTruth struct {
	Source   string `json:"source"`
	Title    string `json:"title"`
	Claims   int    `json:"claims"`
	Read     int    `json:"read"`
	Agree    int    `json:"agree"`
	Disagree int    `json:"disagree"`
	Refuted  int    `json:"refuted"` // of the disagreements, those the source quotes to refute them
	Unread   int    `json:"unread"`
	// List is every claim, the disagreements first (the source's own
	// before those it refutes), then the others in the order of the text.
	List []problems.BookClaim `json:"list"`
}

// Disagreements are the claims the check does not bear out.
func (t BookTruth) Disagreements() []problems.BookClaim {
	var out []problems.BookClaim
	for _, c := range t.List {
		if c.Verdict == problems.ClaimDisagree {
			out = append(out, c)
		}
	}
	return out
}

// BookTruths reads the stored claims of each source (all when only is
// empty) that has any.
func BookTruths(d *db.DB, only []string) ([]BookTruth, error) {
	infos, err := d.Sources()
	if err != nil {
		return nil, err
	}
	out := []BookTruth{}
	for _, info := range infos {
		if len(only) > 0 && !slices.Contains(only, info.Key) {
			continue
		}
		t, err := bookTruth(d, info)
		if err != nil {
			return nil, err
		}
		if t != nil {
			out = append(out, *t)
		}
	}
	return out, nil
}

// bookTruth is one source's claims, or nil when it has none.
func bookTruth(d *db.DB, info db.SourceInfo) (*BookTruth, error) {
	claims, err := d.Claims(info.Key)
	if err != nil || len(claims) == 0 {
		return nil, err
	}
	t := &BookTruth{Source: info.Key, Title: info.Title, Claims: len(claims)}
	for _, c := range claims {
		switch c.Verdict {
		case problems.ClaimAgree:
			t.Agree++
		case problems.ClaimDisagree:
			t.Disagree++
			if c.Voice != "" {
				t.Refuted++
			}
		default:
			t.Unread++
		}
	}
	t.Read = t.Agree + t.Disagree
	rank := func(c problems.BookClaim) int {
		switch {
		case c.Verdict == problems.ClaimDisagree && c.Voice == "":
			return 0
		case c.Verdict == problems.ClaimDisagree:
			return 1
		case c.Verdict == problems.ClaimAgree:
			return 2
		}
		return 3
	}
	t.List = slices.Clone(claims)
	slices.SortStableFunc(t.List, func(a, b problems.BookClaim) int { return cmp.Compare(rank(a), rank(b)) })
	return t, nil
}

// ExportTruths is the truth of the books a document of a selection ends
// with: the claims of the sources it is filtered by, or of every source
// when it is the whole database; none for problems named or chosen by
// other filters.
func ExportTruths(d *db.DB, sel Selection) ([]export.Truth, error) {
	var only []string
	switch {
	case len(sel.Refs) > 0:
		return nil, nil
	case len(sel.Query.Sources) > 0:
		q := sel.Query
		q.Sources = nil
		if !isEmptyQuery(q) {
			return nil, nil
		}
		only = sel.Query.Sources
	case !sel.All || !isEmptyQuery(sel.Query):
		return nil, nil
	}
	ts, err := BookTruths(d, only)
	if err != nil {
		return nil, err
	}
	var out []export.Truth
	for _, t := range ts {
		out = append(out, export.Truth{Source: t.Source, Title: t.Title, Claims: t.List})
	}
	return out, nil
}

// ExportTruths is the truth of the books an export of sel ends with (see
// ExportTruths).
func (a *App) ExportTruths(sel Selection) ([]export.Truth, error) {
	d, err := a.database()
	if err != nil {
		return nil, err
	}
	return ExportTruths(d, sel)
}

package app

import (
	"slices"

	"metz/db"
	"metz/problems"
	"metz/themes"
)

// ThemeComparison is one problem's detected themes against its book's.
type ThemeComparison struct {
	ID     int64  `json:"id"`
	Ref    string `json:"ref"` // SOURCE:NUMBER
	Label  string `json:"label,omitempty"`
	Agrees bool   `json:"agrees"`
	themes.Comparison
}

// CompareThemes compares, for every problem of the sources (all when
// none) that carries both book and detected themes, the two through the
// themes package's mapping. Uncompared names the problems with book themes
// and a position where nothing was detected, so that a short comparison
// is not mistaken for agreement.
func CompareThemes(d *db.DB, sources []string) (rows []ThemeComparison, uncompared []string, err error) {
	if err := CheckSources(d, sources); err != nil {
		return nil, nil, err
	}
	ss, err := d.Search(db.Query{Sources: sources, ThemeOrigin: problems.OriginDetected})
	if err != nil {
		return nil, nil, err
	}
	rows = []ThemeComparison{}
	for _, s := range ss {
		ts, err := d.ThemesOf(s.ID, "")
		if err != nil {
			return nil, nil, err
		}
		if !slices.ContainsFunc(ts, func(t problems.Theme) bool { return t.Origin == problems.OriginBook }) {
			continue
		}
		c := themes.Compare(ts)
		rows = append(rows, ThemeComparison{ID: s.ID, Ref: Name(s.Source, s.Number), Label: s.Label, Agrees: !c.Disagrees(), Comparison: c})
	}
	uncompared, err = undetected(d, sources)
	return rows, uncompared, err
}

// CompareThemes compares the detected themes with the books' (see
// CompareThemes).
func (a *App) CompareThemes(sources []string) ([]ThemeComparison, []string, error) {
	d, err := a.database()
	if err != nil {
		return nil, nil, err
	}
	return CompareThemes(d, sources)
}

// undetected names the problems with a position and book themes that have
// no detected theme.
func undetected(d *db.DB, sources []string) ([]string, error) {
	withPos := true
	ss, err := d.Search(db.Query{Sources: sources, ThemeOrigin: problems.OriginBook, HasPosition: &withPos})
	if err != nil {
		return nil, err
	}
	var refs []string
	for _, s := range ss {
		ts, err := d.ThemesOf(s.ID, problems.OriginDetected)
		if err != nil {
			return nil, err
		}
		if len(ts) == 0 {
			refs = append(refs, Name(s.Source, s.Number))
		}
	}
	return refs, nil
}

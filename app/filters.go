package app

import (
	"fmt"

	"metz/db"
)

// Filters are the filters of `metz search` as a user gives them, values
// still text, so that a bad one is reported with its name (the flag's,
// which the web form's field shares).
type Filters struct {
	Sources                              []string
	Number, Class, Rules, Themes, Origin string
	Verdict, Side, Pattern, Text, Author string
	WhitePieces, WhiteMen, WhiteKings    string
	BlackPieces, BlackMen, BlackKings    string
	Position, NoPosition                 bool
	Limit, Offset                        int
}

// Query turns the filters into a db.Query, naming the filter of a bad value.
func (f Filters) Query() (db.Query, error) {
	q := db.Query{Sources: f.Sources, Class: f.Class, Rules: f.Rules, Themes: f.Themes, ThemeOrigin: f.Origin,
		Verdict: f.Verdict, Side: f.Side, Pattern: f.Pattern, Text: f.Text, Author: f.Author,
		Limit: f.Limit, Offset: f.Offset}
	ranges := []struct {
		name, value string
		dst         *db.Range
	}{
		{"number", f.Number, &q.Number},
		{"white-pieces", f.WhitePieces, &q.WhitePieces}, {"white-men", f.WhiteMen, &q.WhiteMen},
		{"white-kings", f.WhiteKings, &q.WhiteKings}, {"black-pieces", f.BlackPieces, &q.BlackPieces},
		{"black-men", f.BlackMen, &q.BlackMen}, {"black-kings", f.BlackKings, &q.BlackKings},
	}
	for _, r := range ranges {
		if r.value == "" {
			continue
		}
		v, err := db.ParseRange(r.value)
		if err != nil {
			return q, fmt.Errorf("--%s: %v", r.name, err)
		}
		*r.dst = v
	}
	if f.Position && f.NoPosition {
		return q, fmt.Errorf("--position and --no-position exclude each other")
	}
	if f.Position || f.NoPosition {
		has := f.Position
		q.HasPosition = &has
	}
	if f.Limit < 0 || f.Offset < 0 {
		return q, fmt.Errorf("--limit and --offset must not be negative")
	}
	return q, nil
}

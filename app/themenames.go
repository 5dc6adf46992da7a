package app

import (
	"fmt"
	"slices"
	"strings"

	"metz/db"
	"metz/problems"
	"metz/themes"
)

// CheckThemeExpr refuses a theme expression naming a theme that neither
// the detector, the books' indexes, the database nor the user's tags know
// (a misspelt "lunete" would match nothing without a word), with the
// nearest known name and the list of them.
func CheckThemeExpr(d *db.DB, expr string) error {
	if strings.TrimSpace(expr) == "" {
		return nil
	}
	e, err := db.ParseThemeExpr(expr)
	if err != nil {
		return err // the search reports it with its place
	}
	known, err := KnownThemes(d)
	if err != nil {
		return err
	}
	for _, name := range db.ThemeNames(e) {
		key := problems.ThemeKey(name)
		if slices.Contains(known, key) || slices.Contains(known, name) {
			continue
		}
		msg := fmt.Sprintf("unknown theme %q", name)
		if near := nearest(key, known); near != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", near)
		}
		return fmt.Errorf("%s; known themes: %s", msg, strings.Join(known, ", "))
	}
	return nil
}

// KnownThemes are the theme names a search can find: the detector's keys,
// those the books' indexes map to, and every name the database holds
// (book, detected and user themes), sorted.
func KnownThemes(d *db.DB) ([]string, error) {
	var names []string
	for _, def := range themes.Definitions {
		names = append(names, def.Key)
	}
	for _, keys := range themes.BookKeys {
		names = append(names, keys...)
	}
	inUse, err := d.ThemeNamesInUse()
	if err != nil {
		return nil, err
	}
	names = append(names, inUse...)
	slices.Sort(names)
	return slices.Compact(names), nil
}

// nearest is the known name closest to name in edits, if close enough to
// be a slip (at most a third of its letters, and at most 3).
func nearest(name string, known []string) string {
	best, bestDist := "", min(3, max(1, len([]rune(name))/3))+1
	for _, k := range known {
		if d := editDistance(name, k); d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

package db

import (
	"math/rand"
	"metz/draughts"
	"reflect"
	"strings"
	"testing"

	"metz/problems"
)

func importVanTenac(t *testing.T) *DB {
	t.Helper()
	d := openTemp(t)
	mustImport(t, d, vanTenacSource, cloneProblems(vanTenac), nil)
	return d
}

// The piece counts are the ones Van Tenac writes under each diagram.
func TestSearchMaterialAsTheBookCounts(t *testing.T) {
	d := importVanTenac(t)
	r := func(s string) Range {
		x, err := ParseRange(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	cases := []struct {
		name string
		q    Query
		want []int
	}{
		// I: "en tout onze pions noirs", "en tout huit pions" (white).
		{"onze noirs", Query{BlackPieces: r("11")}, []int{1}},
		{"huit blancs", Query{WhitePieces: r("8"), WhiteKings: r("0")}, []int{1}},
		// II: "Cinq pions blancs contre quatre pions noirs et une dame noire".
		// III: "Six pions blancs contre trois pions noirs et une dame noire".
		// IV: "Sept pions blancs contre quatre pions noirs et une dame noire".
		{"une dame noire", Query{BlackKings: r("1")}, []int{2, 3, 4}},
		{"quatre pions noirs et une dame", Query{BlackMen: r("4"), BlackKings: r("1")}, []int{2, 4}},
		{"cinq a sept blancs", Query{WhiteMen: r("5-7")}, []int{2, 3, 4}},
		{"au moins six blancs", Query{WhitePieces: r("6-")}, []int{1, 3, 4}},
		{"au plus cinq noirs", Query{BlackPieces: r("-5")}, []int{2, 3, 4}},
		{"white to move", Query{Side: "white"}, []int{1, 2, 3, 4}},
		{"black to move", Query{Side: "black"}, []int{}},
	}
	for _, c := range cases {
		if got := numbers(search(t, d, c.q)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

// Patterns are checked against the squares the book lists for each problem.
func TestSearchPattern(t *testing.T) {
	d := importVanTenac(t)
	cases := []struct {
		pattern string
		want    []int
	}{
		{"W:W28,33:B19", []int{1}},      // I: white 28, 33; black 19 (the opening capture 19x39)
		{"W28", []int{1, 4}},            // I and IV have a white man on 28
		{"BK10", []int{2}},              // II: the black king on 10
		{"B10", []int{}},                // ... which is not a man
		{"W:WK9", []int{}},              // III's 9 is a man
		{"W9:BK50", []int{3}},           // III: man on 9, black king on 50
		{"B:W14,16:BK4,22", []int{4}},   // IV; the turn letter does not filter
		{"W:W25:B26", []int{1}},         // I
		{"W:W32", []int{3, 4}},          // III and IV
		{"W:W32:B35", []int{4}},         // IV
		{"W:W12,13,24,25,31", []int{2}}, // all of II's white men
		{`[FEN "W:W9:BK50"]`, []int{3}}, // a PDN tag pasted whole
	}
	for _, c := range cases {
		if got := numbers(search(t, d, Query{Pattern: c.pattern})); !reflect.DeepEqual(got, c.want) {
			t.Errorf("pattern %s: got %v, want %v", c.pattern, got, c.want)
		}
	}
	for _, bad := range []string{"W:W51", "W:X3", "  ", "W:", "W:W3-1"} {
		if _, err := d.Search(Query{Pattern: bad}); err == nil || !strings.Contains(err.Error(), "pattern") {
			t.Errorf("pattern %q: err %v", bad, err)
		}
	}
	// A pattern on a 64-square board only looks at 64-square records.
	if got := search(t, d, Query{Pattern: "W:Wc3", Rules: "russian"}); len(got) != 0 {
		t.Errorf("russian pattern matched %v", numbers(got))
	}
	// Without --rules, an algebraic pattern looks at every board written
	// algebraically (here a Russian and a Turkish record), a numbered one
	// at the international board only.
	more := []*problems.Problem{
		{Number: 8, Rules: draughts.Russian, Position: problems.MustPosition(draughts.Russian, "W:Wc3,e3:Bd6")},
		{Number: 9, Rules: draughts.Turkish, Position: problems.MustPosition(draughts.Turkish, "W:Wc3,d3:Bd6")},
		{Number: 10, Rules: draughts.Francaise, Position: problems.MustPosition(draughts.Francaise, "W:W28:B5")},
	}
	mustImport(t, d, problems.Source{Key: "other"}, more, nil)
	for _, c := range []struct {
		pattern string
		want    []int
	}{
		{"W:Wc3", []int{8, 9}}, {"W:Wc3,e3", []int{8}}, {"Bd6", []int{8, 9}}, {"W:Wd3", []int{9}}, {"W28", []int{1, 4}},
	} {
		if got := numbers(search(t, d, Query{Pattern: c.pattern, Sources: []string{"other", "vantenac"}})); !reflect.DeepEqual(got, c.want) {
			t.Errorf("pattern %s without rules: got %v, want %v", c.pattern, got, c.want)
		}
	}
	if _, err := d.Search(Query{Pattern: "W:Wz9"}); err == nil || !strings.Contains(err.Error(), "pattern") {
		t.Errorf("pattern on no board: %v", err)
	}
}

func TestSearchFilters(t *testing.T) {
	d := importVanTenac(t)
	other := []*problems.Problem{{Number: 7, Class: "fin-de-partie", Rules: draughts.Francaise, Position: problems.MustPosition(draughts.Francaise, "W:W21:B5"),
		Author: "Ph. Lallement", Date: "1802"}}
	mustImport(t, d, problems.Source{Key: "metz"}, other, nil)
	id3, _ := d.Resolve("vantenac:3")
	id4, _ := d.Resolve("vantenac:4")
	d.AddVerdict(id3, Verdict{Verdict: "unsound"})
	d.AddVerdict(id3, Verdict{Verdict: "sound"}) // the latest counts
	d.AddVerdict(id4, Verdict{Verdict: "cooked"})
	d.AddTag(id4, "study")
	cases := []struct {
		name string
		q    Query
		want []int
	}{
		{"source", Query{Sources: []string{"metz"}}, []int{7}},
		{"sources", Query{Sources: []string{"metz", "vantenac"}}, []int{7, 1, 2, 3, 4}},
		{"number", Query{Number: Range{2, 3, true}}, []int{2, 3}},
		{"class", Query{Class: "FIN-de-partie"}, []int{7}},
		{"rules alias", Query{Rules: "french"}, []int{7}},
		{"latest verdict", Query{Verdict: "sound"}, []int{3}},
		{"old verdict does not count", Query{Verdict: "unsound"}, []int{}},
		{"never verified", Query{Verdict: "none"}, []int{7, 1, 2}},
		{"text", Query{Text: "COUP DE REPOS"}, []int{3}},
		{"text is not a pattern", Query{Text: "%"}, []int{}},
		{"author", Query{Author: "lallement"}, []int{7}},
		{"author is not a pattern", Query{Author: "_"}, []int{}},
		{"user themes", Query{ThemeOrigin: "user"}, []int{4}},
		{"book lunette", Query{Themes: "lunette", ThemeOrigin: "book"}, []int{4}},
		{"user lunette", Query{Themes: "lunette", ThemeOrigin: "user"}, []int{}},
		{"limit offset", Query{Limit: 2, Offset: 1}, []int{1, 2}}, // metz:7 comes first
	}
	for _, c := range cases {
		if got := numbers(search(t, d, c.q)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
	if ss := search(t, d, Query{Author: "Lall"}); len(ss) != 1 || ss[0].Author != "Ph. Lallement" {
		t.Errorf("author in the summary: %+v", ss)
	} else if p, err := d.Get(ss[0].ID); err != nil || p.Author != "Ph. Lallement" || p.Date != "1802" {
		t.Errorf("stored author and date: %+v, %v", p, err)
	}
	ss := search(t, d, Query{Number: Range{4, 4, true}})
	if len(ss) != 1 || ss[0].Verdict != "cooked" || !reflect.DeepEqual(ss[0].Themes, []string{"lunette", "study"}) {
		t.Errorf("summary %+v", ss)
	}
	for _, bad := range []Query{{Verdict: "great"}, {Side: "red"}, {ThemeOrigin: "x"}, {Rules: "chess"}, {Themes: "a AND"}} {
		if _, err := d.Search(bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

func TestParseRange(t *testing.T) {
	good := map[string]Range{"3": {3, 3, true}, "3-5": {3, 5, true}, "3-": {3, -1, true}, "-5": {0, 5, true}, " 0 ": {0, 0, true}}
	for s, want := range good {
		if got, err := ParseRange(s); err != nil || got != want {
			t.Errorf("ParseRange(%q) = %v, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "-", "a", "5-3", "1-2-3", "-1-", "x-3"} {
		if _, err := ParseRange(s); err == nil {
			t.Errorf("ParseRange(%q) accepted", s)
		}
	}
}

// themeSets gives each test problem a set of themes; numbers are problem numbers.
var themeSets = map[int][]string{
	1: {"lunette"}, 2: {"lunette", "coup-de-repos"}, 3: {"coup-de-repos"}, 4: {},
	5: {"lunette", "dame"}, 6: {"dame", "coup-de-repos"}, 7: {"lunette", "dame", "coup-de-repos"},
}

func importThemeSets(t *testing.T) *DB {
	d := openTemp(t)
	var ps []*problems.Problem
	for n := 1; n <= len(themeSets); n++ {
		p := &problems.Problem{Number: n}
		for _, th := range themeSets[n] {
			p.Themes = append(p.Themes, problems.Theme{Name: th, Origin: problems.OriginBook})
		}
		ps = append(ps, p)
	}
	mustImport(t, d, problems.Source{Key: "t"}, ps, nil)
	return d
}

func TestThemeExpressions(t *testing.T) {
	d := importThemeSets(t)
	cases := map[string][]int{
		"lunette":                                {1, 2, 5, 7},
		"LUNETTE":                                {1, 2, 5, 7},
		"lunette AND NOT coup-de-repos":          {1, 5},
		"lunette and not coup-de-repos":          {1, 5},
		"(lunette OR dame) AND coup-de-repos":    {2, 6, 7},
		"lunette OR dame AND coup-de-repos":      {1, 2, 5, 6, 7}, // AND binds tighter
		"NOT lunette AND NOT dame":               {3, 4},
		"NOT (lunette OR dame OR coup-de-repos)": {4},
		`"dame"`:                                 {5, 6, 7},
		"NOT NOT dame":                           {5, 6, 7},
		"coup de repos":                          {2, 3, 6, 7},
		"Coup de Repos AND NOT lunette":          {3, 6},
		`"coup de repos" and lunette`:            {2, 7},
		"nosuch":                                 {},
	}
	for expr, want := range cases {
		if got := numbers(search(t, d, Query{Themes: expr})); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %v, want %v", expr, got, want)
		}
	}
}

func TestThemeExpressionErrors(t *testing.T) {
	cases := map[string]string{
		"":              "empty",
		"a AND":         "expected a theme name, NOT or (, found the end",
		"(a OR b":       "expected ), found the end",
		`"a" b`:         `expected AND, OR or the end, found "b"`,
		"a )":           `expected AND, OR or the end, found ")"`,
		`"unterminated`: "unterminated",
		"AND a":         `found "AND"`,
		`""`:            "empty quoted",
		strings.Repeat("(", 50) + "a" + strings.Repeat(")", 50): "nested deeper",
	}
	for src, want := range cases {
		_, err := ParseThemeExpr(src)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err %v, want %q", src, err, want)
		}
	}
}

// evalExpr is the reference meaning of an expression over a theme set.
func evalExpr(e ThemeExpr, set map[string]bool) bool {
	switch x := e.(type) {
	case themeName:
		return set[problems.ThemeKey(string(x))]
	case themeNot:
		return !evalExpr(x.x, set)
	case themeBin:
		if x.op == "AND" {
			return evalExpr(x.l, set) && evalExpr(x.r, set)
		}
		return evalExpr(x.l, set) || evalExpr(x.r, set)
	}
	panic("unknown node")
}

// Random expressions: SQL and the reference evaluation agree on every problem.
func TestThemeExpressionsAgreeWithEvaluation(t *testing.T) {
	d := importThemeSets(t)
	rng := rand.New(rand.NewSource(1))
	names := []string{"lunette", "dame", "coup-de-repos", "nosuch", "coup de repos", `"Coup de repos"`}
	var gen func(depth int) string
	gen = func(depth int) string {
		switch k := rng.Intn(5); {
		case depth > 3 || k == 0:
			return names[rng.Intn(len(names))]
		case k == 1:
			return "NOT " + gen(depth+1)
		case k == 2:
			return "(" + gen(depth+1) + ")"
		case k == 3:
			return gen(depth+1) + " AND " + gen(depth+1)
		default:
			return gen(depth+1) + " OR " + gen(depth+1)
		}
	}
	for i := 0; i < 300; i++ {
		src := gen(0)
		e, err := ParseThemeExpr(src)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		want := []int{}
		for n := 1; n <= len(themeSets); n++ {
			set := map[string]bool{}
			for _, th := range themeSets[n] {
				set[th] = true
			}
			if evalExpr(e, set) {
				want = append(want, n)
			}
		}
		if got := numbers(search(t, d, Query{Themes: src})); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q (%s): SQL %v, evaluation %v", src, e, got, want)
		}
	}
}

package db

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"

	"metz/draughts"
	"metz/problems/catalog"
	"metz/verdict"
)

// Range is an inclusive integer range; a Range that is not On matches all.
type Range struct {
	Min, Max int // Max < 0: no upper bound
	On       bool
}

// ParseRange reads "5", "3-5", "3-" (at least 3) or "-5" (at most 5).
func ParseRange(s string) (Range, error) {
	s = strings.TrimSpace(s)
	bad := fmt.Errorf("%q is not a range (expected N, N-M, N- or -M with whole numbers)", s)
	lo, hi, isRange := strings.Cut(s, "-")
	if !isRange {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return Range{}, bad
		}
		return Range{n, n, true}, nil
	}
	r := Range{Min: 0, Max: -1, On: true}
	var err error
	if lo != "" {
		if r.Min, err = strconv.Atoi(lo); err != nil || r.Min < 0 {
			return Range{}, bad
		}
	}
	if hi != "" {
		if r.Max, err = strconv.Atoi(hi); err != nil || r.Max < 0 {
			return Range{}, bad
		}
	}
	if lo == "" && hi == "" {
		return Range{}, bad
	}
	if r.Max >= 0 && r.Max < r.Min {
		return Range{}, fmt.Errorf("range %q runs backwards", s)
	}
	return r, nil
}

func (r Range) sql(expr string) (string, []any) {
	if r.Max < 0 {
		return expr + ` >= ?`, []any{r.Min}
	}
	return expr + ` BETWEEN ? AND ?`, []any{r.Min, r.Max}
}

// Query selects problems; every set field must hold (AND). Zero values match all.
type Query struct {
	Sources                           []string
	Number                            Range
	Class                             string // class key (case-insensitive)
	Rules                             string // rule system key or alias
	Themes                            string // theme expression, see ParseThemeExpr
	ThemeOrigin                       string // book, user or detected: only themes of that origin count
	Verdict                           string // the current verdict (current.go); "none": none; "outdated": verdicts only of an earlier version
	WhitePieces, WhiteMen, WhiteKings Range
	BlackPieces, BlackMen, BlackKings Range
	Side                              string // white or black (problems with a position)
	Pattern                           string // see ParsePattern; read under Rules (international if unset)
	Text                              string // substring of the commentary or title (case-insensitive for ASCII)
	Author                            string // substring of the author (case-insensitive for ASCII)
	HasPosition                       *bool  // true: only records with a position; false: only without
	Limit                             int    // 0: no limit
	Offset                            int
}

// Search returns the matching problems ordered by source, number and label.
func (d *DB) Search(q Query) ([]catalog.Summary, error) {
	where, args, err := q.where(d.pg)
	if err != nil {
		return nil, err
	}
	stmt := `SELECT p.id, p.source, p.number, p.label, p.title, p.author, p.class, p.rules, coalesce(p.fen, ''),
		coalesce(p.side_to_move, ''), coalesce(` + currentVerdictSQL + `, ''), ` + outdatedSQL + `,
		` + themeListSQL(d.pg) + `
		FROM ` + searchPage(d.pg, where)
	limit := int64(q.Limit)
	if limit <= 0 {
		limit = math.MaxInt64 // no limit: the one both engines read alike
	}
	rows, err := d.sql.Query(stmt, append(args, limit, max(q.Offset, 0))...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []catalog.Summary{}
	for rows.Next() {
		var s catalog.Summary
		var themes string
		if err := rows.Scan(&s.ID, &s.Source, &s.Number, &s.Label, &s.Title, &s.Author, &s.Class, &s.Rules, &s.FEN, &s.Side,
			&s.Verdict, &s.Outdated, &themes); err != nil {
			return nil, err
		}
		s.Themes = []string{}
		if themes != "" {
			s.Themes = strings.Split(themes, ",")
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// where builds the WHERE clause (for PostgreSQL on pg); every user value
// is a parameter.
func (q Query) where(pg bool) (string, []any, error) {
	w := &whereBuilder{parts: []string{"1=1"}}
	if len(q.Sources) > 0 {
		args := make([]any, len(q.Sources))
		for i, s := range q.Sources {
			args[i] = s
		}
		w.add(`p.source IN (`+placeholders(len(args))+`)`, args...)
	}
	if q.Number.On {
		w.addAll(q.Number.sql("p.number"))
	}
	if q.Class != "" {
		w.add(`p.class = ? COLLATE NOCASE`, q.Class)
	}
	r, err := q.rules()
	if err != nil {
		return "", nil, err
	}
	if q.Rules != "" {
		w.add(`p.rules = ?`, r.Name)
	}
	if err := q.themeWhere(w); err != nil {
		return "", nil, err
	}
	if err := q.verdictWhere(w); err != nil {
		return "", nil, err
	}
	q.materialWhere(w)
	if err := q.positionWhere(w, r); err != nil {
		return "", nil, err
	}
	if q.Text != "" {
		like := likePattern(q.Text)
		w.add(`(p.commentary `+likeOp(pg)+` ? ESCAPE '\' OR p.title `+likeOp(pg)+` ? ESCAPE '\')`, like, like)
	}
	if q.Author != "" {
		w.add(`p.author `+likeOp(pg)+` ? ESCAPE '\'`, likePattern(q.Author))
	}
	return strings.Join(w.parts, " AND "), w.args, nil
}

// likePattern is a LIKE pattern matching s anywhere, its wildcards escaped.
func likePattern(s string) string {
	return "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s) + "%"
}

type whereBuilder struct {
	parts []string
	args  []any
}

func (w *whereBuilder) addAll(part string, args []any) { w.add(part, args...) }

func (w *whereBuilder) add(part string, args ...any) {
	w.parts = append(w.parts, part)
	w.args = append(w.args, args...)
}

func (q Query) rules() (*draughts.Rules, error) {
	if q.Rules == "" {
		return draughts.International, nil
	}
	return draughts.RulesByName(q.Rules)
}

var themeOrigins = map[string]bool{"book": true, "user": true, "detected": true}

func (q Query) themeWhere(w *whereBuilder) error {
	if q.ThemeOrigin != "" && !themeOrigins[q.ThemeOrigin] {
		return fmt.Errorf("theme origin %q (expected book, user or detected)", q.ThemeOrigin)
	}
	if q.Themes == "" {
		if q.ThemeOrigin != "" {
			w.add(`EXISTS (SELECT 1 FROM themes t WHERE t.problem_id = p.id AND t.origin = ?)`, q.ThemeOrigin)
		}
		return nil
	}
	e, err := ParseThemeExpr(q.Themes)
	if err != nil {
		return err
	}
	sql, args := ThemeSQL(e, q.ThemeOrigin)
	w.add(sql, args...)
	return nil
}

func (q Query) verdictWhere(w *whereBuilder) error {
	switch {
	case q.Verdict == "":
	case q.Verdict == "none":
		w.add(currentVerdictSQL + ` IS NULL`)
	case q.Verdict == "outdated":
		w.add(outdatedSQL)
	case verdict.Verdict(q.Verdict).Valid():
		w.add(currentVerdictSQL+` = ?`, q.Verdict)
	default:
		return fmt.Errorf("verdict %q (expected none, outdated, %s)", q.Verdict, verdict.Names(", ", " or "))
	}
	return nil
}

func (q Query) materialWhere(w *whereBuilder) {
	for _, m := range []struct {
		r    Range
		expr string
	}{
		{q.WhitePieces, "(p.white_men + p.white_kings)"}, {q.WhiteMen, "p.white_men"}, {q.WhiteKings, "p.white_kings"},
		{q.BlackPieces, "(p.black_men + p.black_kings)"}, {q.BlackMen, "p.black_men"}, {q.BlackKings, "p.black_kings"},
	} {
		if m.r.On {
			w.addAll(m.r.sql(m.expr))
		}
	}
}

func (q Query) positionWhere(w *whereBuilder, r *draughts.Rules) error {
	switch strings.ToLower(q.Side) {
	case "":
	case "white", "w":
		w.add(`p.side_to_move = 'white'`)
	case "black", "b":
		w.add(`p.side_to_move = 'black'`)
	default:
		return fmt.Errorf("side %q (expected white or black)", q.Side)
	}
	if q.HasPosition != nil {
		w.add(map[bool]string{true: `p.fen IS NOT NULL`, false: `p.fen IS NULL`}[*q.HasPosition])
	}
	if q.Pattern != "" {
		if q.Rules == "" && algebraicPattern(q.Pattern) {
			return patternOnAlgebraicBoards(w, q.Pattern)
		}
		pt, err := ParsePattern(r, q.Pattern)
		if err != nil {
			return err
		}
		w.addAll(pt.sql())
	}
	return nil
}

// algebraicPattern reports whether a pattern names its squares with
// letters ("W:Wc3"), as the 8x8 rule systems write them, rather than
// numbers.
func algebraicPattern(s string) bool {
	for _, c := range strings.ToLower(draughts.UnwrapFENTag(s)) {
		if c >= 'a' && c <= 'z' && c != 'w' && c != 'b' && c != 'k' {
			return true
		}
	}
	return false
}

// patternOnAlgebraicBoards matches an algebraic pattern given without
// --rules on every board written algebraically (one reading per board);
// it is an error only if no such board can hold it.
func patternOnAlgebraicBoards(w *whereBuilder, s string) error {
	var parts []string
	var args []any
	var firstErr error
	seen := map[*draughts.Geometry]bool{}
	for _, r := range draughts.AllRules() {
		if !r.Algebraic || seen[r.Geo] {
			continue
		}
		seen[r.Geo] = true
		pt, err := ParsePattern(r, s)
		if err != nil {
			firstErr = cmp.Or(firstErr, err)
			continue
		}
		part, a := pt.sql()
		parts, args = append(parts, "("+part+")"), append(args, a...)
	}
	if len(parts) == 0 {
		return firstErr
	}
	w.add("("+strings.Join(parts, " OR ")+")", args...)
	return nil
}

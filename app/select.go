package app

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"metz/db"
	"metz/problems"
	"metz/problems/catalog"
)

// Selection says which problems a command works on: the problems named,
// else those the filters match, else (with All) every one.
type Selection struct {
	// Refs name problems: SOURCE:NUMBER (vantenac:71, metz:125), with
	// :LABEL where a source has several records with one number, or a
	// database id (417) — the one place an id is read.
	Refs []string
	// Query filters the database when no Refs are given.
	Query db.Query
	// All allows an empty Query to mean every problem: without it, a
	// command given neither Refs nor a filter is told to name some.
	All bool
	// WithEmpty keeps the records without a diagram that a filter matches
	// (the Livre de Metz has 415): they are left out and counted unless
	// asked for. Problems named in Refs are always kept.
	WithEmpty bool
}

// Selected is what a Selection picked.
type Selected struct {
	Problems []catalog.Summary
	// LeftOut counts the records without a diagram the filters matched
	// and left out (Selection.WithEmpty unset).
	LeftOut int
}

// IDs are the selected problems' database ids, in order.
func (s Selected) IDs() []int64 {
	ids := make([]int64, len(s.Problems))
	for i, p := range s.Problems {
		ids[i] = p.ID
	}
	return ids
}

// ErrNothingSelected is Select's answer to a selection with neither
// references, filters nor All.
var ErrNothingSelected = errors.New("no problem named: give SOURCE:NUMBER references, filters such as --source S, or --all")

// ErrNamedAndFiltered refuses a selection that both names problems and
// filters (or asks for all): which one was meant is not clear.
var ErrNamedAndFiltered = errors.New("name problems (SOURCE:NUMBER) or choose them with --all or filters, not both")

// Select resolves a selection: the Refs in the order given, else the
// Query's matches ordered by source and number.
func Select(d *db.DB, s Selection) (Selected, error) {
	if len(s.Refs) > 0 {
		if s.All || !isEmptyQuery(s.Query) {
			return Selected{}, ErrNamedAndFiltered
		}
		return selectRefs(d, s.Refs)
	}
	if !s.All && isEmptyQuery(s.Query) {
		return Selected{}, ErrNothingSelected
	}
	if err := CheckSources(d, s.Query.Sources); err != nil {
		return Selected{}, err
	}
	if err := CheckThemeExpr(d, s.Query.Themes); err != nil {
		return Selected{}, fmt.Errorf("--theme: %w", err)
	}
	q := s.Query
	if s.WithEmpty || q.HasPosition != nil {
		res, err := d.Search(q)
		return Selected{Problems: res}, err
	}
	with, without := true, false
	q.HasPosition = &with
	res, err := d.Search(q)
	if err != nil {
		return Selected{}, err
	}
	q.HasPosition, q.Limit, q.Offset = &without, 0, 0
	empty, err := d.Search(q)
	return Selected{Problems: res, LeftOut: len(empty)}, err
}

// isEmptyQuery reports a query without any filter (paging is not one).
func isEmptyQuery(q db.Query) bool {
	q.Limit, q.Offset = 0, 0
	return len(q.Sources) == 0 && q.Number == (db.Range{}) && q.Class == "" && q.Rules == "" && q.Themes == "" &&
		q.ThemeOrigin == "" && q.Verdict == "" && q.WhitePieces == (db.Range{}) && q.WhiteMen == (db.Range{}) &&
		q.WhiteKings == (db.Range{}) && q.BlackPieces == (db.Range{}) && q.BlackMen == (db.Range{}) &&
		q.BlackKings == (db.Range{}) && q.Side == "" && q.Pattern == "" && q.Text == "" && q.Author == "" &&
		q.HasPosition == nil
}

func selectRefs(d *db.DB, refs []string) (Selected, error) {
	var out Selected
	for _, r := range refs {
		s, err := Resolve(d, r)
		if err != nil {
			return Selected{}, err
		}
		out.Problems = append(out.Problems, s)
	}
	return out, nil
}

// Resolve finds the problem a user names. SOURCE:NUMBER is the number the
// record is stored under, and only that: the database's fallback to the
// number a label ends with ("Problème VI" for vantenac:6, stored as
// vantenac:76) would give one problem two names, so it is refused with
// the right name instead.
func Resolve(d *db.DB, ref string) (catalog.Summary, error) {
	id, err := d.Resolve(ref)
	if errors.Is(err, db.ErrNotFound) {
		return catalog.Summary{}, fmt.Errorf("problem %q: %w (metz list shows the problems' names)", ref, err)
	}
	if err != nil {
		return catalog.Summary{}, fmt.Errorf("problem %q: %w", ref, err)
	}
	s, err := summary(d, id)
	if err != nil {
		return catalog.Summary{}, err
	}
	if num, ok := refNumber(ref); ok && num != s.Number {
		return catalog.Summary{}, fmt.Errorf("problem %q: no record %s:%d; %s %q is %s (one name a problem)", ref, s.Source, num, s.Source, s.Label, Name(s.Source, s.Number))
	}
	return s, nil
}

// refNumber is the number of a SOURCE:NUMBER[:LABEL] reference.
func refNumber(ref string) (int, bool) {
	parts := strings.SplitN(strings.TrimSpace(ref), ":", 3)
	if len(parts) < 2 {
		return 0, false
	}
	n, err := strconv.Atoi(parts[1])
	return n, err == nil
}

// summary is the search line of one problem.
func summary(d *db.DB, id int64) (catalog.Summary, error) {
	p, err := d.Get(id)
	if err != nil {
		return catalog.Summary{}, fmt.Errorf("problem %d: %w", id, err)
	}
	res, err := d.Search(db.Query{Sources: []string{p.Source}, Number: db.Range{Min: p.Number, Max: p.Number, On: true}})
	if err != nil {
		return catalog.Summary{}, err
	}
	for _, s := range res {
		if s.ID == id {
			return s, nil
		}
	}
	return catalog.Summary{}, fmt.Errorf("problem %d: %w", id, db.ErrNotFound)
}

// Name is a problem's one name: SOURCE:NUMBER.
func Name(source string, number int) string { return fmt.Sprintf("%s:%d", source, number) }

// ProblemName names a loaded problem: SOURCE:NUMBER, or its label for an
// ad hoc problem (no source).
func ProblemName(p *problems.Problem) string {
	if p.Source == "" {
		return p.Label
	}
	return Name(p.Source, p.Number)
}

// Load reads the selected problems in full.
func Load(d *db.DB, ids []int64) ([]*problems.Problem, error) {
	out := make([]*problems.Problem, 0, len(ids))
	for _, id := range ids {
		p, err := d.Get(id)
		if err != nil {
			return nil, fmt.Errorf("problem %d: %w", id, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// CheckSources reports a source key the database does not have (a typo,
// most often), naming the sources it has: a command would otherwise go
// through an empty selection without a word.
func CheckSources(d *db.DB, keys []string) error {
	if len(keys) == 0 {
		return nil
	}
	srcs, err := d.Sources()
	if err != nil {
		return err
	}
	have := map[string]bool{}
	var names []string
	for _, s := range srcs {
		have[s.Key] = true
		names = append(names, s.Key)
	}
	for _, k := range keys {
		switch {
		case have[k]:
		case len(names) == 0:
			return fmt.Errorf("--source %s: the database has no source yet (metz import)", k)
		default:
			return fmt.Errorf("--source %s: no such source (sources: %s)", k, strings.Join(names, ", "))
		}
	}
	return nil
}

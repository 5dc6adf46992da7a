package db

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"metz/draughts"
	"metz/problems"
)

// Get returns the record with its themes (all origins), references and
// warnings. Verdicts and notes are read with Verdicts and Notes.
func (d *DB) Get(id int64) (*problems.Problem, error) {
	p := &problems.Problem{ID: id}
	p, err := d.record(id)
	if err != nil {
		return nil, err
	}
	if p.Themes, err = d.themes(id); err != nil {
		return nil, err
	}
	if p.Refs, err = d.refs(id); err != nil {
		return nil, err
	}
	ws, err := d.Warnings("", id)
	for _, w := range ws {
		p.Warnings = append(p.Warnings, w.Warning)
	}
	return p, err
}

// record reads a problem's row: every field but its themes, references
// and warnings.
func (d *DB) record(id int64) (*problems.Problem, error) { return readRecord(d.sql, id) }

func readRecord(q querier, id int64) (*problems.Problem, error) {
	p := &problems.Problem{ID: id}
	var rules, stip string
	var fen, sol, wit, tags sql.NullString
	err := q.QueryRow(`SELECT source, number, label, class, title, rules, fen, stipulation, solution_text,
		solution_json, witnesses_json, commentary, location, author, date, result, tags_json FROM problems WHERE id = ?`, id).Scan(
		&p.Source, &p.Number, &p.Label, &p.Class, &p.Title, &rules, &fen, &stip,
		&p.SolutionText, &sol, &wit, &p.Commentary, &p.Location, &p.Author, &p.Date, &p.Result, &tags)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("problem %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	if err := storedModel(p, rules, fen.String, stip); err != nil {
		return nil, fmt.Errorf("problem %d: %w", id, err)
	}
	for _, col := range []struct {
		name string
		s    sql.NullString
		into any
	}{{"solution", sol, &p.Solution}, {"witnesses", wit, &p.Witnesses}, {"PDN tags", tags, &p.Tags}} {
		if !col.s.Valid {
			continue
		}
		if err := json.Unmarshal([]byte(col.s.String), col.into); err != nil {
			return nil, fmt.Errorf("problem %d: stored %s: %w", id, col.name, err)
		}
	}
	if err := p.BindTrees(); err != nil {
		return nil, fmt.Errorf("problem %d: %w", id, err)
	}
	return p, nil
}

func (d *DB) themes(id int64) ([]problems.Theme, error) {
	rows, err := d.sql.Query(`SELECT t.name, t.label, t.origin, t.ply, t.squares, t.note, t.created_at, p.changed_at
		FROM themes t JOIN problems p ON p.id = t.problem_id WHERE t.problem_id = ? ORDER BY t.id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []problems.Theme
	for rows.Next() {
		var t problems.Theme
		var sq, created, changed string
		if err := rows.Scan(&t.Name, &t.Label, &t.Origin, &t.Ply, &sq, &t.Note, &created, &changed); err != nil {
			return nil, err
		}
		if t.Origin == problems.OriginUser && t.Note == "" && before(created, changed) {
			t.Note = outdatedTagNote
		}
		t.Squares = splitInts(sq)
		out = append(out, t)
	}
	return out, rows.Err()
}

func (d *DB) refs(id int64) ([]problems.Ref, error) {
	return d.queryRefs(`SELECT source, number, kind, note FROM refs WHERE problem_id = ? ORDER BY id`, id)
}

// Resolve turns a user's reference into a problem id: a number ("17") is a
// database id; "source:number" ("metz:125", "vantenac:6") names a record of
// a source by its number, or failing that by the number its label ends with
// (a source numbered by paragraph still answers "vantenac:6" for its
// "Problème VI"); "source:number:label" picks one of several records
// sharing a number.
func (d *DB) Resolve(ref string) (int64, error) {
	ref = strings.TrimSpace(ref)
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		var one int
		if err := d.sql.QueryRow(`SELECT 1 FROM problems WHERE id = ?`, id).Scan(&one); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return 0, fmt.Errorf("no problem with id %d: %w", id, ErrNotFound)
			}
			return 0, err
		}
		return id, nil
	}
	parts := strings.SplitN(ref, ":", 3)
	if len(parts) < 2 || parts[0] == "" {
		return 0, fmt.Errorf("%q is not a problem reference (expected an id like 17 or source:number like metz:125)", ref)
	}
	num, err := strconv.Atoi(parts[1])
	if err != nil {
		return 0, fmt.Errorf("%q: %q is not a number (expected source:number like metz:125)", ref, parts[1])
	}
	return d.resolveNumber(ref, parts, num)
}

func (d *DB) resolveNumber(ref string, parts []string, num int) (int64, error) {
	q := `SELECT id, label FROM problems WHERE source = ? AND number = ?`
	args := []any{parts[0], num}
	if len(parts) == 3 {
		q += ` AND label = ?`
		args = append(args, parts[2])
	}
	rows, err := d.sql.Query(q+` ORDER BY label`, args...)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var ids []int64
	var labels []string
	for rows.Next() {
		var id int64
		var label string
		if err := rows.Scan(&id, &label); err != nil {
			return 0, err
		}
		ids = append(ids, id)
		labels = append(labels, fmt.Sprintf("%s:%d:%s (id %d)", parts[0], num, label, id))
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	if len(ids) == 0 && len(parts) == 2 {
		return d.resolveLabel(ref, parts[0], num)
	}
	switch len(ids) {
	case 0:
		return 0, fmt.Errorf("no problem %s in the database: %w", ref, ErrNotFound)
	case 1:
		return ids[0], nil
	}
	return 0, fmt.Errorf("%s names %d records: %s", ref, len(ids), strings.Join(labels, ", "))
}

// resolveLabel finds the one record of source whose label ends with num,
// written in figures or Roman numerals.
func (d *DB) resolveLabel(ref, source string, num int) (int64, error) {
	rows, err := d.sql.Query(`SELECT id, label FROM problems WHERE source = ? AND label != ''`, source)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var found []int64
	for rows.Next() {
		var id int64
		var label string
		if err := rows.Scan(&id, &label); err != nil {
			return 0, err
		}
		if labelNumber(label) == num {
			found = append(found, id)
		}
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	if len(found) != 1 {
		return 0, fmt.Errorf("no problem %s in the database: %w", ref, ErrNotFound)
	}
	return found[0], nil
}

// labelNumber reads the last word of a label as a number in figures or in
// Roman numerals ("Problème VI" -> 6); 0 if it is neither.
func labelNumber(label string) int {
	f := strings.Fields(label)
	if len(f) == 0 {
		return 0
	}
	w := strings.TrimRight(f[len(f)-1], ".")
	if n, err := strconv.Atoi(w); err == nil {
		return n
	}
	return roman(strings.ToUpper(w))
}

// roman reads a Roman numeral up to 3999, 0 if w is not one in canonical form.
func roman(w string) int {
	val := map[byte]int{'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}
	n := 0
	for i := 0; i < len(w); i++ {
		v, ok := val[w[i]]
		if !ok {
			return 0
		}
		if i+1 < len(w) && val[w[i+1]] > v {
			n -= v
		} else {
			n += v
		}
	}
	if n <= 0 || n > 3999 || toRoman(n) != w {
		return 0 // "IIII" or "VX" are not numerals
	}
	return n
}

func toRoman(n int) string {
	vals := []int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var b strings.Builder
	for i, v := range vals {
		for n >= v {
			b.WriteString(syms[i])
			n -= v
		}
	}
	return b.String()
}

// storedModel reads a row's rules, diagram and stipulation into p, the
// one place the database's text becomes the record's types. Imports
// before the typed model stored a FEN or a stipulation the engine could
// not read, with a warning: such a row still reads, without its diagram
// (or as a win), and says so; rules no system has are an error.
func storedModel(p *problems.Problem, rules, fen, stip string) error {
	r, err := draughts.RulesByName(rules)
	if err != nil {
		return fmt.Errorf("stored rules: %w", err)
	}
	p.Rules = r
	file, line := p.Place()
	if p.Position, err = problems.ParsePosition(r, fen); err != nil {
		p.Warnings = append(p.Warnings, problems.Warning{File: file, Line: line, Text: fen,
			Expected: "a FEN the rules engine reads (" + err.Error() + "); the record is read without its diagram"})
	}
	if p.Stipulation, err = problems.ParseStipulation(stip); err != nil {
		p.Warnings = append(p.Warnings, problems.Warning{File: file, Line: line, Text: stip,
			Expected: err.Error() + "; read as win"})
	}
	return nil
}

package db

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"metz/draughts"
	"metz/problems"
)

// Copy returns record id as an export carries it, so that importing the
// export into any database gives the same record back:
//
//   - the record as its source gave it: its columns, its book themes, its
//     references and the warnings its reading gave (not those metz adds:
//     the one about an unreadable FEN, made again at every import, and the
//     one saying it was not verified since it changed). This is the form
//     whose content hash the database keeps, so an unedited copy imported
//     again is recognised as unchanged;
//   - in Carried, what metz added since: user tags and detected themes,
//     notes and the verdict history, with their stored times and version
//     keys, the time the record last changed, and metz's own warnings;
//     withSource adds the source's description, warnings and texts.
func (d *DB) Copy(id int64, withSource bool) (*problems.Problem, error) {
	return copyRecord(d.sql, id, withSource)
}

// querier is what reading a record needs: the database, or a
// transaction that sees its own writes.
type querier interface {
	Query(query string, args ...any) (*sql.Rows, error)
	QueryRow(query string, args ...any) *sql.Row
}

func copyRecord(q querier, id int64, withSource bool) (*problems.Problem, error) {
	p, err := readRecord(q, id)
	if err != nil {
		return nil, err
	}
	c := &problems.Carried{}
	if err := q.QueryRow(`SELECT changed_at FROM problems WHERE id = ?`, id).Scan(&c.ChangedAt); err != nil {
		return nil, err
	}
	if err := copyThemes(q, id, p, c); err != nil {
		return nil, err
	}
	if p.Refs, err = scanRefs(q, `SELECT source, number, kind, note FROM refs WHERE problem_id = ? ORDER BY id`, id); err != nil {
		return nil, err
	}
	if err := copyWarnings(q, id, p, c); err != nil {
		return nil, err
	}
	if c.Notes, err = copyNotes(q, id); err != nil {
		return nil, err
	}
	if c.Verdicts, err = copyVerdicts(q, id); err != nil {
		return nil, err
	}
	if withSource {
		if c.Source, err = copySource(q, p.Source); err != nil {
			return nil, err
		}
	}
	if !c.Empty() {
		p.Carried = c
	}
	return p, nil
}

// Copy is db.Copy inside the run's transaction, for the record of source,
// number and label; found is false when there is none.
func (r *ImportRun) Copy(source string, number int, label string) (p *problems.Problem, found bool, err error) {
	id, found, err := r.Find(source, number, label)
	if err != nil || !found {
		return nil, false, err
	}
	p, err = copyRecord(r.tx, id, false)
	return p, err == nil, err
}

// Find is the id of the record of source, number and label, found false
// when there is none.
func (r *ImportRun) Find(source string, number int, label string) (id int64, found bool, err error) {
	err = r.stmts["find"].QueryRow(source, number, label).Scan(&id, new(string), new(string))
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return id, err == nil, err
}

// RecordHash is the content hash an import gives record p: two records
// with the same are the same to an import.
func RecordHash(p *problems.Problem) string {
	c := *p
	if c.Rules == nil {
		c.Rules = draughts.International
	}
	return contentHash(&c)
}

// copyThemes splits the themes: the book's are the record's, the others
// are carried with the time they were added.
func copyThemes(q querier, id int64, p *problems.Problem, c *problems.Carried) error {
	rows, err := q.Query(`SELECT name, label, origin, ply, squares, note, created_at FROM themes
		WHERE problem_id = ? ORDER BY id`, id)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var t problems.CarriedTheme
		var sq string
		if err := rows.Scan(&t.Name, &t.Label, &t.Origin, &t.Ply, &sq, &t.Note, &t.CreatedAt); err != nil {
			return err
		}
		t.Squares = splitInts(sq)
		if t.Origin == problems.OriginBook {
			p.Themes = append(p.Themes, t.Theme)
		} else {
			c.Themes = append(c.Themes, t)
		}
	}
	return rows.Err()
}

// copyWarnings gives the record its source's warnings and carries metz's
// "not verified since it changed"; the FEN warning is left to the import.
func copyWarnings(q querier, id int64, p *problems.Problem, c *problems.Carried) error {
	rows, err := q.Query(`SELECT file, line, text, expected, ply FROM import_warnings
		WHERE problem_id = ? AND expected NOT LIKE ? ORDER BY id`, id, fenWarningPrefix+"%")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var w problems.Warning
		if err := rows.Scan(&w.File, &w.Line, &w.Text, &w.Expected, &w.Ply); err != nil {
			return err
		}
		if isNotVerified(w.Text) {
			c.Warnings = append(c.Warnings, w)
		} else {
			p.Warnings = append(p.Warnings, w)
		}
	}
	return rows.Err()
}

func copyNotes(q querier, id int64) ([]problems.CarriedNote, error) {
	rows, err := q.Query(`SELECT text, created_at FROM notes WHERE problem_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []problems.CarriedNote
	for rows.Next() {
		var n problems.CarriedNote
		if err := rows.Scan(&n.Text, &n.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

func copyVerdicts(q querier, id int64) ([]problems.CarriedVerdict, error) {
	rows, err := q.Query(`SELECT verdict, dual, evidence, rules, solver_version, budget, proof_nodes, seconds,
		created_at, verify_key FROM verdicts WHERE problem_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []problems.CarriedVerdict
	for rows.Next() {
		var v problems.CarriedVerdict
		var ev sql.NullString
		if err := rows.Scan(&v.Verdict, &v.Dual, &ev, &v.Rules, &v.SolverVersion, &v.Budget, &v.ProofNodes,
			&v.Seconds, &v.CreatedAt, &v.VerifyKey); err != nil {
			return nil, err
		}
		if ev.Valid {
			v.Evidence = json.RawMessage(ev.String)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// copySource describes source key as an export carries it.
func copySource(q querier, key string) (*problems.CarriedSource, error) {
	cs := &problems.CarriedSource{}
	err := q.QueryRow(`SELECT key, title, author, year, edition, file, checksum FROM sources WHERE key = ?`, key).Scan(
		&cs.Key, &cs.Title, &cs.Author, &cs.Year, &cs.Edition, &cs.File, &cs.Checksum)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("source %q: %w", key, ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(`SELECT file, line, text, expected, ply FROM import_warnings
		WHERE source = ? AND problem_id IS NULL ORDER BY id`, key)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var w problems.Warning
		if err := rows.Scan(&w.File, &w.Line, &w.Text, &w.Expected, &w.Ply); err != nil {
			rows.Close()
			return nil, err
		}
		cs.Warnings = append(cs.Warnings, w)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = q.Query(`SELECT kind, number, text, line FROM source_texts WHERE source = ? ORDER BY kind, number`, key)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var t problems.SourceText
		if err := rows.Scan(&t.Kind, &t.Number, &t.Text, &t.Line); err != nil {
			return nil, err
		}
		cs.Texts = append(cs.Texts, t)
	}
	return cs, rows.Err()
}

// ContentHash is the content hash stored for record id: equal for two
// records when an import would find nothing to change between them.
func (d *DB) ContentHash(id int64) (string, error) {
	var h string
	err := d.sql.QueryRow(`SELECT content_hash FROM problems WHERE id = ?`, id).Scan(&h)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("problem %d: %w", id, ErrNotFound)
	}
	return h, err
}

// isNotVerified reports whether a warning is metz's "not verified since
// it changed".
func isNotVerified(text string) bool {
	return len(text) >= len(notVerifiedText) && text[:len(notVerifiedText)] == notVerifiedText
}

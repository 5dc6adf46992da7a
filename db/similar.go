package db

import (
	"database/sql"
	"fmt"
	"strings"

	"metz/draughts"
	"metz/problems"
)

// The anticipation index (docs/similar.md): each problem's keys, computed
// by package similar and stored here so that a query looks keys up rather
// than reading every position. similar_indexed says which version of each
// record (its content hash) and which key scheme its keys were computed
// for: a record imported or edited since, or a new scheme, is indexed
// again.
var similarSchema = []string{
	`CREATE TABLE similar_keys (
		problem_id INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
		kind       INTEGER NOT NULL,
		key        BIGINT NOT NULL)`,
	`CREATE INDEX similar_keys_lookup ON similar_keys(key, kind, problem_id)`, // covers a lookup: no row is read
	`CREATE INDEX similar_keys_problem ON similar_keys(problem_id)`,
	`CREATE TABLE similar_indexed (
		problem_id   INTEGER PRIMARY KEY REFERENCES problems(id) ON DELETE CASCADE,
		content_hash TEXT NOT NULL,
		scheme       INTEGER NOT NULL,
		verified     INTEGER NOT NULL DEFAULT 0)`,
}

// SimilarKey is one index key of a problem: its kind (similar.Kind) and
// value.
type SimilarKey struct {
	Kind  int
	Value int64
}

// SimilarEntry is what the index holds of one problem.
type SimilarEntry struct {
	ID          int64
	ContentHash string
	Keys        []SimilarKey
	// Verified: the keys were computed with the lines of the latest
	// verdict (a problem with no stated line takes its final combination
	// from them).
	Verified bool
}

// IndexInput is what computing a problem's keys reads.
type IndexInput struct {
	ID           int64
	Rules, FEN   string
	SolutionJSON string // the stated solution tree, "" if none
	ContentHash  string
	HasVerdict   bool
}

// StaleSimilar lists the problems with a position whose index entry is
// missing, of another version of the record, or of another key scheme; of
// one source when source is not "".
func (d *DB) StaleSimilar(scheme int, source string) ([]int64, error) {
	q := `SELECT p.id FROM problems p LEFT JOIN similar_indexed s ON s.problem_id = p.id
		WHERE p.fen IS NOT NULL AND (s.problem_id IS NULL OR s.content_hash <> p.content_hash OR s.scheme <> ?)`
	args := []any{scheme}
	if source != "" {
		q += ` AND p.source = ?`
		args = append(args, source)
	}
	return d.ids(q+` ORDER BY p.id`, args...)
}

func (d *DB) ids(q string, args ...any) ([]int64, error) {
	rows, err := d.sql.Query(q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// inList is "(?,?,...)" for n values, and the values as arguments.
func inList[T any](vs []T) (string, []any) {
	args := make([]any, len(vs))
	for i, v := range vs {
		args[i] = v
	}
	return "(" + strings.TrimSuffix(strings.Repeat("?,", len(vs)), ",") + ")", args
}

// lookupChunk bounds the values of one IN list: SQLite allows 32,766
// parameters, PostgreSQL 65,535.
const lookupChunk = 2000

// IndexInputs reads what indexing the problems ids needs.
func (d *DB) IndexInputs(ids []int64) ([]IndexInput, error) {
	var out []IndexInput
	err := inChunks(d, ids, `SELECT p.id, p.rules, coalesce(p.fen, ''), coalesce(p.solution_json, ''), p.content_hash,
		EXISTS (SELECT 1 FROM verdicts v WHERE v.problem_id = p.id)
		FROM problems p WHERE p.id IN `, func(rows *sql.Rows) error {
		var in IndexInput
		err := rows.Scan(&in.ID, &in.Rules, &in.FEN, &in.SolutionJSON, &in.ContentHash, &in.HasVerdict)
		out = append(out, in)
		return err
	})
	return out, err
}

// inChunks runs query, which ends in "IN ", on the values vs a chunk at a
// time, and hands every row to scan.
func inChunks[T any](d *DB, vs []T, query string, scan func(*sql.Rows) error) error {
	for start := 0; start < len(vs); start += lookupChunk {
		list, args := inList(vs[start:min(start+lookupChunk, len(vs))])
		rows, err := d.sql.Query(query+list, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			if err := scan(rows); err != nil {
				rows.Close()
				return err
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

// SetSimilar replaces the index entries of the problems given, computed
// under key scheme scheme, in one transaction.
func (d *DB) SetSimilar(scheme int, entries []SimilarEntry) error {
	if err := d.writable(); err != nil {
		return err
	}
	tx, err := d.sql.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	del, err := tx.Prepare(`DELETE FROM similar_keys WHERE problem_id = ?`)
	if err != nil {
		return err
	}
	defer del.Close()
	ins, err := tx.Prepare(`INSERT INTO similar_keys (problem_id, kind, key) VALUES (?, ?, ?)`)
	if err != nil {
		return err
	}
	defer ins.Close()
	mark, err := tx.Prepare(`INSERT INTO similar_indexed (problem_id, content_hash, scheme, verified) VALUES (?, ?, ?, ?)
		ON CONFLICT (problem_id) DO UPDATE SET content_hash = excluded.content_hash, scheme = excluded.scheme, verified = excluded.verified`)
	if err != nil {
		return err
	}
	defer mark.Close()
	for _, e := range entries {
		if _, err := del.Exec(e.ID); err != nil {
			return err
		}
		for _, k := range e.Keys {
			if _, err := ins.Exec(e.ID, k.Kind, k.Value); err != nil {
				return err
			}
		}
		if _, err := mark.Exec(e.ID, e.ContentHash, scheme, e.Verified); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// SimilarHit is a problem that holds a key looked up.
type SimilarHit struct {
	ID   int64
	Kind int
	Key  int64
}

// LookupSimilar returns the problems holding any of keys, with the key and
// its kind. The kinds' keys are salted apart (package similar), so one
// list serves every kind.
func (d *DB) LookupSimilar(keys []int64) ([]SimilarHit, error) {
	var out []SimilarHit
	err := inChunks(d, keys, `SELECT problem_id, kind, key FROM similar_keys WHERE key IN `, func(rows *sql.Rows) error {
		var h SimilarHit
		err := rows.Scan(&h.ID, &h.Kind, &h.Key)
		out = append(out, h)
		return err
	})
	return out, err
}

// SimilarComplete reports whether every record with a position has an
// index entry of key scheme scheme (its version is not checked: import,
// verification and drafts index what they change).
func (d *DB) SimilarComplete(scheme int) (bool, error) {
	var indexed, withFEN int
	if err := d.sql.QueryRow(`SELECT count(*) FROM similar_indexed WHERE scheme = ?`, scheme).Scan(&indexed); err != nil {
		return false, err
	}
	err := d.sql.QueryRow(`SELECT count(*) FROM problems WHERE fen IS NOT NULL`).Scan(&withFEN)
	return indexed >= withFEN, err
}

// ProblemsWithPosition lists the ids of a source's records that have a
// diagram.
func (d *DB) ProblemsWithPosition(source string) ([]int64, error) {
	return d.ids(`SELECT id FROM problems WHERE source = ? AND fen IS NOT NULL ORDER BY id`, source)
}

// SimilarCount is how many problems the index holds and how many keys.
func (d *DB) SimilarCount() (problems, keys int, err error) {
	if err = d.sql.QueryRow(`SELECT count(*) FROM similar_indexed`).Scan(&problems); err != nil {
		return
	}
	err = d.sql.QueryRow(`SELECT count(*) FROM similar_keys`).Scan(&keys)
	return
}

// Candidate is a problem a lookup named, as a comparison reads it.
type Candidate struct {
	ID     int64           `json:"id"`
	Source string          `json:"source"`
	Number int             `json:"number"`
	Label  string          `json:"label,omitempty"`
	Rules  *draughts.Rules `json:"rules"`
	// Position is the diagram, read under Rules here; nil when the
	// record has none or its stored FEN does not read (the record's
	// reader warns of that). JSON holds its FEN.
	Position    *draughts.Position `json:"fen"`
	Stipulation string             `json:"stipulation,omitempty"`
	Author      string             `json:"author,omitempty"`
	Date        string             `json:"date,omitempty"` // the record's, as written
	Year        int                `json:"year,omitempty"` // its source's
}

// Candidates reads the problems ids for comparison.
func (d *DB) Candidates(ids []int64) ([]Candidate, error) {
	var out []Candidate
	err := inChunks(d, ids, `SELECT p.id, p.source, p.number, p.label, p.rules, coalesce(p.fen, ''), p.stipulation,
		p.author, p.date, coalesce(s.year, 0)
		FROM problems p LEFT JOIN sources s ON s.key = p.source WHERE p.id IN `, func(rows *sql.Rows) error {
		var c Candidate
		var rules, fen string
		if err := rows.Scan(&c.ID, &c.Source, &c.Number, &c.Label, &rules, &fen, &c.Stipulation, &c.Author, &c.Date, &c.Year); err != nil {
			return err
		}
		r, err := draughts.RulesByName(rules)
		if err != nil {
			return fmt.Errorf("problem %d: stored rules: %w", c.ID, err)
		}
		c.Rules = r
		c.Position, _ = problems.ParsePosition(r, fen) // nil when it does not read, as the comparison has always taken it
		out = append(out, c)
		return nil
	})
	return out, err
}

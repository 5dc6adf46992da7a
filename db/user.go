package db

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"metz/problems"
	"metz/verdict"
)

// exists reports a clear error for an unknown problem id.
func (d *DB) exists(id int64) error {
	var one int
	err := d.sql.QueryRow(`SELECT 1 FROM problems WHERE id = ?`, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("no problem with id %d: %w", id, ErrNotFound)
	}
	return err
}

// CheckThemeName says why a name cannot be a theme: theme expressions
// separate names by spaces and parentheses and reserve AND, OR and NOT.
func CheckThemeName(name string) error {
	if name == "" {
		return errors.New("empty theme name")
	}
	if strings.IndexFunc(name, isSep) >= 0 {
		return fmt.Errorf("theme name %q has a space, quote or parenthesis (expected one word such as coup-de-repos)", name)
	}
	if isKeyword(name) {
		return fmt.Errorf("theme name %q is a keyword of theme expressions", name)
	}
	return nil
}

// AddTag gives problem id a user theme, stored as problems.ThemeKey
// writes it ("coup turc" is coup-turc, the book's name for it), and returns
// that name. It reports false when the problem already had that user tag
// (nothing is added twice).
func (d *DB) AddTag(id int64, name string) (theme string, added bool, err error) {
	theme = problems.ThemeKey(name)
	if err := d.writable(); err != nil {
		return theme, false, err
	}
	if err := CheckThemeName(theme); err != nil {
		return theme, false, err
	}
	if err := d.exists(id); err != nil {
		return theme, false, err
	}
	res, err := d.sql.Exec(`INSERT INTO themes (problem_id, name, origin, created_at) SELECT ?, ?, 'user', ?
		WHERE NOT EXISTS (SELECT 1 FROM themes WHERE problem_id = ? AND name = ? AND origin = 'user')`,
		id, theme, now(), id, theme)
	if err != nil {
		return theme, false, err
	}
	n, err := res.RowsAffected()
	return theme, n > 0, err
}

// RemoveTag takes a user theme off problem id (the book's and the
// detector's themes are not the user's to remove) and returns its stored
// name; false when the problem had no such user tag.
func (d *DB) RemoveTag(id int64, name string) (theme string, removed bool, err error) {
	theme = problems.ThemeKey(name)
	if err := d.writable(); err != nil {
		return theme, false, err
	}
	if err := d.exists(id); err != nil {
		return theme, false, err
	}
	// The name as typed too: a tag stored before names were keyed.
	res, err := d.sql.Exec(`DELETE FROM themes WHERE problem_id = ? AND origin = 'user' AND name IN (?, ?)`,
		id, theme, name)
	if err != nil {
		return theme, false, err
	}
	n, err := res.RowsAffected()
	return theme, n > 0, err
}

// Note is a user's note on a problem.
type Note struct {
	ID        int64     `json:"id"`
	ProblemID int64     `json:"problem_id"`
	Text      string    `json:"text"`
	CreatedAt time.Time `json:"created_at"`
	// Outdated: written before an import changed the problem's position
	// or stated solution; it may speak of the earlier version.
	Outdated bool `json:"outdated,omitempty"`
}

// AddNote stores a user note.
func (d *DB) AddNote(id int64, text string) (Note, error) {
	n := Note{ProblemID: id, Text: strings.TrimSpace(text), CreatedAt: time.Now().UTC()}
	if err := d.writable(); err != nil {
		return n, err
	}
	if n.Text == "" {
		return n, errors.New("empty note")
	}
	if err := d.exists(id); err != nil {
		return n, err
	}
	err := d.sql.QueryRow(`INSERT INTO notes (problem_id, text, created_at) VALUES (?,?,?) RETURNING id`,
		id, n.Text, n.CreatedAt.Format(time.RFC3339Nano)).Scan(&n.ID)
	return n, err
}

// DeleteNote removes note noteID of problem id; false when the problem has
// no note of that id.
func (d *DB) DeleteNote(id, noteID int64) (bool, error) {
	if err := d.writable(); err != nil {
		return false, err
	}
	if err := d.exists(id); err != nil {
		return false, err
	}
	res, err := d.sql.Exec(`DELETE FROM notes WHERE problem_id = ? AND id = ?`, id, noteID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// Notes lists a problem's notes, oldest first; those written before an
// import last changed its position or stated solution are marked Outdated.
func (d *DB) Notes(id int64) ([]Note, error) {
	rows, err := d.sql.Query(`SELECT n.id, n.text, n.created_at, p.changed_at FROM notes n
		JOIN problems p ON p.id = n.problem_id WHERE n.problem_id = ? ORDER BY n.id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Note
	for rows.Next() {
		n := Note{ProblemID: id}
		var at, changed string
		if err := rows.Scan(&n.ID, &n.Text, &at, &changed); err != nil {
			return nil, err
		}
		n.CreatedAt, _ = time.Parse(time.RFC3339Nano, at)
		if c, err := time.Parse(time.RFC3339Nano, changed); err == nil {
			n.Outdated = n.CreatedAt.Before(c)
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// Verdict is one verification result. Verdicts are history: each run adds
// one and none is overwritten, so runs can be compared; which of them is
// the problem's verdict is a rule of its own (current.go).
type Verdict struct {
	ID            int64           `json:"id"`
	ProblemID     int64           `json:"problem_id"`
	Verdict       verdict.Verdict `json:"verdict"`
	Dual          bool            `json:"dual"`
	Evidence      json.RawMessage `json:"evidence,omitempty"`
	Rules         string          `json:"rules"`
	SolverVersion string          `json:"solver_version"`
	Budget        int64           `json:"budget"`
	ProofNodes    int64           `json:"proof_nodes"`
	Seconds       float64         `json:"seconds"`
	CreatedAt     time.Time       `json:"created_at"`
	// Run names the run that stored it (a job's id): a run stores one
	// verdict per problem however often it is retried. "": none.
	Run string `json:"run,omitempty"`
	// Current: the problem's verdict, by the rule of current.go (read
	// only).
	Current bool `json:"current,omitempty"`
	// Outdated: given for an earlier version of the record (its position
	// or stated solution has changed since).
	Outdated bool `json:"outdated,omitempty"`
	// VerifyKey is the key of the version of the record it was given for
	// (VerifyKey); given to AddVerdict, "" is the record as it stands.
	VerifyKey string `json:"-"`
}

// AddVerdict appends a verdict to the problem's history and returns its
// id; a verdict of a run already stored for the problem (same Run) is not
// stored again, and its id is returned. A zero CreatedAt is set to now.
func (d *DB) AddVerdict(id int64, v Verdict) (int64, error) {
	if err := d.writable(); err != nil {
		return 0, err
	}
	if !v.Verdict.Valid() {
		return 0, fmt.Errorf("verdict %q (expected %s)", v.Verdict, verdict.Names(", ", " or "))
	}
	if len(v.Evidence) > 0 && !json.Valid(v.Evidence) {
		return 0, errors.New("verdict evidence is not valid JSON")
	}
	if err := d.exists(id); err != nil {
		return 0, err
	}
	if v.CreatedAt.IsZero() {
		v.CreatedAt = time.Now().UTC()
	}
	var ev, run any
	if len(v.Evidence) > 0 {
		ev = string(v.Evidence)
	}
	if v.Run != "" {
		run = v.Run
	}
	insert, err := d.stmt(insertVerdictSQL)
	if err != nil {
		return 0, err
	}
	clear, err := d.stmt(clearNotVerifiedSQL)
	if err != nil {
		return 0, err
	}
	tx, err := d.sql.Begin()
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var vid int64
	err = tx.Stmt(insert).QueryRow(id, v.Verdict, v.Dual, ev, v.Rules, v.SolverVersion, v.Budget, v.ProofNodes, v.Seconds,
		v.CreatedAt.UTC().Format(time.RFC3339Nano), run, v.VerifyKey, id).Scan(&vid)
	if errors.Is(err, sql.ErrNoRows) { // this run's verdict is stored already
		err = tx.QueryRow(`SELECT id FROM verdicts WHERE problem_id = ? AND run = ?`, id, run).Scan(&vid)
		return vid, err
	}
	if err != nil {
		return 0, err
	}
	if _, err := tx.Stmt(clear).Exec(id, notVerifiedText+"%", id, vid); err != nil {
		return 0, err
	}
	return vid, tx.Commit()
}

// insertVerdictSQL stores a verdict for the version of the record its key
// names (the record as it stands when none is given), once for its run.
const insertVerdictSQL = `INSERT INTO verdicts (problem_id, verdict, dual, evidence, rules, solver_version,
	budget, proof_nodes, seconds, created_at, run, verify_key) VALUES (?,?,?,?,?,?,?,?,?,?,?,
	coalesce(nullif(?, ''), (SELECT verify_key FROM problems WHERE id = ?)))
	ON CONFLICT (problem_id, run) DO NOTHING RETURNING id`

// clearNotVerifiedSQL takes away the warning that a record has not been
// verified since it changed, once a verdict is given for the record as it
// stands (problem id, warning text pattern, problem id, verdict id).
const clearNotVerifiedSQL = `DELETE FROM import_warnings WHERE problem_id = ? AND text LIKE ?
	AND (SELECT verify_key FROM problems WHERE id = ?) = (SELECT verify_key FROM verdicts WHERE id = ?)`

// Verdicts lists the verdicts of a problem's current version, oldest
// first: those given before an import changed its position or stated
// solution are left out (VerdictHistory has them).
func (d *DB) Verdicts(id int64) ([]Verdict, error) {
	all, err := d.VerdictHistory(id)
	var out []Verdict
	for _, v := range all {
		if !v.Outdated {
			out = append(out, v)
		}
	}
	return out, err
}

// VerdictHistory lists all of a problem's verdicts, oldest first, those of
// earlier versions of the record marked Outdated.
func (d *DB) VerdictHistory(id int64) ([]Verdict, error) {
	cur, err := d.currentVerdictID(id)
	if err != nil {
		return nil, err
	}
	return d.verdicts(cur, `v.problem_id = ?`, id)
}

// verdicts reads the verdicts where says (of v, joined to its problem p),
// oldest first, marking cur the current one.
func (d *DB) verdicts(cur int64, where string, args ...any) ([]Verdict, error) {
	q, err := d.stmt(`SELECT v.id, v.problem_id, v.verdict, v.dual, v.evidence, v.rules, v.solver_version,
		v.budget, v.proof_nodes, v.seconds, v.created_at, coalesce(v.run, ''), v.verify_key, v.verify_key != p.verify_key
		FROM verdicts v JOIN problems p ON p.id = v.problem_id WHERE ` + where + ` ORDER BY v.id`)
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Verdict
	for rows.Next() {
		var v Verdict
		var ev sql.NullString
		var at string
		if err := rows.Scan(&v.ID, &v.ProblemID, &v.Verdict, &v.Dual, &ev, &v.Rules, &v.SolverVersion, &v.Budget,
			&v.ProofNodes, &v.Seconds, &at, &v.Run, &v.VerifyKey, &v.Outdated); err != nil {
			return nil, err
		}
		if ev.Valid {
			v.Evidence = json.RawMessage(ev.String)
		}
		v.CreatedAt, _ = time.Parse(time.RFC3339Nano, at)
		v.Current = v.ID == cur
		out = append(out, v)
	}
	return out, rows.Err()
}

// StoredWarning is an import warning with what it belongs to.
type StoredWarning struct {
	Source    string `json:"source"`
	ProblemID int64  `json:"problem_id,omitempty"` // 0: about the source as a whole
	problems.Warning
}

// Warnings lists import warnings of a source ("" for every source) and/or of
// one problem (0 for all), in the order they were stored.
func (d *DB) Warnings(source string, problemID int64) ([]StoredWarning, error) {
	q := `SELECT source, problem_id, file, line, text, expected, ply FROM import_warnings WHERE 1=1`
	var args []any
	if source != "" {
		q += ` AND source = ?`
		args = append(args, source)
	}
	if problemID != 0 {
		q += ` AND problem_id = ?`
		args = append(args, problemID)
	}
	rows, err := d.sql.Query(q+` ORDER BY id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []StoredWarning
	for rows.Next() {
		var w StoredWarning
		var pid sql.NullInt64
		if err := rows.Scan(&w.Source, &pid, &w.File, &w.Line, &w.Text, &w.Expected, &w.Ply); err != nil {
			return nil, err
		}
		w.ProblemID = pid.Int64
		out = append(out, w)
	}
	return out, rows.Err()
}

// SourceInfo is a stored source with its record count.
type SourceInfo struct {
	problems.Source
	ImportedAt string `json:"imported_at"`
	Problems   int    `json:"problems"`
	Warnings   int    `json:"warnings"`
}

// Sources lists the imported sources by key.
func (d *DB) Sources() ([]SourceInfo, error) {
	rows, err := d.sql.Query(`SELECT key, title, author, year, edition, file, checksum, imported_at,
		(SELECT count(*) FROM problems p WHERE p.source = s.key),
		(SELECT count(*) FROM import_warnings w WHERE w.source = s.key)
		FROM sources s ORDER BY key`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []SourceInfo
	for rows.Next() {
		var s SourceInfo
		if err := rows.Scan(&s.Key, &s.Title, &s.Author, &s.Year, &s.Edition, &s.File, &s.Checksum,
			&s.ImportedAt, &s.Problems, &s.Warnings); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// Stats counts what the database holds.
type Stats struct {
	Sources        int            `json:"sources"`
	Problems       int            `json:"problems"`
	WithPosition   int            `json:"with_position"`
	Themes         map[string]int `json:"themes"` // by origin
	Refs           int            `json:"refs"`
	Warnings       int            `json:"warnings"`
	Notes          int            `json:"notes"`
	Verdicts       int            `json:"verdicts"`
	LatestVerdicts map[string]int `json:"latest_verdicts"` // the current verdict of each problem (current.go), by verdict
}

// Stats returns the database's counts.
func (d *DB) Stats() (Stats, error) {
	st := Stats{Themes: map[string]int{}, LatestVerdicts: map[string]int{}}
	err := d.sql.QueryRow(`SELECT (SELECT count(*) FROM sources), (SELECT count(*) FROM problems),
		(SELECT count(*) FROM problems WHERE fen IS NOT NULL), (SELECT count(*) FROM refs),
		(SELECT count(*) FROM import_warnings), (SELECT count(*) FROM notes), (SELECT count(*) FROM verdicts)`).Scan(
		&st.Sources, &st.Problems, &st.WithPosition, &st.Refs, &st.Warnings, &st.Notes, &st.Verdicts)
	if err != nil {
		return st, err
	}
	if err := d.countInto(st.Themes, `SELECT origin, count(*) FROM themes GROUP BY origin`); err != nil {
		return st, err
	}
	return st, d.countInto(st.LatestVerdicts, `SELECT v, count(*) FROM (SELECT `+currentVerdictSQL+` AS v
		FROM problems p) c WHERE v IS NOT NULL GROUP BY v`)
}

func (d *DB) countInto(m map[string]int, q string) error {
	rows, err := d.sql.Query(q)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		var n int
		if err := rows.Scan(&k, &n); err != nil {
			return err
		}
		m[k] = n
	}
	return rows.Err()
}

package db

import (
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"metz/problems"
)

// ImportStats says what an import did to one source.
type ImportStats struct {
	Source    string `json:"source"`
	New       int    `json:"new"`
	Updated   int    `json:"updated"`
	Unchanged int    `json:"unchanged"`
	Warnings  int    `json:"warnings"` // warnings now stored for the source
	Missing   int    `json:"missing"`  // records in the database the batch no longer has (kept)
	// Outdated counts the records whose position or stated solution this
	// import changed while they had verdicts: not verified since.
	Outdated int `json:"outdated"`
}

// ImportOptions tunes ImportBatchWith.
type ImportOptions struct {
	// Progress, if set, is called after each record with the number done.
	Progress func(done, total int)
	// Texts, if not nil, replace the source's stored texts (its rules) in
	// the same transaction.
	Texts []problems.SourceText
	// Claims, if not nil, replace the source's stored claims in the same
	// transaction.
	Claims []problems.BookClaim
}

// ImportBatch stores one source's records in one transaction; see ImportBatchWith.
func (d *DB) ImportBatch(src problems.Source, probs []*problems.Problem, warnings []problems.Warning) (ImportStats, error) {
	return d.ImportBatchWith(src, probs, warnings, ImportOptions{})
}

// ImportBatchWith stores one source's records in one transaction, so an
// interrupted import leaves the database as it was (see ImportRun, which
// it wraps). Records the batch no longer has are kept (they may carry user
// data) and counted as Missing.
func (d *DB) ImportBatchWith(src problems.Source, probs []*problems.Problem, warnings []problems.Warning, opt ImportOptions) (ImportStats, error) {
	st := ImportStats{Source: src.Key}
	for _, p := range probs {
		if p != nil && p.Source != "" && p.Source != src.Key {
			return st, fmt.Errorf("import %s: record %d (%s) belongs to source %q", src.Key, p.Number, p.Location, p.Source)
		}
	}
	run, err := d.BeginImport()
	if err != nil {
		return st, err
	}
	defer run.Rollback()
	if err := run.OpenSource(src); err != nil {
		return st, err
	}
	for i, p := range probs {
		if p == nil {
			continue
		}
		c := *p
		c.Source = src.Key
		if _, err := run.Put(&c); err != nil {
			return st, err
		}
		if opt.Progress != nil {
			opt.Progress(i+1, len(probs))
		}
	}
	if err := run.CloseSource(src, warnings, opt); err != nil {
		return st, err
	}
	stats, err := run.Commit()
	if err != nil {
		return st, err
	}
	return stats[0], nil
}

// existingRec is a stored record an import may update.
type existingRec struct {
	id        int64
	hash, key string // content hash and verification key
}

// importSQL are the statements of an import, prepared once per run; the
// inserts of a record return its id on PostgreSQL (ImportRun.insert).
var importSQL = map[string]string{
	"insert": `INSERT INTO problems (source, number, label, class, title, rules, side_to_move, fen,
		stipulation, solution_text, solution_json, witnesses_json, commentary, location, content_hash,
		white_men, white_kings, black_men, black_kings, occupancy, author, date, verify_key, result, tags_json)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
	// The insert into a source that had no record when the run began: a
	// second record with the same number and label finds the first.
	"insertNew": `INSERT INTO problems (source, number, label, class, title, rules, side_to_move, fen,
		stipulation, solution_text, solution_json, witnesses_json, commentary, location, content_hash,
		white_men, white_kings, black_men, black_kings, occupancy, author, date, verify_key, result, tags_json)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
		ON CONFLICT (source, number, label) DO NOTHING`,
	"firstStored": `SELECT location FROM problems WHERE source = ? AND number = ? AND label = ?`,
	"hasRecords":  `SELECT EXISTS (SELECT 1 FROM problems WHERE source = ?)`,
	"update": `UPDATE problems SET class=?, title=?, rules=?, side_to_move=?, fen=?, stipulation=?,
		solution_text=?, solution_json=?, witnesses_json=?, commentary=?, location=?, content_hash=?,
		white_men=?, white_kings=?, black_men=?, black_kings=?, occupancy=?, author=?, date=?, verify_key=?,
		result=?, tags_json=? WHERE id=?`,
	"find":          `SELECT id, content_hash, verify_key FROM problems WHERE source = ? AND number = ? AND label = ?`,
	"seen":          `INSERT INTO import_seen (source, number, label, location) VALUES (?,?,?,?) ON CONFLICT DO NOTHING`,
	"firstSeen":     `SELECT location FROM import_seen WHERE source = ? AND number = ? AND label = ?`,
	"delBookThemes": `DELETE FROM themes WHERE problem_id=? AND origin='book'`,
	"delRefs":       `DELETE FROM refs WHERE problem_id=?`,
	// The record's warnings go, but not metz's own (not verified since it
	// changed), which only a verdict removes.
	"delWarnings": `DELETE FROM import_warnings WHERE problem_id=? AND text NOT LIKE '` + notVerifiedText + `%'`,
	"theme": `INSERT INTO themes (problem_id, name, label, origin, ply, squares, note, created_at)
		SELECT ?,?,?,?,?,?,?,? WHERE ? = 'book' OR NOT EXISTS (SELECT 1 FROM themes
		WHERE problem_id=? AND name=? AND origin=? AND ply=? AND squares=?)`,
	"ref": `INSERT INTO refs (problem_id, source, number, kind, note) VALUES (?,?,?,?,?)`,
	"warning": `INSERT INTO import_warnings (source, problem_id, file, line, text, expected, ply)
		VALUES (?,?,?,?,?,?,?)`,
	// metz's warning that a record has not been verified since it
	// changed, where the record has no verdict of its current version.
	"metzWarning": `INSERT INTO import_warnings (source, problem_id, file, line, text, expected, ply)
		SELECT ?,?,?,?,?,?,? WHERE NOT EXISTS (SELECT 1 FROM import_warnings WHERE problem_id = ? AND text = ?)
		AND NOT EXISTS (SELECT 1 FROM verdicts v JOIN problems p ON p.id = v.problem_id
			WHERE v.problem_id = ? AND v.verify_key = p.verify_key)`,
	"note": `INSERT INTO notes (problem_id, text, created_at) SELECT ?,?,?
		WHERE NOT EXISTS (SELECT 1 FROM notes WHERE problem_id = ? AND text = ? AND created_at = ?)`,
	"verdict": `INSERT INTO verdicts (problem_id, verdict, dual, evidence, rules, solver_version, budget,
		proof_nodes, seconds, created_at, verify_key) SELECT ?,?,?,?,?,?,?,?,?,?,?
		WHERE NOT EXISTS (SELECT 1 FROM verdicts WHERE problem_id = ? AND created_at = ? AND verdict = ? AND verify_key = ?)`,
	"changedAt": `UPDATE problems SET changed_at = ? WHERE id = ? AND changed_at = ''`,
}

// columns returns the insert parameters (source, number, label first):
// the record's rules, diagram and stipulation as text, and the material
// and occupancy its diagram gives.
func (r *ImportRun) columns(p *problems.Problem, hash string) []any {
	var side, fen, wm, wk, bm, bk, occ any
	text := p.FEN() // written once, for the column and the key
	if p.Position != nil {
		d := deriveFrom(*p.Position)
		fen, side, wm, wk, bm, bk, occ = text, d.side, d.whiteMen, d.whiteKings, d.blackMen, d.blackKings, d.occupancy
	}
	sol := jsonOrNull(p.Solution, p.Solution == nil)
	wit := jsonOrNull(p.Witnesses, len(p.Witnesses) == 0)
	tags := jsonOrNull(p.Tags, len(p.Tags) == 0)
	return []any{p.Source, p.Number, p.Label, p.Class, p.Title, p.RulesName(), side, fen, p.Stipulation.String(),
		p.SolutionText, sol, wit, p.Commentary, p.Location, hash, wm, wk, bm, bk, occ, p.Author, p.Date,
		verifyKeyOf(p.RulesName(), text, p.Stipulation.String(), p.Solution), p.Result, tags}
}

// fenWarningPrefix opens the warning imports before the typed model
// attached to a record whose FEN the rules engine could not read (such a
// record is refused now where it is read); a re-import drops them.
const fenWarningPrefix = "a FEN the rules engine reads ("

// children writes a record's source themes, references and warnings.
func (r *ImportRun) children(id int64, p *problems.Problem) error {
	for _, t := range p.Themes {
		if err := r.theme(id, t, ""); err != nil {
			return err
		}
	}
	for _, ref := range p.Refs {
		src := ref.Source
		if src == "" {
			src = p.Source
		}
		if _, err := r.stmts["ref"].Exec(id, src, ref.Number, ref.Kind, ref.Note); err != nil {
			return err
		}
	}
	for _, w := range p.Warnings {
		if err := r.warning(p.Source, id, w); err != nil {
			return err
		}
	}
	return nil
}

// theme stores one theme (a book theme always, another unless the record
// has it already).
func (r *ImportRun) theme(id int64, t problems.Theme, created string) error {
	origin := t.Origin
	if origin == "" {
		origin = problems.OriginBook
	}
	sq := joinInts(t.Squares)
	if _, err := r.stmts["theme"].Exec(id, t.Name, t.Label, origin, t.Ply, sq, t.Note, created,
		origin, id, t.Name, origin, t.Ply, sq); err != nil {
		return fmt.Errorf("theme %q: %w", t.Name, err)
	}
	return nil
}

func (r *ImportRun) warning(source string, problemID any, w problems.Warning) error {
	_, err := r.stmts["warning"].Exec(source, problemID, w.File, w.Line, w.Text, w.Expected, w.Ply)
	return err
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

func splitInts(s string) []int {
	if s == "" {
		return nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(f); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// errNoKey is the error of a record or source without a source key.
var errNoKey = errors.New("import: the source has no key")

// scanExisting reads the stored record of (source, number, label), found
// false when there is none.
func (r *ImportRun) scanExisting(p *problems.Problem) (existingRec, bool, error) {
	var e existingRec
	err := r.stmts["find"].QueryRow(p.Source, p.Number, p.Label).Scan(&e.id, &e.hash, &e.key)
	if errors.Is(err, sql.ErrNoRows) {
		return e, false, nil
	}
	return e, err == nil, err
}

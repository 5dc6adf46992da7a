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
// interrupted import leaves the database as it was. Records are matched by
// (source, number, label): an unchanged record is not touched, a changed one
// is updated in place and keeps its id, and with it its user tags, notes,
// verdict history and detected themes; its book themes, references and
// warnings are replaced. The source-level warnings are replaced as a whole.
// Records the batch no longer has are kept (they may carry user data) and
// counted as Missing.
func (d *DB) ImportBatchWith(src problems.Source, probs []*problems.Problem, warnings []problems.Warning, opt ImportOptions) (ImportStats, error) {
	st := ImportStats{Source: src.Key}
	if err := d.writable(); err != nil {
		return st, err
	}
	if src.Key == "" {
		return st, errors.New("import: the source has no key")
	}
	probs, warnings = dropDuplicates(src.Key, probs, warnings)
	for _, p := range probs {
		if p.Source != "" && p.Source != src.Key {
			return st, fmt.Errorf("import %s: record %d (%s) belongs to source %q", src.Key, p.Number, p.Location, p.Source)
		}
	}
	tx, err := d.sql.Begin()
	if err != nil {
		return st, err
	}
	defer tx.Rollback()
	if err := importLock(tx, d.pg, src.Key); err != nil {
		return st, err
	}
	im, err := newImporter(tx, src.Key, d.pg)
	if err != nil {
		return st, err
	}
	defer im.close()
	if err := im.source(src, warnings); err != nil {
		return st, err
	}
	for i, p := range probs {
		if err := im.problem(p, &st); err != nil {
			return st, fmt.Errorf("import %s record %d %q: %w", src.Key, p.Number, p.Label, err)
		}
		if opt.Progress != nil {
			opt.Progress(i+1, len(probs))
		}
	}
	st.Missing = len(im.existing)
	if opt.Texts != nil {
		if err := replaceTexts(tx, src.Key, opt.Texts); err != nil {
			return st, err
		}
	}
	if opt.Claims != nil {
		if err := replaceClaims(tx, src.Key, opt.Claims); err != nil {
			return st, err
		}
	}
	if err := tx.QueryRow(`SELECT count(*) FROM import_warnings WHERE source = ?`, src.Key).Scan(&st.Warnings); err != nil {
		return st, err
	}
	return st, tx.Commit()
}

// dropDuplicates keeps the first of several records with the same
// (number, label) and turns the others into source warnings: the unique key
// cannot hold both, and one bad record must not abort the import.
func dropDuplicates(key string, probs []*problems.Problem, warnings []problems.Warning) ([]*problems.Problem, []problems.Warning) {
	seen := map[string]*problems.Problem{}
	out := make([]*problems.Problem, 0, len(probs))
	for _, p := range probs {
		if p == nil {
			continue
		}
		k := strconv.Itoa(p.Number) + "\x00" + p.Label
		if first, dup := seen[k]; dup {
			file, line := p.Place()
			warnings = append(warnings, problems.Warning{File: file, Line: line,
				Text:     fmt.Sprintf("record %s:%d %q given twice (first at %s); this one is ignored", key, p.Number, p.Label, first.Location),
				Expected: "one record per number and label"})
			continue
		}
		seen[k] = p
		out = append(out, p)
	}
	return out, warnings
}

type existingRec struct {
	id        int64
	hash, key string // content hash and verification key
}

// importer holds the prepared statements of one import transaction.
type importer struct {
	tx       *sql.Tx
	key      string
	existing map[string]existingRec // by number + label; what is left was not in the batch
	stmts    map[string]*sql.Stmt
	pg       bool // PostgreSQL (postgres.go)
}

// insert stores a new record and returns its id. PostgreSQL has no
// LastInsertId and returns it (RETURNING id); SQLite could too, but an
// INSERT ... RETURNING writes a statement journal there: importing
// 10,000 records made 399,370 pwrite calls instead of 7,938 (strace -c
// of BenchmarkReimport10kUnchanged's first import).
func (im *importer) insert(cols []any) (int64, error) {
	if im.pg {
		var id int64
		err := im.stmts["insert"].QueryRow(cols...).Scan(&id)
		return id, err
	}
	res, err := im.stmts["insert"].Exec(cols...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

var importSQL = map[string]string{
	"insert": `INSERT INTO problems (source, number, label, class, title, rules, side_to_move, fen,
		stipulation, solution_text, solution_json, witnesses_json, commentary, location, content_hash,
		white_men, white_kings, black_men, black_kings, occupancy, author, date, verify_key)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
	"update": `UPDATE problems SET class=?, title=?, rules=?, side_to_move=?, fen=?, stipulation=?,
		solution_text=?, solution_json=?, witnesses_json=?, commentary=?, location=?, content_hash=?,
		white_men=?, white_kings=?, black_men=?, black_kings=?, occupancy=?, author=?, date=?, verify_key=? WHERE id=?`,
	"delBookThemes": `DELETE FROM themes WHERE problem_id=? AND origin='book'`,
	"delRefs":       `DELETE FROM refs WHERE problem_id=?`,
	"delWarnings":   `DELETE FROM import_warnings WHERE problem_id=?`,
	"theme": `INSERT INTO themes (problem_id, name, label, origin, ply, squares, note)
		SELECT ?,?,?,?,?,?,? WHERE ? = 'book' OR NOT EXISTS (SELECT 1 FROM themes
		WHERE problem_id=? AND name=? AND origin=? AND ply=? AND squares=?)`,
	"ref": `INSERT INTO refs (problem_id, source, number, kind, note) VALUES (?,?,?,?,?)`,
	"warning": `INSERT INTO import_warnings (source, problem_id, file, line, text, expected, ply)
		VALUES (?,?,?,?,?,?,?)`,
}

func newImporter(tx *sql.Tx, key string, pg bool) (*importer, error) {
	im := &importer{tx: tx, key: key, existing: map[string]existingRec{}, stmts: map[string]*sql.Stmt{}, pg: pg}
	for name, q := range importSQL {
		if name == "insert" && pg {
			q += ` RETURNING id`
		}
		s, err := tx.Prepare(q)
		if err != nil {
			im.close()
			return nil, err
		}
		im.stmts[name] = s
	}
	rows, err := tx.Query(`SELECT id, number, label, content_hash, verify_key FROM problems WHERE source = ?`, key)
	if err != nil {
		im.close()
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var r existingRec
		var num int
		var label string
		if err := rows.Scan(&r.id, &num, &label, &r.hash, &r.key); err != nil {
			im.close()
			return nil, err
		}
		im.existing[strconv.Itoa(num)+"\x00"+label] = r
	}
	return im, rows.Err()
}

func (im *importer) close() {
	for _, s := range im.stmts {
		s.Close()
	}
}

// source writes the source row and its own warnings, only when they changed,
// so that re-importing the same batch writes nothing.
func (im *importer) source(src problems.Source, warnings []problems.Warning) error {
	h := hashOf(struct {
		S problems.Source
		W []problems.Warning
	}{src, warnings})
	var old string
	err := im.tx.QueryRow(`SELECT meta_hash FROM sources WHERE key = ?`, src.Key).Scan(&old)
	if err == nil && old == h {
		return nil
	}
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if _, err := im.tx.Exec(`INSERT INTO sources (key, title, author, year, edition, file, checksum, meta_hash, imported_at)
		VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT(key) DO UPDATE SET title=excluded.title, author=excluded.author,
		year=excluded.year, edition=excluded.edition, file=excluded.file, checksum=excluded.checksum,
		meta_hash=excluded.meta_hash, imported_at=excluded.imported_at`,
		src.Key, src.Title, src.Author, src.Year, src.Edition, src.File, src.Checksum, h, now()); err != nil {
		return err
	}
	if _, err := im.tx.Exec(`DELETE FROM import_warnings WHERE source = ? AND problem_id IS NULL`, src.Key); err != nil {
		return err
	}
	for _, w := range warnings {
		if err := im.warning(nil, w); err != nil {
			return err
		}
	}
	return nil
}

// problem inserts, updates or skips one record.
func (im *importer) problem(p *problems.Problem, st *ImportStats) error {
	c := *p
	c.Source = im.key
	if c.Rules == "" {
		c.Rules = "international"
	}
	k := strconv.Itoa(c.Number) + "\x00" + c.Label
	old, found := im.existing[k]
	delete(im.existing, k)
	h := contentHash(&c)
	if found && old.hash == h {
		st.Unchanged++
		return nil
	}
	cols, posWarn := im.columns(&c, h)
	var id int64
	var err error
	if found {
		id = old.id
		if _, err := im.stmts["update"].Exec(append(cols[3:], id)...); err != nil {
			return err
		}
		for _, s := range []string{"delBookThemes", "delRefs", "delWarnings"} {
			if _, err := im.stmts[s].Exec(id); err != nil {
				return err
			}
		}
		st.Updated++
		if err := im.children(id, &c, posWarn); err != nil {
			return err
		}
		if old.key != verifyKey(&c) {
			return im.changed(id, &c, st)
		}
		return nil
	}
	if id, err = im.insert(cols); err != nil {
		return err
	}
	st.New++
	return im.children(id, &c, posWarn)
}

// columns returns the insert parameters (source, number, label first) and a
// warning when the FEN cannot be read: the record is still stored as given.
func (im *importer) columns(p *problems.Problem, hash string) ([]any, *problems.Warning) {
	var side, fen, wm, wk, bm, bk, occ any
	var warn *problems.Warning
	if p.FEN != "" {
		fen = p.FEN
		if d, err := derivePosition(p.Rules, p.FEN); err == nil {
			side, wm, wk, bm, bk, occ = d.side, d.whiteMen, d.whiteKings, d.blackMen, d.blackKings, d.occupancy
		} else {
			file, line := p.Place()
			warn = &problems.Warning{File: file, Line: line, Text: p.FEN,
				Expected: "a FEN the rules engine reads (" + err.Error() + "); the record is stored without material"}
		}
	}
	sol := jsonOrNull(p.Solution, p.Solution == nil)
	wit := jsonOrNull(p.Witnesses, len(p.Witnesses) == 0)
	return []any{p.Source, p.Number, p.Label, p.Class, p.Title, p.Rules, side, fen, p.Stipulation,
		p.SolutionText, sol, wit, p.Commentary, p.Location, hash, wm, wk, bm, bk, occ, p.Author, p.Date, verifyKey(p)}, warn
}

// children writes a record's themes, references and warnings.
func (im *importer) children(id int64, p *problems.Problem, posWarn *problems.Warning) error {
	for _, t := range p.Themes {
		origin := t.Origin
		if origin == "" {
			origin = problems.OriginBook
		}
		sq := joinInts(t.Squares)
		if _, err := im.stmts["theme"].Exec(id, t.Name, t.Label, origin, t.Ply, sq, t.Note,
			origin, id, t.Name, origin, t.Ply, sq); err != nil {
			return fmt.Errorf("theme %q: %w", t.Name, err)
		}
	}
	for _, r := range p.Refs {
		src := r.Source
		if src == "" {
			src = im.key
		}
		if _, err := im.stmts["ref"].Exec(id, src, r.Number, r.Kind, r.Note); err != nil {
			return err
		}
	}
	ws := p.Warnings
	if posWarn != nil {
		ws = append(append([]problems.Warning(nil), ws...), *posWarn)
	}
	for _, w := range ws {
		if err := im.warning(id, w); err != nil {
			return err
		}
	}
	return nil
}

func (im *importer) warning(problemID any, w problems.Warning) error {
	_, err := im.stmts["warning"].Exec(im.key, problemID, w.File, w.Line, w.Text, w.Expected, w.Ply)
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

package db

import (
	"cmp"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"metz/draughts"
	"metz/problems"
)

// ImportRun stores the records of one file, of one source or several (a
// whole-database export), in one transaction: an interrupted import leaves
// the database as it was. Records are stored one at a time as they are
// read, so memory stays bounded whatever the file's size; what the run
// must remember (the records it has seen, to refuse a second with the same
// number and label, and to count the source's records it did not see) it
// keeps in a temporary table.
//
// Records are matched by (source, number, label): an unchanged record is not
// touched, a changed one is updated in place and keeps its id, and with it
// its user tags, notes, verdict history and detected themes; its book
// themes, references and warnings are replaced.
type ImportRun struct {
	d       *DB
	tx      *sql.Tx
	stmts   map[string]*sql.Stmt
	stats   []*ImportStats
	bySrc   map[string]*ImportStats
	sources map[string]bool // sources known to exist in this transaction
	// dups are the warnings of records given twice, by source: they join
	// the source's own warnings when it is closed.
	dups map[string][]problems.Warning
	// fresh says, by source, that it had no record when the run first put
	// one: its records are inserted without looking for stored ones.
	fresh map[string]bool
}

// PutResult says what Put did with a record.
type PutResult struct {
	ID     int64
	Action string // ActionNew, ActionUpdated, ActionUnchanged or ActionDuplicate
	// Changed is true when the record's position or stated solution
	// changed (its verdicts then belong to an earlier version).
	Changed bool
}

// What Put did.
const (
	ActionNew       = "new"
	ActionUpdated   = "updated"
	ActionUnchanged = "unchanged"
	ActionDuplicate = "duplicate" // a record with the same number and label came first in this run; not stored
)

// BeginImport starts an import run. Call Commit, or Rollback (harmless
// after Commit) to abandon it.
func (d *DB) BeginImport() (*ImportRun, error) {
	if err := d.writable(); err != nil {
		return nil, err
	}
	tx, err := d.sql.Begin()
	if err != nil {
		return nil, err
	}
	r := &ImportRun{d: d, tx: tx, stmts: map[string]*sql.Stmt{}, bySrc: map[string]*ImportStats{},
		sources: map[string]bool{}, dups: map[string][]problems.Warning{}, fresh: map[string]bool{}}
	// The table of records seen lives as long as the transaction's
	// connection; it is emptied first in case an earlier run on the same
	// connection failed before dropping it.
	for _, q := range []string{
		`CREATE TEMP TABLE IF NOT EXISTS import_seen (source TEXT NOT NULL, number INTEGER NOT NULL,
			label TEXT NOT NULL, location TEXT NOT NULL, PRIMARY KEY (source, number, label))`,
		`DELETE FROM import_seen`,
	} {
		if _, err := tx.Exec(q); err != nil {
			tx.Rollback()
			return nil, err
		}
	}
	for name, q := range importSQL {
		if d.pg && (name == "insert" || name == "insertNew") {
			q += ` RETURNING id`
		}
		s, err := tx.Prepare(q)
		if err != nil {
			r.Rollback()
			return nil, fmt.Errorf("import: %s: %w", name, err)
		}
		r.stmts[name] = s
	}
	return r, nil
}

// Rollback abandons the run (nothing is stored).
func (r *ImportRun) Rollback() {
	r.closeStmts()
	if r.tx != nil {
		r.tx.Rollback()
		r.tx = nil
	}
}

func (r *ImportRun) closeStmts() {
	for _, s := range r.stmts {
		s.Close()
	}
	r.stmts = map[string]*sql.Stmt{}
}

// Commit stores everything the run wrote and returns what it did to each
// source, in the order the sources were first met.
func (r *ImportRun) Commit() ([]ImportStats, error) {
	if r.tx == nil {
		return nil, errors.New("import: the run is over")
	}
	for _, st := range r.stats {
		if err := r.tx.QueryRow(`SELECT count(*) FROM import_warnings WHERE source = ?`, st.Source).Scan(&st.Warnings); err != nil {
			return nil, err
		}
	}
	if _, err := r.tx.Exec(`DELETE FROM import_seen`); err != nil {
		return nil, err
	}
	r.closeStmts()
	err := r.tx.Commit()
	r.tx = nil
	out := make([]ImportStats, len(r.stats))
	for i, st := range r.stats {
		out[i] = *st
	}
	return out, err
}

// stat is the stats of source key, counted from now on.
func (r *ImportRun) stat(key string) *ImportStats {
	st := r.bySrc[key]
	if st == nil {
		st = &ImportStats{Source: key}
		r.bySrc[key] = st
		r.stats = append(r.stats, st)
	}
	return st
}

// OpenSource makes sure source src exists before its records are put; its
// description and warnings are written by CloseSource.
func (r *ImportRun) OpenSource(src problems.Source) error {
	if src.Key == "" {
		return errNoKey
	}
	r.stat(src.Key)
	return r.ensureSource(src)
}

// ensureSource creates a source row when there is none, with its
// description but no meta hash, so that CloseSource (or nothing, for a
// source another file carries) writes the rest.
func (r *ImportRun) ensureSource(src problems.Source) error {
	if r.sources[src.Key] {
		return nil
	}
	if err := importLock(r.tx, r.d.pg, src.Key); err != nil {
		return err
	}
	if _, err := r.tx.Exec(`INSERT INTO sources (key, title, author, year, edition, file, checksum, meta_hash, imported_at)
		VALUES (?,?,?,?,?,?,?,'',?) ON CONFLICT (key) DO NOTHING`,
		src.Key, src.Title, src.Author, src.Year, src.Edition, src.File, src.Checksum, now()); err != nil {
		return err
	}
	r.sources[src.Key] = true
	return nil
}

// SourceExists reports whether source key is in the database (or was
// created in this run).
func (r *ImportRun) SourceExists(key string) (bool, error) {
	if r.sources[key] {
		return true, nil
	}
	var one int
	err := r.tx.QueryRow(`SELECT 1 FROM sources WHERE key = ?`, key).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// CloseSource writes source src's description and its own warnings (with
// those of the records given twice), only when they changed, so that
// importing the same file again writes nothing; opt's Texts and Claims, if
// not nil, replace the source's stored ones (opt.Progress is not read). It
// counts the source's records the run did not see as Missing.
func (r *ImportRun) CloseSource(src problems.Source, warnings []problems.Warning, opt ImportOptions) error {
	warnings = append(append([]problems.Warning(nil), warnings...), r.dups[src.Key]...)
	if err := r.writeSource(src, warnings); err != nil {
		return err
	}
	if opt.Texts != nil {
		if err := replaceTexts(r.tx, src.Key, opt.Texts); err != nil {
			return err
		}
	}
	if opt.Claims != nil {
		if err := replaceClaims(r.tx, src.Key, opt.Claims); err != nil {
			return err
		}
	}
	if r.fresh[src.Key] {
		return nil // it had no record to miss
	}
	return r.tx.QueryRow(`SELECT count(*) FROM problems p WHERE p.source = ? AND NOT EXISTS (SELECT 1 FROM import_seen s
		WHERE s.source = p.source AND s.number = p.number AND s.label = p.label)`, src.Key).Scan(&r.stat(src.Key).Missing)
}

// writeSource writes the source row and its own warnings when they differ
// from those stored.
func (r *ImportRun) writeSource(src problems.Source, warnings []problems.Warning) error {
	h := hashOf(struct {
		S problems.Source
		W []problems.Warning
	}{src, warnings})
	var old string
	err := r.tx.QueryRow(`SELECT meta_hash FROM sources WHERE key = ?`, src.Key).Scan(&old)
	if err == nil && old == h {
		return nil
	}
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if _, err := r.tx.Exec(`INSERT INTO sources (key, title, author, year, edition, file, checksum, meta_hash, imported_at)
		VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT (key) DO UPDATE SET title=excluded.title, author=excluded.author,
		year=excluded.year, edition=excluded.edition, file=excluded.file, checksum=excluded.checksum,
		meta_hash=excluded.meta_hash, imported_at=excluded.imported_at`,
		src.Key, src.Title, src.Author, src.Year, src.Edition, src.File, src.Checksum, h, now()); err != nil {
		return err
	}
	r.sources[src.Key] = true
	if _, err := r.tx.Exec(`DELETE FROM import_warnings WHERE source = ? AND problem_id IS NULL`, src.Key); err != nil {
		return err
	}
	for _, w := range warnings {
		if err := r.warning(src.Key, nil, w); err != nil {
			return err
		}
	}
	return nil
}

// Put stores one record in its source (p.Source; the source must have
// been opened, or exist, or come with its description in p.Carried): it
// inserts it, updates it or leaves it as it is. What p.Carried holds (an
// export's notes, tags, detected themes, verdicts) is added to the record
// where the record does not have it already.
func (r *ImportRun) Put(p *problems.Problem) (PutResult, error) {
	if r.tx == nil {
		return PutResult{}, errors.New("import: the run is over")
	}
	if p.Source == "" {
		return PutResult{}, errNoKey
	}
	if err := r.carriedSource(p); err != nil {
		return PutResult{}, err
	}
	st := r.stat(p.Source)
	res, err := r.put(p, st)
	if err != nil {
		return res, fmt.Errorf("import %s record %d %q: %w", p.Source, p.Number, p.Label, err)
	}
	return res, nil
}

func (r *ImportRun) put(p *problems.Problem, st *ImportStats) (PutResult, error) {
	c := *p
	if c.Rules == nil {
		c.Rules = draughts.International
	}
	fresh, known := r.fresh[c.Source]
	if !known {
		var has bool
		if err := r.stmts["hasRecords"].QueryRow(c.Source).Scan(&has); err != nil {
			return PutResult{}, err
		}
		fresh = !has
		r.fresh[c.Source] = fresh
	}
	if fresh {
		return r.putFresh(&c, st)
	}
	if dup, err := r.duplicate(&c); err != nil || dup {
		return PutResult{Action: ActionDuplicate}, err
	}
	old, found, err := r.scanExisting(&c)
	if err != nil {
		return PutResult{}, err
	}
	h := contentHash(&c)
	cols := r.columns(&c, h)
	res := PutResult{ID: old.id}
	switch {
	case found && old.hash == h:
		st.Unchanged++
		res.Action = ActionUnchanged
	case found:
		if _, err := r.stmts["update"].Exec(append(cols[3:], old.id)...); err != nil {
			return res, err
		}
		for _, s := range []string{"delBookThemes", "delRefs", "delWarnings"} {
			if _, err := r.stmts[s].Exec(old.id); err != nil {
				return res, err
			}
		}
		st.Updated++
		res.Action = ActionUpdated
		if err := r.children(old.id, &c); err != nil {
			return res, err
		}
		if old.key != verifyKey(&c) {
			res.Changed = true
			if err := r.changed(old.id, &c, st); err != nil {
				return res, err
			}
		}
	default:
		if res.ID, err = r.insert("insert", cols); err != nil {
			return res, err
		}
		st.New++
		res.Action = ActionNew
		if err := r.children(res.ID, &c); err != nil {
			return res, err
		}
	}
	return res, r.carried(res.ID, &c, res.Action == ActionNew)
}

// insert runs the insert statement name and returns the new record's id,
// or sql.ErrNoRows when its ON CONFLICT stored nothing. PostgreSQL has no
// LastInsertId and returns the id (RETURNING id); SQLite could too, but
// there an INSERT ... RETURNING writes a statement journal: importing
// 10,000 records made 201,129 pwrite calls instead of 7,938 (strace -c of
// BenchmarkReimport10kUnchanged).
func (r *ImportRun) insert(name string, cols []any) (int64, error) {
	if r.d.pg {
		var id int64
		err := r.stmts[name].QueryRow(cols...).Scan(&id)
		return id, err
	}
	res, err := r.stmts[name].Exec(cols...)
	if err != nil {
		return 0, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return 0, cmp.Or(err, sql.ErrNoRows)
	}
	return res.LastInsertId()
}

// putFresh inserts a record into a source that had none when the run
// began: nothing to look up, and the unique key tells a record given twice.
func (r *ImportRun) putFresh(p *problems.Problem, st *ImportStats) (PutResult, error) {
	cols := r.columns(p, contentHash(p))
	res := PutResult{Action: ActionNew}
	var err error
	res.ID, err = r.insert("insertNew", cols)
	if errors.Is(err, sql.ErrNoRows) {
		var first string
		if err := r.stmts["firstStored"].QueryRow(p.Source, p.Number, p.Label).Scan(&first); err != nil {
			return PutResult{}, err
		}
		r.warnDuplicate(p, first)
		return PutResult{Action: ActionDuplicate}, nil
	}
	if err != nil {
		return res, err
	}
	st.New++
	if err := r.children(res.ID, p); err != nil {
		return res, err
	}
	return res, r.carried(res.ID, p, true)
}

// duplicate reports whether the run has already put a record with p's
// source, number and label; the second is not stored, and a warning of its
// source says so.
func (r *ImportRun) duplicate(p *problems.Problem) (bool, error) {
	res, err := r.stmts["seen"].Exec(p.Source, p.Number, p.Label, p.Location)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n > 0 {
		return false, err
	}
	var first string
	if err := r.stmts["firstSeen"].QueryRow(p.Source, p.Number, p.Label).Scan(&first); err != nil {
		return false, err
	}
	r.warnDuplicate(p, first)
	return true, nil
}

// warnDuplicate notes, for its source's warnings, that p was given after
// a record with the same number and label (at first).
func (r *ImportRun) warnDuplicate(p *problems.Problem, first string) {
	file, line := p.Place()
	r.dups[p.Source] = append(r.dups[p.Source], problems.Warning{File: file, Line: line,
		Text:     fmt.Sprintf("record %s:%d %q given twice (first at %s); this one is ignored", p.Source, p.Number, p.Label, first),
		Expected: "one record per number and label"})
}

// carriedSource creates the source of a record that comes with its
// source's description (an export of another database) when this
// database does not have it; a source it has is left as it is.
func (r *ImportRun) carriedSource(p *problems.Problem) error {
	if r.sources[p.Source] {
		return nil
	}
	exists, err := r.SourceExists(p.Source)
	if err != nil || exists {
		r.sources[p.Source] = exists
		return err
	}
	src := problems.Source{Key: p.Source, Title: p.Source}
	var cs *problems.CarriedSource
	if p.Carried != nil && p.Carried.Source != nil && p.Carried.Source.Key == p.Source {
		cs = p.Carried.Source
		src = cs.Source
	}
	if cs == nil {
		return r.ensureSource(src)
	}
	if err := r.writeSource(src, cs.Warnings); err != nil {
		return err
	}
	if len(cs.Texts) > 0 {
		return replaceTexts(r.tx, src.Key, cs.Texts)
	}
	return nil
}

// carried adds what an export carries to record id: the readers' tags
// and the detected themes, notes, verdicts and metz's own warnings that
// the record does not have (each compared with what it has, so that
// importing the same export twice adds nothing), and, to a new record, the
// time its position last changed. A verdict keeps the version key it was
// given for: one for an earlier version of the record stays the earlier
// version's.
func (r *ImportRun) carried(id int64, p *problems.Problem, isNew bool) error {
	c := p.Carried
	if c.Empty() {
		return nil
	}
	if isNew && c.ChangedAt != "" {
		if _, err := r.stmts["changedAt"].Exec(c.ChangedAt, id); err != nil {
			return err
		}
	}
	for _, t := range c.Themes {
		if t.Origin != problems.OriginUser && t.Origin != problems.OriginDetected {
			continue // a book theme is the record's own (p.Themes)
		}
		if err := r.theme(id, t.Theme, t.CreatedAt); err != nil {
			return err
		}
	}
	for _, n := range c.Notes {
		if _, err := r.stmts["note"].Exec(id, n.Text, n.CreatedAt, id, n.Text, n.CreatedAt); err != nil {
			return err
		}
	}
	for _, v := range c.Verdicts {
		var ev any
		if len(v.Evidence) > 0 {
			ev = string(v.Evidence)
		}
		if _, err := r.stmts["verdict"].Exec(id, v.Verdict, v.Dual, ev, v.Rules, v.SolverVersion, v.Budget,
			v.ProofNodes, v.Seconds, v.CreatedAt, v.VerifyKey, id, v.CreatedAt, v.Verdict, v.VerifyKey); err != nil {
			return fmt.Errorf("verdict of %s: %w", v.CreatedAt, err)
		}
	}
	for _, w := range c.Warnings {
		if !strings.HasPrefix(w.Text, notVerifiedText) {
			continue // the only warning metz adds that no import makes again
		}
		if _, err := r.stmts["metzWarning"].Exec(p.Source, id, w.File, w.Line, w.Text, w.Expected, w.Ply, id, w.Text, id); err != nil {
			return err
		}
	}
	return nil
}

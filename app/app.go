package app

import (
	"errors"
	"sync"

	"metz/db"
	"metz/export"
	"metz/problems"
	"metz/problems/catalog"
)

// Config says what an App opens: what a front end (metz verify, metz
// serve) was told on its command line.
type Config struct {
	// DB is the database, which must exist (metz import makes it): an
	// SQLite file, or a postgres:// URL (docs/database.md); "" opens
	// none, for work on positions alone (verify --fen).
	DB string
	// Create makes the database when DB names none yet (metz import's
	// first run); without it a missing database is an error.
	Create bool
	// Tables is the endgame table setting, as --tables gives it
	// (OpenTables): "auto" the default directory ($METZ_TABLES, else the
	// user cache), a directory, "none" no tables at all, or "" tables
	// built in memory and saved nowhere.
	Tables string
	// TablesMemory bounds the memory of the tables built for one probe
	// under rules other than the international ones (0: the default).
	TablesMemory int64
}

// App is what metz works on: one database and one set of endgame tables,
// opened once by the program that runs (a command or the server) and
// used by every use case, so that each door asks the same question of the
// same data. Its writes are one at a time.
type App struct {
	db *db.DB
	// tables is the program's one handle on the endgame tables, every
	// use case's (nil: none at all).
	tables *Tables
	// writeMu makes the writes one at a time (verdicts, notes, tags,
	// drafts): SQLite's WAL has one writer, and a write waiting on
	// another here is clearer than a busy error.
	writeMu sync.Mutex
}

// Open opens what cfg names.
func Open(cfg Config) (*App, error) {
	tb, err := OpenTables(cfg.Tables, cfg.TablesMemory)
	if err != nil {
		return nil, err
	}
	a := &App{tables: tb}
	open := db.OpenExisting
	if cfg.Create {
		open = db.Open
	}
	if cfg.DB != "" {
		if a.db, err = open(cfg.DB); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// New is an App over a database opened already (nil: none) and the
// tables tb (OpenTables; nil: none at all); for tests and tools that open
// their database themselves.
func New(d *db.DB, tb *Tables) *App { return &App{db: d, tables: tb} }

// Tables is the App's handle on the endgame tables (nil: none), for the
// table use cases (BuildTables, Probe, ListTables …) of a front end that
// holds an App.
func (a *App) Tables() *Tables { return a.tables }

// Close closes the database.
func (a *App) Close() error {
	if a.db == nil {
		return nil
	}
	return a.db.Close()
}

// ErrNoDatabase is the error of a use case that needs the database, asked
// of an App opened without one.
var ErrNoDatabase = errors.New("no database open")

// database is the App's database, or ErrNoDatabase.
func (a *App) database() (*db.DB, error) {
	if a.db == nil {
		return nil, ErrNoDatabase
	}
	return a.db, nil
}

// DBPath is the database's file, or its URL without the password (""
// without one).
func (a *App) DBPath() string {
	if a.db == nil {
		return ""
	}
	return a.db.Path()
}

// SavedPieces tells, by rule system, the most pieces of the endings the
// App's tables hold whole (see SavedPieces): the hints after unproven
// verdicts suggest building more.
func (a *App) SavedPieces() func(rules string) int { return SavedPieces(a.tables) }

// write runs f as the App's one writer.
func (a *App) write(f func(d *db.DB) error) error {
	d, err := a.database()
	if err != nil {
		return err
	}
	a.writeMu.Lock()
	defer a.writeMu.Unlock()
	return f(d)
}

// The database's types and errors, as the front ends meet them.
type (
	// Note is a user's dated note on a problem.
	Note = db.Note
	// ImportStats counts what an import did.
	ImportStats = db.ImportStats
)

var (
	// ErrNotFound: no such problem, note or source.
	ErrNotFound = db.ErrNotFound
	// ErrReadOnly: the database cannot be written.
	ErrReadOnly = db.ErrReadOnly
)

// Select resolves a selection (see Select).
func (a *App) Select(s Selection) (Selected, error) {
	d, err := a.database()
	if err != nil {
		return Selected{}, err
	}
	return Select(d, s)
}

// Resolve finds the problem a user names (see Resolve).
func (a *App) Resolve(ref string) (catalog.Summary, error) {
	d, err := a.database()
	if err != nil {
		return catalog.Summary{}, err
	}
	return Resolve(d, ref)
}

// Problem reads one problem.
func (a *App) Problem(id int64) (*problems.Problem, error) {
	d, err := a.database()
	if err != nil {
		return nil, err
	}
	return d.Get(id)
}

// Record reads a problem's record (see LoadRecord).
func (a *App) Record(id int64) (Record, error) {
	d, err := a.database()
	if err != nil {
		return Record{}, err
	}
	return LoadRecord(d, id)
}

// ReferringTo lists the cross references other records make to
// source:number.
func (a *App) ReferringTo(source string, number int) ([]problems.Ref, error) {
	d, err := a.database()
	if err != nil {
		return nil, err
	}
	return d.ReferringTo(source, number)
}

// ExportItems loads the problems to export (see ExportItems).
func (a *App) ExportItems(ids []int64) ([]export.Item, []string, error) {
	d, err := a.database()
	if err != nil {
		return nil, nil, err
	}
	return ExportItems(d, ids)
}

// Similar finds the records that anticipate or repeat one (see Similar),
// as the App's one writer: a record edited since the index was brought up
// to date is indexed on the way.
func (a *App) Similar(q SimilarQuery) (res *SimilarResult, err error) {
	err = a.write(func(d *db.DB) (err error) { res, err = Similar(d, q); return })
	return res, err
}

// IndexSimilar brings the anticipation index up to date (see
// IndexSimilar), unless the database is read-only.
func (a *App) IndexSimilar(progress func(done, total int)) error {
	return a.write(func(d *db.DB) error {
		if d.ReadOnly() != "" {
			return nil
		}
		_, err := IndexSimilar(d, "", progress)
		return err
	})
}

// AddNote adds a dated note to problem id.
func (a *App) AddNote(id int64, text string) (n Note, err error) {
	err = a.write(func(d *db.DB) (err error) { n, err = d.AddNote(id, text); return })
	return n, err
}

// DeleteNote deletes note noteID of problem id; false if it has none such.
func (a *App) DeleteNote(id, noteID int64) (ok bool, err error) {
	err = a.write(func(d *db.DB) (err error) { ok, err = d.DeleteNote(id, noteID); return })
	return ok, err
}

// AddTag tags problem id with a theme of the user's; added is false when
// it had it already.
func (a *App) AddTag(id int64, name string) (theme string, added bool, err error) {
	err = a.write(func(d *db.DB) (err error) { theme, added, err = d.AddTag(id, name); return })
	return theme, added, err
}

// RemoveTag removes a user's theme from problem id.
func (a *App) RemoveTag(id int64, name string) (theme string, removed bool, err error) {
	err = a.write(func(d *db.DB) (err error) { theme, removed, err = d.RemoveTag(id, name); return })
	return theme, removed, err
}

// SaveDraft stores a problem set up in the editor (see SaveDraft).
func (a *App) SaveDraft(dr Draft) (st ImportStats, err error) {
	err = a.write(func(d *db.DB) (err error) { st, err = SaveDraft(d, dr); return })
	return st, err
}

// Package db stores metz's problems in SQLite: the sources and their records
// exactly as imported (with every warning), the themes with their origin,
// cross references, and what users and the solver add later (tags, notes,
// verdict history). Imports replace what a source says and never touch what a
// user or the solver added.
package db

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"

	_ "github.com/mattn/go-sqlite3" // the SQLite driver ("sqlite3")
)

// DB is an open metz database.
type DB struct {
	sql  *sql.DB
	path string
}

// ErrNotFound is returned (wrapped) when a problem id or reference is unknown.
var ErrNotFound = errors.New("not found")

// Open opens or creates the database at path and migrates it to the latest
// schema. WAL lets readers work while an import runs; foreign keys keep
// themes, notes and verdicts tied to existing problems.
func Open(path string) (*DB, error) {
	if path == "" {
		return nil, errors.New("empty database path")
	}
	h, err := sql.Open("sqlite3", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	d := &DB{sql: h, path: path}
	if err := h.Ping(); err != nil {
		h.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := d.migrate(len(migrations)); err != nil {
		h.Close()
		return nil, fmt.Errorf("migrate %s: %w", path, err)
	}
	return d, nil
}

// OpenExisting opens a database that must already exist, so that read-only
// commands do not silently create an empty one.
func OpenExisting(path string) (*DB, error) {
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("no database at %s: run metz import first", path)
		}
		return nil, err
	}
	return Open(path)
}

// dsn builds the go-sqlite3 connection string. Each pooled connection gets
// the same pragmas because they are in the DSN, not run once.
func dsn(path string) string {
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	return "file:" + esc + "?_journal_mode=WAL&_foreign_keys=on&_busy_timeout=10000&_txlock=immediate&_synchronous=NORMAL"
}

// Path returns the file the database was opened from.
func (d *DB) Path() string { return d.path }

// Close closes the database.
func (d *DB) Close() error { return d.sql.Close() }

// SQL exposes the handle for tests and tools that need raw queries.
func (d *DB) SQL() *sql.DB { return d.sql }

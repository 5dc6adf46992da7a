// Package db stores metz's problems in SQLite (a file, the default) or
// PostgreSQL (a postgres:// URL; postgres.go says what differs): the sources and their records
// exactly as imported (with every warning), the themes with their origin,
// cross references, and what users and the solver add later (tags, notes,
// verdict history). Imports replace what a source says and never touch what a
// user or the solver added.
package db

import (
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/sys/unix"

	_ "github.com/mattn/go-sqlite3" // the SQLite driver ("sqlite3")
)

// DB is an open metz database.
type DB struct {
	sql  *sql.DB
	path string
	// readOnly says why the database was opened read-only ("" when it is
	// writable): browsing works, every write returns ErrReadOnly.
	readOnly string
	stmts    sync.Map // query text → its *sql.Stmt (stmt.go)
	// pg: the database is PostgreSQL (postgres.go), else SQLite.
	pg bool
	// dsn is a PostgreSQL database's URL as given, password included.
	dsn string
}

// ErrReadOnly is returned (wrapped, with the reason) by every write to a
// database opened read-only.
var ErrReadOnly = errors.New("the database is read-only")

// ErrNotFound is returned (wrapped) when a problem id or reference is unknown.
var ErrNotFound = errors.New("not found")

// Open opens or creates the database at path and migrates it to the latest
// schema: an SQLite file, or a PostgreSQL database when path is a
// postgres:// URL (IsPostgres). WAL lets readers work while an import runs; foreign keys keep
// themes, notes and verdicts tied to existing problems. A database whose
// file or directory cannot be written is opened read-only (see ReadOnly);
// an SQLite file that is not a metz database is refused and left as it is.
func Open(path string) (*DB, error) {
	if path == "" {
		return nil, errors.New("empty database path")
	}
	if IsPostgres(path) {
		return openPostgres(path, false)
	}
	d := &DB{path: path, readOnly: readOnlyReason(path)}
	if err := checkMetz(path); err != nil {
		return nil, err
	}
	conn := dsn(path)
	if d.readOnly != "" {
		conn = dsnReadOnly(path)
	}
	h, err := sql.Open("sqlite3", conn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	d.sql = h
	if err := h.Ping(); err != nil {
		h.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if d.readOnly != "" {
		if v, err := d.Version(); err != nil || v != len(migrations) {
			h.Close()
			return nil, fmt.Errorf("open %s: %s, and its schema (version %d) needs upgrading to version %d first: %v", path, d.readOnly, v, len(migrations), err)
		}
		return d, nil
	}
	if err := d.migrate(len(migrations)); err != nil {
		h.Close()
		return nil, fmt.Errorf("migrate %s: %w", path, err)
	}
	return d, nil
}

// readOnlyReason says why the existing database at path cannot be written
// (its file, or the directory that must hold its journal), "" if it can
// or does not exist yet.
func readOnlyReason(path string) string {
	if _, err := os.Stat(path); err != nil {
		return ""
	}
	if !canWrite(path) {
		return "its file is read-only"
	}
	if !canWrite(filepath.Dir(path)) {
		return "its directory is read-only"
	}
	return ""
}

// canWrite asks the system whether this process may write path (a test
// stands in for it where the tests run as root, who may write anything).
var canWrite = func(path string) bool { return unix.Access(path, unix.W_OK) == nil }

// checkMetz refuses an existing SQLite file that holds tables but not
// metz's schema history: another program's database, which migrating (or
// merely switching it to WAL) would alter. It reads the file read-only. A
// file that is not SQLite at all fails here too, with its name.
func checkMetz(path string) error {
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
		return nil // created (or filled) by Open
	}
	if why := cutShort(path); why != "" {
		return fmt.Errorf("open %s: %s", path, why)
	}
	h, err := sql.Open("sqlite3", dsnReadOnly(path))
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer h.Close()
	var tables, ours int
	err = h.QueryRow(`SELECT count(*), count(*) FILTER (WHERE name = 'schema_migrations')
		FROM sqlite_master WHERE type = 'table'`).Scan(&tables, &ours)
	if err != nil {
		return fmt.Errorf("open %s: %s (%w)", path, unreadable(path), err)
	}
	if tables > 0 && ours == 0 {
		return fmt.Errorf("open %s: an SQLite database of another program (%d tables, none of metz's): refused, left untouched (give metz its own file with --db)", path, tables)
	}
	return nil
}

// unreadable says why SQLite cannot read the file at path: it is not an
// SQLite file at all, or one cut short, or one damaged otherwise. Each is
// left as it is.
func unreadable(path string) string {
	if why := cutShort(path); why != "" {
		return why
	}
	return "a damaged SQLite database (restore it from a copy; metz leaves it as it is)"
}

// cutShort says, when the SQLite file at path holds fewer pages than its
// header counts (a copy interrupted, a full disk), or is no SQLite file,
// what it is; "" when its header and size agree.
func cutShort(path string) string {
	head := make([]byte, 100)
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return ""
	}
	if n, _ := io.ReadFull(f, head); n < len(head) || string(head[:16]) != "SQLite format 3\x00" {
		return "not an SQLite file, so not a metz database (give metz its own file with --db)"
	}
	pageSize := int64(binary.BigEndian.Uint16(head[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	pages := int64(binary.BigEndian.Uint32(head[28:32]))
	// The page count is valid when the change counter matches the one
	// written with it.
	valid := binary.BigEndian.Uint32(head[24:28]) == binary.BigEndian.Uint32(head[92:96])
	if want := pages * pageSize; valid && want > fi.Size() {
		return fmt.Sprintf("a damaged database: it is cut short, %d bytes where its header counts %d (restore it from a copy; metz leaves it as it is)", fi.Size(), want)
	}
	return ""
}

// ReadOnly says why the database was opened read-only, "" if writable.
func (d *DB) ReadOnly() string { return d.readOnly }

// writable returns ErrReadOnly with the reason when writes cannot happen.
func (d *DB) writable() error {
	if d.readOnly == "" {
		return nil
	}
	return fmt.Errorf("%s: %w (%s); browsing works, writing needs a writable copy", d.path, ErrReadOnly, d.readOnly)
}

// OpenExisting opens a database that must already exist, so that read-only
// commands do not silently create an empty one (a PostgreSQL database
// must hold metz's schema).
func OpenExisting(path string) (*DB, error) {
	if IsPostgres(path) {
		return openPostgres(path, true)
	}
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
	return "file:" + uriPath(path) + "?_journal_mode=WAL&_foreign_keys=on&_busy_timeout=10000&_txlock=immediate&_synchronous=NORMAL"
}

// dsnReadOnly opens without writing anything: immutable, since neither
// the file nor the WAL beside it can be written (no one else can change it
// through this directory either).
func dsnReadOnly(path string) string {
	return "file:" + uriPath(path) + "?mode=ro&immutable=1&_foreign_keys=on&_busy_timeout=10000"
}

// uriPath escapes what an SQLite URI would read as its query or fragment.
func uriPath(path string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
}

// Path returns the file the database was opened from (a PostgreSQL
// database's URL without its password).
func (d *DB) Path() string { return d.path }

// DSN is what reaches the database again from another connection pool
// (the job queue's): a PostgreSQL URL as given, password included, or the
// SQLite file. It is never to be printed (Path is).
func (d *DB) DSN() string {
	if d.pg {
		return d.dsn
	}
	return d.path
}

// Close closes the database.
func (d *DB) Close() error {
	d.closeStmts()
	return d.sql.Close()
}

// SQL exposes the handle for tests and tools that need raw queries.
func (d *DB) SQL() *sql.DB { return d.sql }

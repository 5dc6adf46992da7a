package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// metz runs on SQLite (a file, the default) or on PostgreSQL (a
// postgres:// URL), with one schema, one set of migrations and one set of
// queries, written in the SQL both share. What differs is said here, and
// only here:
//
//   - placeholders: `?` in the queries, renumbered $1, $2, ... for
//     PostgreSQL by its connections (pgdriver.go);
//   - types: the schema's INTEGER is SQLite's 64-bit integer, BIGINT in
//     PostgreSQL; REAL is SQLite's 8-byte float, DOUBLE PRECISION there;
//     an `id INTEGER PRIMARY KEY` (SQLite's row id) is an identity column
//     (pgDDL);
//   - case: SQLite's NOCASE collation is, in PostgreSQL, a collation of
//     the same name made by the first migration (case-insensitive ICU,
//     which folds the case of every letter, not ASCII's alone); LIKE,
//     case-insensitive for ASCII in SQLite, is ILIKE there (likeOp);
//   - the list of a problem's theme names: group_concat in SQLite,
//     string_agg in PostgreSQL (themeListSQL);
//   - the write lock: SQLite has one writer (WAL, transactions begun
//     IMMEDIATE); PostgreSQL many, so that the schema is migrated by one
//     process at a time (an advisory lock) and imports of one source
//     follow each other (importLock);
//   - a database of another program: SQLite's tables are read from
//     sqlite_master, PostgreSQL's from information_schema;
//   - read-only: a file the process cannot write, or a server that takes
//     no writes (a standby, default_transaction_read_only).

// IsPostgres reports whether a --db value names a PostgreSQL database (a
// postgres:// or postgresql:// URL) rather than an SQLite file.
func IsPostgres(dsn string) bool {
	l := strings.ToLower(dsn)
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// Engine names the database the DB runs on: "sqlite" or "postgres".
func (d *DB) Engine() string {
	if d.pg {
		return "postgres"
	}
	return "sqlite"
}

// openPostgres connects to the PostgreSQL database at dsn. With
// mustExist, a database without metz's schema is refused (read-only
// commands do not create one); else it is migrated to the latest schema.
func openPostgres(dsn string, mustExist bool) (*DB, error) {
	shown := redact(dsn)
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", shown, err)
	}
	// metz's queries are short; the correlated subqueries of a verdict
	// make the planner's estimates large enough for JIT compilation,
	// which took 380 ms of a 530 ms search (EXPLAIN ANALYZE). Off, unless
	// the URL says otherwise (?jit=on).
	if _, set := cfg.RuntimeParams["jit"]; !set {
		cfg.RuntimeParams["jit"] = "off"
	}
	h := sql.OpenDB(pgConnector{stdlib.GetConnector(*cfg)})
	// A server takes a hundred connections by default, shared by every
	// worker and server of the archive: a busy workbench waits for one of
	// its own few rather than take them all.
	h.SetMaxOpenConns(maxConns)
	d := &DB{sql: h, path: shown, pg: true, dsn: dsn}
	fail := func(err error) (*DB, error) {
		h.Close()
		return nil, fmt.Errorf("open %s: %w", shown, err)
	}
	if err := h.Ping(); err != nil {
		return fail(err)
	}
	tables, ours, err := d.pgTables()
	if err != nil {
		return fail(err)
	}
	if tables > 0 && !ours {
		return fail(fmt.Errorf("a database of another program (%d tables, none of metz's): refused, left untouched (give metz its own database)", tables))
	}
	if mustExist && !ours {
		return fail(errors.New("no metz database there yet: run metz import first"))
	}
	var ro string
	if err := h.QueryRow(`SELECT current_setting('transaction_read_only')`).Scan(&ro); err != nil {
		return fail(err)
	}
	if ro == "on" {
		d.readOnly = "the server takes no writes (a standby, or default_transaction_read_only)"
		if v, err := d.Version(); err != nil || v != len(migrations) {
			return fail(fmt.Errorf("%s, and its schema (version %d) needs upgrading to version %d first: %v", d.readOnly, v, len(migrations), err))
		}
		return d, nil
	}
	if err := d.migrate(len(migrations)); err != nil {
		h.Close()
		return nil, fmt.Errorf("migrate %s: %w", shown, err)
	}
	return d, nil
}

// maxConns bounds one process's connections to a PostgreSQL server.
const maxConns = 8

// pgTables counts the tables of the connection's schema and says whether
// metz's schema history is among them.
func (d *DB) pgTables() (tables int, ours bool, err error) {
	err = d.sql.QueryRow(`SELECT count(*), count(*) FILTER (WHERE table_name = 'schema_migrations') > 0
		FROM information_schema.tables WHERE table_schema = current_schema()`).Scan(&tables, &ours)
	return
}

// redact is dsn without its password, for messages and Path.
func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "a PostgreSQL URL that does not parse"
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// migrationLock is the advisory lock that makes one process at a time
// migrate a PostgreSQL database (an arbitrary number, metz's own).
const migrationLock = 0x6d65747a // "metz"

// lockMigrations holds PostgreSQL's migration lock until the returned
// function is called; SQLite needs none (its transactions begin
// IMMEDIATE: one writer).
func (d *DB) lockMigrations() (unlock func(), err error) {
	if !d.pg {
		return func() {}, nil
	}
	ctx := context.Background()
	conn, err := d.sql.Conn(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(?)`, migrationLock); err != nil {
		conn.Close()
		return nil, err
	}
	return func() {
		conn.ExecContext(ctx, `SELECT pg_advisory_unlock(?)`, migrationLock)
		conn.Close()
	}, nil
}

// importLock makes imports of one source into a PostgreSQL database
// follow each other, as SQLite's one writer does: two at once would both
// insert the records the other has not committed yet.
func importLock(tx *sql.Tx, pg bool, source string) error {
	if !pg {
		return nil
	}
	_, err := tx.Exec(`SELECT pg_advisory_xact_lock(?, hashtext(?))`, migrationLock, source)
	return err
}

// pgCollation is made before PostgreSQL's first migration: the schema's
// COLLATE NOCASE names it there.
const pgCollation = `CREATE COLLATION IF NOT EXISTS nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false)`

var (
	pgRowID   = regexp.MustCompile(`\bid(\s+)INTEGER PRIMARY KEY\b`)
	pgInteger = regexp.MustCompile(`\bINTEGER\b`)
	pgReal    = regexp.MustCompile(`\bREAL\b`)
)

// ddl is a schema statement as the engine needs it.
func ddl(pg bool, stmt string) string {
	if pg {
		return pgDDL(stmt)
	}
	return stmt
}

// pgDDL is a schema statement as PostgreSQL needs it (see the top of the
// file); SQLite takes it as written.
func pgDDL(stmt string) string {
	stmt = pgRowID.ReplaceAllString(stmt, `id${1}BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY`)
	stmt = pgInteger.ReplaceAllString(stmt, `BIGINT`)
	return pgReal.ReplaceAllString(stmt, `DOUBLE PRECISION`)
}

// likeOp is the operator matching a LIKE pattern without regard to case.
func likeOp(pg bool) string {
	if pg {
		return "ILIKE"
	}
	return "LIKE"
}

// searchPage is the FROM clause of a search's page, which ends with its
// LIMIT and OFFSET parameters. PostgreSQL computes a result's columns (a
// verdict, the themes) for every row an offset skips, unless the page is
// chosen first (a page at offset 5,000 of 10,000 problems: 350 ms, and
// 41 ms chosen first); SQLite skips them anyway, and the query chosen
// first cost it 4.7 % more instructions (callgrind of BenchmarkSearch10k).
func searchPage(pg bool, where string) string {
	const order = ` ORDER BY p.source, p.number, p.label, p.id`
	if pg {
		return `(SELECT p.id, p.source, p.number, p.label, p.title, p.author, p.class, p.rules, p.fen, p.side_to_move,
			p.verify_key FROM problems p WHERE ` + where + order + ` LIMIT ? OFFSET ?) p` + order
	}
	return `problems p WHERE ` + where + order + ` LIMIT ? OFFSET ?`
}

// themeListSQL is the comma-separated sorted distinct theme names of
// problem p.
func themeListSQL(pg bool) string {
	if pg {
		return `coalesce((SELECT string_agg(DISTINCT t.name, ',' ORDER BY t.name) FROM themes t WHERE t.problem_id = p.id), '')`
	}
	return `coalesce((SELECT group_concat(name, ',') FROM (SELECT DISTINCT t.name FROM themes t
			WHERE t.problem_id = p.id ORDER BY t.name)), '')`
}

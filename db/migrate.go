package db

import (
	"database/sql"
	"fmt"
	"time"
)

// migration is one schema step. Steps are append-only: a released step is
// never edited, so every database upgrades through the same sequence.
type migration struct {
	name string
	up   func(tx *sql.Tx, pg bool) error
}

// migrations[i] brings the schema to version i+1.
var migrations = []migration{
	{"core tables: sources, problems, themes, refs, warnings, notes", migrateV1},
	{"material and occupancy columns, verdict history, search indexes", migrateV2},
	{"source texts (the rules printed in a source)", execAll([]string{`CREATE TABLE source_texts (
		source TEXT NOT NULL REFERENCES sources(key) ON DELETE CASCADE,
		kind   TEXT NOT NULL,
		number INTEGER NOT NULL,
		text   TEXT NOT NULL,
		line   INTEGER NOT NULL DEFAULT 0,
		PRIMARY KEY (source, kind, number))`})},
	{"author and date of a problem", execAll([]string{
		`ALTER TABLE problems ADD COLUMN author TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE problems ADD COLUMN date TEXT NOT NULL DEFAULT ''`,
		`CREATE INDEX problems_author ON problems(author COLLATE NOCASE)`})},
	{"verification keys: a verdict belongs to the version of the record it was given for", migrateVerifyKeys},
	// Every search asks for records with a diagram and counts those
	// without: on 100,000 problems, reading each row for its FEN made a
	// page of results cost 50 ms and more (metz serve's goal), where these
	// partial indexes answer from the index alone.
	{"search indexes for records with and without a diagram", execAll([]string{
		`CREATE INDEX problems_with_fen ON problems(source, number, label) WHERE fen IS NOT NULL`,
		`CREATE INDEX problems_without_fen ON problems(source, number, label) WHERE fen IS NULL`})},
	// Filled by package app (metz import, verify and similar), which
	// computes the keys: the migration only makes the room.
	{"anticipation index: each problem's similarity keys", execAll(similarSchema)},
	{"the claims a source makes and their check (the counts of chances of Guiton's treatise)", execAll([]string{
		`CREATE TABLE book_claims (
		source    TEXT NOT NULL REFERENCES sources(key) ON DELETE CASCADE,
		number    INTEGER NOT NULL,
		chapter   TEXT NOT NULL DEFAULT '',
		line      INTEGER NOT NULL DEFAULT 0,
		kind      TEXT NOT NULL DEFAULT '',
		subject   TEXT NOT NULL DEFAULT '',
		wording   TEXT NOT NULL DEFAULT '',
		text      TEXT NOT NULL DEFAULT '',
		situation TEXT NOT NULL DEFAULT '',
		stated    INTEGER,
		computed  INTEGER,
		verdict   TEXT NOT NULL CHECK (verdict IN ('agree', 'disagree', 'unread')),
		voice     TEXT NOT NULL DEFAULT '',
		detail    TEXT NOT NULL DEFAULT '',
		throws    TEXT NOT NULL DEFAULT '',
		PRIMARY KEY (source, number))`})},
	// A verification task may be run twice (a retried job): the run that
	// stored a verdict is kept so that it stores once. NULLs are distinct:
	// verdicts stored outside a named run never conflict. The proofs get an
	// index of their own, so that finding a problem's newest proof
	// (current.go) reads one row, not every unproven run after it.
	{"the run that stored a verdict, stored once; an index of the proofs", execAll([]string{
		`ALTER TABLE verdicts ADD COLUMN run TEXT`,
		`CREATE UNIQUE INDEX verdicts_run ON verdicts(problem_id, run)`,
		`CREATE INDEX verdicts_proven ON verdicts(problem_id, id) WHERE ` + provenSQL})},
	// A record's PDN result and the PDN tags metz has no column for, so
	// that an export gives back what the file said.
	{"a problem's PDN result and other PDN tags", execAll([]string{
		`ALTER TABLE problems ADD COLUMN result TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE problems ADD COLUMN tags_json TEXT`})},
}

// SchemaVersion is the version Open migrates to.
func SchemaVersion() int { return len(migrations) }

// execAll runs schema statements, as PostgreSQL needs them on pg
// (pgDDL).
func execAll(stmts []string) func(tx *sql.Tx, pg bool) error {
	return func(tx *sql.Tx, pg bool) error {
		for _, s := range stmts {
			if _, err := tx.Exec(ddl(pg, s)); err != nil {
				return fmt.Errorf("%w in %.60s", err, s)
			}
		}
		return nil
	}
}

// migrate applies the missing steps up to version target, each in its own
// transaction so a failure leaves the last complete version in place.
func (d *DB) migrate(target int) error {
	unlock, err := d.lockMigrations()
	if err != nil {
		return err
	}
	defer unlock()
	if _, err := d.sql.Exec(ddl(d.pg, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`)); err != nil {
		return err
	}
	cur, err := d.Version()
	if err != nil {
		return err
	}
	if cur > len(migrations) {
		return fmt.Errorf("database schema version %d is newer than this metz (knows %d)", cur, len(migrations))
	}
	for v := cur + 1; v <= target; v++ {
		if err := d.applyMigration(v); err != nil {
			return fmt.Errorf("migration %d (%s): %w", v, migrations[v-1].name, err)
		}
	}
	return nil
}

func (d *DB) applyMigration(v int) error {
	tx, err := d.sql.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := migrations[v-1].up(tx, d.pg); err != nil {
		return err
	}
	if _, err := tx.Exec(`INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)`,
		v, migrations[v-1].name, now()); err != nil {
		return err
	}
	return tx.Commit()
}

// Version returns the schema version of the database.
func (d *DB) Version() (int, error) {
	var v sql.NullInt64
	err := d.sql.QueryRow(`SELECT max(version) FROM schema_migrations`).Scan(&v)
	return int(v.Int64), err
}

func now() string { return time.Now().UTC().Format(time.RFC3339Nano) }

// migrateV1 makes the core tables; on PostgreSQL, the collation the
// schema's COLLATE NOCASE names first (postgres.go).
func migrateV1(tx *sql.Tx, pg bool) error {
	if pg {
		if _, err := tx.Exec(pgCollation); err != nil {
			return err
		}
	}
	return execAll(schemaV1)(tx, pg)
}

var schemaV1 = []string{
	`CREATE TABLE sources (
		key         TEXT PRIMARY KEY,
		title       TEXT NOT NULL DEFAULT '',
		author      TEXT NOT NULL DEFAULT '',
		year        INTEGER NOT NULL DEFAULT 0,
		edition     TEXT NOT NULL DEFAULT '',
		file        TEXT NOT NULL DEFAULT '',
		checksum    TEXT NOT NULL DEFAULT '',
		meta_hash   TEXT NOT NULL DEFAULT '',
		imported_at TEXT NOT NULL)`,
	`CREATE TABLE problems (
		id             INTEGER PRIMARY KEY,
		source         TEXT NOT NULL REFERENCES sources(key),
		number         INTEGER NOT NULL,
		label          TEXT NOT NULL DEFAULT '',
		class          TEXT NOT NULL DEFAULT '',
		title          TEXT NOT NULL DEFAULT '',
		rules          TEXT NOT NULL,
		side_to_move   TEXT CHECK (side_to_move IN ('white', 'black')),
		fen            TEXT,
		stipulation    TEXT NOT NULL DEFAULT '',
		solution_text  TEXT NOT NULL DEFAULT '',
		solution_json  TEXT,
		witnesses_json TEXT,
		commentary     TEXT NOT NULL DEFAULT '',
		location       TEXT NOT NULL DEFAULT '',
		content_hash   TEXT NOT NULL,
		UNIQUE (source, number, label))`,
	`CREATE TABLE themes (
		id         INTEGER PRIMARY KEY,
		problem_id INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
		name       TEXT NOT NULL COLLATE NOCASE,
		label      TEXT NOT NULL DEFAULT '',
		origin     TEXT NOT NULL CHECK (origin IN ('book', 'user', 'detected')),
		ply        INTEGER NOT NULL DEFAULT 0,
		squares    TEXT NOT NULL DEFAULT '',
		note       TEXT NOT NULL DEFAULT '')`,
	`CREATE TABLE refs (
		id         INTEGER PRIMARY KEY,
		problem_id INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
		source     TEXT NOT NULL,
		number     INTEGER NOT NULL,
		kind       TEXT NOT NULL DEFAULT '',
		note       TEXT NOT NULL DEFAULT '')`,
	`CREATE TABLE import_warnings (
		id         INTEGER PRIMARY KEY,
		source     TEXT NOT NULL REFERENCES sources(key) ON DELETE CASCADE,
		problem_id INTEGER REFERENCES problems(id) ON DELETE CASCADE,
		file       TEXT NOT NULL DEFAULT '',
		line       INTEGER NOT NULL DEFAULT 0,
		text       TEXT NOT NULL DEFAULT '',
		expected   TEXT NOT NULL DEFAULT '',
		ply        INTEGER NOT NULL DEFAULT 0)`,
	`CREATE TABLE notes (
		id         INTEGER PRIMARY KEY,
		problem_id INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
		text       TEXT NOT NULL,
		created_at TEXT NOT NULL)`,
}

var schemaV2 = []string{
	`ALTER TABLE problems ADD COLUMN white_men INTEGER`,
	`ALTER TABLE problems ADD COLUMN white_kings INTEGER`,
	`ALTER TABLE problems ADD COLUMN black_men INTEGER`,
	`ALTER TABLE problems ADD COLUMN black_kings INTEGER`,
	// One character per square (. w W b B), so a pattern is a substr() test.
	`ALTER TABLE problems ADD COLUMN occupancy TEXT`,
	`CREATE TABLE verdicts (
		id             INTEGER PRIMARY KEY,
		problem_id     INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
		verdict        TEXT NOT NULL,
		dual           INTEGER NOT NULL DEFAULT 0,
		evidence       TEXT,
		rules          TEXT NOT NULL DEFAULT '',
		solver_version TEXT NOT NULL DEFAULT '',
		budget         INTEGER NOT NULL DEFAULT 0,
		proof_nodes    INTEGER NOT NULL DEFAULT 0,
		seconds        REAL NOT NULL DEFAULT 0,
		created_at     TEXT NOT NULL)`,
	`CREATE INDEX problems_number ON problems(number)`,
	`CREATE INDEX problems_rules ON problems(rules)`,
	`CREATE INDEX problems_class ON problems(class COLLATE NOCASE)`,
	`CREATE INDEX themes_problem ON themes(problem_id)`,
	`CREATE INDEX themes_name ON themes(name, origin, problem_id)`,
	`CREATE INDEX refs_problem ON refs(problem_id)`,
	`CREATE INDEX warnings_source ON import_warnings(source)`,
	`CREATE INDEX warnings_problem ON import_warnings(problem_id)`,
	`CREATE INDEX notes_problem ON notes(problem_id)`,
	`CREATE INDEX verdicts_problem ON verdicts(problem_id, id)`,
}

// migrateV2 adds the derived search columns and fills them for the records
// a v1 database already holds.
func migrateV2(tx *sql.Tx, pg bool) error {
	if err := execAll(schemaV2)(tx, pg); err != nil {
		return err
	}
	rows, err := tx.Query(`SELECT id, rules, fen FROM problems WHERE fen IS NOT NULL`)
	if err != nil {
		return err
	}
	type rec struct {
		id         int64
		rules, fen string
	}
	var recs []rec
	for rows.Next() {
		var r rec
		if err := rows.Scan(&r.id, &r.rules, &r.fen); err != nil {
			rows.Close()
			return err
		}
		recs = append(recs, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, r := range recs {
		d, err := derivePosition(r.rules, r.fen)
		if err != nil {
			continue // a FEN that never parsed keeps NULL material, as at import
		}
		if _, err := tx.Exec(`UPDATE problems SET white_men=?, white_kings=?, black_men=?, black_kings=?, occupancy=? WHERE id=?`,
			d.whiteMen, d.whiteKings, d.blackMen, d.blackKings, d.occupancy, r.id); err != nil {
			return err
		}
	}
	return nil
}

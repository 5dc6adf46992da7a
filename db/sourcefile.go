package db

import (
	"database/sql"
	"errors"
)

// SourceFile is the file source key was last imported from, as stored
// (a path, or a base name for sources imported before paths were kept);
// found is false when no such source exists.
func (d *DB) SourceFile(key string) (file string, found bool, err error) {
	err = d.sql.QueryRow(`SELECT file FROM sources WHERE key = ?`, key).Scan(&file)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return file, err == nil, err
}

// SourceOfFile is the key of the source imported from file (a path as
// stored), "" if none.
func (d *DB) SourceOfFile(file string) (string, error) {
	var key string
	err := d.sql.QueryRow(`SELECT key FROM sources WHERE file = ? ORDER BY key LIMIT 1`, file).Scan(&key)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return key, err
}

package db

import (
	"database/sql"
	"errors"
	"fmt"

	"metz/problems"
)

// SetDetectedThemes replaces problem id's detected themes with ts in one
// transaction: a new detector run supersedes the last one, while the book's
// and the user's themes are never touched. Every theme in ts is stored with
// origin "detected" whatever its Origin says, so a caller cannot overwrite
// book or user themes through this door. An empty ts clears them.
func (d *DB) SetDetectedThemes(id int64, ts []problems.Theme) error {
	if err := d.writable(); err != nil {
		return err
	}
	for _, t := range ts {
		if err := CheckThemeName(t.Name); err != nil {
			return fmt.Errorf("problem %d: %w", id, err)
		}
	}
	tx, err := d.sql.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var one int
	err = tx.QueryRow(`SELECT 1 FROM problems WHERE id = ?`, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("no problem with id %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return err
	}
	if _, err := tx.Exec(`DELETE FROM themes WHERE problem_id = ? AND origin = 'detected'`, id); err != nil {
		return err
	}
	ins, err := tx.Prepare(`INSERT INTO themes (problem_id, name, label, origin, ply, squares, note)
		VALUES (?, ?, ?, 'detected', ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer ins.Close()
	for _, t := range ts {
		if _, err := ins.Exec(id, t.Name, t.Label, t.Ply, joinInts(t.Squares), t.Note); err != nil {
			return fmt.Errorf("problem %d theme %q: %w", id, t.Name, err)
		}
	}
	return tx.Commit()
}

// ThemesOf returns problem id's themes of one origin ("" for all), in the
// order they were stored.
func (d *DB) ThemesOf(id int64, origin string) ([]problems.Theme, error) {
	if err := d.exists(id); err != nil {
		return nil, err
	}
	all, err := d.themes(id)
	if err != nil || origin == "" {
		return all, err
	}
	var out []problems.Theme
	for _, t := range all {
		if t.Origin == origin {
			out = append(out, t)
		}
	}
	return out, nil
}

package db

import (
	"database/sql"
	"fmt"

	"metz/problems"
)

// replaceTexts stores a source's texts, replacing those it had.
func replaceTexts(tx *sql.Tx, source string, texts []problems.SourceText) error {
	if _, err := tx.Exec(`DELETE FROM source_texts WHERE source = ?`, source); err != nil {
		return err
	}
	for _, t := range texts {
		if _, err := tx.Exec(`INSERT INTO source_texts(source, kind, number, text, line) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (source, kind, number) DO UPDATE SET text = excluded.text, line = excluded.line`,
			source, t.Kind, t.Number, t.Text, t.Line); err != nil {
			return fmt.Errorf("text %s %d of %s: %w", t.Kind, t.Number, source, err)
		}
	}
	return nil
}

// Texts returns a source's texts of one kind ("rule"), in number order; an
// empty source means every source.
func (d *DB) Texts(source, kind string) ([]problems.SourceText, error) {
	rows, err := d.sql.Query(`SELECT kind, number, text, line FROM source_texts
		WHERE (? = '' OR source = ?) AND kind = ? ORDER BY source, number`, source, source, kind)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []problems.SourceText
	for rows.Next() {
		var t problems.SourceText
		if err := rows.Scan(&t.Kind, &t.Number, &t.Text, &t.Line); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

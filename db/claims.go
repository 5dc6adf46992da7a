package db

import (
	"database/sql"
	"fmt"

	"metz/problems"
)

// replaceClaims stores a source's claims, replacing those it had.
func replaceClaims(tx *sql.Tx, source string, claims []problems.BookClaim) error {
	if _, err := tx.Exec(`DELETE FROM book_claims WHERE source = ?`, source); err != nil {
		return err
	}
	for _, c := range claims {
		if _, err := tx.Exec(`INSERT INTO book_claims(source, number, chapter, line, kind, subject, wording, text,
			situation, stated, computed, verdict, voice, detail, throws) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			source, c.Number, c.Chapter, c.Line, c.Kind, c.Subject, c.Wording, c.Text, c.Situation,
			nullInt(c.Stated), nullInt(c.Computed), c.Verdict, c.Voice, c.Detail, c.Throws); err != nil {
			return fmt.Errorf("claim %d of %s (line %d): %w", c.Number, source, c.Line, err)
		}
	}
	return nil
}

func nullInt(n *int) any {
	if n == nil {
		return nil
	}
	return *n
}

// Claims returns a source's claims in their order; an empty source means
// every source's.
func (d *DB) Claims(source string) ([]problems.BookClaim, error) {
	rows, err := d.sql.Query(`SELECT number, chapter, line, kind, subject, wording, text, situation, stated, computed,
		verdict, voice, detail, throws FROM book_claims WHERE (? = '' OR source = ?) ORDER BY source, number`, source, source)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []problems.BookClaim{}
	for rows.Next() {
		var c problems.BookClaim
		var stated, computed sql.NullInt64
		if err := rows.Scan(&c.Number, &c.Chapter, &c.Line, &c.Kind, &c.Subject, &c.Wording, &c.Text, &c.Situation,
			&stated, &computed, &c.Verdict, &c.Voice, &c.Detail, &c.Throws); err != nil {
			return nil, err
		}
		c.Stated, c.Computed = intOrNil(stated), intOrNil(computed)
		out = append(out, c)
	}
	return out, rows.Err()
}

func intOrNil(n sql.NullInt64) *int {
	if !n.Valid {
		return nil
	}
	v := int(n.Int64)
	return &v
}

package db

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"metz/verdict"
)

// A problem's current verdict follows one rule, written here once and read
// by every query that presents a verdict as the problem's (search and
// --verdict, the report, stats, show, export, the workbench): among the
// verdicts given for the record as it stands (its verify_key, stale.go),
// the newest that rests on a proof; without one, the newest. A run that
// proves nothing (unproven: the budget ran out) is kept in the history
// but never takes a proof's place; a newer proof replaces an older one;
// a changed position or stated solution starts afresh.

// currentVerdictIDSQL is the id of problem p's current verdict (NULL if
// none): its newest proof, else its newest verdict, of its version as it
// stands. Each half walks the index verdicts_problem (problem_id, id) from
// the newest and stops at the first that fits: a proof costs one row, not
// the whole history.
var currentVerdictIDSQL = `coalesce(` + newestVerdictOf(`AND `+provenSQL) + `, ` + newestVerdictOf(``) + `)`

// provenSQL is true of a verdict that rests on a proof; the partial index
// verdicts_proven is made with it (migration 8), and a query that states
// it as written here reads that index.
var provenSQL = `verdict IN (` + quotedList(verdict.ProvenOnes()) + `)`

// currentVerdictSQL is the current verdict of problem p (NULL if none).
var currentVerdictSQL = `(SELECT c.verdict FROM verdicts c WHERE c.id = ` + currentVerdictIDSQL + `)`

// newestVerdictOf is the id of problem p's newest verdict v of its
// version as it stands that also meets cond (on the unqualified columns of
// v).
func newestVerdictOf(cond string) string {
	return `(SELECT id FROM verdicts WHERE problem_id = p.id AND verify_key = p.verify_key ` + cond + `
		ORDER BY id DESC LIMIT 1)`
}

// quotedList writes verdict names as an SQL list of string literals (the
// names are the package's constants: no quote in them).
func quotedList(vs []verdict.Verdict) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = "'" + string(v) + "'"
	}
	return strings.Join(q, ", ")
}

// CurrentVerdict is problem id's current verdict (see above), nil if the
// record as it stands was never verified.
func (d *DB) CurrentVerdict(id int64) (*Verdict, error) {
	vs, err := d.verdicts(0, `p.id = ? AND v.id = `+currentVerdictIDSQL, id)
	if err != nil || len(vs) == 0 {
		return nil, err
	}
	vs[0].Current = true
	return &vs[0], nil
}

// currentVerdictID is the id of problem id's current verdict, 0 if none.
func (d *DB) currentVerdictID(id int64) (int64, error) {
	q, err := d.stmt(`SELECT ` + currentVerdictIDSQL + ` FROM problems p WHERE p.id = ?`)
	if err != nil {
		return 0, err
	}
	var cur sql.NullInt64
	err = q.QueryRow(id).Scan(&cur)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("problem %d: %w", id, ErrNotFound)
	}
	return cur.Int64, err
}

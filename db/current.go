package db

import (
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

// currentOrderSQL ranks the verdicts v of one version of a record, the
// current one first.
var currentOrderSQL = `CASE WHEN v.verdict IN (` + quotedList(verdict.ProvenOnes()) + `) THEN 0 ELSE 1 END, v.id DESC`

// currentVerdictSQL is the current verdict of problem p (NULL if none);
// currentVerdictIDSQL is its id.
var (
	currentVerdictSQL   = currentOf("v.verdict")
	currentVerdictIDSQL = currentOf("v.id")
)

func currentOf(column string) string {
	return `(SELECT ` + column + ` FROM verdicts v WHERE v.problem_id = p.id AND v.verify_key = p.verify_key
		ORDER BY ` + currentOrderSQL + ` LIMIT 1)`
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
	vs, err := d.Verdicts(id)
	for i := range vs {
		if vs[i].Current {
			return &vs[i], err
		}
	}
	return nil, err
}

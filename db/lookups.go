package db

import "metz/problems"

// ThemeNamesInUse are the distinct names of the themes the database holds
// (book, detected and user), sorted: what a theme search can match,
// read from the themes index rather than from every problem.
func (d *DB) ThemeNamesInUse() ([]string, error) {
	rows, err := d.sql.Query(`SELECT DISTINCT name FROM themes ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// ReferringTo lists the records whose references name source:number
// (a transcription of a book's coup, a cross reference), each as a Ref
// to the referring record with the reference's kind and note.
func (d *DB) ReferringTo(source string, number int) ([]problems.Ref, error) {
	return d.queryRefs(`SELECT p.source, p.number, r.kind, r.note FROM refs r JOIN problems p ON p.id = r.problem_id
		WHERE r.source = ? AND r.number = ? ORDER BY p.source, p.number`, source, number)
}

// queryRefs reads references (source, number, kind, note) from a query;
// nil when there is none.
func (d *DB) queryRefs(query string, args ...any) ([]problems.Ref, error) {
	return scanRefs(d.sql, query, args...)
}

// scanRefs reads references (source, number, kind, note) from a query.
func scanRefs(q querier, query string, args ...any) ([]problems.Ref, error) {
	rows, err := q.Query(query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []problems.Ref
	for rows.Next() {
		var r problems.Ref
		if err := rows.Scan(&r.Source, &r.Number, &r.Kind, &r.Note); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

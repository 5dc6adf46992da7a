package db

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

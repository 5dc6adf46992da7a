package db

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"metz/problems"
	"metz/problems/catalog"
)

// A verdict, a detected theme or a solver cache belongs to the position and
// stated solution it was computed for. Each problem row carries a
// verification key, a hash of what verification reads (rules, FEN,
// stipulation and the moves of the stated solution); each verdict keeps
// the key of the problem when it was added. A verdict whose key is not the
// problem's current one belongs to an earlier version of the record: it
// stays in the history but no query presents it as current.

// VerifyKey is the key of the version of the record p is: a verdict
// stored with the key of the record it was computed from belongs to that
// version, whatever an import changed meanwhile.
func VerifyKey(p *problems.Problem) string { return verifyKey(p) }

// verifyKey hashes what a verdict depends on. Comments, titles and
// warnings are left out: mending them keeps the verdicts.
func verifyKey(p *problems.Problem) string {
	return verifyKeyOf(p.RulesName(), p.FEN(), p.Stipulation.String(), p.Solution)
}

// verifyKeyOf is verifyKey on the stored text of the rules, diagram and
// stipulation (what the key has always hashed) and the stated solution.
func verifyKeyOf(rules, fen, stip string, sol *problems.Tree) string {
	var moves []string
	if sol != nil {
		var walk func(ns []*problems.Node, depth int)
		walk = func(ns []*problems.Node, depth int) {
			for _, n := range ns {
				m := n.Move
				if m == "" {
					m = strings.Join(strings.Fields(n.Text), " ")
				}
				moves = append(moves, strconv.Itoa(depth)+" "+m) // as "%d %s" wrote it: the keys stay
				walk(n.Children, depth+1)
			}
		}
		walk(sol.Children, 0)
	}
	return hashOf(struct {
		R, F, S string
		M       []string
	}{rules, fen, stip, moves})
}

// outdatedSQL is true when problem p has verdicts but none of its current
// version: it has not been verified since it changed.
const outdatedSQL = `(EXISTS (SELECT 1 FROM verdicts v WHERE v.problem_id = p.id) AND NOT EXISTS
	(SELECT 1 FROM verdicts v WHERE v.problem_id = p.id AND v.verify_key = p.verify_key))`

// notVerifiedText starts the warning a changed record carries until it is
// verified again.
const notVerifiedText = catalog.NotVerified

// migrateVerifyKeys adds the keys and gives every stored verdict its
// problem's present key: what was verified before keys existed is taken to
// be the record as it stands.
func migrateVerifyKeys(tx *sql.Tx, pg bool) error {
	if err := execAll([]string{
		`ALTER TABLE problems ADD COLUMN verify_key TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE problems ADD COLUMN changed_at TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE verdicts ADD COLUMN verify_key TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE themes ADD COLUMN created_at TEXT NOT NULL DEFAULT ''`,
	})(tx, pg); err != nil {
		return err
	}
	rows, err := tx.Query(`SELECT id, rules, coalesce(fen, ''), stipulation, coalesce(solution_json, '') FROM problems`)
	if err != nil {
		return err
	}
	keys := map[int64]string{}
	for rows.Next() {
		var id int64
		var rules, fen, stip, sol string
		var tree *problems.Tree
		if err := rows.Scan(&id, &rules, &fen, &stip, &sol); err != nil {
			rows.Close()
			return err
		}
		if sol != "" {
			tree = &problems.Tree{}
			if err := json.Unmarshal([]byte(sol), tree); err != nil {
				tree = nil
			}
		}
		keys[id] = verifyKeyOf(rules, fen, stip, tree)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for id, k := range keys {
		if _, err := tx.Exec(`UPDATE problems SET verify_key = ? WHERE id = ?`, k, id); err != nil {
			return err
		}
	}
	_, err = tx.Exec(`UPDATE verdicts SET verify_key = (SELECT verify_key FROM problems WHERE problems.id = verdicts.problem_id)`)
	return err
}

// changed records that an import changed what problem id's verdicts
// depend on: its detected themes (computed from the old position) go, its
// verdicts stay as history of the earlier version, and when it has any a
// warning says it has not been verified since, naming what a user wrote
// before the change (notes and tags, kept).
func (r *ImportRun) changed(id int64, p *problems.Problem, st *ImportStats) error {
	if _, err := r.tx.Exec(`UPDATE problems SET changed_at = ? WHERE id = ?`, now(), id); err != nil {
		return err
	}
	if _, err := r.tx.Exec(`DELETE FROM themes WHERE problem_id = ? AND origin = 'detected'`, id); err != nil {
		return err
	}
	var verdicts, notes, tags int
	if err := r.tx.QueryRow(`SELECT (SELECT count(*) FROM verdicts WHERE problem_id = ?),
		(SELECT count(*) FROM notes WHERE problem_id = ?), (SELECT count(*) FROM themes WHERE problem_id = ? AND origin = 'user')`,
		id, id, id).Scan(&verdicts, &notes, &tags); err != nil {
		return err
	}
	if verdicts == 0 {
		return nil
	}
	// One such warning, the latest change's.
	if _, err := r.tx.Exec(`DELETE FROM import_warnings WHERE problem_id = ? AND text LIKE ?`, id, notVerifiedText+"%"); err != nil {
		return err
	}
	st.Outdated++
	text := fmt.Sprintf("%s: its position or stated solution differs from the version its %d verdict(s) were given for (kept in the history as the earlier version's)", notVerifiedText, verdicts)
	if notes+tags > 0 {
		text += fmt.Sprintf("; its %d note(s) and %d tag(s) were written before the change", notes, tags)
	}
	file, line := p.Place()
	return r.warning(p.Source, id, problems.Warning{File: file, Line: line, Text: text, Expected: "metz verify " + fmt.Sprint(id)})
}

// outdatedTagNote is the note a user tag set before the record last
// changed carries when read: it may describe the earlier version.
const outdatedTagNote = "tagged before the record last changed"

// before reports whether RFC 3339 time a is earlier than b; false when
// either is missing (a tag from before the times were kept counts as
// earlier than any change).
func before(a, b string) bool {
	tb, err := time.Parse(time.RFC3339Nano, b)
	if err != nil {
		return false
	}
	ta, err := time.Parse(time.RFC3339Nano, a)
	return err != nil || ta.Before(tb)
}

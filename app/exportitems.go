package app

import (
	"fmt"
	"strings"

	"metz/db"
	"metz/export"
)

// ExportItems loads each problem for an export: its latest verdict, the
// verified tree's evidence and its notes. Notes names evidence that could
// not be placed on a record (SOURCE:NUMBER: why).
func ExportItems(d *db.DB, ids []int64) (items []export.Item, notes []string, err error) {
	items = make([]export.Item, 0, len(ids))
	for _, id := range ids {
		rec, err := LoadRecord(d, id)
		if err != nil {
			return nil, nil, err
		}
		it := export.Item{Problem: rec.Problem}
		if n := len(rec.Verdicts); n > 0 {
			v := BuildVerifiedTree(rec.Problem, rec.Verdicts)
			it.Verdict, it.Evidence = v.Verdict, v.Evidence
			it.VerdictDetail = VerdictDetail(v, rec.Verdicts[n-1])
			for _, note := range v.Notes {
				notes = append(notes, fmt.Sprintf("%s: %s", ProblemName(rec.Problem), note))
			}
		}
		for _, n := range rec.Notes {
			it.Notes = append(it.Notes, n.Text)
		}
		items = append(items, it)
	}
	return items, notes, nil
}

// VerdictDetail is the evidence of the latest verdict in words, with its
// dual flag and solver.
func VerdictDetail(v VerifiedTree, latest db.Verdict) string {
	var parts []string
	if v.Detail != "" {
		parts = append(parts, v.Detail)
	}
	if latest.Dual {
		parts = append(parts, "dual")
	}
	if latest.SolverVersion != "" {
		parts = append(parts, "solver "+latest.SolverVersion)
	}
	return strings.Join(parts, "; ")
}

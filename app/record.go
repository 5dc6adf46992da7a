package app

import (
	"metz/db"
	"metz/problems"
)

// Record is one problem with what was added to it: its verdict history,
// oldest first, and the user's notes.
type Record struct {
	*problems.Problem
	Verdicts []db.Verdict `json:"verdicts"`
	Notes    []db.Note    `json:"notes"`
}

// LoadRecord reads a problem's record.
func LoadRecord(d *db.DB, id int64) (Record, error) {
	var rec Record
	var err error
	if rec.Problem, err = d.Get(id); err != nil {
		return rec, err
	}
	if rec.Verdicts, err = d.Verdicts(id); err != nil {
		return rec, err
	}
	rec.Notes, err = d.Notes(id)
	if rec.Verdicts == nil {
		rec.Verdicts = []db.Verdict{}
	}
	if rec.Notes == nil {
		rec.Notes = []db.Note{}
	}
	return rec, err
}

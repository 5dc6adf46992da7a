package app

import (
	"metz/db"
	"metz/problems"
)

// Record is one problem with what was added to it: its verdict history,
// oldest first (the current version's), and the user's notes.
type Record struct {
	*problems.Problem
	Verdicts []db.Verdict `json:"verdicts"`
	Notes    []db.Note    `json:"notes"`
	// Standing says, by verdict id, of each run that proved nothing after
	// the proof that stays the problem's verdict, so (see standing).
	Standing map[int64]string `json:"standing,omitempty"`
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
	if rec.Verdicts == nil {
		rec.Verdicts = []db.Verdict{}
	}
	rec.Standing = standingRuns(rec.Verdicts, rec.Current())
	rec.Notes, err = d.Notes(id)
	if rec.Notes == nil {
		rec.Notes = []db.Note{}
	}
	return rec, err
}

// Current is the record's current verdict (db.CurrentVerdict), nil if it
// was never verified as it stands.
func (rec Record) Current() *db.Verdict {
	for i := range rec.Verdicts {
		if rec.Verdicts[i].Current {
			return &rec.Verdicts[i]
		}
	}
	return nil
}

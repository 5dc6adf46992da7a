package app

import (
	"metz/db"
	"metz/verdict"
)

// Current is a problem's current verdict (db.CurrentVerdict: the newest
// proof, else the newest run) and its evidence read back.
type Current struct {
	Verdict *db.Verdict     // nil: never verified
	Report  *verdict.Report // nil: no evidence, or evidence this metz cannot read (Err says why)
	Err     error           // why the evidence could not be read
}

// CurrentVerdict reads a problem's current verdict; a verdict whose
// evidence cannot be read is returned with the reason, not as an error,
// so that one odd record does not stop a report.
func CurrentVerdict(d *db.DB, id int64) (Current, error) {
	v, err := d.CurrentVerdict(id)
	if err != nil || v == nil {
		return Current{}, err
	}
	r, derr := verdict.Decode(v.Evidence)
	return Current{Verdict: v, Report: r, Err: derr}, nil
}

// StoreVerdict records a report in the problem's verdict history, with its
// evidence in the stored form (verdict.Encode), for the record as it
// stands. An ad hoc problem (no id) is not stored.
func StoreVerdict(d *db.DB, r *verdict.Report) error {
	_, err := storeReport(d, r, "", "")
	return err
}

// storeReport records a report for the version of the record whose key is
// key ("": as it stands), once for the run run ("": none), and returns
// the verdict's id (0 for an ad hoc problem, not stored).
func storeReport(d *db.DB, r *verdict.Report, key, run string) (int64, error) {
	if r.ProblemID == 0 {
		return 0, nil
	}
	ev, err := verdict.Encode(r)
	if err != nil {
		return 0, err
	}
	return d.AddVerdict(r.ProblemID, db.Verdict{ProblemID: r.ProblemID, Verdict: r.Verdict, Dual: r.Dual,
		Evidence: ev, Rules: r.Rules, SolverVersion: r.SolverVersion, Budget: r.Budget.Nodes,
		ProofNodes: r.ProofNodes, Seconds: r.Seconds, VerifyKey: key, Run: run})
}

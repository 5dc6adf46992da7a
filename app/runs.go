package app

import (
	"database/sql"
	"fmt"

	"metz/solver"
	"metz/verdict"
)

// Cores is a pool of cores shared by the problems one process verifies
// at once (a queue worker's jobs): each problem holds one while it runs,
// and the parts of its work borrow the others while they are free, as
// VerifyPlan.Run shares its cores. The reports are the same whatever the
// pool.
type Cores = solver.Cores

// NewCores is a pool of n cores (at least one).
func NewCores(n int) *Cores { return solver.NewCores(n) }

// Tasks are the plan's units of work, one per problem in the plan's
// order, each naming the version of the record the plan read: what a
// queue hands to workers (VerifyProblem).
func (p *VerifyPlan) Tasks() []VerifyTask {
	out := make([]VerifyTask, len(p.probs))
	for i, pr := range p.probs {
		out[i] = VerifyTask{ProblemID: pr.ID, Key: p.keys[i]}
	}
	return out
}

// Options are the options the plan was made with, its defaults filled in.
func (p *VerifyPlan) Options() VerifyOptions { return p.opt }

// SQL is the database's handle, for the job queue, which keeps its own
// tables in the same database (package queue).
func (a *App) SQL() (*sql.DB, error) {
	d, err := a.database()
	if err != nil {
		return nil, err
	}
	if reason := d.ReadOnly(); reason != "" {
		return nil, fmt.Errorf("%s: %w (%s): the job queue needs to write", d.Path(), ErrReadOnly, reason)
	}
	return d.SQL(), nil
}

// RunOutcome is what run stored for problem id: the verdict, its report
// read back, and the standing of an earlier proof beside it when the run
// proved nothing (found false: the run stored nothing for it).
func (a *App) RunOutcome(id int64, run string) (v Verified, found bool, err error) {
	d, err := a.database()
	if err != nil {
		return v, false, err
	}
	history, err := d.VerdictHistory(id)
	if err != nil {
		return v, false, err
	}
	for _, h := range history {
		if h.Run != run || run == "" {
			continue
		}
		if v.Problem, err = d.Get(id); err != nil {
			return v, false, err
		}
		if v.Report, err = verdict.Decode(h.Evidence); err != nil || v.Report == nil {
			v.Report = &verdict.Report{ProblemID: id, Verdict: h.Verdict, Dual: h.Dual, Rules: h.Rules,
				SolverVersion: h.SolverVersion, ProofNodes: h.ProofNodes, Seconds: h.Seconds}
		}
		cur, err := d.CurrentVerdict(id)
		if err != nil {
			return v, false, err
		}
		v.Standing = standingRuns(history, cur)[h.ID]
		return v, true, nil
	}
	return v, false, nil
}

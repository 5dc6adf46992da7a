package app

import (
	"database/sql"
	"fmt"

	"metz/solver"
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

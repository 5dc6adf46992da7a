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

// QueueDB is what the job queue (package queue) opens in the App's
// database, where it keeps its own tables.
type QueueDB struct {
	// Engine is "sqlite" or "postgres".
	Engine string
	// SQL is the database's handle (SQLite: the queue shares it).
	SQL *sql.DB
	// DSN reaches the database from a pool of the queue's own
	// (PostgreSQL's URL, password included: never printed).
	DSN string
}

// QueueDB is the App's database as the job queue opens it; a read-only
// database is refused (the queue writes).
func (a *App) QueueDB() (QueueDB, error) {
	d, err := a.database()
	if err != nil {
		return QueueDB{}, err
	}
	if reason := d.ReadOnly(); reason != "" {
		return QueueDB{}, fmt.Errorf("%s: %w (%s): the job queue needs to write", d.Path(), ErrReadOnly, reason)
	}
	return QueueDB{Engine: d.Engine(), SQL: d.SQL(), DSN: d.DSN()}, nil
}

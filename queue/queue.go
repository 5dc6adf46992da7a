// Package queue is metz's job queue: verification as River jobs kept in
// the database itself, so that any number of workers, on any machine that
// reaches the database, verify one archive together. One job verifies one
// problem (app.App.VerifyProblem); the jobs of one request share a run id,
// the verdicts' db.Verdict.Run, which makes a retried job store its verdict
// once. River's own tables are made by River's migrator when the queue is
// opened.
package queue

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"metz/app"
	"metz/verdict"
)

// Kind is the River job kind of "verify this problem".
const Kind = "metz_verify"

// queueName is the River queue the verifications go through.
const queueName = "verify"

// maxAttempts bounds the tries of one job: a problem that kills its
// worker every time (memory) is given up, as "discarded", after these.
const maxAttempts = 5

// VerifyArgs are one job's arguments: the problem, the version of its
// record the job was made for (its verify key), the run it belongs to and
// the budget and bound it runs on. The run, problem and key make the job
// unique: enqueued twice, it is queued once.
type VerifyArgs struct {
	Run       string         `json:"run" river:"unique"`
	ProblemID int64          `json:"problem_id" river:"unique"`
	Key       string         `json:"key" river:"unique"`
	Ref       string         `json:"ref"` // the problem's name when enqueued (vantenac:71)
	Budget    verdict.Budget `json:"budget"`
	Within    int            `json:"within,omitempty"`
}

// Kind is the job's kind.
func (VerifyArgs) Kind() string { return Kind }

// InsertOpts put the job in the verify queue, unique by its arguments
// while it is queued, running or finished (not once cancelled).
func (a VerifyArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queueName, MaxAttempts: maxAttempts, Tags: []string{a.Run},
		UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// Options set up a queue.
type Options struct {
	// Workers is how many jobs this process works at once (0: none, the
	// queue only enqueues and reports). They share Workers cores.
	Workers int
	// RescueAfter is how long a job may stay running, beyond its own
	// timeout, before another worker takes it over: a worker killed
	// mid-job leaves its job running in the table (0: one minute).
	RescueAfter time.Duration
	// Log receives River's warnings and errors (nil: standard error).
	Log *slog.Logger
	// Done, if set, is called after each job this process works, with
	// its outcome or why it stored nothing (from any of the workers).
	Done func(VerifyArgs, app.Verified, error)
}

// Queue is the job queue of one App's database.
type Queue struct {
	app    *app.App
	h      *sql.DB // for the counts River has no call for (status.go)
	client client
	close  func()
	cores  *app.Cores
	work   bool
	done   func(VerifyArgs, app.Verified, error)

	mu                   sync.Mutex
	working, mostWorking int
}

// client is the part of River's client the queue uses: the same calls
// whichever driver (and so transaction type) the engine has.
type client interface {
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
	StopAndCancel(ctx context.Context) error
	Stopped() <-chan struct{}
	InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
	JobList(ctx context.Context, params *river.JobListParams) (*river.JobListResult, error)
	JobCancel(ctx context.Context, id int64) (*rivertype.JobRow, error)
	JobGet(ctx context.Context, id int64) (*rivertype.JobRow, error)
	JobRetry(ctx context.Context, id int64) (*rivertype.JobRow, error)
	ID() string
}

// Open opens the queue in a's database, making or upgrading River's
// tables first: on SQLite with River's riversqlite driver over the
// database's own handle, on PostgreSQL with riverpgxv5 over a pgx pool of
// its own (LISTEN/NOTIFY tells the workers of new jobs at once).
func Open(ctx context.Context, a *app.App, opt Options) (*Queue, error) {
	qdb, err := a.QueueDB()
	if err != nil {
		return nil, err
	}
	if opt.Workers < 0 {
		return nil, fmt.Errorf("workers %d: expected 0 or more", opt.Workers)
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	q := &Queue{app: a, work: opt.Workers > 0, done: opt.Done, close: func() {}}
	cfg := &river.Config{
		Logger:               opt.Log,
		RescueStuckJobsAfter: cmpOr(opt.RescueAfter, time.Minute),
		JobTimeout:           -1, // each job's own (verifyWorker.Timeout)
		// A worker asks for its next job as soon as one ends: River's
		// default pause between fetches (100 ms) would cap a worker at
		// ten problems a second, where a course combination takes 30 ms.
		FetchCooldown: 5 * time.Millisecond,
		MaxAttempts:   maxAttempts,
	}
	if q.work {
		q.cores = app.NewCores(opt.Workers)
		workers := river.NewWorkers()
		river.AddWorker(workers, &verifyWorker{q: q})
		cfg.Workers = workers
		cfg.Queues = map[string]river.QueueConfig{queueName: {MaxWorkers: opt.Workers}}
	}
	switch qdb.Engine {
	case "postgres":
		pool, err := pgxpool.New(ctx, qdb.DSN)
		if err != nil {
			return nil, fmt.Errorf("job queue: %w", err)
		}
		q.h = stdlib.OpenDBFromPool(pool)
		q.close = func() { q.h.Close(); pool.Close() }
		q.client, err = newClient(ctx, riverpgxv5.New(pool), cfg)
		if err != nil {
			q.close()
			return nil, err
		}
	default:
		q.h = qdb.SQL
		if q.client, err = newClient(ctx, riversqlite.New(qdb.SQL), cfg); err != nil {
			return nil, err
		}
	}
	return q, nil
}

// newClient makes River's tables (River's migrator) and its client.
func newClient[TTx any](ctx context.Context, drv riverdriver.Driver[TTx], cfg *river.Config) (client, error) {
	if err := migrate(ctx, drv, cfg.Logger); err != nil {
		return nil, err
	}
	c, err := river.NewClient(drv, cfg)
	if err != nil {
		return nil, fmt.Errorf("job queue: %w", err)
	}
	return c, nil
}

// migrate brings River's tables up to date. Two workers started at once
// may both try: the loser of the race finds them made.
func migrate[TTx any](ctx context.Context, drv riverdriver.Driver[TTx], log *slog.Logger) error {
	m, err := rivermigrate.New(drv, &rivermigrate.Config{Logger: log})
	if err != nil {
		return fmt.Errorf("job queue: %w", err)
	}
	for try := 0; ; try++ {
		_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
		if err == nil || try == 3 || ctx.Err() != nil {
			break
		}
		time.Sleep(time.Duration(100*(try+1)) * time.Millisecond)
	}
	if err != nil {
		return fmt.Errorf("job queue: making River's tables: %w", err)
	}
	return nil
}

func cmpOr(d, def time.Duration) time.Duration {
	if d == 0 {
		return def
	}
	return d
}

// Close closes the queue's own connections (PostgreSQL's pool); Stop or
// StopAndCancel a working queue first. The App's database stays open.
func (q *Queue) Close() { q.close() }

// WorkerID names this process's worker in the queue: River's client id,
// which the jobs it takes carry (RunningOn).
func (q *Queue) WorkerID() string { return q.client.ID() }

// NewRunID is a fresh run id: the time and a random part, so that runs
// sort by age and two enqueued at once differ.
func NewRunID() string {
	b := make([]byte, 3)
	_, _ = rand.Read(b)
	return "run-" + time.Now().UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b)
}

// ErrNothing is the error of a selection with nothing to verify.
var ErrNothing = errors.New("nothing to verify: the selection is empty")

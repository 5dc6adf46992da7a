package queue

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"metz/app"
)

// verifyWorker works the verify jobs: app's VerifyProblem, the one unit
// of verification work, on the process's shared cores.
type verifyWorker struct {
	river.WorkerDefaults[VerifyArgs]
	q *Queue
}

// Timeout is a job's time: its budget's clock, half again for the load
// of a busy machine, and ten seconds to read and store. Past it River
// cancels the job and, should its worker be gone, another takes it over.
func (w *verifyWorker) Timeout(job *river.Job[VerifyArgs]) time.Duration {
	t := job.Args.Budget.WithDefaults().Time
	return t + t/2 + 10*time.Second
}

// Work verifies the job's problem and stores its verdict for the job's
// run: a job run again (retried after its worker died) stores nothing
// new. The outcome (the report and whether a proof stands beside it) is
// the job's recorded output. A record changed or deleted since the job
// was made cancels the job: it asked about what is no longer there.
// Cancelled (metz jobs cancel, a hard stop, its timeout), the job returns
// at once and stores nothing, unless its verdict was being stored (then
// it is done); the search it leaves ends with its budget.
func (w *verifyWorker) Work(ctx context.Context, job *river.Job[VerifyArgs]) error {
	w.q.busy(+1)
	defer w.q.busy(-1)
	a := job.Args
	opt := app.VerifyOptions{Budget: a.Budget, Within: a.Within, Run: a.Run, Cores: w.q.cores}
	type result struct {
		v   app.Verified
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := w.q.app.VerifyProblem(ctx, app.VerifyTask{ProblemID: a.ProblemID, Key: a.Key}, opt)
		done <- result{v, err}
	}()
	var r result
	select {
	case <-ctx.Done():
		// A problem whose verdict is being stored finishes storing (and
		// the job is done); one still searched stores nothing.
		select {
		case r = <-done:
		case <-time.After(storeGrace):
			r.err = ctx.Err()
		}
	case r = <-done:
	}
	if w.q.done != nil {
		w.q.done(a, r.v, r.err)
	}
	switch {
	case errors.Is(r.err, app.ErrChanged), errors.Is(r.err, app.ErrNotFound):
		return river.JobCancel(r.err)
	case r.err != nil:
		return r.err
	}
	if err := river.RecordOutput(ctx, r.v.JSON()); err != nil {
		return fmt.Errorf("%s: recording the outcome: %w", a.Ref, err)
	}
	return nil
}

// storeGrace is how long a cancelled job waits for its verification to
// return: time to finish storing a verdict begun, far less than a search.
const storeGrace = 2 * time.Second

// Start starts working the queue (a queue opened with workers).
func (q *Queue) Start(ctx context.Context) error {
	if !q.work {
		return errors.New("job queue: opened without workers")
	}
	return q.client.Start(ctx)
}

// Stop is the soft stop: no new job is taken, and the jobs running finish
// (each within its budget) and store their verdicts. It returns when they
// have, or when ctx is done (then the jobs are still running).
func (q *Queue) Stop(ctx context.Context) error {
	if !q.work {
		return nil
	}
	return q.client.Stop(ctx)
}

// StopAndCancel is the hard stop: the jobs running are cancelled and go
// back to the queue (retryable) for another worker, storing nothing.
func (q *Queue) StopAndCancel(ctx context.Context) error {
	if !q.work {
		return nil
	}
	return q.client.StopAndCancel(ctx)
}

// Stopped is closed when the worker has stopped.
func (q *Queue) Stopped() <-chan struct{} { return q.client.Stopped() }

// busy counts the jobs this process works at the moment, and the most at
// once (for the tests: River runs at most Options.Workers).
func (q *Queue) busy(d int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.working += d
	q.mostWorking = max(q.mostWorking, q.working)
}

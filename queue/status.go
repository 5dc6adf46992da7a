package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"metz/app"
)

// RunStatus is how far a run is: its jobs counted by River's state.
type RunStatus struct {
	Run string `json:"run"`
	// States counts the jobs in each state River gives them: available
	// (queued), running, retryable (failed, to be tried again), scheduled,
	// completed (verified and stored), cancelled, discarded (given up).
	States map[string]int `json:"states"`
	Total  int            `json:"total"`
	// Completed: the verified; Active: those still to be verified
	// (queued, running or to be retried).
	Completed int `json:"completed"`
	Active    int `json:"active"`
	// Ahead is how many jobs of other runs were queued before this run's
	// first waiting job and are not finished (0 once this run is running).
	Ahead int `json:"ahead,omitempty"`
}

// Finished reports whether the run has no job left to verify.
func (s RunStatus) Finished() bool { return s.Active == 0 }

// Outcome is one finished job: its problem and what was stored.
type Outcome struct {
	JobID int64               `json:"job_id"`
	Ref   string              `json:"ref"`
	State string              `json:"state"`
	Error string              `json:"error,omitempty"` // a cancelled or discarded job's last error
	Found *app.VerifiedReport `json:"outcome,omitempty"`
}

// active are the states of a job not yet finished.
var active = map[string]bool{
	string(rivertype.JobStateAvailable): true, string(rivertype.JobStateRunning): true,
	string(rivertype.JobStateRetryable): true, string(rivertype.JobStateScheduled): true,
	string(rivertype.JobStatePending): true,
}

// runOf is the run id of a job's arguments in SQL: River keeps them as
// JSON (jsonb on both engines), and ->> reads a field on both.
const runOf = `args->>'run'`

// Runs lists every run the queue holds (River drops finished jobs a day
// after they finish), newest first.
func (q *Queue) Runs(ctx context.Context) ([]RunStatus, error) {
	return q.runs(ctx, "")
}

// Status is run's status; ErrNoRun if the queue holds no job of it.
func (q *Queue) Status(ctx context.Context, run string) (RunStatus, error) {
	rs, err := q.runs(ctx, run)
	if err != nil {
		return RunStatus{}, err
	}
	if len(rs) == 0 {
		return RunStatus{}, fmt.Errorf("%q: %w", run, ErrNoRun)
	}
	s := rs[0]
	if s.Active > 0 && s.States[string(rivertype.JobStateRunning)] == 0 {
		err := q.h.QueryRowContext(ctx, `SELECT count(*) FROM river_job WHERE kind = '`+Kind+`'
			AND state IN ('available', 'running', 'retryable', 'scheduled', 'pending')
			AND id < (SELECT min(id) FROM river_job WHERE kind = '`+Kind+`' AND `+runOf+` = $1
				AND state IN ('available', 'retryable', 'scheduled', 'pending'))`, run).Scan(&s.Ahead)
		if err != nil {
			return s, fmt.Errorf("job queue: %w", err)
		}
	}
	return s, nil
}

// ErrNoRun is the error of a run or job the queue does not hold.
var ErrNoRun = errors.New("no such run or job in the queue (finished runs are kept a day)")

func (q *Queue) runs(ctx context.Context, run string) ([]RunStatus, error) {
	query := `SELECT ` + runOf + `, state, count(*), max(id) FROM river_job WHERE kind = '` + Kind + `'`
	var args []any
	if run != "" {
		query += ` AND ` + runOf + ` = $1`
		args = append(args, run)
	}
	rows, err := q.h.QueryContext(ctx, query+` GROUP BY 1, 2`, args...)
	if err != nil {
		return nil, fmt.Errorf("job queue: %w", err)
	}
	defer rows.Close()
	byRun := map[string]*RunStatus{}
	newest := map[string]int64{}
	for rows.Next() {
		var r, state string
		var n int
		var last int64
		if err := rows.Scan(&r, &state, &n, &last); err != nil {
			return nil, fmt.Errorf("job queue: %w", err)
		}
		s := byRun[r]
		if s == nil {
			s = &RunStatus{Run: r, States: map[string]int{}}
			byRun[r] = s
		}
		s.States[state] += n
		s.Total += n
		if state == string(rivertype.JobStateCompleted) {
			s.Completed += n
		}
		if active[state] {
			s.Active += n
		}
		newest[r] = max(newest[r], last)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("job queue: %w", err)
	}
	out := make([]RunStatus, 0, len(byRun))
	for _, s := range byRun {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return newest[out[i].Run] > newest[out[j].Run] })
	return out, nil
}

// Outcomes lists run's finished jobs (completed, cancelled, discarded)
// in the order they were queued, each with its stored outcome.
func (q *Queue) Outcomes(ctx context.Context, run string) ([]Outcome, error) {
	params := river.NewJobListParams().Kinds(Kind).TagsAny(run).
		States(rivertype.JobStateCompleted, rivertype.JobStateCancelled, rivertype.JobStateDiscarded).
		OrderBy(river.JobListOrderByID, river.SortOrderAsc).First(listPage)
	var out []Outcome
	for {
		res, err := q.client.JobList(ctx, params)
		if err != nil {
			return nil, fmt.Errorf("job queue: %w", err)
		}
		for _, j := range res.Jobs {
			o, err := outcomeOf(j)
			if err != nil {
				return nil, err
			}
			out = append(out, o)
		}
		if len(res.Jobs) < listPage {
			return out, nil
		}
		params = params.After(res.LastCursor)
	}
}

// listPage is how many jobs one read of the queue lists.
const listPage = 1000

func outcomeOf(j *rivertype.JobRow) (Outcome, error) {
	var a VerifyArgs
	if err := json.Unmarshal(j.EncodedArgs, &a); err != nil {
		return Outcome{}, fmt.Errorf("job %d: its arguments: %w", j.ID, err)
	}
	o := Outcome{JobID: j.ID, Ref: a.Ref, State: string(j.State)}
	if n := len(j.Errors); n > 0 && j.State != rivertype.JobStateCompleted {
		o.Error = j.Errors[n-1].Error
	}
	if out := j.Output(); len(out) > 0 {
		o.Found = &app.VerifiedReport{}
		if err := json.Unmarshal(out, o.Found); err != nil {
			return Outcome{}, fmt.Errorf("job %d: its outcome: %w", j.ID, err)
		}
	}
	return o, nil
}

// Cancel cancels what ref names: a run (every job of it not finished) or
// one job by its number. A running job stops at once and stores nothing;
// the verdicts stored stay. It returns how many jobs it cancelled.
func (q *Queue) Cancel(ctx context.Context, ref string) (int, error) {
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		j, err := q.client.JobCancel(ctx, id)
		switch {
		case errors.Is(err, river.ErrNotFound):
			return 0, fmt.Errorf("job %d: %w", id, ErrNoRun)
		case err != nil:
			return 0, fmt.Errorf("job queue: %w", err)
		case j.Kind != Kind:
			return 0, fmt.Errorf("job %d is not a verification", id)
		}
		return 1, nil
	}
	st, err := q.Status(ctx, ref)
	if err != nil {
		return 0, err
	}
	n := 0
	for st.Active > 0 {
		params := river.NewJobListParams().Kinds(Kind).TagsAny(ref).
			States(rivertype.JobStateAvailable, rivertype.JobStateRunning, rivertype.JobStateRetryable,
				rivertype.JobStateScheduled, rivertype.JobStatePending).First(1000)
		res, err := q.client.JobList(ctx, params)
		if err != nil {
			return n, fmt.Errorf("job queue: %w", err)
		}
		if len(res.Jobs) == 0 {
			break
		}
		for _, j := range res.Jobs {
			if _, err := q.client.JobCancel(ctx, j.ID); err != nil && !errors.Is(err, river.ErrNotFound) {
				return n, fmt.Errorf("job queue: %w", err)
			}
			n++
		}
		if st, err = q.Status(ctx, ref); err != nil {
			return n, err
		}
		if st.Active > 0 && st.Active == st.States[string(rivertype.JobStateRunning)] {
			break // the running ones are told; their workers finalize them
		}
	}
	return n, nil
}

// Wait polls run's status every interval, calling f with it, until the
// run is finished or ctx is done.
func (q *Queue) Wait(ctx context.Context, run string, interval time.Duration, f func(RunStatus)) (RunStatus, error) {
	for {
		st, err := q.Status(ctx, run)
		if err != nil {
			return st, err
		}
		if f != nil {
			f(st)
		}
		if st.Finished() {
			return st, nil
		}
		select {
		case <-ctx.Done():
			return st, ctx.Err()
		case <-time.After(interval):
		}
	}
}

// Pending counts the verify jobs of every run not finished: queued,
// running, or to be tried again.
func (q *Queue) Pending(ctx context.Context) (int, error) {
	var n int
	err := q.h.QueryRowContext(ctx, `SELECT count(*) FROM river_job WHERE kind = '`+Kind+`'
		AND state IN ('available', 'running', 'retryable', 'scheduled', 'pending')`).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("job queue: %w", err)
	}
	return n, nil
}

// RunningOn counts the verify jobs the queue has as running on the worker
// named worker (WorkerID): taken by it and not yet finished.
func (q *Queue) RunningOn(ctx context.Context, worker string) (int, error) {
	res, err := q.client.JobList(ctx, river.NewJobListParams().Kinds(Kind).
		States(rivertype.JobStateRunning).First(listPage))
	if err != nil {
		return 0, fmt.Errorf("job queue: %w", err)
	}
	n := 0
	for _, j := range res.Jobs {
		if by := j.AttemptedBy; len(by) > 0 && by[len(by)-1] == worker {
			n++
		}
	}
	return n, nil
}

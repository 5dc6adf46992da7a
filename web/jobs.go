package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"time"

	"metz/app"
	"metz/queue"
	"metz/verdict"
)

// Job states.
const (
	jobRunning   = "running"
	jobDone      = "done"
	jobCancelled = "cancelled"
	jobFailed    = "failed"
)

// jobStatus is what the page polls or is streamed: progress while a
// verification runs, the verdicts as they are stored. A job is a run of
// the job queue (package queue): its id is the run's, and every server
// on the database reads the same.
type jobStatus struct {
	ID      string      `json:"id"`
	State   string      `json:"state"`
	Phase   string      `json:"phase"` // what is being done now, in words
	Done    int         `json:"done"`
	Total   int         `json:"total"`
	Nodes   int64       `json:"nodes"` // proof nodes of the problems finished
	Seconds float64     `json:"seconds"`
	Error   string      `json:"error,omitempty"`
	Results []jobResult `json:"results"`
}

// jobResult is one problem's stored verdict, with whether an earlier
// proof stands beside it (app.VerifiedReport).
type jobResult struct {
	job      int64           // the queue's job, for the order
	Ref      string          `json:"ref"`
	Verdict  verdict.Verdict `json:"verdict"`
	Key      string          `json:"key,omitempty"`
	Evidence string          `json:"evidence,omitempty"`
	Standing string          `json:"standing,omitempty"`
	Report   *verdict.Report `json:"report"`
}

// jobs is the server's door to the job queue: the queue, opened at the
// first verification with the server's own worker (at most Options.Jobs
// problems at once), and what it read of each run so far (the finished
// jobs' outcomes only grow, so each read asks for the newer ones).
type jobs struct {
	app     *app.App
	workers int

	once, closeOnce sync.Once
	q               *queue.Queue
	openErr         error

	mu   sync.Mutex
	runs map[string]*runView
}

// runView is what a server read of one run.
type runView struct {
	started time.Time
	seen    map[int64]bool // the finished jobs read (they finish in any order)
	results []jobResult
	nodes   int64
	errText string
	final   *jobStatus // the status once the run is finished
}

// maxRuns bounds the runs a server keeps read (the oldest go first; they
// are read again from the queue when asked for).
const maxRuns = 64

func newJobs(a *app.App, workers int) *jobs {
	switch {
	case workers == 0:
		workers = runtime.NumCPU()
	case workers < 0:
		workers = 0
	}
	return &jobs{app: a, workers: workers, runs: map[string]*runView{}}
}

// queue is the job queue, opened (and its worker started) once.
func (js *jobs) queue() (*queue.Queue, error) {
	js.once.Do(func() {
		ctx := context.Background()
		js.q, js.openErr = queue.Open(ctx, js.app, queue.Options{Workers: js.workers})
		if js.openErr == nil && js.workers > 0 {
			js.openErr = js.q.Start(ctx)
		}
	})
	return js.q, js.openErr
}

// close stops the server's worker: the jobs it runs go back to the queue
// (retryable), for the next server or a metz worker.
func (js *jobs) close() {
	js.once.Do(func() {}) // no queue opened after this
	js.closeOnce.Do(func() {
		if js.q == nil {
			return
		}
		if js.workers > 0 {
			_ = js.q.StopAndCancel(context.Background())
		}
		js.q.Close()
	})
}

// enqueue queues the plan as a new run.
func (js *jobs) enqueue(ctx context.Context, plan *app.VerifyPlan) (jobStatus, error) {
	q, err := js.queue()
	if err != nil {
		return jobStatus{}, err
	}
	enq, err := q.EnqueuePlan(ctx, plan, "")
	if err != nil {
		return jobStatus{}, err
	}
	js.mu.Lock()
	js.view(enq.Run).started = time.Now()
	js.mu.Unlock()
	return js.status(ctx, enq.Run)
}

// view is run's view, made when missing (js.mu held).
func (js *jobs) view(run string) *runView {
	v := js.runs[run]
	if v == nil {
		if len(js.runs) >= maxRuns {
			js.forgetOldest()
		}
		v = &runView{started: time.Now(), seen: map[int64]bool{}}
		js.runs[run] = v
	}
	return v
}

func (js *jobs) forgetOldest() {
	var oldest string
	for run, v := range js.runs {
		if oldest == "" || v.started.Before(js.runs[oldest].started) {
			oldest = run
		}
	}
	delete(js.runs, oldest)
}

// errNoJob is the error of a job the queue does not hold.
var errNoJob = errors.New("no such verification")

// status reads run's status from the queue, with the outcomes finished
// since the last read.
func (js *jobs) status(ctx context.Context, run string) (jobStatus, error) {
	q, err := js.queue()
	if err != nil {
		return jobStatus{}, err
	}
	js.mu.Lock()
	if v := js.runs[run]; v != nil && v.final != nil {
		st := *v.final
		js.mu.Unlock()
		return st, nil
	}
	js.mu.Unlock()
	qs, err := q.Status(ctx, run)
	if errors.Is(err, queue.ErrNoRun) {
		return jobStatus{}, notFound("job %q: %v (finished ones are kept a day)", run, errNoJob)
	}
	if err != nil {
		return jobStatus{}, err
	}
	js.mu.Lock()
	read := len(js.view(run).seen)
	js.mu.Unlock()
	var outs []queue.Outcome
	if qs.Total-qs.Active > read { // jobs finished since the last read
		if outs, err = q.Outcomes(ctx, run); err != nil {
			return jobStatus{}, err
		}
	}
	js.mu.Lock()
	defer js.mu.Unlock()
	v := js.view(run)
	v.add(outs)
	st := jobStatus{ID: run, Done: qs.Completed, Total: qs.Total, Nodes: v.nodes, Error: v.errText,
		Seconds: time.Since(v.started).Seconds(), Results: append([]jobResult{}, v.results...)}
	st.State, st.Phase = phase(qs)
	if st.State != jobRunning && len(v.seen) == qs.Total {
		final := st
		v.final = &final
	}
	return st, nil
}

// add takes in the finished outcomes not read before, keeping the
// results in the jobs' (the problems') order (js.mu held).
func (v *runView) add(outs []queue.Outcome) {
	for _, o := range outs {
		if v.seen[o.JobID] {
			continue
		}
		v.seen[o.JobID] = true
		if o.Found == nil {
			if o.State == "discarded" && v.errText == "" {
				v.errText = o.Ref + ": " + o.Error
			}
			continue
		}
		r := o.Found.Report
		v.nodes += r.ProofNodes
		v.results = append(v.results, jobResult{job: o.JobID, Ref: o.Ref, Verdict: r.Verdict, Key: r.Key,
			Evidence: app.EvidenceText(r), Standing: o.Found.Standing, Report: r})
	}
	sort.SliceStable(v.results, func(i, j int) bool { return v.results[i].job < v.results[j].job })
}

// phase is the page's state and words for a run's counts.
func phase(qs queue.RunStatus) (state, words string) {
	switch {
	case qs.Active > 0 && qs.Ahead > 0:
		return jobRunning, "queued: " + strconv.Itoa(qs.Ahead) + " problems of other verifications ahead"
	case qs.Active > 0:
		return jobRunning, "verifying " + strconv.Itoa(qs.Total) + " problems"
	case qs.States["cancelled"] > 0:
		return jobCancelled, "cancelled: the verdicts found are stored, the others were not verified"
	case qs.States["discarded"] > 0:
		return jobFailed, "failed"
	}
	return jobDone, "done"
}

// cancel cancels run and waits (a while) for its running jobs to stop.
func (js *jobs) cancel(ctx context.Context, run string) (jobStatus, error) {
	q, err := js.queue()
	if err != nil {
		return jobStatus{}, err
	}
	if _, err := q.Cancel(ctx, run); errors.Is(err, queue.ErrNoRun) {
		return jobStatus{}, notFound("job %q: %v", run, errNoJob)
	} else if err != nil {
		return jobStatus{}, err
	}
	wctx, stop := context.WithTimeout(ctx, 30*time.Second)
	defer stop()
	if _, err := q.Wait(wctx, run, 100*time.Millisecond, nil); err != nil && wctx.Err() == nil {
		return jobStatus{}, err
	}
	return js.status(ctx, run)
}

// notFound is a 404 error.
func notFound(format string, args ...any) error {
	return &httpError{status: http.StatusNotFound, err: fmt.Errorf(format, args...)}
}

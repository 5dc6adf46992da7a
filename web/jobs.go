package web

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"time"

	"metz/app"
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
// verification runs, the verdicts as they are stored.
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
	Ref      string          `json:"ref"`
	Verdict  verdict.Verdict `json:"verdict"`
	Key      string          `json:"key,omitempty"`
	Evidence string          `json:"evidence,omitempty"`
	Standing string          `json:"standing,omitempty"`
	Report   *verdict.Report `json:"report"`
}

type job struct {
	mu      sync.Mutex
	st      jobStatus
	started time.Time
	cancel  context.CancelFunc
	done    chan struct{}
}

// newJob is a job about to start: its progress can be handed to the
// verification before it has an id.
func newJob() *job {
	return &job{st: jobStatus{State: jobRunning, Phase: "starting", Results: []jobResult{}}, done: make(chan struct{})}
}

func (j *job) status() jobStatus {
	j.mu.Lock()
	defer j.mu.Unlock()
	st := j.st
	if st.State == jobRunning {
		st.Seconds = time.Since(j.started).Seconds()
	}
	st.Results = append([]jobResult{}, j.st.Results...)
	return st
}

func (j *job) update(f func(st *jobStatus)) {
	j.mu.Lock()
	defer j.mu.Unlock()
	f(&j.st)
}

// jobs are the verifications started from the pages, kept after they end
// so that a page opened later still reads the outcome (the oldest
// finished ones go past maxJobs).
type jobs struct {
	mu    sync.Mutex
	next  int
	byID  map[string]*job
	order []string
}

const maxJobs = 64

func newJobs() *jobs { return &jobs{byID: map[string]*job{}} }

func (js *jobs) get(id string) *job {
	js.mu.Lock()
	defer js.mu.Unlock()
	return js.byID[id]
}

func (js *jobs) add(j *job) {
	js.mu.Lock()
	defer js.mu.Unlock()
	js.next++
	j.st.ID = strconv.Itoa(js.next)
	js.byID[j.st.ID] = j
	js.order = append(js.order, j.st.ID)
	for len(js.order) > maxJobs {
		old := js.byID[js.order[0]]
		if old.status().State == jobRunning {
			break
		}
		delete(js.byID, js.order[0])
		js.order = js.order[1:]
	}
}

func (js *jobs) cancelAll() {
	js.mu.Lock()
	all := make([]*job, 0, len(js.byID))
	for _, j := range js.byID {
		all = append(all, j)
	}
	js.mu.Unlock()
	for _, j := range all {
		j.cancel()
	}
}

// startVerify runs the plan (app's Verify: each verdict stored as soon
// as it is found) as job j. Cancelled, it stops at once: the problems in
// flight are dropped, never stored half-done, as metz verify does on
// Ctrl-C.
func (s *Server) startVerify(j *job, plan *app.VerifyPlan) {
	ctx, cancel := context.WithCancel(context.Background())
	j.started, j.cancel = time.Now(), cancel
	n := len(plan.Problems())
	j.update(func(st *jobStatus) {
		st.Total, st.Phase = n, "verifying "+strconv.Itoa(n)+" problems"
	})
	s.jobs.add(j)
	go func() {
		defer close(j.done)
		defer cancel()
		_, err := plan.Run(ctx)
		j.update(func(st *jobStatus) {
			st.Seconds = time.Since(j.started).Seconds()
			switch {
			case errors.Is(err, context.Canceled):
				st.State, st.Phase = jobCancelled, "cancelled: the verdicts found are stored, the others were not verified"
			case err != nil:
				st.State, st.Phase, st.Error = jobFailed, "failed", err.Error()
			default:
				st.State, st.Phase = jobDone, "done"
			}
		})
	}()
}

// progress records a problem's stored verdict (app.VerifyOptions.Progress).
func (j *job) progress(p app.VerifyProgress) {
	r := p.Last.Report
	res := jobResult{Ref: app.ProblemName(p.Last.Problem), Verdict: r.Verdict, Key: r.Key,
		Evidence: app.EvidenceText(r), Standing: p.Last.Standing, Report: r}
	j.update(func(st *jobStatus) {
		st.Done = p.Done
		st.Nodes += r.ProofNodes
		st.Results = append(st.Results, res)
	})
}

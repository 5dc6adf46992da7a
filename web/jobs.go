package web

import (
	"context"
	"errors"
	"runtime"
	"strconv"
	"sync"
	"time"

	"metz/app"
	"metz/problems"
	"metz/solver"
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

// jobResult is one problem's stored verdict.
type jobResult struct {
	Ref      string         `json:"ref"`
	Verdict  string         `json:"verdict"`
	Key      string         `json:"key,omitempty"`
	Evidence string         `json:"evidence,omitempty"`
	Report   *solver.Report `json:"report"`
}

type job struct {
	mu      sync.Mutex
	st      jobStatus
	started time.Time
	cancel  context.CancelFunc
	done    chan struct{}
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

// startVerify starts verifying probs one after the other, each verdict
// stored (under the server's write lock) as soon as it is found. Cancelled,
// it stops at once: the problem in flight is dropped, never stored
// half-done, as metz verify does on Ctrl-C.
func (s *Server) startVerify(probs []*problems.Problem, budget solver.Budget) *job {
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{st: jobStatus{State: jobRunning, Total: len(probs), Phase: "starting", Results: []jobResult{}},
		started: time.Now(), cancel: cancel, done: make(chan struct{})}
	s.jobs.add(j)
	go func() {
		defer close(j.done)
		defer cancel()
		err := s.runVerify(ctx, j, probs, budget)
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
	return j
}

func (s *Server) runVerify(ctx context.Context, j *job, probs []*problems.Problem, budget solver.Budget) error {
	opt := app.VerifyOptions{Jobs: 1, Solver: solver.Options{Budget: budget, Tables: s.opt.Tables, Cores: solver.NewCores(runtime.NumCPU())}}
	for i, p := range probs {
		name := app.ProblemName(p)
		j.update(func(st *jobStatus) {
			st.Phase = "searching " + name + " (" + strconv.Itoa(i+1) + " of " + strconv.Itoa(len(probs)) + ")"
		})
		done, err := app.VerifyMany(ctx, s.db, []*problems.Problem{p}, opt)
		if err != nil {
			return err
		}
		v := done[0]
		j.update(func(st *jobStatus) { st.Phase = "storing the verdict of " + name })
		s.writeMu.Lock()
		err = app.StoreVerified(s.db, &v)
		s.writeMu.Unlock()
		if err != nil {
			return err
		}
		r := v.Report
		j.update(func(st *jobStatus) {
			st.Done++
			st.Nodes += r.ProofNodes
			st.Results = append(st.Results, jobResult{Ref: name, Verdict: r.Verdict, Key: r.Key, Evidence: app.EvidenceText(r), Report: r})
		})
	}
	return nil
}

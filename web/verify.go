package web

import (
	"fmt"
	"net/http"
	"net/url"
	"time"

	"metz/app"
	"metz/problems"
	"metz/solver"
)

// maxBudget bounds a budget asked of the server: one request must not
// hold the machine for hours.
const maxBudget = 10 * time.Minute

func (s *Server) budget(text string) (solver.Budget, error) {
	if text == "" {
		text = s.opt.Budget
	}
	return ParseBudget(text)
}

// ParseBudget reads a budget given to the server: the solver's syntax,
// with a time of at most maxBudget.
func ParseBudget(text string) (solver.Budget, error) {
	b, err := solver.ParseBudget(text)
	if err != nil {
		return b, badRequest("--budget: %v", err)
	}
	if b.Time <= 0 || b.Time > maxBudget {
		return b, badRequest("--budget %q: give a time of at most %s (e.g. 10s)", text, maxBudget)
	}
	return b, nil
}

// POST /api/verify {"refs": [...]} or {"query": "source=metz&theme=…"}:
// starts a verification; the answer is the job to follow.
func (s *Server) apiVerify(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Refs   []string `json:"refs"`
		Query  string   `json:"query"`
		Budget string   `json:"budget"`
	}
	if err := readJSON(r, &body); err != nil {
		fail(w, r, err)
		return
	}
	b, err := s.budget(body.Budget)
	if err != nil {
		fail(w, r, err)
		return
	}
	var picked app.Selected
	if len(body.Refs) > 0 {
		picked, err = app.Select(s.db, app.Selection{Refs: body.Refs})
	} else {
		var v url.Values
		if v, err = url.ParseQuery(body.Query); err != nil {
			err = badRequest("query %q: %v", body.Query, err)
		} else {
			picked, _, err = s.search(v)
		}
	}
	var probs []*problems.Problem
	if err == nil {
		probs, err = app.Load(s.db, picked.IDs())
	}
	if err == nil && len(probs) == 0 {
		err = badRequest("nothing to verify: the selection is empty")
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	j := s.startVerify(probs, b)
	writeJSON(w, http.StatusAccepted, j.status())
}

func (s *Server) job(w http.ResponseWriter, r *http.Request) *job {
	j := s.jobs.get(r.PathValue("id"))
	if j == nil {
		writeError(w, r, http.StatusNotFound, fmt.Errorf("job %q: no such verification (the server keeps the last %d)", r.PathValue("id"), maxJobs))
	}
	return j
}

// GET /api/jobs/{id}: the job's progress and the verdicts stored so far.
func (s *Server) apiJob(w http.ResponseWriter, r *http.Request) {
	if j := s.job(w, r); j != nil {
		writeJSON(w, http.StatusOK, j.status())
	}
}

// GET /api/jobs/{id}/events: the same, streamed (server-sent events) until
// the job ends or the page goes.
func (s *Server) apiJobEvents(w http.ResponseWriter, r *http.Request) {
	j := s.job(w, r)
	if j == nil {
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	rc := http.NewResponseController(w)
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		st := j.status()
		fmt.Fprint(w, "data: ")
		_ = encode(w, st)
		fmt.Fprint(w, "\n")
		if err := rc.Flush(); err != nil || st.State != jobRunning {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-j.done:
		case <-tick.C:
		}
	}
}

// POST /api/jobs/{id}/cancel.
func (s *Server) apiJobCancel(w http.ResponseWriter, r *http.Request) {
	if j := s.job(w, r); j != nil {
		j.cancel()
		<-j.done
		writeJSON(w, http.StatusOK, j.status())
	}
}

package web

import (
	"fmt"
	"net/http"
	"net/url"
	"time"

	"metz/app"
	"metz/verdict"
)

// eventDeadline is the time one event of a job's stream has to be sent.
const eventDeadline = 10 * time.Second

// maxBudget bounds a budget asked of the server: one request must not
// hold the machine for hours.
const maxBudget = 10 * time.Minute

func (s *Server) budget(text string) (verdict.Budget, error) {
	if text == "" {
		text = s.opt.Budget
	}
	return ParseBudget(text, s.opt.MaxMemoryMB)
}

// ParseBudget reads a budget given to the server: the command line's
// syntax (app.ParseBudget), with a time of at most maxBudget and a memory
// of at most maxMemoryMB.
func ParseBudget(text string, maxMemoryMB int) (verdict.Budget, error) {
	b, err := app.ParseBudget(text)
	if err != nil {
		return b, badRequest("--budget: %v", err)
	}
	if b.Time <= 0 || b.Time > maxBudget {
		return b, badRequest("--budget %q: give a time of at most %s (e.g. 10s)", text, maxBudget)
	}
	if err := b.CheckMemory(maxMemoryMB); err != nil {
		return b, badRequest("--budget %q: %v (metz serve --max-memory raises it)", text, err)
	}
	return b, nil
}

// POST /api/verify {"refs": [...]} or {"query": "source=metz&theme=…"}:
// starts a verification (app's Verify, as metz verify runs it); the answer
// is the job to follow.
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
	sel := app.Selection{Refs: body.Refs}
	if len(body.Refs) == 0 {
		sel, err = s.querySelection(body.Query)
	}
	var plan *app.VerifyPlan
	if err == nil {
		plan, err = s.app.PlanVerify(sel, app.VerifyOptions{Budget: b})
	}
	if err == nil && len(plan.Problems()) == 0 {
		err = badRequest("nothing to verify: the selection is empty")
	}
	var st jobStatus
	if err == nil {
		st, err = s.jobs.enqueue(r.Context(), plan)
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, st)
}

// querySelection is the selection a search page's query makes (its
// filters, every match with a diagram).
func (s *Server) querySelection(query string) (app.Selection, error) {
	v, err := url.ParseQuery(query)
	if err != nil {
		return app.Selection{}, badRequest("query %q: %v", query, err)
	}
	return selectionOf(v)
}

// GET /api/jobs/{id}: the job's progress and the verdicts stored so far.
func (s *Server) apiJob(w http.ResponseWriter, r *http.Request) {
	st, err := s.jobs.status(r.Context(), r.PathValue("id"))
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// GET /api/jobs/{id}/events: the same, streamed (server-sent events) until
// the job ends or the page goes.
func (s *Server) apiJobEvents(w http.ResponseWriter, r *http.Request) {
	st, err := s.jobs.status(r.Context(), r.PathValue("id"))
	if err != nil {
		fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	rc := http.NewResponseController(w)
	// The stream outlives the server's write timeout: each event has its
	// own deadline, so a page that stops reading is still let go.
	_ = rc.SetReadDeadline(time.Time{})
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		_ = rc.SetWriteDeadline(time.Now().Add(eventDeadline))
		fmt.Fprint(w, "data: ")
		_ = encode(w, st)
		fmt.Fprint(w, "\n")
		if err := rc.Flush(); err != nil || st.State != jobRunning {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
		}
		if st, err = s.jobs.status(r.Context(), r.PathValue("id")); err != nil {
			return
		}
	}
}

// POST /api/jobs/{id}/cancel.
func (s *Server) apiJobCancel(w http.ResponseWriter, r *http.Request) {
	st, err := s.jobs.cancel(r.Context(), r.PathValue("id"))
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"metz/app"
	"metz/db"
	"metz/draughts"
	"metz/export"
	"metz/problems"
	"metz/problems/booknotation"
	"metz/solver"
)

func (s *Server) routes() {
	m := s.mux
	m.HandleFunc("GET /api/search", s.apiSearch)
	m.HandleFunc("GET /api/problems/{ref}", s.apiShow)
	m.HandleFunc("GET /api/problems/{ref}/tree", s.apiTree)
	m.HandleFunc("POST /api/problems/{ref}/notes", s.apiAddNote)
	m.HandleFunc("DELETE /api/problems/{ref}/notes/{note}", s.apiDeleteNote)
	m.HandleFunc("POST /api/problems/{ref}/tags", s.apiAddTag)
	m.HandleFunc("DELETE /api/problems/{ref}/tags/{tag}", s.apiRemoveTag)
	m.HandleFunc("POST /api/verify", s.apiVerify)
	m.HandleFunc("GET /api/jobs/{id}", s.apiJob)
	m.HandleFunc("GET /api/jobs/{id}/events", s.apiJobEvents)
	m.HandleFunc("POST /api/jobs/{id}/cancel", s.apiJobCancel)
	m.HandleFunc("POST /api/solve", s.apiSolve)
	m.HandleFunc("GET /api/moves", s.apiMoves)
	m.HandleFunc("GET /api/position", s.apiPosition)
	m.HandleFunc("POST /api/check", s.apiCheck)
	m.HandleFunc("POST /api/drafts", s.apiSaveDraft)
	s.pageRoutes()
}

// httpError is an error with the status it answers.
type httpError struct {
	status int
	err    error
}

func (e *httpError) Error() string { return e.err.Error() }
func (e *httpError) Unwrap() error { return e.err }

func badRequest(format string, a ...any) error {
	return &httpError{http.StatusBadRequest, fmt.Errorf(format, a...)}
}

// statusOf is the status an error answers: not found is 404, a read-only
// database 409, the rest is the request's (a bad value, named as the CLI
// names it) unless a handler said otherwise.
func statusOf(err error) int {
	var he *httpError
	switch {
	case errors.As(err, &he):
		return he.status
	case errors.Is(err, db.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, db.ErrReadOnly):
		return http.StatusConflict
	}
	return http.StatusBadRequest
}

// writeError answers err: a JSON object {"error": …} under /api/, a page
// elsewhere.
func writeError(w http.ResponseWriter, r *http.Request, status int, err error) {
	if !strings.HasPrefix(r.URL.Path, "/api/") {
		errorPage(w, status, err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = encode(w, map[string]string{"error": err.Error()})
}

func fail(w http.ResponseWriter, r *http.Request, err error) { writeError(w, r, statusOf(err), err) }

func encode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = encode(w, v)
}

// readJSON decodes a request body of at most 1 MiB into v.
func readJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badRequest("request body: %v (expected a JSON object, see docs/web.md)", err)
	}
	return nil
}

// filtersOf reads the search filters from a URL's query; the names are
// metz search's flags.
func filtersOf(v url.Values) (app.Filters, bool, error) {
	f := app.Filters{Number: v.Get("number"), Class: v.Get("class"), Rules: v.Get("rules"), Themes: v.Get("theme"),
		Origin: v.Get("theme-origin"), Verdict: v.Get("verdict"), Side: v.Get("side"), Pattern: v.Get("pattern"),
		Text: v.Get("text"), Author: v.Get("author"),
		WhitePieces: v.Get("white-pieces"), WhiteMen: v.Get("white-men"), WhiteKings: v.Get("white-kings"),
		BlackPieces: v.Get("black-pieces"), BlackMen: v.Get("black-men"), BlackKings: v.Get("black-kings")}
	for _, src := range v["source"] {
		for _, k := range strings.Split(src, ",") {
			if k = strings.TrimSpace(k); k != "" {
				f.Sources = append(f.Sources, k)
			}
		}
	}
	f.Position, f.NoPosition = v.Get("position") != "", v.Get("no-position") != ""
	var err error
	if f.Limit, err = intParam(v, "limit"); err != nil {
		return f, false, err
	}
	if f.Offset, err = intParam(v, "offset"); err != nil {
		return f, false, err
	}
	return f, v.Get("with-empty") != "", nil
}

func intParam(v url.Values, name string) (int, error) {
	s := v.Get(name)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, badRequest("--%s %q: expected a whole number", name, s)
	}
	return n, nil
}

// search runs a search from a URL's query as metz search does.
func (s *Server) search(v url.Values) (app.Selected, app.Filters, error) {
	f, withEmpty, err := filtersOf(v)
	if err != nil {
		return app.Selected{}, f, err
	}
	q, err := f.Query()
	if err != nil {
		return app.Selected{}, f, err
	}
	res, err := app.Select(s.db, app.Selection{Query: q, All: true, WithEmpty: withEmpty})
	return res, f, err
}

// GET /api/search: metz search --json.
func (s *Server) apiSearch(w http.ResponseWriter, r *http.Request) {
	res, _, err := s.search(r.URL.Query())
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res.Problems)
}

// resolve finds the problem a path's {ref} names.
func (s *Server) resolve(r *http.Request) (db.Summary, error) {
	return app.Resolve(s.db, r.PathValue("ref"))
}

// GET /api/problems/{ref}: metz show --json.
func (s *Server) apiShow(w http.ResponseWriter, r *http.Request) {
	sum, err := s.resolve(r)
	if err != nil {
		fail(w, r, err)
		return
	}
	rec, err := app.LoadRecord(s.db, sum.ID)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rec)
}

// shownTree is metz show --tree --json with the page's additions: the
// tree in the book's style and in modern notation, and replayed.
type shownTree struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Source string `json:"source"`
	Number int    `json:"number"`
	Label  string `json:"label,omitempty"`
	Rules  string `json:"rules"`
	FEN    string `json:"fen,omitempty"`
	app.VerifiedTree
	Book   string    `json:"book,omitempty"`
	Modern string    `json:"modern,omitempty"`
	Replay *replayed `json:"replay,omitempty"`
}

func treeOf(rec app.Record) shownTree {
	p := rec.Problem
	v := app.BuildVerifiedTree(p, rec.Verdicts)
	out := shownTree{ID: p.ID, Name: app.ProblemName(p), Source: p.Source, Number: p.Number, Label: p.Label, Rules: p.Rules, FEN: p.FEN, VerifiedTree: v}
	r, err := draughts.RulesByName(p.Rules)
	if err != nil || p.FEN == "" || v.Tree == nil || len(v.Tree.Children) == 0 {
		if p.FEN != "" {
			out.Replay, _ = replay(p.Rules, p.FEN, nil)
		}
		return out
	}
	book, _ := export.Verified(p, v.Evidence, export.French)
	out.Book = booknotation.WriteWith(withStart(book, p.FEN), r, booknotation.Marked)
	out.Modern = export.Modern(withStart(v.Tree, p.FEN), r)
	if v.Tree.HasOrigin(problems.Solver) {
		out.Modern += "\n" + export.ModernLegend
	}
	rp, err := replay(p.Rules, p.FEN, v.Tree)
	if err == nil {
		out.Replay = rp
	}
	return out
}

func withStart(t *problems.Tree, fen string) *problems.Tree {
	if t == nil || t.Start != "" {
		return t
	}
	c := *t
	c.Start = fen
	return &c
}

// GET /api/problems/{ref}/tree: metz show --tree --json, replayed.
func (s *Server) apiTree(w http.ResponseWriter, r *http.Request) {
	rec, err := s.record(r)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, treeOf(rec))
}

func (s *Server) record(r *http.Request) (app.Record, error) {
	sum, err := s.resolve(r)
	if err != nil {
		return app.Record{}, err
	}
	return app.LoadRecord(s.db, sum.ID)
}

// write runs f as the server's one writer.
func (s *Server) write(f func() error) error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	return f()
}

// POST /api/problems/{ref}/notes {"text": …}: metz note --json.
func (s *Server) apiAddNote(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Text string `json:"text"`
	}
	sum, err := s.resolve(r)
	if err == nil {
		err = readJSON(r, &body)
	}
	if err == nil && strings.TrimSpace(body.Text) == "" {
		err = badRequest("note: empty text (expected the note's words)")
	}
	var n db.Note
	if err == nil {
		err = s.write(func() (err error) { n, err = s.db.AddNote(sum.ID, body.Text); return })
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, n)
}

// DELETE /api/problems/{ref}/notes/{note}.
func (s *Server) apiDeleteNote(w http.ResponseWriter, r *http.Request) {
	sum, err := s.resolve(r)
	var noteID int64
	if err == nil {
		noteID, err = strconv.ParseInt(r.PathValue("note"), 10, 64)
		if err != nil {
			err = badRequest("note %q: expected the note's number", r.PathValue("note"))
		}
	}
	var ok bool
	if err == nil {
		err = s.write(func() (err error) { ok, err = s.db.DeleteNote(sum.ID, noteID); return })
	}
	if err == nil && !ok {
		err = &httpError{http.StatusNotFound, fmt.Errorf("note %d: %s has no such note", noteID, app.Name(sum.Source, sum.Number))}
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": sum.ID, "note": noteID, "deleted": ok})
}

// POST /api/problems/{ref}/tags {"tag": …}: metz tag --json.
func (s *Server) apiAddTag(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Tag string `json:"tag"`
	}
	sum, err := s.resolve(r)
	if err == nil {
		err = readJSON(r, &body)
	}
	var theme string
	var added bool
	if err == nil {
		err = s.write(func() (err error) { theme, added, err = s.db.AddTag(sum.ID, body.Tag); return })
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": sum.ID, "theme": theme, "origin": "user", "added": added})
}

// DELETE /api/problems/{ref}/tags/{tag}.
func (s *Server) apiRemoveTag(w http.ResponseWriter, r *http.Request) {
	sum, err := s.resolve(r)
	var theme string
	var removed bool
	if err == nil {
		err = s.write(func() (err error) { theme, removed, err = s.db.RemoveTag(sum.ID, r.PathValue("tag")); return })
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": sum.ID, "theme": theme, "origin": "user", "removed": removed})
}

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

// positionOf reads rules and a FEN as metz solve and moves read them.
func positionOf(rulesName, fen string) (draughts.Position, error) {
	r, err := draughts.RulesByName(cmpOr(rulesName, draughts.International.Name))
	if err != nil {
		return draughts.Position{}, err
	}
	if fen == "start" || fen == "initial" {
		return draughts.Start(r), nil
	}
	if fen == "" {
		return draughts.Position{}, badRequest("fen: missing (expected a position such as W:W28:B19, or start)")
	}
	return draughts.ParseFEN(r, fen)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// POST /api/solve {"fen", "rules", "goal", "budget"}: metz solve --json.
func (s *Server) apiSolve(w http.ResponseWriter, r *http.Request) {
	var body struct {
		FEN, Rules, Goal, Budget string
	}
	err := readJSON(r, &body)
	var p draughts.Position
	if err == nil {
		p, err = positionOf(body.Rules, body.FEN)
	}
	if wm, wk, bm, bk := p.Material(); err == nil && wm+wk+bm+bk == 0 {
		err = badRequest("FEN %q: no piece on the board (expected a position such as W:W28:B19)", body.FEN)
	}
	var g solver.Goal
	if err == nil {
		g, err = solver.ParseGoal(cmpOr(body.Goal, "win"))
	}
	var b solver.Budget
	if err == nil {
		b, err = s.budget(body.Budget)
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, solver.SolveWith(p, g, solver.Options{Budget: b}))
}

// GET /api/moves?fen=…&rules=…: metz moves --json.
func (s *Server) apiMoves(w http.ResponseWriter, r *http.Request) {
	p, err := positionOf(r.URL.Query().Get("rules"), r.URL.Query().Get("fen"))
	if err != nil {
		fail(w, r, err)
		return
	}
	list := []app.MoveInfo{}
	for _, m := range p.Moves() {
		list = append(list, app.DescribeMove(p.Rules, m))
	}
	writeJSON(w, http.StatusOK, list)
}

// GET /api/position?fen=…&rules=…: the position as the board draws it,
// the FEN written back in metz's form.
func (s *Server) apiPosition(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	p, err := positionOf(q.Get("rules"), cmpOr(q.Get("fen"), "W::"))
	if err != nil {
		fail(w, r, err)
		return
	}
	rp, err := replay(p.Rules.Name, p.FEN(), nil)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rp)
}

// POST /api/check {"rules", "fen", "solution"}: the solution read move by
// move on the position, with the import's messages.
func (s *Server) apiCheck(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Rules, FEN, Solution string
	}
	err := readJSON(r, &body)
	var c app.Checked
	if err == nil {
		c, err = app.CheckSolution(body.Rules, body.FEN, body.Solution)
	}
	var rp *replayed
	if err == nil {
		rp, err = replay(cmpOr(body.Rules, draughts.International.Name), body.FEN, c.Tree)
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"warnings": c.Warnings, "tree": c.Tree, "replay": rp})
}

// POST /api/drafts (app.Draft): stores a problem set up in the editor as
// metz import stores a transcription.
func (s *Server) apiSaveDraft(w http.ResponseWriter, r *http.Request) {
	var dr app.Draft
	err := readJSON(r, &dr)
	var st db.ImportStats
	if err == nil {
		err = s.write(func() (err error) { st, err = app.SaveDraft(s.db, dr); return })
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"import": st, "name": app.Name(st.Source, dr.Number)})
}

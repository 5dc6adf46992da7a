package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"metz/app"
	"metz/export"
	"metz/problems"
	"metz/problems/booknotation"
	"metz/problems/catalog"
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

// selectionOf is the selection a URL's query makes, as metz search's
// flags make it.
func selectionOf(v url.Values) (app.Selection, error) {
	f, withEmpty, err := filtersOf(v)
	if err != nil {
		return app.Selection{}, err
	}
	q, err := f.Query()
	return app.Selection{Query: q, All: true, WithEmpty: withEmpty}, err
}

// search runs a search from a URL's query as metz search does.
func (s *Server) search(v url.Values) (app.Selected, app.Filters, error) {
	f, _, err := filtersOf(v)
	if err != nil {
		return app.Selected{}, f, err
	}
	sel, err := selectionOf(v)
	if err != nil {
		return app.Selected{}, f, err
	}
	res, err := s.app.Select(sel)
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
func (s *Server) resolve(r *http.Request) (catalog.Summary, error) {
	return s.app.Resolve(r.PathValue("ref"))
}

// GET /api/problems/{ref}: metz show --json.
func (s *Server) apiShow(w http.ResponseWriter, r *http.Request) {
	sum, err := s.resolve(r)
	if err != nil {
		fail(w, r, err)
		return
	}
	rec, err := s.app.Record(sum.ID)
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
	v := app.BuildVerifiedTree(p, rec.Current())
	out := shownTree{ID: p.ID, Name: app.ProblemName(p), Source: p.Source, Number: p.Number, Label: p.Label, Rules: p.RulesName(), FEN: p.FEN(), VerifiedTree: v}
	if p.Position == nil || v.Tree == nil || len(v.Tree.Children) == 0 {
		if p.Position != nil {
			out.Replay, _ = replayFrom(*p.Position, nil)
		}
		return out
	}
	r := p.Position.Rules
	book, _ := export.Verified(p, v.Evidence, export.French)
	out.Book = booknotation.WriteWith(book.StartingAt(p.Position), r, booknotation.Marked)
	out.Modern = export.Modern(v.Tree.StartingAt(p.Position), r)
	if v.Tree.HasOrigin(problems.Solver) {
		out.Modern += "\n" + export.ModernLegend
	}
	rp, err := replayFrom(*p.Position, v.Tree)
	if err == nil {
		out.Replay = rp
	}
	return out
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
	return s.app.Record(sum.ID)
}

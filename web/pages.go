package web

import (
	"bytes"
	"cmp"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"metz/app"
	"metz/draughts"
	"metz/export"
	"metz/problems/catalog"
)

//go:embed assets templates
var files embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"name":  app.Name,
	"join":  strings.Join,
	"split": strings.Fields,
	// verdicts are what the search's verdict filter offers (db.Query.Verdict).
	"verdicts": func() []string { return append(slices.Clone(app.VerdictOrder), "outdated") },
	"pathref":  func(source string, number int) string { return url.PathEscape(app.Name(source, number)) },
}).ParseFS(files, "templates/*.html"))

func (s *Server) pageRoutes() {
	m := s.mux
	static, _ := fs.Sub(files, "assets")
	m.Handle("GET /assets/", http.StripPrefix("/assets/", http.FileServerFS(static)))
	m.HandleFunc("GET /{$}", s.searchPage)
	m.HandleFunc("GET /search", s.searchPage)
	m.HandleFunc("GET /problems/{ref}", s.problemPage)
	m.HandleFunc("GET /editor", s.editorPage)
	m.HandleFunc("GET /print", s.printPage)
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, http.StatusNotFound, fmt.Errorf("%s: no such page (the search is at /)", r.URL.Path))
	})
}

func render(w http.ResponseWriter, name string, data any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := pages.ExecuteTemplate(w, name, data); err != nil {
		// The head is sent: say it in the page.
		fmt.Fprintf(w, "<p class=error>%s</p>", template.HTMLEscapeString(err.Error()))
	}
}

func errorPage(w http.ResponseWriter, status int, err error) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_ = pages.ExecuteTemplate(w, "error.html", map[string]any{"Title": http.StatusText(status), "Status": status, "Error": err.Error()})
}

// diagram is a position's SVG (export's), or "" when it cannot be drawn.
func diagram(rules, fen string, size float64, numbers bool) template.HTML {
	if fen == "" {
		return ""
	}
	r, err := draughts.RulesByName(rules)
	if err != nil {
		return ""
	}
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		return ""
	}
	return diagramOf(&p, size, numbers)
}

// diagramOf is a record's diagram's SVG, "" when it has none.
func diagramOf(p *draughts.Position, size float64, numbers bool) template.HTML {
	if p == nil {
		return ""
	}
	return template.HTML(export.SVG(*p, export.DiagramOptions{Size: size, Numbers: numbers}))
}

// resultRow is a search result as the list shows it.
type resultRow struct {
	catalog.Summary
	Name    string
	Diagram template.HTML
}

// pageSize is how many results a search page lists by default.
const pageSize = 20

func (s *Server) searchPage(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	data := map[string]any{"Title": "Search", "Q": v, "Rules": draughts.RuleNames()}
	limit, err := intParam(v, "limit")
	if err == nil && (limit <= 0 || limit > 500) {
		limit = pageSize
	}
	offset, _ := intParam(v, "offset")
	// One more than a page tells whether there is a next one.
	pv := cloneValues(v)
	pv.Set("limit", strconv.Itoa(limit+1))
	var res app.Selected
	if err == nil {
		res, _, err = s.search(pv)
	}
	if err != nil {
		data["Error"] = err.Error()
		w.WriteHeader(statusOf(err))
		render(w, "search.html", data)
		return
	}
	rows := make([]resultRow, 0, len(res.Problems))
	for i, p := range res.Problems {
		if i == limit {
			break
		}
		rows = append(rows, resultRow{Summary: p, Name: app.Name(p.Source, p.Number), Diagram: diagram(p.Rules, p.FEN, 150, false)})
	}
	data["Results"], data["LeftOut"], data["Offset"] = rows, res.LeftOut, offset
	data["First"], data["Last"] = offset+1, offset+len(rows)
	if offset > 0 {
		data["Prev"] = pageURL(v, max(offset-limit, 0), limit)
	}
	if len(res.Problems) > limit {
		data["Next"] = pageURL(v, offset+limit, limit)
	}
	pq := cloneValues(v)
	pq.Del("limit")
	pq.Del("offset")
	data["PrintURL"], data["Query"] = "/print?"+pq.Encode(), pq.Encode()
	render(w, "search.html", data)
}

// cloneValues copies a page's parameters into the links it writes,
// never the access token (it would go into history and printed footers).
func cloneValues(v url.Values) url.Values {
	c := url.Values{}
	for k, vs := range v {
		if len(vs) > 0 && vs[0] != "" && k != "token" {
			c[k] = append([]string(nil), vs...)
		}
	}
	return c
}

func pageURL(v url.Values, offset, limit int) string {
	c := cloneValues(v)
	c.Set("offset", strconv.Itoa(offset))
	c.Set("limit", strconv.Itoa(limit))
	return "/search?" + c.Encode()
}

func (s *Server) problemPage(w http.ResponseWriter, r *http.Request) {
	rec, err := s.record(r)
	if err != nil {
		fail(w, r, err)
		return
	}
	p := rec.Problem
	t := treeOf(rec)
	hist := make([]map[string]any, len(rec.Verdicts))
	for i, v := range rec.Verdicts {
		hist[len(rec.Verdicts)-1-i] = map[string]any{"V": v, "When": v.CreatedAt.Format("2006-01-02 15:04"), "Standing": rec.Standing[v.ID]}
	}
	referring, err := s.app.ReferringTo(p.Source, p.Number)
	if err != nil {
		fail(w, r, err)
		return
	}
	var standing string // the newest run's, when it proved nothing beside a proof
	if n := len(rec.Verdicts); n > 0 {
		standing = rec.Standing[rec.Verdicts[n-1].ID]
	}
	render(w, "problem.html", map[string]any{"ReferredBy": referring, "Budget": s.opt.Budget, "Standing": standing,
		"Title": t.Name + " " + p.Label, "P": p, "Name": t.Name, "Tree": t, "History": hist, "Notes": rec.Notes,
		"Diagram": diagramOf(p.Position, 360, true), "Heading": export.Heading(p), "Byline": export.Byline(p),
		"Similar": s.similarOf(p), // web/similar.go
	})
}

func (s *Server) editorPage(w http.ResponseWriter, r *http.Request) {
	data := map[string]any{"Title": "Editor", "Rules": draughts.RuleNames(), "Source": "web", "Number": 1, "RulesName": "international"}
	if ref := r.URL.Query().Get("ref"); ref != "" {
		rec, err := s.app.Resolve(ref)
		if err != nil {
			fail(w, r, err)
			return
		}
		p, err := s.app.Problem(rec.ID)
		if err != nil {
			fail(w, r, err)
			return
		}
		data["From"], data["Number"], data["FEN"], data["RulesName"] = p, p.Number, p.FEN(), p.RulesName()
		data["SolutionText"] = p.SolutionText
		if p.Source == "metz" || p.Source == "vantenac" {
			data["Book"] = p.Source
		} else {
			data["Source"] = p.Source
		}
		data["FromName"] = app.Name(p.Source, p.Number)
	}
	render(w, "editor.html", data)
}

// maxPrint bounds a printed selection, and printDeadline the time its
// document has to be made and sent.
const (
	maxPrint      = 2000
	printDeadline = 5 * time.Minute
)

// printFormats are the export formats /print writes, with their types.
var printFormats = map[string]string{
	"html": "text/html; charset=utf-8", "pdf": "application/pdf",
	"pdn": "text/plain; charset=utf-8", "book": "text/plain; charset=utf-8", "json": "application/json",
}

// printPage writes the current selection as metz export does, in HTML
// unless format= asks for pdf, pdn, book or json.
func (s *Server) printPage(w http.ResponseWriter, r *http.Request) {
	v := cloneValues(r.URL.Query())
	format := cmp.Or(v.Get("format"), "html")
	v.Del("format")
	ctype, ok := printFormats[format]
	if !ok {
		fail(w, r, badRequest("--format %q: expected html, pdf, pdn, book or json", format))
		return
	}
	v.Set("limit", strconv.Itoa(maxPrint))
	longAnswer(w, printDeadline)
	res, f, err := s.search(v)
	var items []export.Item
	if err == nil {
		items, _, err = s.app.ExportItems(res.IDs())
	}
	title := "metz"
	if len(f.Sources) > 0 {
		title += " — " + strings.Join(f.Sources, ", ")
	}
	// Written whole first, so that a failure is an error page, not half a document.
	var buf bytes.Buffer
	if err == nil {
		err = export.Write(&buf, format, items, export.HTMLOptions{Title: title})
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Security-Policy", printPolicy(format, buf.Bytes()))
	if format == "pdf" {
		w.Header().Set("Content-Disposition", `inline; filename="metz.pdf"`)
	}
	_, _ = w.Write(buf.Bytes())
}

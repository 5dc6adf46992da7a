package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"metz/app"
	"metz/db"
	"metz/importer"
	"metz/internal/pgtest"
)

// booksDB is a fresh database holding the bundled books, as `metz import`
// with no argument leaves it.
func booksDB(t testing.TB) *db.DB {
	t.Helper()
	d, err := db.Open(pgtest.DB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	batches, err := importer.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range batches {
		if _, err := d.ImportBatchWith(b.Source, b.Problems, b.Warnings, db.ImportOptions{Texts: b.Texts}); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// testDBs are the test servers' databases, for the tests to look past
// the server at what it stored.
var testDBs sync.Map // *Server → *db.DB

// newServer is a server over d with endgame tables built in memory, saved
// nowhere (metz serve always opens tables).
func newServer(d *db.DB, opt Options) *Server {
	return newServerWith(d, memTables, opt)
}

// memTables are the test servers' tables, built in memory as the tests
// meet them and shared as a program shares its one handle.
var memTables = mustTables(app.OpenTables("", 0))

func mustTables(tb *app.Tables, err error) *app.Tables {
	if err != nil {
		panic(err)
	}
	return tb
}

// newServerWith is a server over d and the tables tb.
func newServerWith(d *db.DB, tb *app.Tables, opt Options) *Server {
	s := New(app.New(d, tb), opt)
	testDBs.Store(s, d)
	return s
}

// dbOf is the database a test server serves.
func dbOf(s *Server) *db.DB {
	d, _ := testDBs.Load(s)
	return d.(*db.DB)
}

func newTestServer(t testing.TB, opt Options) (*Server, *httptest.Server) {
	t.Helper()
	return newTestServerWith(t, memTables, opt)
}

// newTestServerWith is newTestServer on the tables tb.
func newTestServerWith(t testing.TB, tb *app.Tables, opt Options) (*Server, *httptest.Server) {
	t.Helper()
	s := newServerWith(booksDB(t), tb, opt)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { ts.Close(); s.Close() })
	return s, ts
}

// call sends a request as the server's own page would (same origin) and
// returns the status and body.
func call(t testing.TB, ts *httptest.Server, method, path, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// want checks a status and that the body holds each of the strings.
func want(t *testing.T, what string, status int, body string, wantStatus int, has ...string) {
	t.Helper()
	if status != wantStatus {
		t.Errorf("%s: status %d, want %d: %.300s", what, status, wantStatus, body)
	}
	for _, h := range has {
		if !strings.Contains(body, h) {
			t.Errorf("%s: body lacks %q: %.400s", what, h, body)
		}
	}
}

func TestSearchAPI(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	st, body := call(t, ts, "GET", "/api/search?theme=lunette", "")
	want(t, "lunette", st, body, 200, `"source":"vantenac","number":77`)
	var got []struct{ Source string }
	if err := json.Unmarshal([]byte(body), &got); err != nil || len(got) == 0 {
		t.Fatalf("search: %v %s", err, body)
	}
	st, body = call(t, ts, "GET", "/api/search?source=vantenac&number=71-73", "")
	if err := json.Unmarshal([]byte(body), &got); err != nil || st != 200 || len(got) != 3 {
		t.Errorf("number range: %d %v %d results", st, err, len(got))
	}
	st, body = call(t, ts, "GET", "/api/search?source=metz&limit=5&offset=5&with-empty=1", "")
	if err := json.Unmarshal([]byte(body), &got); err != nil || st != 200 || len(got) != 5 {
		t.Errorf("paging: %d %v %d results", st, err, len(got))
	}
	for q, msg := range map[string]string{
		"number=abc":               "--number",
		"theme=lunete":             `did you mean lunette?`,
		"source=vantenak":          "no such source",
		"limit=x":                  "--limit",
		"limit=-1":                 "must not be negative",
		"theme=(lunette":           "theme",
		"position=1&no-position=1": "exclude each other",
	} {
		st, body := call(t, ts, "GET", "/api/search?"+q, "")
		want(t, q, st, body, 400, `"error"`, msg)
	}
}

func TestShowAndTreeAPI(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	st, body := call(t, ts, "GET", "/api/problems/vantenac:77", "")
	want(t, "show", st, body, 200, `"label":"Problème VII"`, `"verdicts":[]`, `"notes":[]`)
	st, body = call(t, ts, "GET", "/api/problems/vantenac:77/tree", "")
	want(t, "tree", st, body, 200, `"book":"BLANCS.`, `"modern":"1. 24-19`, `"replay"`)
	var tr shownTree
	if err := json.Unmarshal([]byte(body), &tr); err != nil {
		t.Fatal(err)
	}
	// The main line replays to the end: each ply carries its position.
	line := tr.Replay.Children
	plies := 0
	for len(line) > 0 {
		if line[0].Board == "" || line[0].FEN == "" {
			t.Fatalf("ply %d not replayed: %+v", plies+1, line[0])
		}
		plies++
		line = line[0].Children
	}
	if plies != 5 {
		t.Errorf("Van Tenac VII's line has %d plies replayed, want 5", plies)
	}
	first := tr.Replay.Children[0].Children[0] // 14x28x44x35 takes three men
	if len(first.Captured) != 3 || len(first.Path) != 4 {
		t.Errorf("the black king's rafle: path %v captured %v", first.Path, first.Captured)
	}
	st, body = call(t, ts, "GET", "/api/problems/vantenac:6", "")
	want(t, "a label's number", st, body, 400, "is vantenac:76")
	st, body = call(t, ts, "GET", "/api/problems/nosuch:1", "")
	want(t, "unknown", st, body, 404, "not found")
	st, body = call(t, ts, "GET", "/api/problems/metz:3/tree", "")
	want(t, "no diagram", st, body, 200, `"name":"metz:3"`)
}

func TestNotesAndTags(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	st, body := call(t, ts, "POST", "/api/problems/vantenac:77/notes", `{"text":"a fine lunette"}`)
	want(t, "note", st, body, 201, `"text":"a fine lunette"`)
	var n db.Note
	_ = json.Unmarshal([]byte(body), &n)
	st, body = call(t, ts, "POST", "/api/problems/vantenac:77/notes", `{"text":"  "}`)
	want(t, "empty note", st, body, 400, "empty text")
	st, body = call(t, ts, "POST", "/api/problems/vantenac:77/notes", `{"txt":"x"}`)
	want(t, "unknown field", st, body, 400, "request body")
	st, body = call(t, ts, "POST", "/api/problems/vantenac:77/notes", `not json`)
	want(t, "bad JSON", st, body, 400, "request body")
	st, body = call(t, ts, "GET", "/api/problems/vantenac:77", "")
	want(t, "note stored", st, body, 200, "a fine lunette")
	st, body = call(t, ts, "DELETE", fmt.Sprintf("/api/problems/vantenac:77/notes/%d", n.ID), "")
	want(t, "delete note", st, body, 200, `"deleted":true`)
	st, body = call(t, ts, "DELETE", fmt.Sprintf("/api/problems/vantenac:77/notes/%d", n.ID), "")
	want(t, "delete again", st, body, 404, "no such note")
	st, body = call(t, ts, "DELETE", "/api/problems/vantenac:77/notes/x", "")
	want(t, "bad note id", st, body, 400, "expected the note's number")

	st, body = call(t, ts, "POST", "/api/problems/vantenac:77/tags", `{"tag":"mon préféré"}`)
	want(t, "tag", st, body, 200, `"added":true`)
	st, body = call(t, ts, "GET", "/api/search?theme=mon-prefere", "")
	want(t, "search by tag", st, body, 200, `"number":77`)
	st, body = call(t, ts, "DELETE", "/api/problems/vantenac:77/tags/mon-pr%C3%A9f%C3%A9r%C3%A9", "")
	want(t, "untag", st, body, 200, `"removed":true`)
	st, body = call(t, ts, "POST", "/api/problems/vantenac:77/tags", `{"tag":""}`)
	want(t, "empty tag", st, body, 400, `"error"`)
}

func TestMovesSolvePosition(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	st, body := call(t, ts, "GET", "/api/moves?fen=W:WK46:B37,29", "")
	want(t, "moves", st, body, 200, `"captured":["37"`)
	st, body = call(t, ts, "GET", "/api/moves?fen=start&rules=russian", "")
	want(t, "russian start", st, body, 200, `"move":"c3-d4"`)
	st, body = call(t, ts, "GET", "/api/moves?fen=W:W99", "")
	want(t, "bad square", st, body, 400, `"error"`)
	st, body = call(t, ts, "GET", "/api/moves?fen=W:W28&rules=checkers9", "")
	want(t, "bad rules", st, body, 400, `"error"`)
	st, body = call(t, ts, "GET", "/api/moves", "")
	want(t, "no fen", st, body, 400, "fen: missing")

	st, body = call(t, ts, "POST", "/api/solve", `{"fen":"W:W24,29,33,40,49:B10,K14,K34","budget":"5s"}`)
	want(t, "solve", st, body, 200, `"result":"win"`, `"24-19"`)
	st, body = call(t, ts, "POST", "/api/solve", `{"fen":"W::"}`)
	want(t, "empty board", st, body, 400, "no piece on the board")
	st, body = call(t, ts, "POST", "/api/solve", `{"fen":"W:W28:B19","goal":"mate"}`)
	want(t, "bad goal", st, body, 400, `"error"`)
	st, body = call(t, ts, "POST", "/api/solve", `{"fen":"W:W28:B19","budget":"10h"}`)
	want(t, "budget too large", st, body, 400, "at most")

	st, body = call(t, ts, "GET", "/api/position?fen=B:W28:BK19", "")
	want(t, "position", st, body, 200, `"fen":"B:W28:BK19"`)
	var rp replayed
	_ = json.Unmarshal([]byte(body), &rp)
	if len(rp.Board) != 50 || rp.Board[27] != 'w' || rp.Board[18] != 'B' {
		t.Errorf("board text %q", rp.Board)
	}
}

func TestCheckAndDrafts(t *testing.T) {
	s, ts := newTestServer(t, Options{})
	const fen = "W:W24,29,33,40,49:B10,K14,K34"
	st, body := call(t, ts, "POST", "/api/check", `{"fen":"`+fen+`","solution":"24 à 19   14 à 35\n29 à 40   35 à 44\n49 à 40 gagne"}`)
	want(t, "book notation", st, body, 200, `"warnings":[]`, `"move":"14x28x44x35"`)
	st, body = call(t, ts, "POST", "/api/check", `{"fen":"`+fen+`","solution":"1. 24-19 14x35 2. 29x40 35x45"}`)
	want(t, "PDN with an illegal move", st, body, 200, `"text":"35x45"`, "a capture is compulsory", `"ply":4`)
	st, body = call(t, ts, "POST", "/api/check", `{"fen":"W:W99","solution":""}`)
	want(t, "bad FEN", st, body, 400, `"error"`)

	draft := `{"number":2,"book":"metz","title":"Coup nº 2","fen":"` + fen + `","solution":"24 à 19   14 à 35\n29 à 40   35 à 44\n49 à 40 gagne"}`
	st, body = call(t, ts, "POST", "/api/drafts", draft)
	want(t, "save", st, body, 200, `"name":"web:2"`, `"new":1`)
	st, body = call(t, ts, "GET", "/api/problems/web:2", "")
	want(t, "saved record", st, body, 200, `"fen":"`+fen+`"`, `"transcription-of"`, `"source":"metz","number":2`)
	// A verdict, then the record changes: the verdict belongs to the old version.
	id := mustResolve(t, s, "web:2")
	if _, err := dbOf(s).AddVerdict(id, db.Verdict{Verdict: "sound", Rules: "international", SolverVersion: "test"}); err != nil {
		t.Fatal(err)
	}
	st, body = call(t, ts, "POST", "/api/drafts", strings.Replace(draft, "40,49:B10", "40,46,49:B10", 1))
	want(t, "update", st, body, 200, `"updated":1`, `"outdated":1`)
	st, body = call(t, ts, "GET", "/problems/metz:2", "")
	want(t, "the book's record names its transcription", st, body, 200, `<a href="/problems/web:2">web:2</a> transcribes this record`)
	st, body = call(t, ts, "GET", "/api/search?source=web&verdict=outdated", "")
	want(t, "outdated verdict", st, body, 200, `"number":2`)
	for b, msg := range map[string]string{
		`{"source":"metz","number":2,"fen":"W:W28:B19"}`:    "holds Livre de Metz",
		`{"source":"../x","number":2,"fen":"W:W28:B19"}`:    "plain key",
		`{"number":0,"fen":"W:W28:B19"}`:                    "expected 1 or more",
		`{"number":1,"fen":"W::"}`:                          "no piece",
		`{"number":1,"fen":"W:W28:B19","book":"elsewhere"}`: "expected metz, vantenac",
	} {
		st, body := call(t, ts, "POST", "/api/drafts", b)
		want(t, b, st, body, 400, msg)
	}
}

func mustResolve(t *testing.T, s *Server, ref string) int64 {
	t.Helper()
	id, err := dbOf(s).Resolve(ref)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// A verification runs in the background, reports its progress, and
// stores its verdict; the page's stream ends with it.
func TestVerifyJob(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	st, body := call(t, ts, "POST", "/api/verify", `{"refs":["vantenac:77"],"budget":"10m,20M-nodes"}`) // a count: the clock would depend on the machine's load
	want(t, "start", st, body, 202, `"state":"running"`)
	var j jobStatus
	_ = json.Unmarshal([]byte(body), &j)
	res, err := ts.Client().Get(ts.URL + "/api/jobs/" + j.ID + "/events")
	if err != nil {
		t.Fatal(err)
	}
	stream, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(stream), `"state":"done"`) || !strings.HasPrefix(string(stream), "data: ") {
		t.Fatalf("stream: %.500s", stream)
	}
	st, body = call(t, ts, "GET", "/api/jobs/"+j.ID, "")
	want(t, "done", st, body, 200, `"done":1`, `"verdict":"sound"`)
	st, body = call(t, ts, "GET", "/api/problems/vantenac:77/tree", "")
	want(t, "stored", st, body, 200, `"verdict":"sound"`)
	st, body = call(t, ts, "GET", "/api/search?verdict=sound", "")
	want(t, "searched", st, body, 200, `"number":77`)

	st, body = call(t, ts, "GET", "/api/jobs/999", "")
	want(t, "no job", st, body, 404, "no such verification")
	st, body = call(t, ts, "POST", "/api/verify", `{"refs":["vantenac:6"]}`)
	want(t, "bad ref", st, body, 400, "vantenac:76")
	st, body = call(t, ts, "POST", "/api/verify", `{"query":"source=metz&no-position=1&number=9999"}`)
	want(t, "empty selection", st, body, 400, "nothing to verify")
	st, body = call(t, ts, "POST", "/api/verify", `{"refs":["vantenac:77"],"budget":"lots"}`)
	want(t, "bad budget", st, body, 400, "--budget")
}

// waitJob follows a job started by body's POST /api/verify to its end.
func waitJob(t *testing.T, ts *httptest.Server, body string) jobStatus {
	t.Helper()
	st, out := call(t, ts, "POST", "/api/verify", body)
	want(t, "start", st, out, 202, `"state":"running"`)
	var j jobStatus
	_ = json.Unmarshal([]byte(out), &j)
	for deadline := time.Now().Add(15 * time.Minute); j.State == jobRunning; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("job %s still running", j.ID)
		}
		_, out = call(t, ts, "GET", "/api/jobs/"+j.ID, "")
		_ = json.Unmarshal([]byte(out), &j)
	}
	return j
}

// A run from a page that proves nothing does not replace the proof: the
// job's result says the proof stands, the page shows the proof as the
// verdict and the note in its history, and the search still finds it.
func TestWorkbenchKeepsTheProof(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	if j := waitJob(t, ts, `{"refs":["vantenac:77"],"budget":"10m,2M-nodes"}`); j.State != jobDone || len(j.Results) != 1 || j.Results[0].Verdict != "sound" {
		t.Fatalf("first run: %+v", j)
	}
	j := waitJob(t, ts, `{"refs":["vantenac:77"],"budget":"10s,1-nodes"}`)
	if len(j.Results) != 1 || j.Results[0].Verdict != "unproven" || !strings.Contains(j.Results[0].Standing, "(sound) stands") {
		t.Fatalf("second run: %+v", j)
	}
	st, body := call(t, ts, "GET", "/problems/vantenac:77", "")
	want(t, "page", st, body, 200, `data-verdict="sound"`, `id="standing"`, "not proven again within", "(current)")
	st, body = call(t, ts, "GET", "/api/search?verdict=sound", "")
	want(t, "searched", st, body, 200, `"number":77`)
	st, body = call(t, ts, "GET", "/api/problems/vantenac:77", "")
	want(t, "show", st, body, 200, `"current":true`, `"standing":{`)
}

// Cancelling stops at once: the problems not reached are not verified,
// and nothing half-done is stored.
func TestVerifyCancel(t *testing.T) {
	s, ts := newTestServer(t, Options{})
	st, body := call(t, ts, "POST", "/api/verify", `{"query":"source=vantenac","budget":"30s"}`)
	want(t, "start", st, body, 202, `"total":7`)
	var j jobStatus
	_ = json.Unmarshal([]byte(body), &j)
	st, body = call(t, ts, "POST", "/api/jobs/"+j.ID+"/cancel", "")
	want(t, "cancel", st, body, 200, `"state":"cancelled"`)
	_ = json.Unmarshal([]byte(body), &j)
	var stored int
	if err := dbOf(s).SQL().QueryRow(`SELECT count(*) FROM verdicts`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != j.Done || j.Done == j.Total {
		t.Errorf("cancelled after %d of %d, %d verdicts stored", j.Done, j.Total, stored)
	}
}

func TestPages(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for _, c := range []struct {
		path   string
		status int
		has    []string
	}{
		{"/", 200, []string{`id="search-form"`, `vantenac:71`, "<svg"}},
		{"/search?theme=lunette", 200, []string{`vantenac:77`, `Problème VII`, `href="/print?theme=lunette"`}},
		{"/search?source=metz&with-empty=1&limit=10", 200, []string{`metz:10`, `id="next"`}},
		{"/search?source=metz&with-empty=1&limit=10&offset=10", 200, []string{`metz:11`, `id="prev"`}},
		{"/search?source=metz", 200, []string{"without a diagram left out"}},
		{"/search?theme=lunete", 400, []string{"did you mean lunette?"}},
		{"/search?number=x", 400, []string{"--number"}},
		{"/problems/vantenac:77", 200, []string{`id="board"`, `<script id="replay" type="application/json">{`, "BLANCS.", "24-19"}},
		{"/problems/metz:3", 200, []string{`id="transcribe"`, "No diagram"}},
		{"/problems/vantenac:6", 400, []string{"is vantenac:76"}},
		{"/problems/nosuch:1", 404, []string{"not found"}},
		{"/editor", 200, []string{`id="board"`, `id="solution"`}},
		{"/editor?ref=metz:3", 200, []string{`value="metz" selected`, "metz:3"}},
		{"/editor?ref=nosuch:1", 404, nil},
		{"/print?source=vantenac", 200, []string{"<!DOCTYPE html>", "Problème VII", "<svg"}},
		{"/print?number=bad", 400, []string{"--number"}},
		{"/print?source=vantenac&format=pdf", 200, []string{"%PDF-"}},
		{"/print?source=vantenac&format=pdn", 200, []string{"[Event", "24-19"}},
		{"/print?format=docx", 400, []string{"--format"}},
		{"/assets/board.js", 200, []string{"function Board"}},
		{"/assets/nosuch.js", 404, nil},
		{"/nosuch", 404, []string{"no such page"}},
	} {
		st, body := call(t, ts, "GET", c.path, "")
		want(t, c.path, st, body, c.status, c.has...)
	}
}

// Another site's page may read nothing it could not read anyway, and
// change nothing: POSTs and DELETEs it sends are refused.
func TestCrossSiteRefused(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for _, h := range []map[string]string{
		{"Sec-Fetch-Site": "cross-site"},
		{"Sec-Fetch-Site": "same-site"},
		{"Origin": "http://evil.example"},
	} {
		req, _ := http.NewRequest("POST", ts.URL+"/api/problems/vantenac:77/notes", strings.NewReader(`{"text":"x"}`))
		for k, v := range h {
			req.Header.Set(k, v)
		}
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("%v: status %d, want 403", h, res.StatusCode)
		}
	}
	// The server's own origin, and a client that is no browser, may write.
	req, _ := http.NewRequest("POST", ts.URL+"/api/problems/vantenac:77/notes", strings.NewReader(`{"text":"x"}`))
	req.Header.Set("Origin", ts.URL)
	if res, err := ts.Client().Do(req); err != nil || res.StatusCode != 201 {
		t.Errorf("same origin: %v %v", err, res)
	}
	res, err := ts.Client().Post(ts.URL+"/api/problems/vantenac:77/notes", "application/json", strings.NewReader(`{"text":"y"}`))
	if err != nil || res.StatusCode != 201 {
		t.Errorf("no browser: %v %v", err, res)
	}
}

func TestToken(t *testing.T) {
	_, ts := newTestServer(t, Options{Token: "s3cret"})
	if st, body := call(t, ts, "GET", "/api/search?source=vantenac", ""); st != 401 || !strings.Contains(body, "token") {
		t.Errorf("no token: %d %s", st, body)
	}
	if st, _ := call(t, ts, "GET", "/?token=wrong", ""); st != 401 {
		t.Errorf("wrong token: %d", st)
	}
	res, err := ts.Client().Get(ts.URL + "/?token=s3cret")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("token in the URL: %v %v", err, res)
	}
	res.Body.Close()
	var cookie *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == tokenCookie {
			cookie = c
		}
	}
	if cookie == nil || !cookie.HttpOnly {
		t.Fatalf("no HttpOnly token cookie: %+v", res.Cookies())
	}
	req, _ := http.NewRequest("GET", ts.URL+"/api/search?source=vantenac", nil)
	req.AddCookie(cookie)
	if res, err := ts.Client().Do(req); err != nil || res.StatusCode != 200 {
		t.Errorf("cookie: %v %v", err, res)
	}
	req, _ = http.NewRequest("GET", ts.URL+"/api/search?source=vantenac", nil)
	req.Header.Set("Authorization", "Bearer s3cret")
	if res, err := ts.Client().Do(req); err != nil || res.StatusCode != 200 {
		t.Errorf("bearer: %v %v", err, res)
	}
}

func TestIsLoopback(t *testing.T) {
	for addr, want := range map[string]bool{"127.0.0.1:8080": true, "localhost:1": true, "[::1]:80": true,
		"0.0.0.0:8080": false, ":8080": false, "192.168.1.2:80": false, "nonsense": false} {
		if got := IsLoopback(addr); got != want {
			t.Errorf("%s: %v", addr, got)
		}
	}
}

// A panicking handler answers 500 and the server goes on.
func TestRecover(t *testing.T) {
	h := recoverer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/boom" {
			panic("boom")
		}
		w.WriteHeader(204)
	}))
	ts := httptest.NewServer(h)
	defer ts.Close()
	res, err := http.Get(ts.URL + "/api/boom")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 500 || !strings.Contains(string(b), "internal error: boom") {
		t.Errorf("%d %s", res.StatusCode, b)
	}
	if res, err := http.Get(ts.URL + "/ok"); err != nil || res.StatusCode != 204 {
		t.Errorf("after the panic: %v %v", err, res)
	}
}

// Pages, searches, notes and a verification at once: every note is
// stored, the database stays whole.
func TestConcurrentRequests(t *testing.T) {
	s, ts := newTestServer(t, Options{})
	call(t, ts, "POST", "/api/verify", `{"refs":["vantenac:77","vantenac:71"],"budget":"20s"}`)
	const n = 24
	var wg sync.WaitGroup
	errs := make(chan string, 4*n)
	for i := range n {
		wg.Add(3)
		go func() {
			defer wg.Done()
			if st, body := call(t, ts, "POST", "/api/problems/vantenac:73/notes", fmt.Sprintf(`{"text":"note %d"}`, i)); st != 201 {
				errs <- body
			}
		}()
		go func() {
			defer wg.Done()
			if st, body := call(t, ts, "GET", "/search?source=vantenac", ""); st != 200 {
				errs <- body
			}
		}()
		go func() {
			defer wg.Done()
			if st, body := call(t, ts, "GET", "/problems/vantenac:77", ""); st != 200 {
				errs <- body
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("concurrent request failed: %.200s", e)
	}
	id := mustResolve(t, s, "vantenac:73")
	notes, err := dbOf(s).Notes(id)
	if err != nil || len(notes) != n {
		t.Errorf("%d notes stored, want %d: %v", len(notes), n, err)
	}
	if dbOf(s).Engine() != "sqlite" {
		return // a PostgreSQL server keeps its own files whole
	}
	var ok string
	if err := dbOf(s).SQL().QueryRow(`PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
		t.Errorf("integrity: %v %s", err, ok)
	}
}

// ListenAndServe prints its URL and stops cleanly when its context ends.
func TestListenAndShutdown(t *testing.T) {
	s := newServer(booksDB(t), Options{})
	ctx, cancel := context.WithCancel(context.Background())
	var out syncBuffer
	done := make(chan error, 1)
	go func() { done <- s.ListenAndServe(ctx, "127.0.0.1:0", &out) }()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(out.String(), "http://") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	line := out.String()
	url := line[strings.Index(line, "http://"):]
	url = url[:strings.Index(url, " ")]
	res, err := http.Get(url + "api/search?source=vantenac")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("%s: %v %v", url, err, res)
	}
	res.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("shutdown: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop")
	}
	if !strings.Contains(out.String(), "server stopped") {
		t.Errorf("output: %s", out.String())
	}
	if err := s.ListenAndServe(context.Background(), "nonsense", io.Discard); err == nil || !strings.Contains(err.Error(), "--addr nonsense") {
		t.Errorf("bad address: %v", err)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

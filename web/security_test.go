package web

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"strings"
	"testing"
	"time"
)

// send sends req on a client that follows no redirect and returns the
// answer with its body read.
func send(t *testing.T, req *http.Request) (*http.Response, string) {
	t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

func request(t *testing.T, method, url, body string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// A page of another site whose name was made to resolve to this machine
// (DNS rebinding) reaches the loopback server with its own name in Host:
// refused, before any read or write; the server's own names pass.
func TestHostAllowList(t *testing.T) {
	s, ts := newTestServer(t, Options{})
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(ts.URL, "http://"))
	for _, c := range []struct {
		method, path, body, host string
		status                   int
	}{
		{"POST", "/api/problems/vantenac:77/notes", `{"text":"x"}`, "evil.example:18080", http.StatusMisdirectedRequest},
		{"GET", "/api/problems/vantenac:77", "", "evil.example:" + port, http.StatusMisdirectedRequest},
		{"GET", "/", "", "127.0.0.1.evil.example:" + port, http.StatusMisdirectedRequest},
		{"GET", "/api/problems/vantenac:77", "", "localhost:" + port, http.StatusOK},
		{"GET", "/api/problems/vantenac:77", "", "LOCALHOST:" + port, http.StatusOK},
		{"GET", "/api/problems/vantenac:77", "", "[::1]:" + port, http.StatusOK},
		{"POST", "/api/problems/vantenac:77/notes", `{"text":"x"}`, "127.0.0.1:" + port, http.StatusCreated},
	} {
		req := request(t, c.method, ts.URL+c.path, c.body)
		req.Host = c.host
		res, body := send(t, req)
		if res.StatusCode != c.status {
			t.Errorf("%s %s Host %q: %d, want %d: %.200s", c.method, c.path, c.host, res.StatusCode, c.status, body)
		}
	}
	if n, err := dbOf(s).Notes(mustResolve(t, s, "vantenac:77")); err != nil || len(n) != 1 {
		t.Errorf("notes stored: %d (%v), want the one sent under the server's own name", len(n), err)
	}
}

// The rule once listening: a loopback server answers its names on its
// port; another address answers IP literals, this machine's name and the
// names given; the names given on any port.
func TestHostRules(t *testing.T) {
	lo := hostsFor(&net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 18080}, []string{"metz.example.org"})
	all := hostsFor(&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, []string{"metz.example.org"})
	me, _ := os.Hostname()
	for _, c := range []struct {
		rule *hostRule
		host string
		ok   bool
	}{
		{lo, "localhost:18080", true}, {lo, "127.0.0.1:18080", true}, {lo, "[::1]:18080", true},
		{lo, "localhost:9999", false}, {lo, "evil.example:18080", false}, {lo, "192.168.1.5:18080", false},
		{lo, "metz.example.org", true}, {lo, "metz.example.org:443", true}, {lo, "localhost", false},
		{all, "192.168.1.5:8080", true}, {all, "[fe80::1]:8080", true}, {all, me + ":8080", true},
		{all, "metz.example.org:8080", true}, {all, "evil.example:8080", false}, {all, ":8080", false}, {lo, "", false},
	} {
		if got := c.rule.allows(c.host); got != c.ok {
			t.Errorf("%v allows %q: %v, want %v", c.rule, c.host, got, c.ok)
		}
	}
}

// Every answer says: frame me nowhere, guess no type, send no referrer,
// run only the server's own scripts; a printed document may use its one
// inline style sheet, by its hash.
func TestSecurityHeaders(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for _, path := range []string{"/", "/problems/vantenac:77", "/api/search?source=vantenac", "/nosuch", "/assets/pages.js"} {
		res, _ := send(t, request(t, "GET", ts.URL+path, ""))
		h := res.Header
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe") {
			t.Errorf("%s: Content-Security-Policy %q", path, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: headers %v", path, h)
		}
	}
	res, body := send(t, request(t, "GET", ts.URL+"/print?source=vantenac", ""))
	_, rest, _ := strings.Cut(body, "<style>")
	css, _, _ := strings.Cut(rest, "</style>")
	sum := sha256.Sum256([]byte(css))
	csp := res.Header.Get("Content-Security-Policy")
	if css == "" || !strings.Contains(csp, "style-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") ||
		!strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "script-src") {
		t.Errorf("print: Content-Security-Policy %q", csp)
	}
	res, _ = send(t, request(t, "GET", ts.URL+"/print?source=vantenac&format=pdf", ""))
	if csp := res.Header.Get("Content-Security-Policy"); csp != "frame-ancestors 'none'" {
		t.Errorf("pdf: Content-Security-Policy %q", csp)
	}
}

// The token: in the printed URL once, exchanged for an HttpOnly,
// SameSite=Strict cookie and taken out of the address by a redirect,
// never written into a link; scripts send it as Bearer, in any case.
func TestToken(t *testing.T) {
	_, ts := newTestServer(t, Options{Token: "s3cret"})
	if st, body := call(t, ts, "GET", "/api/search?source=vantenac", ""); st != 401 || !strings.Contains(body, "token") {
		t.Errorf("no token: %d %s", st, body)
	}
	if st, _ := call(t, ts, "GET", "/?token=wrong", ""); st != 401 {
		t.Errorf("wrong token: %d", st)
	}
	res, _ := send(t, request(t, "GET", ts.URL+"/search?theme=lunette&token=s3cret", ""))
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/search?theme=lunette" {
		t.Errorf("token in the URL: %d to %q, want 303 to /search?theme=lunette", res.StatusCode, res.Header.Get("Location"))
	}
	var cookie *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == tokenCookie {
			cookie = c
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode || cookie.Value != "s3cret" {
		t.Fatalf("no HttpOnly, SameSite=Strict token cookie: %+v", res.Cookies())
	}
	// A browser follows: the page comes without the token in its address,
	// and none of its links carries it.
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	res, err := c.Get(ts.URL + "/search?theme=lunette&token=s3cret")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Request.URL.Query().Has("token") || strings.Contains(string(b), "s3cret") ||
		!strings.Contains(string(b), `href="/print?theme=lunette"`) || !strings.Contains(string(b), `data-query="theme=lunette"`) {
		t.Errorf("after the exchange: %d at %s, the page holds the token: %v", res.StatusCode, res.Request.URL, strings.Contains(string(b), "s3cret"))
	}
	// The cookie alone, and even a token left in a link of the page's own
	// parameters, never reaches a printed link.
	req := request(t, "GET", ts.URL+"/search?source=vantenac", "")
	req.AddCookie(cookie)
	if res, body := send(t, req); res.StatusCode != 200 || strings.Contains(body, "s3cret") {
		t.Errorf("cookie: %d", res.StatusCode)
	}
	for auth, status := range map[string]int{"Bearer s3cret": 200, "bearer s3cret": 200, "BEARER  s3cret": 200,
		"Basic s3cret": 401, "Bearer wrong": 401, "s3cret": 401} {
		req := request(t, "GET", ts.URL+"/api/search?source=vantenac", "")
		req.Header.Set("Authorization", auth)
		if res, _ := send(t, req); res.StatusCode != status {
			t.Errorf("Authorization %q: %d, want %d", auth, res.StatusCode, status)
		}
	}
	// A write carries the token in its cookie or header, never the query.
	req = request(t, "POST", ts.URL+"/api/problems/vantenac:77/notes?token=s3cret", `{"text":"x"}`)
	if res, _ := send(t, req); res.StatusCode != 401 {
		t.Errorf("POST with ?token=: %d, want 401", res.StatusCode)
	}
}

// A budget's memory is capped: the machine's share by default, the
// server's option when given; the time as before.
func TestBudgetCaps(t *testing.T) {
	_, ts := newTestServer(t, Options{MaxMemoryMB: 256})
	for _, c := range []struct {
		path, body string
		status     int
		has        string
	}{
		{"/api/verify", `{"refs":["vantenac:77"],"budget":"30s,64GB"}`, 400, "over the cap of 256MB"},
		{"/api/verify", `{"refs":["vantenac:77"],"budget":"30s,512MB"}`, 400, "--max-memory"},
		{"/api/solve", `{"fen":"W:W28:B19","budget":"1s,1GB"}`, 400, "over the cap"},
		{"/api/solve", `{"fen":"W:W28:B19","budget":"1s,128MB"}`, 200, ""},
		{"/api/solve", `{"fen":"W:W28:B19","budget":"11m"}`, 400, "at most 10m0s"},
	} {
		st, body := call(t, ts, "POST", c.path, c.body)
		want(t, c.path+" "+c.body, st, body, c.status, c.has)
	}
	s := newServer(booksDB(t), Options{})
	if s.opt.MaxMemoryMB < 64 {
		t.Errorf("default cap %d MB", s.opt.MaxMemoryMB)
	}
	if _, err := ParseBudget("30s,64GB", s.opt.MaxMemoryMB); err == nil && s.opt.MaxMemoryMB < 64<<10 {
		t.Errorf("64GB accepted under a cap of %d MB", s.opt.MaxMemoryMB)
	}
}

// listening starts s on a loopback port with the given timeouts and
// returns its address; the server stops with the test.
func listening(t *testing.T, s *Server, tm timeouts) string {
	t.Helper()
	s.times = tm
	url, _ := serveAt(t, s, "127.0.0.1:0")
	addr := strings.TrimPrefix(url, "http://")
	return addr[:strings.Index(addr, "/")]
}

// serveAt starts s on addr and returns the URL it printed and all it
// printed; the server stops with the test.
func serveAt(t *testing.T, s *Server, addr string) (string, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- s.ListenAndServe(ctx, addr, out) }()
	t.Cleanup(func() { cancel(); <-done; s.Close() })
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), "(Ctrl-C stops)") {
		if time.Now().After(deadline) {
			t.Fatalf("not listening on %s: %s", addr, out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	line := out.String()
	url := line[strings.Index(line, "http://"):]
	return url[:strings.Index(url, " ")], line
}

// closedWithin reports how long the server took to end conn (a read
// returning an error), trickling a byte of body every 200 ms meanwhile;
// at most limit.
func closedWithin(conn net.Conn, limit time.Duration) time.Duration {
	start := time.Now()
	ended := make(chan struct{})
	go func() {
		_, _ = io.Copy(io.Discard, conn)
		close(ended)
	}()
	for time.Since(start) < limit {
		select {
		case <-ended:
			return time.Since(start)
		case <-time.After(200 * time.Millisecond):
			_, _ = conn.Write([]byte(" "))
		}
	}
	return limit
}

// A body sent a byte at a time, and a kept-alive connection left idle,
// are let go after the read and idle timeouts; a job's event stream goes
// on past the read and write timeouts.
func TestTimeouts(t *testing.T) {
	s := newServer(booksDB(t), Options{})
	t.Cleanup(s.Close)
	tm := timeouts{header: time.Second, read: time.Second, write: time.Second, idle: time.Second}
	addr := listening(t, s, tm)

	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "POST /api/problems/vantenac:77/notes HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"text\":", addr)
	if d := closedWithin(conn, 8*time.Second); d > 3*time.Second {
		t.Errorf("a trickled body held the connection %v (read timeout %v)", d, tm.read)
	}
	conn.Close()

	conn, err = net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "GET /api/problems/vantenac:77 HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("keep-alive request: %v %v", err, res)
	}
	start := time.Now()
	_, _ = io.Copy(io.Discard, res.Body)
	_ = conn.SetReadDeadline(time.Now().Add(8 * time.Second))
	_, err = conn.Read(make([]byte, 1))
	if d := time.Since(start); err == nil || d > 3*time.Second {
		t.Errorf("an idle connection stayed %v (%v; idle timeout %v)", d, err, tm.idle)
	}
	conn.Close()

	// A verification of a whole book runs longer than the timeouts: its
	// events keep coming past them.
	res, err = http.Post("http://"+addr+"/api/verify", "application/json", strings.NewReader(`{"query":"source=vantenac","budget":"2s"}`))
	if err != nil || res.StatusCode != http.StatusAccepted {
		t.Fatalf("verify: %v %v", err, res)
	}
	var job struct{ ID string }
	decodeBody(t, res, &job)
	defer func() {
		if r, err := http.Post("http://"+addr+"/api/jobs/"+job.ID+"/cancel", "", nil); err == nil {
			r.Body.Close()
		}
	}()
	res, err = http.Get("http://" + addr + "/api/jobs/" + job.ID + "/events")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("events: %v %v", err, res)
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 16<<20)
	start, events, last := time.Now(), 0, ""
	for time.Since(start) < 3*tm.write && sc.Scan() {
		if strings.HasPrefix(sc.Text(), "data: ") {
			events++
			last = sc.Text()
		}
	}
	if time.Since(start) < 3*tm.write && !strings.Contains(last, `"state":"done"`) {
		t.Errorf("the event stream ended after %v, %d events (%v): %.200s", time.Since(start), events, sc.Err(), last)
	}
}

func decodeBody(t *testing.T, res *http.Response, v any) {
	t.Helper()
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
}

// The printed URL is one a browser opens: on every interface, this
// machine's name or loopback, never 0.0.0.0 or [::]; with the token.
func TestPrintedURL(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "[::]:0"} {
		url, printed := serveAt(t, newServer(booksDB(t), Options{Token: "s3cret"}), addr)
		if strings.Contains(url, "0.0.0.0") || strings.Contains(url, "[::]") || !strings.HasSuffix(url, "/?token=s3cret") ||
			strings.Count(printed, "s3cret") != 1 {
			t.Errorf("%s: printed %q", addr, printed)
		}
		jar, _ := cookiejar.New(nil)
		if res, err := (&http.Client{Jar: jar}).Get(url); err != nil || res.StatusCode != 200 {
			t.Errorf("%s: %s: %v %v", addr, url, err, res)
		} else {
			res.Body.Close()
		}
	}
	// Listening fails: nothing is printed but the error.
	s := newServer(booksDB(t), Options{Token: "s3cret"})
	var out syncBuffer
	if err := s.ListenAndServe(context.Background(), "nonsense", &out); err == nil || out.String() != "" {
		t.Errorf("bad address: %v, printed %q", err, out.String())
	}
}

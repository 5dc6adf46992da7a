package web

import (
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"
)

// The server's answer to a page that is not its own: which names it
// answers to (a DNS-rebinding page reaches a loopback server under its
// own name), what a page may load and who may frame it.

// loopbackNames are the names of this machine's loopback address.
var loopbackNames = []string{"localhost", "127.0.0.1", "::1"}

// hostRule is what a request's Host must be: one of names (compared
// without case), or any IP literal when ips is set; on port when port is
// not "".
type hostRule struct {
	names []string
	ips   bool
	port  string
}

// hostsBefore is the rule of a server not yet listening (a test's
// httptest server): the loopback names and the names given, on any port.
func hostsBefore(extra []string) *hostRule {
	return &hostRule{names: append(slices.Clone(loopbackNames), extra...)}
}

// hostsFor is the rule of a server listening on addr. On a loopback
// address only the loopback names on its port are answered, plus the names
// given (--host: a proxy's or a DNS name in front; on any port, since a
// proxy in front has its own). On any other address the names given, this
// machine's host name and any IP literal are answered, on any port (a
// forwarded port differs from the one listened on): an IP literal is
// never another site's name, and a token is required there anyway.
func hostsFor(addr net.Addr, extra []string) *hostRule {
	host, port, _ := net.SplitHostPort(addr.String())
	r := hostsBefore(extra)
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		r.port = port
		return r
	}
	if name, err := os.Hostname(); err == nil {
		r.names = append(r.names, name)
	}
	r.ips = true
	return r
}

// allows reports whether a request's Host header is one the rule names.
func (h *hostRule) allows(hostport string) bool {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil { // no port: the scheme's own
		host, port = strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]"), "80"
	}
	if host == "" {
		return false
	}
	if slices.ContainsFunc(h.names, func(n string) bool { return strings.EqualFold(n, host) }) {
		return h.port == "" || port == h.port || !slices.Contains(loopbackNames, strings.ToLower(host))
	}
	return h.ips && net.ParseIP(host) != nil
}

// hostGuard refuses, before anything else, a request whose Host the
// server does not answer to.
func (s *Server) hostGuard(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if rule := s.hosts.Load(); !rule.allows(r.Host) {
			writeError(w, r, http.StatusMisdirectedRequest, fmt.Errorf("host %q refused: this server answers to %s (metz serve --host NAME adds a name)", r.Host, rule))
			return
		}
		h.ServeHTTP(w, r)
	})
}

func (h *hostRule) String() string {
	s := strings.Join(h.names, ", ")
	if h.ips {
		s += " and IP addresses"
	}
	if h.port != "" {
		s += " on port " + h.port
	}
	return s
}

// pagePolicy lets a page load only the server's own script, style,
// images and API, and no one frame it.
const pagePolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// headers sets on every answer the policy of the pages, and refuses to
// let a browser guess types or send this server's addresses to others.
func headers(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", pagePolicy)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}

// printPolicy is the policy of an exported document: html's one inline
// style sheet (allowed by its hash), nothing else; the other formats are
// not pages, and only their framing is refused (a PDF viewer is the
// browser's own).
func printPolicy(format string, doc []byte) string {
	if format != "html" {
		return "frame-ancestors 'none'"
	}
	style := ""
	if _, rest, ok := strings.Cut(string(doc), "<style>"); ok {
		if css, _, ok := strings.Cut(rest, "</style>"); ok {
			sum := sha256.Sum256([]byte(css))
			style = " 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		}
	}
	return "default-src 'none'; style-src" + cmp.Or(style, " 'none'") + "; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}

// The server's timeouts: a request's header and body must arrive within
// readTimeout (a body sent a byte at a time does not hold a connection),
// its answer be written within writeTimeout, and a kept-alive connection
// left idle is closed after idleTimeout. An answer that takes longer by
// nature (a solve given a budget, a job's event stream) moves its own
// deadlines (longAnswer).
type timeouts struct {
	header, read, write, idle time.Duration
}

var defaultTimeouts = timeouts{header: 5 * time.Second, read: 15 * time.Second, write: 60 * time.Second, idle: 15 * time.Second}

func (t timeouts) server(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: t.header, ReadTimeout: t.read,
		WriteTimeout: t.write, IdleTimeout: t.idle, MaxHeaderBytes: 64 << 10}
}

// longAnswer gives an answer whose request is read whole d more to be
// written, and lifts the read deadline: nothing more is to be read.
func longAnswer(w http.ResponseWriter, d time.Duration) {
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Now().Add(d))
}

// Package web is metz's local workbench: a web server over one database
// with pages to browse, read, transcribe and verify problems, and a JSON
// API under /api/ shaped as the command line's --json output. It holds no
// logic of its own: every page and every route calls package app, as
// cmd/metz does; verifications go through the job queue (package queue),
// worked by the server's own worker, by metz worker processes, or both.
package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sync/atomic"
	"time"

	"metz/app"
)

// Options set up a Server.
type Options struct {
	// Token, if set, is required of every request (once as ?token=, which
	// is exchanged for a cookie, then the cookie; or Authorization:
	// Bearer): a server reachable from other machines must not serve
	// whoever finds it.
	Token string
	// Budget is the default solver budget of a verification and a solve
	// (app.DefaultBudget, the command line's).
	Budget string
	// MaxMemoryMB caps the memory of a budget asked of the server (0:
	// app.DefaultMemoryCapMB, a share of this machine's memory).
	MaxMemoryMB int
	// Hosts are names the server answers to besides its address's own
	// (a DNS name or a proxy in front of it): any other Host is refused.
	Hosts []string
	// Jobs is how many problems the server's own worker verifies at once
	// (0: as many as cores; negative: none, metz worker processes work
	// the queue). Verifications beyond it wait in the queue.
	Jobs int
}

// Server serves one App: its database and its endgame tables.
type Server struct {
	app   *app.App
	opt   Options
	mux   *http.ServeMux
	jobs  *jobs
	hosts atomic.Pointer[hostRule] // the Host names answered (security.go)
	times timeouts
}

// New builds a server over a.
func New(a *app.App, opt Options) *Server {
	if opt.Budget == "" {
		opt.Budget = app.DefaultBudget
	}
	if opt.MaxMemoryMB <= 0 {
		opt.MaxMemoryMB = app.DefaultMemoryCapMB()
	}
	s := &Server{app: a, opt: opt, mux: http.NewServeMux(), jobs: newJobs(a, opt.Jobs), times: defaultTimeouts}
	s.hosts.Store(hostsBefore(opt.Hosts))
	s.routes()
	return s
}

// Handler is the server's whole handler, middleware included: the Host
// checked before anything else, the headers on every answer, then the
// token and the cross-site check.
func (s *Server) Handler() http.Handler {
	return recoverer(headers(s.hostGuard(s.guard(s.mux))))
}

// Close stops the server's worker: the verifications it was running go
// back to the queue, where the next server or a metz worker takes them.
func (s *Server) Close() { s.jobs.close() }

// NewToken is a random access token.
func NewToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// browsable is the host:port of a listening address as a browser opens
// it: an address of every interface (0.0.0.0, ::) is none a browser can
// open, so it is this machine's name when that resolves, else loopback.
func browsable(a net.Addr) string {
	host, port, _ := net.SplitHostPort(a.String())
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
		if name, err := os.Hostname(); err == nil && resolves(name) {
			host = name
		}
	}
	return net.JoinHostPort(host, port)
}

// resolves reports whether name resolves on this machine.
func resolves(name string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	addrs, err := net.DefaultResolver.LookupHost(ctx, name)
	return err == nil && len(addrs) > 0
}

// IsLoopback reports whether addr (host:port) listens on this machine only.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// ListenAndServe serves on addr until ctx is cancelled, then shuts down
// gracefully: requests in flight finish (for up to 5 seconds) and running
// verifications are cancelled. Once listening (not before: an address it
// cannot take prints nothing but the error) it prints on out a URL a
// browser opens, with the token when there is one.
func (s *Server) ListenAndServe(ctx context.Context, addr string, out io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--addr %s: %w", addr, err)
	}
	s.hosts.Store(hostsFor(ln.Addr(), s.opt.Hosts))
	url := "http://" + browsable(ln.Addr()) + "/"
	if s.opt.Token != "" {
		url += "?token=" + s.opt.Token
	}
	fmt.Fprintf(out, "metz: serving %s on %s (Ctrl-C stops)\n", s.app.DBPath(), url)
	if s.opt.Token != "" {
		fmt.Fprintf(out, "metz: %s is reachable from other machines: every request needs the token in the URL above (a browser keeps it in a cookie; scripts send Authorization: Bearer TOKEN)\n", addr)
	}
	srv := s.times.server(s.Handler())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.Close()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err = srv.Shutdown(sctx)
	if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	fmt.Fprintln(out, "metz: server stopped")
	return err
}

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
	"time"

	"metz/app"
)

// Options set up a Server.
type Options struct {
	// Token, if set, is required of every request (as ?token=, which sets
	// a cookie, or the cookie itself): a server reachable from other
	// machines must not serve whoever finds it.
	Token string
	// Budget is the default solver budget of a verification and a solve
	// (app.DefaultBudget, the command line's).
	Budget string
	// Jobs is how many problems the server's own worker verifies at once
	// (0: as many as cores; negative: none, metz worker processes work
	// the queue). Verifications beyond it wait in the queue.
	Jobs int
}

// Server serves one App: its database and its endgame tables.
type Server struct {
	app  *app.App
	opt  Options
	mux  *http.ServeMux
	jobs *jobs
}

// New builds a server over a.
func New(a *app.App, opt Options) *Server {
	if opt.Budget == "" {
		opt.Budget = app.DefaultBudget
	}
	s := &Server{app: a, opt: opt, mux: http.NewServeMux(), jobs: newJobs(a, opt.Jobs)}
	s.routes()
	return s
}

// Handler is the server's whole handler, middleware included.
func (s *Server) Handler() http.Handler {
	return recoverer(s.guard(s.mux))
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
// verifications are cancelled. It prints the URL on out once listening.
func (s *Server) ListenAndServe(ctx context.Context, addr string, out io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--addr %s: %w", addr, err)
	}
	url := "http://" + ln.Addr().String() + "/"
	if s.opt.Token != "" {
		url += "?token=" + s.opt.Token
	}
	fmt.Fprintf(out, "metz: serving %s on %s (Ctrl-C stops)\n", s.app.DBPath(), url)
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
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

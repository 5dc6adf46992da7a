package main

import (
	"bytes"
	"context"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a buffer the server's goroutine writes while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var servedURL = regexp.MustCompile(`http://\S+`)

// serveUntilCancelled runs metz serve, waits for the URL it prints, calls
// f with it, then stops it as Ctrl-C does and returns its output.
func serveUntilCancelled(t *testing.T, f func(url string), args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errw lockedBuffer
	code := make(chan int, 1)
	go func() { code <- run(ctx, append([]string{"serve"}, args...), &out, &errw) }()
	deadline := time.Now().Add(10 * time.Second)
	for servedURL.FindString(out.String()) == "" {
		if time.Now().After(deadline) {
			t.Fatalf("no URL printed: %s %s", out.String(), errw.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	f(servedURL.FindString(out.String()))
	cancel()
	select {
	case c := <-code:
		return out.String(), errw.String(), c
	case <-time.After(10 * time.Second):
		t.Fatal("metz serve did not stop")
	}
	return "", "", 0
}

// metz serve prints its URL, serves the database, and stops cleanly; on
// an address other machines reach it requires the token it prints.
func TestServe(t *testing.T) {
	path := seedDB(t)
	out, errs, code := serveUntilCancelled(t, func(url string) {
		res, err := http.Get(url + "api/search?source=vantenac")
		if err != nil || res.StatusCode != 200 {
			t.Errorf("search: %v %v", err, res)
		}
	}, "--db", path, "--addr", "127.0.0.1:0")
	if code != 0 || !strings.Contains(out, "metz: serving "+path) || !strings.Contains(out, "server stopped") || errs != "" {
		t.Errorf("loopback: %d\n%s\n%s", code, out, errs)
	}

	out, errs, code = serveUntilCancelled(t, func(url string) {
		if !strings.Contains(url, "?token=") {
			t.Errorf("no token in %s", url)
		}
		bare := url[:strings.Index(url, "?")]
		if res, err := http.Get(bare + "api/search"); err != nil || res.StatusCode != http.StatusUnauthorized {
			t.Errorf("without the token: %v %v", err, res)
		}
		if res, err := http.Get(url); err != nil || res.StatusCode != 200 {
			t.Errorf("with the token: %v %v", err, res)
		}
	}, "--db", path, "--addr", "0.0.0.0:0")
	if code != 0 || !strings.Contains(errs, "reachable from other machines") {
		t.Errorf("all interfaces: %d\n%s\n%s", code, out, errs)
	}

	if _, errs, code := runStatus(t, context.Background(), "serve", "--db", filepath.Join(t.TempDir(), "none.db")); code != 1 || errs == "" {
		t.Errorf("no database: %d %s", code, errs)
	}
	if _, errs, code := runStatus(t, context.Background(), "serve", "--db", path, "--budget", "lots"); code != 1 || !strings.Contains(errs, "--budget") {
		t.Errorf("bad budget: %d %s", code, errs)
	}
	if _, errs, code := runStatus(t, context.Background(), "serve", "--db", path, "--addr", "nonsense"); code != 1 || !strings.Contains(errs, "--addr nonsense") {
		t.Errorf("bad address: %d %s", code, errs)
	}
}

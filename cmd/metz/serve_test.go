package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/cookiejar"
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
		jar, _ := cookiejar.New(nil)
		if res, err := (&http.Client{Jar: jar}).Get(url); err != nil || res.StatusCode != 200 || res.Request.URL.RawQuery != "" {
			t.Errorf("with the token: %v %v", err, res)
		}
		if strings.Contains(url, "0.0.0.0") {
			t.Errorf("printed %s: no browser opens it", url)
		}
	}, "--db", path, "--addr", "0.0.0.0:0")
	if code != 0 || !strings.Contains(out, "reachable from other machines") || strings.Count(out, "?token=") != 1 {
		t.Errorf("all interfaces: %d\n%s\n%s", code, out, errs)
	}
	// A name given with --host is answered, another refused.
	serveUntilCancelled(t, func(url string) {
		for host, status := range map[string]int{"metz.example.org": 200, "evil.example": http.StatusMisdirectedRequest} {
			req, _ := http.NewRequest("GET", url+"api/search?source=vantenac", nil)
			req.Host = host
			if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != status {
				t.Errorf("Host %s: %v %v, want %d", host, err, res, status)
			}
		}
	}, "--db", path, "--addr", "127.0.0.1:0", "--host", "metz.example.org")

	if _, errs, code := runStatus(t, context.Background(), "serve", "--db", filepath.Join(t.TempDir(), "none.db")); code != 1 || errs == "" {
		t.Errorf("no database: %d %s", code, errs)
	}
	if _, errs, code := runStatus(t, context.Background(), "serve", "--db", path, "--budget", "lots"); code != 1 || !strings.Contains(errs, "--budget") {
		t.Errorf("bad budget: %d %s", code, errs)
	}
	if out, errs, code := runStatus(t, context.Background(), "serve", "--db", path, "--addr", "nonsense"); code != 1 || !strings.Contains(errs, "--addr nonsense") || strings.Contains(out+errs, "token") {
		t.Errorf("bad address: %d %s %s", code, out, errs)
	}
	if _, errs, code := runStatus(t, context.Background(), "serve", "--db", path, "--budget", "30s,64GB", "--max-memory", "2GB"); code != 1 || !strings.Contains(errs, "over the cap of 2GB") {
		t.Errorf("budget over the cap: %d %s", code, errs)
	}
	if _, errs, code := runStatus(t, context.Background(), "serve", "--db", path, "--max-memory", "lots"); code != 1 || !strings.Contains(errs, "--max-memory") {
		t.Errorf("bad --max-memory: %d %s", code, errs)
	}
}

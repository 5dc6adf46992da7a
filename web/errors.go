package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"metz/app"
)

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
	case errors.Is(err, app.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, app.ErrReadOnly):
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
